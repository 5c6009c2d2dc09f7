import type { DocRecords } from '../doc-records.js';
import type { GroupState } from '../grow-groups.js';
import type { StateCache } from '../merge-state.js';
import type { LedgerChanges, MergeInput } from '../merge-types.js';
import type { WordCounts } from '../rare-keys.js';
import type { ReuseIndex, ReuseSource } from '../reuse-index.js';
import type { Meta } from '../state-schema.js';

/**
 * What the phases of one merge run share (see `startMerge`): the input, the working copy of the
 * state, the document records, what must be rebuilt and what changed.
 */
export interface MergeRun {
  readonly input: MergeInput;
  readonly cache: StateCache;
  /** The run's bookkeeping (`meta`/`run`), written back at the end. */
  readonly meta: Meta;
  /** Every document's record, by id (read when asked for). */
  readonly docs: DocRecords;
  /** What this run must rebuild. */
  readonly dirty: Dirty;
  /** The ledger items this run changed or removed (null), by id. */
  readonly changed: LedgerChanges;
  /** Where reuse is read from, and the reuse of each document (independence). */
  readonly source: ReuseSource;
  readonly index: ReuseIndex;
}

/** Events (cluster), quotes and claims (id) to rebuild: their facts or their groups changed. */
export interface Dirty {
  clusters: Set<number>;
  quotes: Set<string>;
  claims: Set<string>;
}

/** Records that `old` (if any) became `next` (undefined: removed) in a map of changes by id. */
export function track<T extends { id: string }>(
  changes: Map<string, T | null>,
  old: T | undefined,
  next: T | undefined,
): void {
  if (old && (!next || old.id !== next.id) && !changes.get(old.id)) changes.set(old.id, null);
  if (next) changes.set(next.id, next);
}

/** Word counts (for rare blocking keys) kept in the state. */
export function counts(cache: StateCache, ns: 'df' | 'qdf' | 'cdf'): WordCounts {
  return { get: (w) => cache.get(ns, w), set: (w, n) => cache.set(ns, w, n) };
}

export function wordSets<T extends object>(wordsOf: (x: T) => readonly string[]): (x: T) => Set<string> {
  const sets = new WeakMap<T, Set<string>>();
  return (x) => {
    let s = sets.get(x);
    if (!s) {
      s = new Set(wordsOf(x));
      sets.set(x, s);
    }
    return s;
  };
}

/** The namespaces of the quote (`q`) and claim (`c`) groups. */
const GROUP_SPACES = {
  q: {
    group: 'q.group',
    members: 'q.members',
    key: 'q.key',
    same: 'q.same',
    ledger: 'q.ledger',
    records: 'quote',
  },
  c: {
    group: 'c.group',
    members: 'c.members',
    key: 'c.key',
    same: 'c.same',
    ledger: 'c.ledger',
    records: 'claim',
  },
} as const;

/** Groups of quotes (`q`) or claims (`c`) in the state. */
export function groupState(
  cache: StateCache,
  prefix: keyof typeof GROUP_SPACES,
  removed: (old: unknown) => void,
  dropped?: (group: string) => void,
): GroupState {
  const ns = GROUP_SPACES[prefix];
  return {
    groupOf: (id) => cache.get(ns.group, id) as string,
    setGroupOf: (id, group) => cache.set(ns.group, id, group),
    members: (group) => cache.get(ns.members, group),
    setMembers: (group, members) => {
      cache.set(ns.members, group, members);
      if (!members) {
        dropped?.(group);
        const old = cache.get(ns.ledger, group);
        if (old) removed(old);
        cache.delete(ns.ledger, group);
        if (prefix === 'c') cache.delete('chead', group);
      }
    },
    postings: (k) => cache.get(ns.key, k) ?? [],
    setPostings: (k, list) => cache.set(ns.key, k, list),
    sameAs: (signature) => cache.get(ns.same, signature),
    setSameAs: (signature, id) => cache.set(ns.same, signature, id),
    prefetch: (keys, ids) => {
      if (cache.cold) return;
      if (keys.length > 0) cache.prefetch(ns.key, keys);
      if (ids.length > 0) {
        cache.prefetch(ns.group, ids);
        cache.prefetch(ns.records, ids);
      }
    },
  };
}
