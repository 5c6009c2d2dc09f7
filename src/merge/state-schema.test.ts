import { describe, expect, it } from 'vitest';
import { memoryMergeState, StateCache } from './merge-state.js';
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
