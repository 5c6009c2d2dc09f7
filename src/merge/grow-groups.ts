import { compareStrings } from './stable-id.js';

/** Candidate lists per blocking key are capped so that a huge corpus stays near-linear. */
const MAX_PER_KEY = 400;

/** What `growGroups` reads and writes in the merge state (quotes or claims). */
export interface GroupState {
  /** Group id of a member. */
  groupOf(id: string): string;
  setGroupOf(id: string, group: string): void;
  /** Members of a group, or undefined when the id names no group. */
  members(group: string): string[] | undefined;
  setMembers(group: string, members: string[] | undefined): void;
  /** Member ids filed under a blocking key, oldest first. */
  postings(key: string): string[];
  setPostings(key: string, ids: string[]): void;
}

/**
 * Adds new members (in canonical order) to groups of equivalent records: each is compared with
 * the earlier members filed under its blocking keys and joins every group it matches (groups it
 * bridges become one). Union of matching pairs, so the groups do not depend on the order pairs
 * are met. Returns the ids of the groups that changed.
 */
export function growGroups(
  state: GroupState,
  added: readonly { id: string; keys: readonly string[] }[],
  matches: (id: string, other: string) => boolean,
): Set<string> {
  const changed = new Set<string>();
  for (const { id, keys } of added) {
    state.setGroupOf(id, id);
    state.setMembers(id, [id]);
    let group = id;
    const candidates = new Set<string>();
    for (const k of keys) for (const o of state.postings(k)) candidates.add(o);
    for (const other of candidates) {
      const theirs = state.groupOf(other);
      if (theirs === group || !matches(id, other)) continue;
      group = union(state, group, theirs, changed);
    }
    changed.add(group);
    for (const k of keys) {
      const list = [...state.postings(k), id];
      if (list.length > MAX_PER_KEY) list.shift();
      state.setPostings(k, list);
    }
  }
  return changed;
}

/** Merges two groups under the smaller id; returns it. */
function union(state: GroupState, a: string, b: string, changed: Set<string>): string {
  const [keep, drop] = compareStrings(a, b) <= 0 ? [a, b] : [b, a];
  const moved = state.members(drop) ?? [];
  for (const m of moved) state.setGroupOf(m, keep);
  state.setMembers(keep, [...(state.members(keep) ?? []), ...moved]);
  state.setMembers(drop, undefined);
  changed.delete(drop);
  changed.add(keep);
  return keep;
}
