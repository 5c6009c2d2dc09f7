import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openSharedStore, openStore } from '../open-store.js';
import { type ContractBackend, storeContract } from './contract.js';
import { tamperContract } from './tamper-contract.js';

const backend: ContractBackend = {
  name: 'SQLite',
  unavailable: null,
  analysisStateElsewhere: null,
  async create(clock) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-contract-'));
    const raw = () => new Database(path.join(dir, 'corroborate.db'));
    return {
      open: () => openSharedStore(dir, { clock }),
      async tamperCustody(seq, details) {
        const db = raw();
        try {
          db.exec('DROP TRIGGER custody_no_update');
          db.prepare('UPDATE custody SET details = ? WHERE seq = ?').run(details, seq);
        } finally {
          db.close();
        }
      },
      async tamperOriginal(sha256, bytes) {
        const local = openStore(dir);
        try {
          const at = local.originals.locate(sha256);
          if (!at) throw new Error(`original ${sha256} not stored`);
          const fd = fs.openSync(at.file, 'r+');
          try {
            fs.writeSync(fd, bytes, 0, bytes.length, at.offset);
          } finally {
            fs.closeSync(fd);
          }
        } finally {
          local.close();
        }
      },
      async tamperSql(statement, params = []) {
        const db = raw();
        try {
          db.pragma('foreign_keys = OFF');
          const prepared = db.prepare(statement);
          if (prepared.reader) return prepared.all(...params) as Record<string, unknown>[];
          prepared.run(...params);
          return [];
        } finally {
          db.close();
        }
      },
      async failLedgerWrites() {
        const db = raw();
        try {
          db.exec(
            "CREATE TRIGGER fail_ledger BEFORE INSERT ON analysis_ledger BEGIN SELECT RAISE(ABORT, 'the disk is full'); END",
          );
        } finally {
          db.close();
        }
      },
      async dispose() {
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

storeContract(backend);
tamperContract(backend);
