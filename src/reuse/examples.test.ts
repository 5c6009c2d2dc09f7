import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Direction, ReusePair } from '../core/types.js';
import { ingest } from '../ingest/ingest.js';
import { openStore } from '../store/open-store.js';
import { updateReuse } from './update-reuse.js';

// The repository's example corpus and its ground truth (examples/expected.json).
interface ExpectedDoc {
  key: string;
  file: string;
  record: number | null;
  url: string | null;
}
interface ExpectedPair {
  a: string;
  b: string;
  accept_relations: string[];
  direction: Direction;
  shared_a: [number, number];
  shared_b: [number, number];
}
const expected = JSON.parse(readFileSync('examples/expected.json', 'utf8')) as {
  documents: ExpectedDoc[];
  families: { documents: string[]; origin: string | null }[];
  not_in_any_family_with_others: string[];
  reuse: { required: ExpectedPair[] };
};

const dir = mkdtempSync(path.join(tmpdir(), 'corroborate-reuse-examples-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('reuse on the example corpus', async () => {
  const store = openStore(dir);
  await ingest(store, ['examples/corpus'], { manifest: 'examples/corpus/manifest.jsonl' });
  const { pairs, families } = updateReuse(store);
  const docs = [...store.documents.iterate()];
  const idOf = (key: string): string => {
    const e = expected.documents.find((d) => d.key === key);
    const d = docs.find(
      (x) =>
        (e?.url && x.url === e.url) ||
        (path.basename(x.source) === e?.file && (e.record === null || x.recordKey.endsWith(` ${e.record}`))),
    );
    if (!d) throw new Error(`example document ${key} was not ingested`);
    return d.id;
  };
  store.close();

  it.each(expected.reuse.required.map((p) => [`${p.a} ~ ${p.b}`, p] as const))('finds %s', (_, want) => {
    const [a, b] = [idOf(want.a), idOf(want.b)];
    const got = pairs.find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a)) as ReusePair;
    expect(got).toBeDefined();
    const flipped = got.a !== a;
    expect(want.accept_relations).toContain(got.relation);
    const direction = flipped
      ? got.direction === 'a>b'
        ? 'b>a'
        : got.direction === 'b>a'
          ? 'a>b'
          : 'unknown'
      : got.direction;
    expect(direction).toBe(want.direction);
    const [sa, sb] = flipped ? [got.shared_b, got.shared_a] : [got.shared_a, got.shared_b];
    expect(sa).toBeGreaterThanOrEqual(want.shared_a[0]);
    expect(sa).toBeLessThanOrEqual(want.shared_a[1]);
    expect(sb).toBeGreaterThanOrEqual(want.shared_b[0]);
    expect(sb).toBeLessThanOrEqual(want.shared_b[1]);
  });

  it('groups the families and names their origins', () => {
    for (const f of expected.families) {
      const ids = f.documents.map(idOf).sort();
      const got = families.find((x) => x.documents.includes(ids[0] as string));
      expect(got?.documents).toEqual(ids);
      expect(got?.origin).toBe(f.origin ? idOf(f.origin) : null);
    }
    for (const key of expected.not_in_any_family_with_others) {
      expect(families.find((x) => x.documents.includes(idOf(key)))?.documents.length).toBe(1);
    }
  });
});
