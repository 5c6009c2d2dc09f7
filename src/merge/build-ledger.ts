import type {
  Attribution,
  DocumentExtraction,
  Family,
  Ledger,
  LedgerDocument,
  LedgerEvent,
  ReusePair,
  StoredDocument,
} from '../core/types.js';
import { buildEvent } from './build-event.js';
import { clusterMentions, toItems } from './cluster-mentions.js';
import { groupClaims } from './group-claims.js';
import { groupQuotes } from './group-quotes.js';
import { createReuseIndex } from './reuse-index.js';
import { compareStrings } from './stable-id.js';

export interface LedgerInput {
  documents: readonly StoredDocument[];
  reuse: { pairs: readonly ReusePair[]; families: readonly Family[] };
  extractions: readonly DocumentExtraction[];
  custody: { entries: number; head: string };
}

/**
 * Merges per-document extractions into the ledger: events (incident mentions merged across
 * documents, figures reconciled, independent sources counted), quotes with their variants, and
 * claims with the denials linked to what they answer. Pure and deterministic: the same input in
 * any order gives the same ledger.
 *
 * @example
 * const ledger = buildLedger({ documents, reuse: loadReuse(store), extractions, custody: { entries: 3, head } });
 * ledger.events[0].independent_sources; // 2
 */
export function buildLedger(input: LedgerInput): Ledger {
  const known = new Set(input.documents.map((d) => d.id));
  const extractions = input.extractions
    .filter((x) => known.has(x.documentId))
    .sort((a, b) => compareStrings(a.documentId, b.documentId));
  const index = createReuseIndex(input.documents, input.reuse.pairs, input.reuse.families);

  const attributions = new Map<string, readonly Attribution[]>(
    extractions.map((x) => [x.documentId, x.attributions]),
  );
  const clusters = clusterMentions(toItems(extractions));
  const built = clusters.map((c) => buildEvent(c, { index, attributions }));
  const eventOfMention = new Map<string, string>();
  clusters.forEach((c, i) => {
    for (const item of c.items) eventOfMention.set(item.mention.id, (built[i] as LedgerEvent).id);
  });
  const events = [...built].sort(compareEvents);

  const quotes = groupQuotes(
    extractions.flatMap((x) => x.quotes),
    index,
  );
  const claims = groupClaims(extractions, events, eventOfMention, index);

  return {
    schema: 'corroborate.ledger/1',
    documents: input.documents
      .map(toLedgerDocument(input.reuse.families))
      .sort((a, b) => compareStrings(a.id, b.id)),
    families: input.reuse.families
      .map((f) => ({ id: f.id, documents: [...f.documents].sort(compareStrings), origin: f.origin }))
      .sort((a, b) => compareStrings(a.id, b.id)),
    reuse: [...input.reuse.pairs].sort((a, b) => compareStrings(a.a, b.a) || compareStrings(a.b, b.b)),
    events,
    quotes,
    claims,
    custody: { entries: input.custody.entries, head: input.custody.head },
  };
}

function compareEvents(a: LedgerEvent, b: LedgerEvent): number {
  return (
    b.independent_sources - a.independent_sources ||
    b.sources - a.sources ||
    compareStrings(a.date?.start ?? '9999', b.date?.start ?? '9999') ||
    compareStrings(a.id, b.id)
  );
}

function toLedgerDocument(families: readonly Family[]): (d: StoredDocument) => LedgerDocument {
  const familyOf = new Map<string, string>();
  for (const f of families) for (const d of f.documents) familyOf.set(d, f.id);
  return (d) => ({
    id: d.id,
    sha256: d.sha256,
    source: d.source,
    url: d.url,
    outlet: d.outlet,
    title: d.title,
    published: d.published,
    family: familyOf.get(d.id) ?? null,
  });
}
