import type { Family, Ledger, LedgerDocument, LedgerEvent } from '../../core/types.js';
import { canonicalDocument } from '../../ledger-file/canonical.js';
import type { RefusedReport } from '../bound-work.js';
import { compareLedgerClaims } from '../group-claims.js';
import { compareLedgerQuotes } from '../group-quotes.js';
import type { StateCache } from '../merge-state.js';
import type {
  LedgerBase,
  LedgerChanges,
  LedgerDocumentSource,
  MergeInput,
  MergeResult,
} from '../merge-types.js';
import { compareStrings } from '../stable-id.js';

/** What the run did, for the result. */
export interface RunOutcome {
  full: boolean;
  /** Documents whose extractions were merged. */
  merged: number;
  rebuilt: number;
  reached: ReadonlySet<string> | null;
  /** True when reuse was read around the reuse stage's additions only. */
  aroundAdded: boolean;
  refused: RefusedReport[];
  timings: Record<string, number>;
}

/**
 * Phase "assemble": the result of a run. The ledger's input sections (documents, families, reuse)
 * and the whole ledger are assembled from the input and the state only when asked for; on a run
 * that read reuse around the reuse stage's additions, the input items it changed are listed.
 */
export function assemble(
  run: { input: MergeInput; cache: StateCache; changed: LedgerChanges },
  outcome: RunOutcome,
): MergeResult {
  const { input, cache, changed } = run;
  const { full } = outcome;
  let lists: Omit<LedgerBase, 'custody'> | undefined;
  const listed = () => {
    lists ??= {
      documents: [
        ...describe(
          input,
          input.documents.map((d) => d.id),
        ),
      ]
        .map(toLedgerDocument(input.reuse.families))
        .sort((a, b) => compareStrings(a.id, b.id)),
      families: input.reuse.families
        .map((f) => ({ id: f.id, documents: [...f.documents].sort(compareStrings), origin: f.origin }))
        .sort((a, b) => compareStrings(a.id, b.id)),
      reuse: [...input.reuse.pairs].sort((a, b) => compareStrings(a.a, b.a) || compareStrings(a.b, b.b)),
    };
    return lists;
  };
  // Read only when asked for: a run that lists its input changes never reads every pair and family.
  const base: LedgerBase = {
    get documents() {
      return listed().documents;
    },
    get families() {
      return listed().families;
    },
    get reuse() {
      return listed().reuse;
    },
    custody: { entries: input.custody.entries, head: input.custody.head },
  };
  const news = input.reuse.added;
  if (!full && outcome.aroundAdded && news && input.reuse.familyChanges)
    inputChanges(changed, input, news, input.reuse.familyChanges);
  let ledger: Ledger | undefined;
  return {
    base,
    // Assembled when asked for: a run that writes only the changed items never reads the others.
    get ledger() {
      ledger ??= {
        schema: 'corroborate.ledger/1',
        documents: base.documents,
        families: base.families,
        reuse: base.reuse,
        events: cache
          .scan('event')
          .map(([, e]) => e)
          .sort(compareEvents),
        quotes: cache
          .scan('q.ledger')
          .map(([, q]) => q)
          .sort(compareLedgerQuotes),
        claims: cache
          .scan('c.ledger')
          .map(([, c]) => c)
          .sort(compareLedgerClaims),
        custody: base.custody,
      };
      return ledger;
    },
    full,
    merged: outcome.merged,
    rebuilt: outcome.rebuilt,
    changed,
    reused: full ? null : outcome.reached,
    refused: outcome.refused,
    timings: outcome.timings,
  };
}

/**
 * The documents, families and reuse items a run changed, from the reuse stage's additions: each
 * new pair, each changed family (removed ones as null) and the documents of the changed families
 * (a document's item changes only with its family, and every new document is in one).
 */
function inputChanges(
  changed: LedgerChanges,
  input: MergeInput,
  added: NonNullable<MergeInput['reuse']['added']>,
  familyChanges: NonNullable<MergeInput['reuse']['familyChanges']>,
): void {
  changed.families = new Map();
  changed.documents = new Map();
  changed.reuse = new Map();
  for (const id of familyChanges.removed) changed.families.set(id, null);
  const familyOf = new Map<string, string>();
  for (const f of familyChanges.families) {
    changed.families.set(f.id, {
      id: f.id,
      documents: [...f.documents].sort(compareStrings),
      origin: f.origin,
    });
    for (const d of f.documents) familyOf.set(d, f.id);
  }
  for (const d of describe(input, [...familyOf.keys()])) {
    changed.documents.set(d.id, ledgerDocument(d, familyOf.get(d.id) ?? null));
  }
  for (const p of added.pairs) changed.reuse.set(`${p.a}\u0000${p.b}`, p);
}

function compareEvents(a: LedgerEvent, b: LedgerEvent): number {
  return (
    b.independent_sources - a.independent_sources ||
    b.sources - a.sources ||
    compareStrings(a.date?.start ?? '9999', b.date?.start ?? '9999') ||
    compareStrings(a.id, b.id)
  );
}

function toLedgerDocument(families: readonly Family[]): (d: LedgerDocumentSource) => LedgerDocument {
  const familyOf = new Map<string, string>();
  for (const f of families) for (const d of f.documents) familyOf.set(d, f.id);
  return (d) => ledgerDocument(d, familyOf.get(d.id) ?? null);
}

/** The ledger fields of the documents `ids`, from `describe` or the input's own entries. */
function describe(input: MergeInput, ids: readonly string[]): Iterable<LedgerDocumentSource> {
  if (input.describe) return input.describe(ids);
  const byId = new Map(input.documents.map((d) => [d.id, d as LedgerDocumentSource]));
  return ids.map((id) => byId.get(id)).filter((d): d is LedgerDocumentSource => d !== undefined);
}

function ledgerDocument(d: LedgerDocumentSource, family: string | null): LedgerDocument {
  return canonicalDocument(d, family);
}
