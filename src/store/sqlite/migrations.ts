import { analysisMigrations } from './analysis-tables.js';
import { custodyMigrations } from './custody-tables.js';
import type { Migration } from './database.js';
import { documentsMigrations } from './documents-tables.js';
import { reuseMigrations } from './reuse-tables.js';

/**
 * Every schema change, in order. Ids are reserved by stage so that stages can grow their own
 * tables independently: 100–199 documents and custody, 200–299 reuse, 300–399 extraction,
 * 400–499 ledger, 500–599 server.
 */
export const migrations: readonly Migration[] = [
  ...documentsMigrations,
  ...custodyMigrations,
  ...reuseMigrations,
  ...analysisMigrations,
];
