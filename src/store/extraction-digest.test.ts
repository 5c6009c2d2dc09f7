import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentExtraction } from '../core/types.js';
import { serializeExtraction } from './analysis-store.js';
import { capture } from './contract/contract.js';
import { extractionRowHash, extractionsDigest, RowFold, recordedExtractions } from './extraction-digest.js';
import { openStore } from './open-store.js';
import { CheckFold, XorFold } from './row-fold.js';
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
    expect(before).toEqual({
      version: 'v1',
      rows: 2,
      digest: fullFold([first, second], sentences),
      alg: 'muhash3072',
    });
    store.custody.append('analysis', { extractions: { ...before } });

    store.analysis.putSerializedExtractions('v1', [row(third, texts[2] ?? '')]);
    expect(extractionsDigest(store, 'v1', ids, [third])).toEqual({
      version: 'v1',
      rows: 3,
      digest: fullFold(ids, sentences),
      alg: 'muhash3072',
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
      alg: 'muhash3072',
    });
    // Another extractor version starts from nothing.
    store.analysis.putSerializedExtractions('v2', [row(first, texts[0] ?? '')]);
    expect(extractionsDigest(store, 'v2', ids, [first])).toEqual({
      version: 'v2',
      rows: 1,
      digest: fullFold([first], sentences),
      alg: 'muhash3072',
    });
  });
});

describe('the fold of row hashes', () => {
  const n = 300;
  const text = (i: number) => `Row ${i} said ${i % 7} roofs fell in Brellwick.`;
  const hashes = Array.from({ length: n }, (_, i) => extractionRowHash(row(`d${i}`, text(i))));
  const padded = Array.from({ length: n }, (_, i) => extractionRowHash(row(`d${i}`, `${text(i)} `)));
  const big = (b: Buffer) => BigInt(`0x${b.toString('hex')}`);

  it('does not depend on row order, and a removal undoes an addition', () => {
    const a = new RowFold();
    for (const h of hashes) a.add(h);
    const b = new RowFold();
    for (const h of [...hashes].reverse()) b.add(h);
    b.add(padded[0] as Buffer);
    b.remove(padded[0] as Buffer);
    expect(b.digest).toBe(a.digest);
    expect(new RowFold({ rows: a.rows, digest: a.digest }).digest).toBe(a.digest);
  });

  it('is not linear: padded rows chosen to hide an edit from a XOR of hashes do not hide it', () => {
    // The forger edits row 0 and solves over GF(2) for a set of other rows whose padding cancels
    // the edit's change to a XOR of row hashes (the attack on the fold used before).
    const edited = extractionRowHash(row('d0', text(0).replace('roofs', 'towers')));
    const target = big(hashes[0] as Buffer) ^ big(edited);
    const pivots = new Map<number, { v: bigint; set: bigint }>();
    for (let j = 1; j < n; j++) {
      let v = big(hashes[j] as Buffer) ^ big(padded[j] as Buffer);
      let set = 1n << BigInt(j);
      for (let bit = 255; bit >= 0 && v; bit--) {
        if (!((v >> BigInt(bit)) & 1n)) continue;
        const p = pivots.get(bit);
        if (!p) {
          pivots.set(bit, { v, set });
          break;
        }
        v ^= p.v;
        set ^= p.set;
      }
    }
    let v = target;
    let set = 0n;
    for (let bit = 255; bit >= 0 && v; bit--) {
      if (!((v >> BigInt(bit)) & 1n)) continue;
      const p = pivots.get(bit);
      if (!p) break;
      v ^= p.v;
      set ^= p.set;
    }
    expect(v).toBe(0n);
    const forged = hashes.map((h, j) =>
      j === 0 ? edited : (set >> BigInt(j)) & 1n ? (padded[j] as Buffer) : h,
    );
    const xor = (rows: Buffer[]) => rows.reduce((acc, h) => acc ^ big(h), 0n);
    expect(xor(forged)).toBe(xor(hashes));
    const fold = (rows: Buffer[]) => {
      const f = new RowFold();
      for (const h of rows) f.add(h);
      return f.digest;
    };
    expect(fold(forged)).not.toBe(fold(hashes));
  });

  it('checks a digest recorded before `alg` (an XOR of hashes) by the XOR rule', () => {
    const xor = new XorFold();
    const check = new CheckFold();
    for (const h of hashes) {
      xor.add(h);
      check.add(h);
    }
    const details = { extractions: { version: 'v1', rows: xor.rows, digest: xor.digest } };
    const recorded = recordedExtractions(details);
    expect(recorded?.alg).toBe('xor-sha256');
    expect(check.matches(recorded as NonNullable<typeof recorded>)).toBe(true);
    expect(check.matches({ ...(recorded as NonNullable<typeof recorded>), alg: 'muhash3072' })).toBe(false);
  });
});
