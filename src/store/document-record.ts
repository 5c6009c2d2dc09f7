import type { ReaderName, StoredDocument } from '../core/types.js';
import { canonicalJson } from './canonical-json.js';
import { sha256Hex } from './document-id.js';

/**
 * A document exactly as its row stores it: the columns of the `documents` table (JSON-valued
 * fields as their stored JSON text). The row is bound into the custody log as hashes of these
 * values, so that `verify` can tell an edited field from the one that was ingested.
 */
export interface DocumentRowValues {
  id: string;
  sha256: string;
  record_key: string;
  source: string;
  reader: string;
  captured_at: string;
  title: string | null;
  outlet: string | null;
  url: string | null;
  published: string | null;
  byline: string | null;
  dateline: string | null;
  credits: string;
  series: string | null;
  external_id: string | null;
  inferred: string;
  chars: number;
  text: string;
}

/** The columns of a row besides its text, in table order. */
export const DOCUMENT_META_COLUMNS = [
  'id',
  'sha256',
  'record_key',
  'source',
  'reader',
  'captured_at',
  'title',
  'outlet',
  'url',
  'published',
  'byline',
  'dateline',
  'credits',
  'series',
  'external_id',
  'inferred',
  'chars',
] as const;

/** The row values of a document about to be stored. */
export function documentRowValues(doc: StoredDocument): DocumentRowValues {
  return {
    id: doc.id,
    sha256: doc.sha256,
    record_key: doc.recordKey,
    source: doc.source,
    reader: doc.reader,
    captured_at: doc.capturedAt,
    title: doc.title,
    outlet: doc.outlet,
    url: doc.url,
    published: doc.published,
    byline: doc.byline,
    dateline: doc.dateline === null ? null : JSON.stringify(doc.dateline),
    credits: JSON.stringify(doc.credits),
    series: doc.series,
    external_id: doc.externalId,
    inferred: JSON.stringify(doc.inferred),
    chars: doc.text.length,
    text: doc.text,
  };
}

/**
 * What a custody entry records of one new document: its id, its row number (`ord`, the ingest
 * order), the SHA-256 of its canonical text (`text`), and the SHA-256 of the canonical JSON of its
 * other columns (`record`: metadata, source, original, record key, reader, capture time, length).
 */
export interface DocumentBinding {
  id: string;
  ord: number;
  text: string;
  record: string;
}

/** The binding of a row: recomputed by `verify` from what the table holds now. */
export function documentBinding(row: DocumentRowValues, ord: number): DocumentBinding {
  const text = sha256Hex(row.text);
  const fields: { [key: string]: string | number | null } = {};
  for (const column of DOCUMENT_META_COLUMNS) fields[column] = row[column];
  return { id: row.id, ord, text, record: sha256Hex(canonicalJson(fields)) };
}

/** A documents row as read back: the evidence columns of `DocumentRowValues` without `chars`. */
export type DocumentRow = Omit<DocumentRowValues, 'chars'>;

export const DOCUMENT_COLUMNS =
  'id, sha256, record_key, source, reader, captured_at, title, outlet, url, published, byline, dateline, credits, series, external_id, inferred, text';

export function toDocument(row: DocumentRow): StoredDocument {
  return {
    id: row.id,
    sha256: row.sha256,
    recordKey: row.record_key,
    source: row.source,
    reader: row.reader as ReaderName,
    capturedAt: row.captured_at,
    title: row.title,
    outlet: row.outlet,
    url: row.url,
    published: row.published,
    byline: row.byline,
    dateline: row.dateline === null ? null : JSON.parse(row.dateline),
    credits: JSON.parse(row.credits),
    series: row.series,
    externalId: row.external_id,
    inferred: JSON.parse(row.inferred),
    text: row.text,
  };
}

/**
 * Documents of one large input are bound in groups (the custody entry's `recordGroups`): each
 * group of up to `RECORD_GROUP_SIZE` consecutive new rows by its first and last row number, its
 * documents' ids, and the SHA-256 of its bindings' lines (`bindingLine`). The entry stays about a
 * tenth of the size of one binding per document, and any edit, deletion or insertion of a row
 * still changes a digest (a deleted or added document is named by its id).
 */
export interface RecordGroup {
  from: number;
  to: number;
  ids: string[];
  digest: string;
}

export const RECORD_GROUP_SIZE = 256;

/** One binding as a line of a group's digest. */
export function bindingLine(b: DocumentBinding): string {
  return `${b.id} ${b.ord} ${b.text} ${b.record}\n`;
}
