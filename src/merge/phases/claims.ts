import type { DocumentExtraction, LedgerClaim } from '../../core/types.js';
import { claimHead, type StoredClaim } from '../answer-state.js';
import { buildClaim, type ClaimItem, claimItem, compareClaims, sameClaim } from '../group-claims.js';
import { growGroups } from '../grow-groups.js';
import { rareKeys } from '../rare-keys.js';
import type { DocRecord } from '../state-schema.js';
import { canonicalClaimant, forgetSpeaker, splitClaimant } from './quotes.js';
import { counts, groupState, type MergeRun, track, wordSets } from './run.js';

/** The claim groups this run changed: built, grown or rebuilt, and those merged into another. */
export interface ClaimChanges {
  changed: Set<string>;
  dropped: Set<string>;
}

/**
 * Phase "claims": the new claims (with the cluster of each incident mention they refer to) join
 * the stored claim groups; every group that grew, or holds a claim whose reuse changed, is
 * rebuilt. A rebuilt claim is listed as changed once its answer is known (phase "answers").
 */
export function groupNewClaims(
  run: MergeRun,
  extractions: readonly DocumentExtraction[],
  clusterOf: ReadonlyMap<string, number>,
  speakersBefore: Map<string, number>,
): ClaimChanges {
  const { cache, docs, dirty, changed, index } = run;
  // Claims.
  const newClaims: StoredClaim[] = [];
  for (const x of extractions) {
    for (const c of x.claims) {
      const item = claimItem(c, x);
      const at: Record<string, number> = {};
      for (const m of [...c.about, ...item.incidents]) {
        const cluster = clusterOf.get(m);
        if (cluster !== undefined) at[m] = cluster;
      }
      newClaims.push({ ...item, at });
      (docs.get(c.documentId) as DocRecord).claims.push(c.id);
    }
  }
  newClaims.sort((a, b) => compareClaims(a.claim, b.claim));
  for (const c of newClaims) cache.set('claim', c.claim.id, c);
  const claimOf = (id: string) => cache.get('claim', id) as StoredClaim;
  const claimSets = wordSets<ClaimItem>((c) => c.words);
  const claimKeys = rareKeys(
    newClaims.map((c) => c.words),
    3,
    counts(cache, 'cdf'),
    // Quote and claim groups are unions of matching pairs: with every rare word a key, the pairs
    // found, and so the groups, do not depend on which run merged which item.
    { everyRare: true },
  );
  const droppedClaims = new Set<string>();
  const changedClaims = growGroups(
    groupState(
      cache,
      'c',
      (old) => track(changed.claims, old as LedgerClaim, undefined),
      (g) => droppedClaims.add(g),
    ),
    newClaims.map((c, i) => ({
      id: c.claim.id,
      keys: claimKeys[i]?.lookup ?? [],
      file: claimKeys[i]?.insert ?? [],
      signature: claimSignature(c),
    })),
    (a, b) => sameClaim(claimOf(a), claimOf(b), claimSets),
  );
  cache.prefetch('c.group', dirty.claims);
  for (const c of dirty.claims) changedClaims.add(cache.get('c.group', c) as string);
  cache.prefetch('c.members', changedClaims);
  cache.prefetch(
    'claim',
    [...changedClaims].flatMap((g) => cache.get('c.members', g) ?? []),
  );
  for (const g of droppedClaims) forgetSpeaker(cache, 'c.claimant', g, speakersBefore);
  cache.prefetch('c.claimant', changedClaims);
  for (const g of changedClaims) {
    const members = cache.get('c.members', g);
    const claim = members ? buildClaim(members.map(claimOf), index) : undefined;
    // A claimant is a speaker too: counted with the quotes' speakers and given the same canonical form.
    const before = cache.get('c.claimant', g);
    const after = claim?.claimant ?? undefined;
    if (before !== after) {
      if (before !== undefined) {
        const { name } = splitClaimant(before);
        speakersBefore.set(name, (speakersBefore.get(name) ?? 0) - 1);
      }
      if (after !== undefined) {
        const { name } = splitClaimant(after);
        speakersBefore.set(name, (speakersBefore.get(name) ?? 0) + 1);
      }
      cache.set('c.claimant', g, after);
    }
    if (claim && after !== undefined)
      claim.claimant = canonicalClaimant(after, (name) => cache.get('q.canon', name));
    // The claim is listed once its answer is known (below); an id gone is removed now.
    const old = cache.get('c.ledger', g);
    if (old && (!claim || old.id !== claim.id) && !changed.claims.get(old.id))
      changed.claims.set(old.id, null);
    cache.set('c.ledger', g, claim);
    cache.set('chead', g, claim ? claimHead(claim) : undefined);
  }
  return { changed: changedClaims, dropped: droppedClaims };
}

/** Claims with the same stance, claimant and word set (three words or more) match the same others (see `sameClaim`). */
const claimSignature = (c: ClaimItem) => {
  const words = [...new Set(c.words)].sort();
  return words.length < 3 ? '' : `${c.claim.stance}\u0000${c.claim.claimant ?? ''}\u0000${words.join(' ')}`;
};
