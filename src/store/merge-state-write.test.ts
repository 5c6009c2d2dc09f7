import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MergeStateFold } from './merge-state-digest.js';
import { openStore } from './open-store.js';
import type { Store } from './store.js';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-state-write-'));
  store = openStore(dir, { clock: () => new Date(Date.UTC(2024, 0, 1)) });
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('merge state written with a running digest', () => {
  it('folds out what each row held, whether the run read it first or not, in any number of writes', () => {
    const first = new MergeStateFold();
    const events = Array.from({ length: 1200 }, (_, i) => ({
      ns: 'events',
      key: `ev-${String(i).padStart(4, '0')}`,
      value: { town: `Brenmoor ${i}`, killed: i % 7 },
    }));
    store.analysis
      .mergeState(first)
      .write([...events, { ns: 'blocking', key: 'brenmoor', value: ['ev-0001'] }]);
    expect(first.value).toEqual(store.analysis.mergeStateDigest());

    // The next run: some rows read in bulk, one read alone, others changed without being read.
    const next = new MergeStateFold(first.value);
    const state = store.analysis.mergeState(next);
    const read = state.getMany(
      'events',
      events.slice(0, 700).map((e) => e.key),
    );
    expect(read.size).toBe(700);
    expect(state.get('events', 'ev-1100')).toEqual({ town: 'Brenmoor 1100', killed: 1100 % 7 });
    expect(state.getMany('events', ['ev-9999']).size).toBe(0);
    state.write([
      // read and changed, read and unchanged, read and deleted
      { ns: 'events', key: 'ev-0002', value: { town: 'Ashwick', killed: 4 } },
      { ns: 'events', key: 'ev-0003', value: { town: 'Brenmoor 3', killed: 3 } },
      { ns: 'events', key: 'ev-0004', value: undefined },
      // read alone and changed; read as absent and added; never read, changed and deleted
      { ns: 'events', key: 'ev-1100', value: { town: 'Ashwick', killed: 1 } },
      { ns: 'events', key: 'ev-9999', value: { town: 'Coldharbour', killed: 2 } },
      { ns: 'events', key: 'ev-0900', value: { town: 'Ashwick', killed: 9 } },
      { ns: 'events', key: 'ev-0901', value: undefined },
      { ns: 'blocking', key: 'brenmoor', value: ['ev-0001', 'ev-0002'] },
      { ns: 'blocking', key: 'ashwick', value: ['ev-0002'] },
      // one key changed twice in one write
      { ns: 'events', key: 'ev-0005', value: { town: 'Dunlow', killed: 1 } },
      { ns: 'events', key: 'ev-0005', value: { town: 'Dunlow', killed: 2 } },
    ]);
    expect(next.value).toEqual(store.analysis.mergeStateDigest());
    // A later write in the same run finds the rows as the first one left them.
    state.write([
      { ns: 'events', key: 'ev-0002', value: { town: 'Ashwick', killed: 5 } },
      { ns: 'events', key: 'ev-9999', value: undefined },
      ...events.slice(100, 800).map((e) => ({ ...e, value: { ...e.value, killed: 0 } })),
    ]);
    expect(next.value).toEqual(store.analysis.mergeStateDigest());
    expect(state.get('events', 'ev-0005')).toEqual({ town: 'Dunlow', killed: 2 });
  });
});
