#!/usr/bin/env node
import { Command } from 'commander';
import { commands } from './commands/index.js';
import { limitHeapGrowth } from './heap-growth.js';
import { runCli } from './run.js';

limitHeapGrowth();

const program = new Command('corroborate')
  .description('Turn a pile of news reports into a sourced ledger of events.')
  .version('0.1.0')
  .option(
    '--store <dir>',
    'workspace folder (SQLite database and originals), or a postgres:// URL (ingest, verify, documents, show)',
    process.env.CORROBORATE_STORE ?? './corroborate-data',
  )
  .showHelpAfterError();

for (const register of commands) register(program);

await runCli(program, process.argv);
