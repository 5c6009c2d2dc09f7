import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest } from '../ingest/ingest.js';
import {
  INDEX_SUFFIX,
  readPrevious,
  SectionWriter,
  stringAt,
  writeIndex,
} from '../ledger-file/file-index.js';
import { LEDGER_SECTIONS, type Section, SIG } from '../ledger-file/sections.js';
import { openStore } from '../store/open-store.js';
import type { Store } from '../store/store.js';
import { analyze } from './analyze.js';
import { loadStages, type Stages } from './stages.js';

// What an analysis entry binds of the rows the next run builds on (extractions, reuse pairs, the
// merge state), and what the next run does with rows edited between two runs: an edit is reported
// by verify, and never folded into a new digest that would make it look genuine.

const STORY =
  'Flood water rose through the lower streets of Quellmarsh on Sunday night, and volunteers carried ' +
  'elderly residents from their homes to the school hall on the hill. The council said forty houses ' +
  'were flooded and two bridges on the valley road were closed until engineers could inspect them. ' +
  'A spokesman for the fire service said crews pumped water from the market square through the night.';
const REPORTS: Record<string, string> = {
  'a.txt': `${STORY}\n`,
  'b.txt': `${STORY} Shops in Quellmarsh will stay shut on Monday.\n`,
  'c.txt': 'Police in Dunmerrow said three people were hurt when a crane fell in the port on Friday.\n',
};
const LATER = {
  'd.txt': `Residents said: ${STORY}\n`,
  'e.txt': 'Firefighters in Ostervale said two homes burned on the hill road on Saturday.\n',
};

const clock = (): Date => new Date('2024-05-03T12:00:00Z');
let root: string;
let stages: Stages;
let n = 0;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-digests-'));
  for (const [folder, files] of [
    ['in', REPORTS],
    ['later', LATER],
  ] as const) {
    fs.mkdirSync(path.join(root, folder));
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(root, folder, name), text);
  }
  stages = await loadStages();
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A store analysed once over the three reports; `work` runs on it. */
async function analysed<T>(
  work: (store: Store, sql: Database.Database, dir: string) => Promise<T>,
): Promise<T> {
  const dir = path.join(root, `store-${n++}`);
  const store = openStore(dir, { clock });
  const sql = new Database(path.join(dir, 'corroborate.db'));
  try {
    await analyze(store, [path.join(root, 'in')], { clock, stages, workers: 1 });
    return await work(store, sql, dir);
  } finally {
    sql.close();
    store.close();
  }
}

const kinds = async (store: Store): Promise<string[]> => (await store.verify()).problems.map((p) => p.kind);

/** A run killed after it stored its reuse pairs and extractions, before the merge recorded anything. */
async function killedAfterExtraction(store: Store, inputs: string[], checkPairs?: number): Promise<void> {
  const killed = new Error('killed');
  await expect(
    analyze(store, inputs, {
      ...(checkPairs !== undefined ? { checkPairs } : {}),
      clock,
      stages,
      workers: 1,
      onProgress: (stage) => {
        if (stage === 'merge') throw killed;
      },
    }),
  ).rejects.toBe(killed);
}

