/**
 * What the report and the web app show. The same shape is embedded in the single-file report and
 * served (in parts) by `corroborate serve`; the front end in `web/` imports these types.
 * Pure types only: this file is imported by the browser bundle.
 */
import type { Ledger, LedgerDocument, Span } from '../core/types.js';

/** Kind of an extraction highlighted in the Document view. */
export type HighlightKind = 'incident' | 'quantity' | 'date' | 'place' | 'actor' | 'quote' | 'claim';

export interface Highlight {
  kind: HighlightKind;
  span: Span;
  /** Short explanation shown on hover/focus, e.g. `killed: 410 (at least)`. */
  label: string;
}

/** One entry of the append-only custody log, as shown to the user. */
export interface ReportCustodyEntry {
  /** Position in the log, from 1. */
  seq: number;
  /** What was recorded: `capture`, `duplicate`, `analysis`... */
  action: string;
  /** Document the entry is about, when it is about one. */
  document: string | null;
  /** SHA-256 (hex) of the original bytes. */
  sha256: string | null;
  source: string | null;
  /** ISO 8601, UTC. */
  at: string;
  /** Hash of this entry in the chain. */
  hash: string;
}

/** Ledger document plus what the Document view needs. `text` is absent when served lazily. */
export interface ReportDocument extends LedgerDocument {
  capturedAt: string | null;
  reader: string | null;
  byline: string | null;
  credits: string[];
  length: number;
  text?: string;
}

export interface ReportData {
  schema: 'corroborate.report/1';
  /** When the report was made (ISO 8601); the only volatile field. */
  generated: string;
  ledger: Ledger;
  documents: ReportDocument[];
  /** Extraction highlights per document id; optional. */
  highlights?: Record<string, Highlight[]>;
  custody: ReportCustodyEntry[];
  /**
   * Set in the single-file report: texts and the full custody log are packed apart, `custody`
   * holds only the latest entries, and `ledger.documents` is rebuilt from `documents`.
   */
  packed?: true;
}

/** Document page as served by `GET /api/documents/:id`. */
export interface DocumentPage {
  document: ReportDocument & { text: string };
  highlights: Highlight[];
  custody: ReportCustodyEntry[];
}
