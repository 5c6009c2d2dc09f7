import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentExtraction } from '../core/types.js';
import { serializeExtraction } from './analysis-store.js';
import { capture } from './contract/contract.js';
import { extractionRowHash, extractionsDigest, RowFold } from './extraction-digest.js';
import { openStore } from './open-store.js';
import type { Store } from './store.js';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-digest-'));
  store = openStore(dir, { clock: () => new Date(Date.UTC(2024, 0, 1)) });
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const row = (id: string, sentence: string) =>
  serializeExtraction({
    documentId: id,
    sentences: [{ span: [0, sentence.length], text: sentence }],
  } as unknown as DocumentExtraction);

function fullFold(ids: string[], sentences: Map<string, string>): string {
  const fold = new RowFold();
  for (const id of ids) fold.add(extractionRowHash(row(id, sentences.get(id) ?? '')));
  return fold.digest;
}

describe('extraction digest of an analysis entry', () => {
  it('folds only the rows a run adds onto the previous entry, and hashes every row when they disagree', async () => {
    const texts = [
      'A wall fell in Brellwick.',
      'Two homes burned in Oskarva.',
      'The bridge in Tamberlin closed.',
    ];
    const captures = texts.map((t, i) => capture(t, `${i}.txt`));
    await store.commit({ captures, rejections: [] });
    const ids = captures.map((c) => c.documents[0]?.id ?? '');
    const sentences = new Map(ids.map((id, i) => [id, texts[i] ?? '']));
    const [first, second, third] = ids as [string, string, string];

    store.analysis.putSerializedExtractions('v1', [row(first, texts[0] ?? ''), row(second, texts[1] ?? '')]);
    const before = extractionsDigest(store, 'v1', [first, second], [first, second]);
    expect(before).toEqual({ version: 'v1', rows: 2, digest: fullFold([first, second], sentences) });
    store.custody.append('analysis', { extractions: { ...before } });

    store.analysis.putSerializedExtractions('v1', [row(third, texts[2] ?? '')]);
    expect(extractionsDigest(store, 'v1', ids, [third])).toEqual({
      version: 'v1',
      rows: 3,
      digest: fullFold(ids, sentences),
    });

    // The previous entry's value is what the next run builds on (it reads one row, not three).
    const marked = { ...before, digest: 'f'.repeat(64) };
    store.custody.append('analysis', { extractions: marked });
    const onMarked = new RowFold(marked);
    onMarked.add(extractionRowHash(row(third, texts[2] ?? '')));
    expect(extractionsDigest(store, 'v1', ids, [third]).digest).toBe(onMarked.digest);

    // Rows the previous entry does not account for (a killed run's): every row is hashed.
    expect(extractionsDigest(store, 'v1', ids, [])).toEqual({
      version: 'v1',
      rows: 3,
      digest: fullFold(ids, sentences),
    });
    // Another extractor version starts from nothing.
    store.analysis.putSerializedExtractions('v2', [row(first, texts[0] ?? '')]);
    expect(extractionsDigest(store, 'v2', ids, [first])).toEqual({
      version: 'v2',
      rows: 1,
      digest: fullFold([first], sentences),
    });
  });
});
