import type { MergeStateStore } from '../store/merge-state-store.js';
import type { MergeSchema } from './state-schema.js';

export type { MergeStateStore };

export function memoryMergeState(): MergeStateStore {
  const spaces = new Map<string, Map<string, unknown>>();
  const space = (ns: string) => {
    let m = spaces.get(ns);
    if (!m) {
      m = new Map();
      spaces.set(ns, m);
    }
    return m;
  };
  return {
    get: (ns, key) => spaces.get(ns)?.get(key),
    getMany: (ns, keys) => {
      const m = spaces.get(ns);
      const out = new Map<string, unknown>();
      for (const k of keys) if (m?.has(k)) out.set(k, m.get(k));
      return out;
    },
    *scan(ns) {
      const m = spaces.get(ns);
      if (!m) return;
      for (const k of [...m.keys()].sort()) yield [k, m.get(k)];
    },
    keys: (ns) => [...(spaces.get(ns)?.keys() ?? [])].sort(),
    write(changes) {
      for (const c of changes) {
        if (c.value === undefined) spaces.get(c.ns)?.delete(c.key);
        else space(c.ns).set(c.key, structuredClone(c.value));
      }
    },
    clear: () => spaces.clear(),
  };
}

/**
 * The merge's working copy of the state: values are read once, changed in memory and written
 * back together by `flush`. Both the persisted and the in-memory state go through it, so an
 * incremental run and a from-scratch one execute the same code. Typed by a schema (namespace →
 * value type, `MergeSchema` for the merge): a namespace not in it, or a value of another type, does
 * not compile.
 */
export class StateCache<S extends object = MergeSchema> {
  /** Per namespace: key → value (`undefined` when known absent or deleted). */
  private readonly spaces = new Map<string, Map<string, unknown>>();
  /** Per namespace: keys changed since the last flush. */
  private readonly dirty = new Map<string, Set<string>>();

  /** `empty`: the store is known to hold nothing (just cleared), so misses are not looked up. */
  constructor(
    readonly store: MergeStateStore,
    private readonly empty = false,
  ) {}

  private space(ns: string): Map<string, unknown> {
    let m = this.spaces.get(ns);
    if (!m) {
      m = new Map();
      this.spaces.set(ns, m);
    }
    return m;
  }

  get<N extends keyof S & string>(ns: N, key: string): S[N] | undefined {
    const m = this.space(ns);
    const v = m.get(key);
    if (v !== undefined || m.has(key) || this.empty) return v as S[N] | undefined;
    const stored = this.store.get(ns, key) as S[N] | undefined;
    m.set(key, stored);
    return stored;
  }

  /** True when nothing is stored (a from-scratch run): reading ahead is pointless. */
  get cold(): boolean {
    return this.empty;
  }

  /** Reads the keys not in the working copy yet with one lookup (before many `get`s). */
  prefetch(ns: keyof S & string, keys: Iterable<string>): void {
    if (this.empty) return;
    const m = this.space(ns);
    const missing = new Set<string>();
    for (const k of keys) if (!m.has(k)) missing.add(k);
    if (missing.size === 0) return;
    const found = this.store.getMany(ns, [...missing]);
    for (const k of missing) m.set(k, found.get(k));
  }

  /** Marks a value as changed (call after mutating an object obtained with `get`). */
  set<N extends keyof S & string>(ns: N, key: string, value: S[N] | undefined): void {
    this.space(ns).set(key, value);
    let d = this.dirty.get(ns);
    if (!d) {
      d = new Set();
      this.dirty.set(ns, d);
    }
    d.add(key);
  }

  delete(ns: keyof S & string, key: string): void {
    this.set(ns, key, undefined);
  }

  /** Every value of a namespace (the working copy wins over the stored one), in key order. */
  scan<N extends keyof S & string>(ns: N): [string, S[N]][] {
    const m = this.space(ns);
    const keys = new Set<string>();
    if (this.empty) {
      // Started empty: the working copy holds everything, written or not.
      for (const k of m.keys()) keys.add(k);
    } else {
      for (const [k, v] of this.store.scan(ns)) {
        keys.add(k);
        if (!m.has(k)) m.set(k, v);
      }
      for (const k of this.dirty.get(ns) ?? []) keys.add(k);
    }
    const out: [string, S[N]][] = [];
    for (const k of [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
      const v = m.get(k);
      if (v !== undefined) out.push([k, v as S[N]]);
    }
    return out;
  }

  /** Every key of a namespace (the working copy wins over the stored one), in key order, without reading values. */
  keys(ns: keyof S & string): string[] {
    const m = this.space(ns);
    const keys = new Set<string>();
    if (!this.empty) {
      // A stored key the working copy holds as undefined was deleted by this run.
      for (const k of this.store.keys(ns)) if (!m.has(k) || m.get(k) !== undefined) keys.add(k);
    }
    for (const k of this.empty ? m.keys() : (this.dirty.get(ns) ?? []))
      if (m.get(k) !== undefined) keys.add(k);
    return [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  flush(): void {
    const changes: { ns: string; key: string; value: unknown }[] = [];
    // In key order: the store's index is then written front to back rather than at random places.
    for (const ns of [...this.dirty.keys()].sort()) {
      const m = this.space(ns);
      const keys = [...(this.dirty.get(ns) as Set<string>)].sort();
      for (const key of keys) changes.push({ ns, key, value: m.get(key) });
    }
    this.store.write(changes);
    this.dirty.clear();
  }
}
