import crypto from 'node:crypto';
import pg from 'pg';
import { openSharedStore } from '../open-store.js';
import { type ContractBackend, storeContract } from './contract.js';
import { tamperContract } from './tamper-contract.js';

/**
 * The contract against PostgreSQL: set CORROBORATE_TEST_PG to a database URL (`.ci/run` starts a
 * throwaway cluster and sets it). Each test gets its own schema in that database.
 */
const url = process.env.CORROBORATE_TEST_PG ?? '';

const backend: ContractBackend = {
  name: 'PostgreSQL',
  analysisStateElsewhere:
    "no command reads or writes this schema's reuse_pairs and analysis_merge_state: analyze keeps both in the working copy of the machine that runs it (docs/scale.md), and the pairs it used reach the store inside the ledger, bound by ledgerSha256",
  unavailable: url
    ? null
    : 'CORROBORATE_TEST_PG is not set: the PostgreSQL store contract is skipped (set it to a postgres:// URL; .ci/run does)',
  async create(clock) {
    const schema = `contract_${crypto.randomBytes(6).toString('hex')}`;
    const withSchema = new URL(url);
    withSchema.searchParams.set('schema', schema);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    return {
      open: () => openSharedStore(withSchema.toString(), { clock }),
      async tamperCustody(seq, details) {
        await admin.query(`ALTER TABLE ${schema}.custody DISABLE TRIGGER custody_no_change`);
        await admin.query(`UPDATE ${schema}.custody SET details = $1 WHERE seq = $2`, [details, seq]);
      },
      async tamperOriginal(sha256, bytes) {
        await admin.query(`UPDATE ${schema}.originals SET bytes = $1 WHERE sha256 = $2`, [bytes, sha256]);
      },
      async tamperSql(statement, params = []) {
        let n = 0;
        const text = statement.replace(/\?/g, () => `$${++n}`);
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          // A replica session fires no triggers and checks no foreign keys.
          await client.query(`SET search_path = ${schema}; SET session_replication_role = replica`);
          return (await client.query(text, [...params])).rows;
        } finally {
          await client.end();
        }
      },
      async failLedgerWrites() {
        await admin.query(
          `CREATE FUNCTION ${schema}.fail_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
             BEGIN RAISE EXCEPTION 'the disk is full'; END $$`,
        );
        await admin.query(
          `CREATE TRIGGER fail_ledger BEFORE INSERT OR UPDATE ON ${schema}.analysis_ledger
             FOR EACH ROW EXECUTE FUNCTION ${schema}.fail_ledger()`,
        );
      },
      async dispose() {
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      },
    };
  },
};

storeContract(backend);
tamperContract(backend);

if (!url) console.warn('store contract: PostgreSQL skipped (CORROBORATE_TEST_PG is not set)');
