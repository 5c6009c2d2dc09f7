import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { resolveLimits } from '../limits.js';
import { readInput } from './read-input.js';

/**
 * Seeded mutation test: every fixture, truncated, with bytes flipped, inserted or deleted, and
 * gzipped then damaged, goes through `readInput` without throwing, and every diagnostic names its
 * source. A failing seed becomes a fixed test.
 */
const dir = new URL('./__fixtures__/', import.meta.url);
const fixtures = readdirSync(dir)
  .filter((name) => !name.endsWith('.ts'))
  .map((name) => ({ name, bytes: readFileSync(new URL(name, dir)) }));

function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

function mutate(bytes: Buffer, next: () => number): Buffer {
  const out = Buffer.from(bytes);
  const kind = Math.floor(next() * 5);
  const at = Math.floor(next() * out.length);
  const special = [0x00, 0xff, 0x3c, 0x3e, 0x22, 0x7b, 0x7d, 0x0a, 0x0d, 0x26, 0x5b, 0x5d, 0xc3];
  switch (kind) {
    case 0:
      return out.subarray(0, at);
    case 1:
      for (let i = 0; i < 8; i++)
        out[Math.floor(next() * out.length)] = special[Math.floor(next() * special.length)] as number;
      return out;
    case 2:
      return Buffer.concat([
        out.subarray(0, at),
        out.subarray(at, at + Math.floor(next() * 200)),
        out.subarray(at),
      ]);
    case 3:
      return Buffer.concat([
        out.subarray(0, at),
        out.subarray(Math.min(out.length, at + Math.floor(next() * 200))),
      ]);
    default: {
      const gz = gzipSync(out);
      const flip = Math.floor(next() * gz.length);
      gz[flip] = (gz[flip] ?? 0) ^ 0xff;
      return gz.subarray(0, Math.max(2, Math.floor(next() * gz.length) + 10));
    }
  }
}

describe('readInput never throws on damaged input', () => {
  const limits = resolveLimits({ maxDepth: 64 });
  it.each(fixtures)('$name: 60 seeded mutations', ({ name, bytes }) => {
    const next = random(name.length * 7919 + (bytes[0] ?? 0));
    for (let i = 0; i < 60; i++) {
      const input = mutate(bytes, next);
      const result = readInput(input, { source: name, limits });
      expect(['text', 'markdown', 'html', 'json', 'jsonl', 'warc', 'rss', 'atom']).toContain(result.reader);
      expect(result.diagnostics.filter((d) => d.rule === 'ingest/reader-failed')).toEqual([]);
      for (const d of result.diagnostics) expect(d.source).toBe(name);
      for (const r of result.records) expect(typeof r.text).toBe('string');
    }
  });
});
