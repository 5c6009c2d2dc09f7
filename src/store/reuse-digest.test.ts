import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';
import { familyRowHash, pairRowHash, pairRowJson } from './reuse-digest.js';
import type { PairRow } from './reuse-store.js';
import type { JsonValue } from './store.js';

const base: PairRow = {
  a: 'doc-1',
  b: 'doc-2',
  relation: 'verbatim',
  shared_a: 0.25,
  shared_b: 0.5,
  direction: 'a>b',
  reason: 'shared passage',
  passages: '[{"a":[0,40],"b":[10,50]}]',
};

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const canonical = (row: PairRow) => canonicalJson(row as unknown as JsonValue);

describe('pairRowJson', () => {
  // Each row must serialise exactly as canonicalJson does: the digests recorded by earlier
  // entries and the ones verify folds were made that way.
  const cases: [string, PairRow][] = [
    ['a plain row', base],
    ['whole-number shares', { ...base, shared_a: 1, shared_b: 0 }],
    ['negative zero and tiny shares', { ...base, shared_a: -0, shared_b: 1e-9 }],
    ['quotes, backslashes and control characters', { ...base, reason: 'said "no"\\\n\t\u0001' }],
    ['non-ASCII ids and a lone surrogate', { ...base, a: 'dóc-ü-雪', b: 'x\ud800y' }],
    ['passages text with spaces kept as stored', { ...base, passages: '[ {"a": [0, 4]} ]' }],
    ['an empty passages list', { ...base, passages: '[]' }],
    ['a null direction (other types go through canonicalJson)', { ...base, direction: null as never }],
    ['a share that is not finite', { ...base, shared_a: Number.NaN }],
    ['a missing reason', { ...base, reason: undefined as never }],
  ];
  it.each(cases)('%s', (_, row) => {
    expect(pairRowJson(row)).toBe(canonical(row));
    expect(pairRowHash(row).toString('hex')).toBe(sha(canonical(row)));
  });

  it('changes when any column changes', () => {
    const edits: Partial<PairRow>[] = [
      { a: 'doc-9' },
      { b: 'doc-9' },
      { relation: 'duplicate' },
      { shared_a: 0.26 },
      { shared_b: 0.51 },
      { direction: 'b>a' },
      { reason: 'other' },
      { passages: '[{"a":[0,41],"b":[10,50]}]' },
    ];
    for (const edit of edits) expect(pairRowJson({ ...base, ...edit })).not.toBe(pairRowJson(base));
  });
});

describe('familyRowHash', () => {
  it.each([
    ['doc-1', 'fam-1'],
    ['dóc "2"', 'fam\\2'],
    ['', ''],
  ])('hashes the canonical JSON of the row (%s, %s)', (documentId, familyId) => {
    expect(familyRowHash(documentId, familyId).toString('hex')).toBe(
      sha(canonicalJson({ document_id: documentId, family_id: familyId })),
    );
  });
});
