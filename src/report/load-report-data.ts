import type { Ledger, LedgerDocument } from '../core/types.js';
import { loadLedger } from '../ledger-file/read.js';
import type { CustodyEntry, Store } from '../store/store.js';
import type { Highlight, ReportCustodyEntry, ReportData, ReportDocument } from './types.js';

export interface LoadReportDataOptions {
  /**
   * The analysed ledger; defaults to the store's latest (`loadLedger`). With none (null, or never
   * analysed) the report shows the stored documents only.
   */
  ledger?: Ledger | null;
  /** Extraction highlights per document id, when the analysis kept them. */
  highlights?: Record<string, Highlight[]>;
  /** Leave texts out (the live app fetches them per document). */
  texts?: boolean;
  /** When the report is made (ISO 8601); defaults to now. */
  generated?: string;
}

/** A custody entry as the report shows it; `document` stays null, entries name originals by sha256. */
export function toReportCustody(entry: CustodyEntry): ReportCustodyEntry {
  const d = entry.details;
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    seq: entry.seq,
    action: entry.kind,
    document: str(d.document),
    sha256: str(d.sha256),
    source: str(d.source) ?? str(d.file),
    at: str(d.capturedAt) ?? entry.at,
    hash: entry.hash,
  };
}

/**
 * Everything the report shows, read from the store: the ledger, every document with its text and
 * metadata, and the custody log.
 *
 * @example
 * const html = renderReport(loadReportData(store, { ledger: loadLedger(store) }));
 */
export function loadReportData(store: Store, options: LoadReportDataOptions = {}): ReportData {
  const custody = [...store.custody.entries()].map(toReportCustody);
  const checkpoint = store.custody.head();
  const ledger = options.ledger === undefined ? loadLedger(store) : options.ledger;
  const inLedger = new Map<string, LedgerDocument>((ledger?.documents ?? []).map((d) => [d.id, d]));
  const documents: ReportDocument[] = [];
  const ledgerDocs: LedgerDocument[] = [];
  for (const doc of store.documents.iterate()) {
    const ld = inLedger.get(doc.id);
    const base: LedgerDocument = ld ?? {
      id: doc.id,
      sha256: doc.sha256,
      source: doc.source,
      url: doc.url,
      outlet: doc.outlet,
      title: doc.title,
      published: doc.published,
      family: null,
    };
    ledgerDocs.push(base);
    documents.push({
      ...base,
      capturedAt: doc.capturedAt,
      reader: doc.reader,
      byline: doc.byline,
      credits: doc.credits,
      length: doc.text.length,
      ...(options.texts === false ? {} : { text: doc.text }),
    });
  }
  return {
    schema: 'corroborate.report/1',
    generated: options.generated ?? new Date().toISOString(),
    ledger: ledger
      ? { ...ledger, custody: ledger.custody ?? checkpoint }
      : {
          schema: 'corroborate.ledger/1',
          documents: ledgerDocs,
          families: [],
          reuse: [],
          events: [],
          quotes: [],
          claims: [],
          custody: checkpoint,
        },
    documents,
    ...(options.highlights ? { highlights: options.highlights } : {}),
    custody,
  };
}

/** Custody entries about one document: those naming it, or naming its original's sha256. */
export function custodyFor(data: ReportData, doc: { id: string; sha256: string }): ReportCustodyEntry[] {
  return data.custody.filter((c) => c.document === doc.id || (c.sha256 !== null && c.sha256 === doc.sha256));
}
