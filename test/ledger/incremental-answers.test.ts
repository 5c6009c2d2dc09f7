import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze/index.js';
import { ANSWER_INDEX } from '../../src/merge/answer-state.js';
import { openStore } from '../../src/store/open-store.js';
import { bindMergeStateAsWritten } from './bind-merge-state.js';

/**
 * Claims' answers are recomputed run by run only near what a run changed (src/merge/answer-state.ts).
 * After every incremental run, answering every claim again from the same merge state must change
 * nothing: the run is repeated with the kept answer index withdrawn, which answers every claim.
 */

const bucha = path.resolve('../shared/corpora/bucha-2022');
const withBucha = fs.existsSync(path.join(bucha, 'manifest.jsonl'));
if (!withBucha)
  console.warn(
    `bucha-2022 answer checks skipped: ${bucha} is absent (it sits beside the repository in ../shared).`,
  );

/** The reports of a corpus folder, each with a manifest of its own line (an explicit manifest is read whole). */
function reportsOf(corpus: string, dir: string): { file: string; manifest?: string }[] {
  const lines = fs.existsSync(path.join(corpus, 'manifest.jsonl'))
    ? fs.readFileSync(path.join(corpus, 'manifest.jsonl'), 'utf8').split('\n').filter(Boolean)
    : [];
  const entries = new Map(lines.map((l) => [(JSON.parse(l) as { path: string }).path, JSON.parse(l)]));
  fs.mkdirSync(dir, { recursive: true });
  return fs
    .readdirSync(corpus)
    .filter((f) => f !== 'manifest.jsonl' && f !== 'README.md')
    .sort()
    .map((f) => {
      const file = path.join(corpus, f);
      const entry = entries.get(f);
      if (!entry) return { file };
      const manifest = path.join(dir, `${f}.manifest.jsonl`);
      fs.writeFileSync(manifest, `${JSON.stringify({ ...entry, path: path.resolve(file) })}\n`);
      return { file, manifest };
    });
}

async function addOneByOne(
  dir: string,
  order: { file: string; manifest?: string }[],
): Promise<{ denials: number; moved: number }> {
  const store = openStore(dir);
  let moved = 0;
  try {
    for (const { file, manifest } of order) {
      const run = await analyze(store, [file], { manifest });
      expect(run.extracted).toBeGreaterThan(0);
      moved += [...run.merge.changed.claims.values()].filter((c) => c !== null && c.answers !== null).length;
      const state = store.analysis.mergeState();
      const meta = state.get('meta', 'run') as Record<string, unknown>;
      expect(meta.answerIndex).toBe(ANSWER_INDEX);
      state.write([{ ns: 'meta', key: 'run', value: { ...meta, answerIndex: undefined } }]);
      bindMergeStateAsWritten(store);
      const again = await analyze(store, []);
      expect(again.merge.full).toBe(false);
      expect([...again.merge.changed.claims.keys()]).toEqual([]);
      expect(again.ledgerSha256).toBe(run.ledgerSha256);
    }
    const ledger = (await analyze(store, [])).ledger;
    return { denials: ledger.claims.filter((c) => c.stance === 'deny' && c.answers).length, moved };
  } finally {
    store.close();
  }
}

describe('incremental answers of claims equal answering every claim', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-answers-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('adding the example reports one at a time, in both orders', async () => {
    const reports = reportsOf('examples/corpus', path.join(dir, 'manifests'));
    for (const [name, order] of [
      ['forward', reports],
      ['reverse', [...reports].reverse()],
    ] as const) {
      const { denials, moved } = await addOneByOne(path.join(dir, name), order);
      // The corpus' denials are linked, and answers were decided run after run.
      expect(denials).toBeGreaterThanOrEqual(3);
      expect(moved).toBeGreaterThan(denials);
    }
  }, 120_000);

  it.skipIf(!withBucha)(
    'adding the bucha-2022 reports one at a time, in both orders',
    async () => {
      const reports = reportsOf(bucha, path.join(dir, 'bucha-manifests'));
      for (const [name, order] of [
        ['bucha-forward', reports],
        ['bucha-reverse', [...reports].reverse()],
      ] as const) {
        const { denials } = await addOneByOne(path.join(dir, name), order);
        expect(denials).toBeGreaterThanOrEqual(1);
      }
    },
    120_000,
  );
});
