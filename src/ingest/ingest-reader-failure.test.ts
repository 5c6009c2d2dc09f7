import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openStore } from '../store/open-store.js';
import type { Store } from '../store/store.js';
import { ingest } from './ingest.js';

// A reader that throws (a bug) on inputs whose name contains "explode".
vi.mock('./readers/read-input.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./readers/read-input.js')>();
  return {
    ...real,
    readInput: (bytes: Uint8Array, options: { source: string }) => {
      if (options.source.includes('explode')) throw new RangeError('boom');
      return real.readInput(bytes, options);
    },
  };
});

let dir: string;
let store: Store;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-reader-failure-'));
  store = openStore(path.join(dir, 'store'));
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('ingest when a reader throws', () => {
  it('refuses that input, logs it, and ingests the rest', async () => {
    fs.mkdirSync(path.join(dir, 'in'));
    fs.writeFileSync(path.join(dir, 'in/a.txt'), 'A report.');
    fs.writeFileSync(path.join(dir, 'in/explode.txt'), 'Another report.');
    const summary = await ingest(store, [path.join(dir, 'in')]);
    expect(summary.documents.new).toBe(1);
    expect(summary.rejected).toBe(1);
    expect(summary.diagnostics[0]).toMatchObject({ rule: 'ingest/reader-failed' });
    expect(summary.diagnostics[0]?.message).toContain('boom');
    const kinds = [...store.custody.entries()].map((e) => e.kind).sort();
    expect(kinds).toEqual(['ingest', 'rejection']);
    expect((await store.verify()).ok).toBe(true);
  });
});