describe('the merge state is bound by the analysis entry', () => {
  it('records a digest of the state, folded from the rows a run changes', async () => {
    await analysed(async (store, sql) => {
      await analyze(store, [path.join(root, 'later')], { clock, stages, workers: 1 });
      const recorded = [...store.custody.entries()]
        .filter((e) => e.kind === 'analysis')
        .map((e) => e.details.mergeState as { rows: number; digest: string });
      expect(recorded).toHaveLength(2);
      expect(recorded[1]).toEqual(store.analysis.mergeStateDigest());
      expect(recorded[1]?.rows).toBe(
        (sql.prepare('SELECT count(*) AS n FROM analysis_merge_state').get() as { n: number }).n,
      );
      expect(recorded[1]?.digest).not.toBe(recorded[0]?.digest);
      expect(await kinds(store)).toEqual([]);
    });
  });

  it.each([
    [
      'edited',
      "UPDATE analysis_merge_state SET value = value || ' ' WHERE (ns, key) IN (SELECT ns, key FROM analysis_merge_state LIMIT 1)",
    ],
    [
      'deleted',
      'DELETE FROM analysis_merge_state WHERE (ns, key) IN (SELECT ns, key FROM analysis_merge_state LIMIT 1)',
    ],
    ['inserted', "INSERT INTO analysis_merge_state (ns, key, value) VALUES ('events', 'e-forged', '{}')"],
  ])('verify names a merge-state row %s after the analysis', async (_name, statement) => {
    await analysed(async (store, sql) => {
      sql.prepare(statement).run();
      const report = await store.verify();
      expect(report.problems.map((p) => p.kind)).toEqual(['merge-state-altered']);
      expect(report.problems[0]?.message).toMatch(/analysis entry \d+/);
    });
  });

  it.each([
    [
      'edited',
      "UPDATE analysis_merge_state SET value = replace(value, 'Dunmerrow', 'Dunmorrow') WHERE value LIKE '%Dunmerrow%'",
    ],
    [
      'deleted',
      'DELETE FROM analysis_merge_state WHERE (ns, key) IN (SELECT ns, key FROM analysis_merge_state ORDER BY ns, key LIMIT 1)',
    ],
    ['inserted', "INSERT INTO analysis_merge_state (ns, key, value) VALUES ('event', 'e-forged', '{}')"],
  ])(
    'a merge-state row %s between two runs stops the next run before it ingests or writes anything',
    async (_name, statement) => {
      await analysed(async (store, sql, dir) => {
        expect(sql.prepare(statement).run().changes).toBeGreaterThan(0);
        const documents = store.documents.count();
        const entries = store.custody.head().entries;
        const ledger = store.analysis.latestLedger();
        const out = path.join(dir, 'out');
        await expect(
          analyze(store, [path.join(root, 'later')], { clock, stages, workers: 1, out }),
        ).rejects.toThrow(/merge-state-altered/);
        expect(store.documents.count()).toBe(documents);
        expect(store.custody.head().entries).toBe(entries);
        expect(store.analysis.latestLedger()).toBe(ledger);
        expect(fs.existsSync(path.join(out, 'ledger.json'))).toBe(false);
        expect(await kinds(store)).toEqual(['merge-state-altered']);
      });
    },
  );

  it('a state larger than the check reads is built on, and the edit stays reported after the run (not folded in)', async () => {
    await analysed(async (store, sql) => {
      sql
        .prepare(
          "UPDATE analysis_merge_state SET value = value || ' ' WHERE (ns, key) IN (SELECT ns, key FROM analysis_merge_state ORDER BY ns, key LIMIT 1)",
        )
        .run();
      const rows = store.analysis.mergeStateDigest().rows;
      await analyze(store, [path.join(root, 'later')], {
        clock,
        stages,
        workers: 1,
        checkStateRows: rows - 1,
      });
      expect(await kinds(store)).toEqual(['merge-state-altered']);
    });
  });

  it('a run killed while it changed the state leaves the bound state: the next run merges incrementally', async () => {
    const reference = await analysed(async (store) => {
      await analyze(store, [path.join(root, 'later')], { clock, stages, workers: 1 });
      return store.analysis.latestLedger();
    });
    await analysed(async (store, sql) => {
      const before = store.analysis.mergeStateDigest();
      await killedAfterExtraction(store, [path.join(root, 'later')]);
      // The run's changes to the state were one transaction, never committed.
      expect(store.analysis.mergeStateDigest()).toEqual(before);
      expect(await kinds(store)).toEqual([]);
      const next = await analyze(store, [], { clock, stages, workers: 1 });
      expect(next.merge.full).toBe(false);
      expect(store.analysis.latestLedger()).toBe(reference);
      expect(await kinds(store)).toEqual([]);
      // A row inserted into the bound state is reported, not made genuine.
      sql
        .prepare("INSERT INTO analysis_merge_state (ns, key, value) VALUES ('events', 'e-forged', '{}')")
        .run();
      expect(await kinds(store)).toEqual(['merge-state-altered']);
    });
  });

  it('a state no entry bound (left by an older version killed mid-run) is cleared, never relied on', async () => {
    const reference = await analysed(async (store) => store.analysis.latestLedger());
    await analysed(async (store, sql) => {
      sql.prepare('UPDATE analysis_ledger SET itemized = 2').run();
      sql
        .prepare("INSERT INTO analysis_merge_state (ns, key, value) VALUES ('events', 'e-forged', '{}')")
        .run();
      expect(await kinds(store)).toEqual([]);
      const next = await analyze(store, [], { clock, stages, workers: 1 });
      expect(next.merge.full).toBe(true);
      expect(store.analysis.latestLedger()).toBe(reference);
      expect(
        sql.prepare("SELECT count(*) AS n FROM analysis_merge_state WHERE key = 'e-forged'").get(),
      ).toEqual({ n: 0 });
      expect(await kinds(store)).toEqual([]);
    });
  });
});

