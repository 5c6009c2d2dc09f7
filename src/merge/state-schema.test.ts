import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../store/open-store.js';
import { type MergeStateStore, memoryMergeState, StateCache } from './merge-state.js';
import { clusterKey } from './state-schema.js';

// The state is typed by `MergeSchema`: the `@ts-expect-error` lines below are checked by
// `tsc -p tsconfig.json` (an unused directive is an error), so a namespace that is not in the
// schema, or a value of another type than its namespace's, must keep failing to compile.
describe('the typed merge state', () => {
  it('reads back what it wrote, through the working copy and through the store', () => {
    const store = memoryMergeState();
    const cache = new StateCache(store);
    cache.set('absorb', clusterKey(4), 2);
    cache.set('pday', 'Eastbrook\u00002031-05-06', [1, 4]);
    expect(cache.get('absorb', clusterKey(4))).toBe(2);
    cache.flush();
    const again = new StateCache(store);
    expect(again.get('absorb', clusterKey(4))).toBe(2);
    expect(again.scan('pday')).toEqual([['Eastbrook\u00002031-05-06', [1, 4]]]);
    again.delete('absorb', clusterKey(4));
    again.flush();
    expect(new StateCache(store).get('absorb', clusterKey(4))).toBeUndefined();
  });

  it("lists a namespace's keys without its values, the working copy winning, in memory and in SQLite", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-state-keys-'));
    const store = openStore(path.join(dir, 'store'));
    try {
      const stores: MergeStateStore[] = [memoryMergeState(), store.analysis.mergeState()];
      for (const state of stores) {
        state.write([
          { ns: 'unmerged', key: 'doc-b', value: true },
          { ns: 'unmerged', key: 'doc-a', value: true },
          { ns: 'hash', key: 'doc-c', value: ['doc-c'] },
        ]);
        expect(state.keys('unmerged')).toEqual(['doc-a', 'doc-b']);
        const cache = new StateCache(state);
        cache.get('unmerged', 'doc-b');
        cache.delete('unmerged', 'doc-b');
        cache.set('unmerged', 'doc-0', true);
        // Known absent, not written: not listed.
        expect(cache.get('unmerged', 'doc-z')).toBeUndefined();
        expect(cache.keys('unmerged')).toEqual(['doc-0', 'doc-a']);
        cache.flush();
        expect(state.keys('unmerged')).toEqual(['doc-0', 'doc-a']);
        const fresh = new StateCache(state, true);
        fresh.set('unmerged', 'doc-9', true);
        expect(fresh.keys('unmerged')).toEqual(['doc-9']);
      }
    } finally {
      store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not compile a namespace outside the schema or a value of the wrong type', () => {
    const cache = new StateCache(memoryMergeState(), true);
    // @ts-expect-error: 'absorbs' is not a namespace of the merge state
    cache.get('absorbs', clusterKey(1));
    // @ts-expect-error: `absorb` holds a cluster number, not its key
    cache.set('absorb', clusterKey(1), clusterKey(2));
    // @ts-expect-error: `absorbed` holds a list of cluster numbers
    const list: string[] | undefined = cache.get('absorbed', clusterKey(1));
    expect(list).toBeUndefined();
  });
});
