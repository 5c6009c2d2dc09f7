import { describe, expect, it } from 'vitest';
import { memoryMergeState, StateCache } from '../merge-state.js';
import { canonicaliseSpeakers, forgetSpeaker } from './quotes.js';

describe('speaker counts of groups that are gone', () => {
  it('uncounts a claimant by its name, as it was counted, so no count is left behind', () => {
    const cache = new StateCache(memoryMergeState(), true);
    // Counted as the claims phase counts a claimant given with its role: by the name alone.
    cache.set('c.claimant', 'g1', 'Ada Voss (harbour master)');
    canonicaliseSpeakers(cache, new Map([['Ada Voss', 1]]), new Map());
    expect(cache.get('q.speakers', 'Ada Voss')).toBe(1);
    // The group is merged into another: its claimant is no longer given by it.
    const delta = new Map<string, number>();
    forgetSpeaker(cache, 'c.claimant', 'g1', delta);
    expect(delta).toEqual(new Map([['Ada Voss', -1]]));
    canonicaliseSpeakers(cache, delta, new Map());
    expect(cache.get('q.speakers', 'Ada Voss')).toBeUndefined();
    expect(cache.get('c.claimant', 'g1')).toBeUndefined();
  });

  it('uncounts a quote group’s speaker as it is', () => {
    const cache = new StateCache(memoryMergeState(), true);
    cache.set('q.speaker', 'q1', 'Ada Voss (harbour master)');
    const delta = new Map<string, number>();
    forgetSpeaker(cache, 'q.speaker', 'q1', delta);
    expect(delta).toEqual(new Map([['Ada Voss (harbour master)', -1]]));
  });
});