describe('rows edited between runs are not laundered when a run hashes every row again', () => {
  it('extraction rows: a run that must read every row stops (extractions-altered) and verify still names them', async () => {
    await analysed(async (store, sql) => {
      sql
        .prepare(
          "UPDATE analysis_extractions SET merge_input = replace(merge_input, '}', ' }') WHERE document_id = (SELECT min(document_id) FROM analysis_extractions)",
        )
        .run();
      // A state no entry bound makes the next run merge from nothing, reading every row.
      sql.prepare('UPDATE analysis_ledger SET itemized = 2').run();
      await expect(analyze(store, [], { clock, stages, workers: 1 })).rejects.toThrow(/extractions-altered/);
      expect(await kinds(store)).toContain('extractions-altered');
    });
  });

  it('extraction rows: an incremental run does not fold an edited row in', async () => {
    await analysed(async (store, sql) => {
      sql
        .prepare(
          "UPDATE analysis_extractions SET merge_input = replace(merge_input, '}', ' }') WHERE document_id = (SELECT min(document_id) FROM analysis_extractions)",
        )
        .run();
      await analyze(store, [path.join(root, 'later', 'e.txt')], { clock, stages, workers: 1 });
      expect(await kinds(store)).toEqual(['extractions-altered']);
    });
  });

  it('reuse pairs: a pair edited in place stops the next run (reuse-altered), and verify still names it', async () => {
    await analysed(async (store, sql) => {
      expect((sql.prepare('SELECT count(*) AS n FROM reuse_pairs').get() as { n: number }).n).toBe(1);
      sql.prepare('UPDATE reuse_pairs SET shared_a = shared_a / 2').run();
      // Under the bound (a small store), every pair is folded again before the run.
      await expect(analyze(store, [], { clock, stages, workers: 1 })).rejects.toThrow(/reuse-altered/);
      // Over it, with the number kept (the pairs a killed run stored are pending: removed and
      // compared again), the pairs are not read; the edit is not folded in: verify still names it.
      await killedAfterExtraction(store, [path.join(root, 'later', 'd.txt')], 0);
      await analyze(store, [], { clock, stages, workers: 1, checkPairs: 0 });
      expect(await kinds(store)).toContain('reuse-altered');
    });
  });

  it('a deleted reuse pair stops the next run before it ingests its inputs', async () => {
    await analysed(async (store, sql) => {
      expect(sql.prepare('DELETE FROM reuse_pairs').run().changes).toBe(1);
      const documents = store.documents.count();
      await expect(
        analyze(store, [path.join(root, 'later', 'e.txt')], { clock, stages, workers: 1 }),
      ).rejects.toThrow(/reuse-altered/);
      expect(store.documents.count()).toBe(documents);
      expect(await kinds(store)).toContain('reuse-altered');
    });
  });

  it('reuse pairs: a pair forged between a covered document and one not yet analysed is recomputed, not bound', async () => {
    const pairs = (sql: Database.Database) =>
      (sql.prepare('SELECT a, b FROM reuse_pairs ORDER BY a, b').all() as { a: string; b: string }[]).map(
        (p) => `${p.a}-${p.b}`,
      );
    const run = (forge: boolean) =>
      analysed(async (store, sql) => {
        await ingest(store, [path.join(root, 'later', 'e.txt')], { clock });
        const ids = store.documents.listing().map((d) => d.id);
        const [c, e] = [ids[2] as string, ids[3] as string];
        if (forge) {
          const row = sql.prepare('SELECT * FROM reuse_pairs LIMIT 1').get() as Record<string, unknown>;
          sql
            .prepare('INSERT INTO reuse_pairs VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
            .run(
              ...(c < e ? [c, e] : [e, c]),
              row.relation,
              row.shared_a,
              row.shared_b,
              row.direction,
              row.reason,
              '[]',
            );
        }
        const r = await analyze(store, [], { clock, stages, workers: 1 });
        expect(await kinds(store)).toEqual([]);
        return { sha: r.ledgerSha256, pairs: pairs(sql) };
      });
    const clean = await run(false);
    const forged = await run(true);
    expect(forged).toEqual(clean);
  });

  it('reuse pairs: one deleted and one forged, the number kept, stops the next run', async () => {
    await analysed(async (store, sql) => {
      const ids = store.documents.listing().map((d) => d.id);
      const row = sql.prepare('SELECT * FROM reuse_pairs').get() as Record<string, unknown>;
      sql.prepare('DELETE FROM reuse_pairs').run();
      const [a, c] = [ids[0] as string, ids[2] as string];
      sql
        .prepare('INSERT INTO reuse_pairs VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(
          ...(a < c ? [a, c] : [c, a]),
          row.relation,
          row.shared_a,
          row.shared_b,
          row.direction,
          row.reason,
          row.passages,
        );
      const documents = store.documents.count();
      await expect(
        analyze(store, [path.join(root, 'later', 'e.txt')], { clock, stages, workers: 1 }),
      ).rejects.toThrow(/reuse-altered/);
      expect(store.documents.count()).toBe(documents);
      // Above the bound, the number unchanged, the pairs are not read: verify names the edit.
      await analyze(store, [path.join(root, 'later', 'e.txt')], { clock, stages, workers: 1, checkPairs: 0 });
      expect(await kinds(store)).toContain('reuse-altered');
    });
  });

  it('reuse families: a document put in another family stops the next run, and verify names it', async () => {
    await analysed(async (store, sql) => {
      expect(await kinds(store)).toEqual([]);
      const rows = sql
        .prepare('SELECT document_id, family_id FROM reuse_families ORDER BY document_id')
        .all() as {
        document_id: string;
        family_id: string;
      }[];
      const other = rows.find((r) => r.family_id !== rows[0]?.family_id) as { family_id: string };
      sql
        .prepare('UPDATE reuse_families SET family_id = ? WHERE document_id = ?')
        .run(other.family_id, rows[0]?.document_id);
      expect(await kinds(store)).toEqual(['reuse-altered']);
      const documents = store.documents.count();
      await expect(
        analyze(store, [path.join(root, 'later', 'd.txt')], { clock, stages, workers: 1 }),
      ).rejects.toThrow(/reuse-altered/);
      expect(store.documents.count()).toBe(documents);
      // Above the bound the rows are not read before the run, and the edit is not folded in.
      await analyze(store, [path.join(root, 'later', 'e.txt')], { clock, stages, workers: 1, checkPairs: 0 });
      expect(await kinds(store)).toEqual(['reuse-altered']);
    });
  });

  it('without an edit, a run after a killed one records digests verify accepts', async () => {
    await analysed(async (store) => {
      await killedAfterExtraction(store, [path.join(root, 'later')]);
      await analyze(store, [], { clock, stages, workers: 1 });
      expect(await kinds(store)).toEqual([]);
    });
  });
});

describe('the latest ledger file is checked before a run copies items from it', () => {
  it('an edited ledger file stops the next run (ledger-altered) instead of being copied into the new ledger', async () => {
    await analysed(async (store) => {
      const folder = store.analysis.ledgerFolder();
      const name = store.analysis.recordedLedger()?.name as string;
      const file = path.join(folder, name);
      const text = fs.readFileSync(file, 'utf8');
      expect(text).toContain('Dunmerrow');
      // Same length, so that the file's index still matches it.
      fs.writeFileSync(file, text.split('Dunmerrow').join('Dunmorrow'));
      const documents = store.documents.count();
      const entries = store.custody.head().entries;
      await expect(
        analyze(store, [path.join(root, 'later', 'e.txt')], { clock, stages, workers: 1 }),
      ).rejects.toThrow(/ledger-altered/);
      // Refused before the input was ingested: no document, no custody entry.
      expect(store.documents.count()).toBe(documents);
      expect(store.custody.head().entries).toBe(entries);
      // Nothing was recorded or rewritten: the edit is still what verify reports.
      expect(store.analysis.recordedLedger()?.name).toBe(name);
      expect(fs.readFileSync(file, 'utf8')).toContain('Dunmorrow');
      expect(await kinds(store)).toContain('ledger-altered');
    });
  });
});

/**
 * Rewrites the latest ledger file's index with the keys of the first two items of a section
 * swapped (their byte ranges kept), as a forger would: a valid index of the same file, in the
 * binary format (its own SHA-1 made to match) or in the JSON format of earlier releases.
 */
function swapIndexKeys(store: Store, format: 'binary' | 'json'): void {
  const file = path.join(store.analysis.ledgerFolder(), store.analysis.recordedLedger()?.name as string);
  const prev = readPrevious(file, Buffer.alloc(1 << 16));
  if (!prev) throw new Error('no index');
  fs.closeSync(prev.fd);
  const section = (['events', 'documents'] as const).find((s) => prev.index[s].count >= 2) as Section;
  const rows = {} as Record<Section, [string, string, string, number, number][]>;
  for (const s of LEDGER_SECTIONS) {
    const ix = prev.index[s];
    rows[s] = Array.from({ length: ix.count }, (_, i) => [
      stringAt(ix.keys, i),
      ix.sorts ? stringAt(ix.sorts, i) : '',
      ix.sigs ? Buffer.from(ix.sigs.subarray(SIG * i, SIG * i + SIG)).toString('base64') : '',
      ix.offsets[i] as number,
      ix.lengths[i] as number,
    ]);
  }
  const [first, second] = rows[section] as [
    [string, string, string, number, number],
    [string, string, string, number, number],
  ];
  [first[0], second[0]] = [second[0], first[0]];
  if (format === 'json') {
    fs.rmSync(`${file}${INDEX_SUFFIX}`);
    fs.writeFileSync(`${file}.index.json`, JSON.stringify(rows));
    return;
  }
  const writers = {} as Record<Section, SectionWriter>;
  for (const s of LEDGER_SECTIONS) {
    const w = new SectionWriter(s, rows[s].length);
    w.start = prev.index[s].count > 0 ? (prev.index[s].offsets[0] as number) : 0;
    for (const [key, sort, sig, , length] of rows[s])
      w.item({ key, sort, sig: sig ? Buffer.from(sig, 'base64') : null, bytes: new Uint8Array(length) });
    writers[s] = w;
  }
  writeIndex(`${file}${INDEX_SUFFIX}`, writers, prev.size);
}

describe("the latest ledger file's index is bound by the analysis entry", () => {
  it("an index with two items' keys swapped stops the next run (ledger-altered), and verify names it", async () => {
    await analysed(async (store) => {
      expect(await kinds(store)).toEqual([]);
      swapIndexKeys(store, 'binary');
      const documents = store.documents.count();
      await expect(
        analyze(store, [path.join(root, 'later', 'e.txt')], { clock, stages, workers: 1 }),
      ).rejects.toThrow(/ledger-altered/);
      expect(store.documents.count()).toBe(documents);
      expect(await kinds(store)).toEqual(['ledger-altered']);
    });
  });

  it('an index in the JSON format of earlier releases, which no digest binds, is not used: every item is written afresh', async () => {
    // A later report of the crane's fall changes its event, whose key the forged index swapped.
    const later = path.join(root, 'crane');
    fs.mkdirSync(later, { recursive: true });
    fs.writeFileSync(
      path.join(later, 'g.txt'),
      'Police in Dunmerrow said on Friday that three people were hurt when a crane fell in the port.\n',
    );
    const next = (store: Store) => analyze(store, [later], { clock, stages, workers: 1 });
    const clean = await analysed(async (store) => (await next(store)).ledgerSha256);
    const forged = await analysed(async (store) => {
      swapIndexKeys(store, 'json');
      const r = await next(store);
      expect(await kinds(store)).toEqual([]);
      return r.ledgerSha256;
    });
    expect(forged).toBe(clean);
  });
});

describe('a run that finds bound rows altered stops before it changes anything', () => {
  it('a deleted extraction row: no merge-state change, no --out file, only the deletion reported', async () => {
    await analysed(async (store, sql, dir) => {
      const recorded = store.analysis.mergeStateDigest();
      sql
        .prepare(
          'DELETE FROM analysis_extractions WHERE document_id = (SELECT min(document_id) FROM analysis_extractions)',
        )
        .run();
      const out = path.join(dir, 'out');
      await expect(analyze(store, [], { clock, stages, workers: 1, out })).rejects.toThrow(
        /extractions-altered.*before changing the merge state or writing a ledger/,
      );
      expect(store.analysis.mergeStateDigest()).toEqual(recorded);
      expect(fs.existsSync(path.join(out, 'ledger.json'))).toBe(false);
      expect(await kinds(store)).toEqual(['extractions-altered']);
    });
  });
});

describe('rows no analysis entry bound are extracted again, not trusted', () => {
  it('a row a killed run stored, then edited, does not reach the next ledger', async () => {
    await analysed(async (store, sql) => {
      await killedAfterExtraction(store, [path.join(root, 'later', 'e.txt')]);
      const forged = sql
        .prepare(
          "UPDATE analysis_extractions SET merge_input = replace(merge_input, 'Ostervale', 'Vexmoor') WHERE merge_input LIKE '%Ostervale%'",
        )
        .run();
      expect(forged.changes).toBe(1);
      const result = await analyze(store, [], { clock, stages, workers: 1 });
      expect(result.extracted).toBe(1);
      const ledger = store.analysis.latestLedger() as string;
      expect(ledger).not.toContain('Vexmoor');
      expect(ledger).toContain('Ostervale');
      expect(await kinds(store)).toEqual([]);
    });
  });
});
