import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../store/open-store.js';
import type { Checkpoint, Store } from '../store/store.js';
import { lastCapture } from './analyze.js';

/** The definition: the last ingest or rejection entry of the whole log. */
function scanAll(store: Store): Checkpoint {
  let last: Checkpoint = { entries: 0, head: '0'.repeat(64) };
  for (const e of store.custody.entries())
    if (e.kind === 'ingest' || e.kind === 'rejection') last = { entries: e.seq, head: e.hash };
  return last;
}

describe('lastCapture', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-last-capture-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finds the last capture behind any number of analysis and export entries', () => {
    const store = openStore(path.join(dir, 'store'));
    try {
      expect(lastCapture(store)).toEqual({ entries: 0, head: '0'.repeat(64) });
      store.custody.append('analysis', { n: 0 });
      expect(lastCapture(store)).toEqual({ entries: 0, head: '0'.repeat(64) });
      for (const tail of [0, 1, 15, 16, 17, 200]) {
        store.custody.append(tail % 2 === 0 ? 'ingest' : 'rejection', { tail });
        for (let i = 0; i < tail; i++) store.custody.append(i % 2 === 0 ? 'analysis' : 'export', { i });
        expect(lastCapture(store)).toEqual(scanAll(store));
      }
      expect(lastCapture(store).entries).toBeGreaterThan(0);
    } finally {
      store.close();
    }
  });
});
