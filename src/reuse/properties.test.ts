import { describe, expect, it } from 'vitest';
import { compareTexts } from './compare-texts.js';
import { mulberry32 } from './hash.js';
import { createMinHasher, estimateJaccard } from './minhash.js';
import { exactJaccard } from './shingles.js';

// Seeded property tests. A failing seed becomes a fixed test case below its property.
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

// A vocabulary the size of a real news vocabulary's everyday core (pseudo-words, seeded).
const SYLLABLES = 'ba ko ri ta mu ne lo si ve da po gu fe hi ja ze'.split(' ');
const vocabularyRand = mulberry32(99);
const WORDS = Array.from({ length: 3000 }, () => {
  let w = '';
  const n = 2 + Math.floor(vocabularyRand() * 2);
  for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(vocabularyRand() * SYLLABLES.length)];
  return w;
});
const GLUE = 'the a of in on at to and with for from by after before near'.split(' ');

function sentence(rand: () => number): string {
  const n = 10 + Math.floor(rand() * 12);
  const words: string[] = [];
  for (let i = 0; i < n; i++) {
    const pool = i % 3 === 1 ? GLUE : WORDS;
    words.push(pool[Math.floor(rand() * pool.length)] as string);
  }
  // Unique tokens make every generated sentence distinct from every other.
  words.push(`w${Math.floor(rand() * 1e9).toString(36)}`);
  const s = words.join(' ');
  return `${s[0]?.toUpperCase()}${s.slice(1)}.`;
}

function paragraphs(rand: () => number, count: number): string[] {
  return Array.from({ length: count }, () => Array.from({ length: 3 }, () => sentence(rand)).join(' '));
}

describe('MinHash', () => {
  it.each(SEEDS)('estimates Jaccard within 4 standard errors of the exact value (seed %i)', (seed) => {
    const rand = mulberry32(seed);
    const hasher = createMinHasher({ permutations: 128, seed });
    const universe = Array.from({ length: 2000 }, () => Math.floor(rand() * 4294967296) >>> 0);
    const shared = Math.floor(rand() * 300);
    const own = 300 - shared;
    const a = Uint32Array.from(universe.slice(0, shared + own)).sort();
    const b = Uint32Array.from([...universe.slice(0, shared), ...universe.slice(1000, 1000 + own)]).sort();
    const exact = exactJaccard(a, b);
    const estimate = estimateJaccard(hasher.signature(a), hasher.signature(b));
    const stderr = Math.sqrt((exact * (1 - exact)) / 128);
    expect(Math.abs(estimate - exact)).toBeLessThanOrEqual(4 * stderr + 1 / 128);
  });
});

describe('compareTexts properties', () => {
  it.each(SEEDS)('is symmetric in its arguments (seed %i)', (seed) => {
    const rand = mulberry32(seed);
    const source = paragraphs(rand, 6);
    const copy = [
      paragraphs(rand, 1)[0] as string,
      source[3] as string,
      source[1] as string,
      ...paragraphs(rand, 2),
    ];
    const a = source.join('\n\n');
    const b = copy.join('\n\n');
    const ab = compareTexts(a, b);
    const ba = compareTexts(b, a);
    expect(ba.relation).toBe(ab.relation);
    expect(ba.shared_a).toBe(ab.shared_b);
    expect(ba.shared_b).toBe(ab.shared_a);
    const mirrored = ab.passages
      .map((p) => ({ ...p, a: p.b, b: p.a }))
      .sort((x, y) => x.a[0] - y.a[0] || x.b[0] - y.b[0]);
    expect(ba.passages).toEqual(mirrored);
  });

  it.each(SEEDS)('always finds an exact copy, whatever the typography (seed %i)', (seed) => {
    const text = paragraphs(mulberry32(seed), 4).join('\n\n');
    const retyped = text.replace(/\n\n/g, '\n \n').toUpperCase();
    const r = compareTexts(text, retyped);
    expect(r.relation).toBe('duplicate');
    expect(r.shared_a).toBe(1);
  });

  it.each(SEEDS)('finds a planted verbatim passage with spans that slice to it (seed %i)', (seed) => {
    const rand = mulberry32(seed);
    const planted = paragraphs(rand, 1)[0] as string;
    const a = [...paragraphs(rand, 3), planted, ...paragraphs(rand, 2)].join('\n\n');
    const b = [...paragraphs(rand, 1), planted, ...paragraphs(rand, 4)].join('\n\n');
    const r = compareTexts(a, b);
    expect(r.relation).toBe('verbatim');
    const verbatim = r.passages.filter((p) => p.kind === 'verbatim');
    expect(verbatim.length).toBe(1);
    const p = verbatim[0];
    if (!p) throw new Error('no passage');
    expect(a.slice(...p.a)).toBe(b.slice(...p.b));
    expect(planted.includes(a.slice(...p.a))).toBe(true);
    expect(p.a[1] - p.a[0]).toBeGreaterThan(0.9 * planted.length);
  });

  it.each(SEEDS)('finds reordered paragraphs as separate passages (seed %i)', (seed) => {
    const rand = mulberry32(seed);
    const source = paragraphs(rand, 5);
    const reordered = [source[4], source[2], source[0]] as string[];
    const r = compareTexts(source.join('\n\n'), reordered.join('\n\n'));
    expect(r.passages.filter((p) => p.kind === 'verbatim').length).toBe(3);
    expect(r.shared_b).toBeGreaterThan(0.95);
  });
});
