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
  /** The first member with this exact signature (same words, same speaker or claimant), if any. */
  sameAs(signature: string): string | undefined;
  setSameAs(signature: string, id: string): void;
  /** Reads ahead, in bulk: postings of `keys`, or the groups and records of member `ids`. */
  prefetch(keys: readonly string[], ids: readonly string[]): void;
}

/**
 * Adds new members (in canonical order) to groups of equivalent records: each is compared with
 * the earlier members filed under its blocking keys and joins every group it matches (groups it
 * bridges become one). Union of matching pairs, so the groups do not depend on the order pairs
 * are met. Returns the ids of the groups that changed.
 */
export function growGroups(
  state: GroupState,
  /**
   * `keys`: blocking keys searched; `file`: keys the record is filed under (default `keys`);
   * `signature`: equal for records that match exactly the same others ('' when unsure).
   */
  added: readonly { id: string; keys: readonly string[]; file?: readonly string[]; signature: string }[],
  matches: (id: string, other: string) => boolean,
): Set<string> {
  const changed = new Set<string>();
  for (const { id, keys, file, signature } of added) {
    state.setGroupOf(id, id);
    state.setMembers(id, [id]);
    // An exact repeat (a copy) matches whatever its first occurrence matched: join it directly,
    // and keep the candidate lists for distinct wordings.
    const first = signature === '' ? undefined : state.sameAs(signature);
    if (first !== undefined) {
      const group = union(state, id, state.groupOf(first), changed);
      changed.add(group);
      continue;
    }
    if (signature !== '') state.setSameAs(signature, id);
    let group = id;
    const filed = file ?? keys;
    state.prefetch([...new Set([...keys, ...filed])], []);
    const candidates = new Set<string>();
    for (const k of keys) for (const o of state.postings(k)) candidates.add(o);
    state.prefetch([], [...candidates]);
    for (const other of candidates) {
      const theirs = state.groupOf(other);
      if (theirs === group || !matches(id, other)) continue;
      group = union(state, group, theirs, changed);
    }
    changed.add(group);
    for (const k of filed) {
      const list = [...state.postings(k), id];
      if (list.length > MAX_PER_KEY) list.shift();
      state.setPostings(k, list);
    }
  }
  return changed;
}

/** Merges two groups into the larger (ties: the smaller id), so that joining a big group stays cheap; returns it. */
function union(state: GroupState, a: string, b: string, changed: Set<string>): string {
  const ma = state.members(a) ?? [];
  const mb = state.members(b) ?? [];
  const aKeeps = ma.length > mb.length || (ma.length === mb.length && compareStrings(a, b) <= 0);
  const [keep, drop, kept, moved] = aKeeps ? [a, b, ma, mb] : [b, a, mb, ma];
  for (const m of moved) state.setGroupOf(m, keep);
  kept.push(...moved);
  state.setMembers(keep, kept);
  state.setMembers(drop, undefined);
  changed.delete(drop);
  changed.add(keep);
  return keep;
}
