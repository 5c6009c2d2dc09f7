import type { LedgerClaim } from '../../core/types.js';
import { ANSWER_INDEX, answerGroups, claimHead, headOf } from '../answer-state.js';
import type { ClaimChanges } from './claims.js';
import type { Touched } from './events.js';
import type { MergeRun } from './run.js';

/**
 * Phase "answers": decides what the claims the run can have moved answer (see answer-state.ts)
 * and lists every claim whose group or answer changed.
 */
export function answerClaims(
  run: MergeRun,
  claims: ClaimChanges,
  touched: Touched,
  removed: ReadonlySet<string>,
): void {
  const { cache, meta, docs, changed } = run;
  // Answers, from compact event heads rather than the events themselves (a state from before the
  // heads were kept gets them once).
  if (!meta.heads) {
    for (const [k, e] of cache.scan('event')) cache.set('ehead', k, headOf(e));
    meta.heads = true;
  }
  // Answering reads little of each claim group: its head (a state from before heads gets them once).
  if (!meta.claimHeads) {
    for (const [g, c] of cache.scan('c.ledger')) cache.set('chead', g, claimHead(c));
    meta.claimHeads = true;
  }
  docs.prefetch(touched.documents);
  const answered = answerGroups({
    cache,
    full: cache.cold || meta.answerIndex !== ANSWER_INDEX,
    changes: {
      groups: claims.changed,
      dropped: claims.dropped,
      documents: touched.documents,
      places: touched.places,
    },
    claimsOf: (d) => docs.get(d)?.claims ?? [],
    removed,
  });
  meta.answerIndex = ANSWER_INDEX;
  // A claim changes with its group or its answer (which any event may move); it is kept with it.
  cache.prefetch(
    'c.ledger',
    answered.map((g) => g.group),
  );
  for (const g of answered) {
    const claim = {
      ...(cache.get('c.ledger', g.group) as LedgerClaim),
      answers: g.answers,
    };
    changed.claims.set(claim.id, claim);
    cache.set('c.ledger', g.group, claim);
    cache.set('chead', g.group, claimHead(claim));
  }
}
