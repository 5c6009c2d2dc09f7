import { createHash } from 'node:crypto';
import {
  bindingLine,
  type DocumentBinding,
  type DocumentRowValues,
  documentBinding,
  type RecordGroup,
} from './document-record.js';
import type { CustodyKind, JsonValue, VerifyProblem } from './store.js';

/** What one ingest entry of the custody log says was stored. */
interface IngestFact {
  seq: number;
  sha256: string;
  source: string;
  capturedAt: string;
  size: number;
  reader: string;
  outcome: string;
  newDocuments: number;
  /** The new documents' bindings; absent in entries written before documents were bound. */
  records: DocumentBinding[] | null;
  /** A large input's new documents, bound in groups of rows (see `RecordGroup`). */
  groups: RecordGroup[];
}

/** A group of bound rows being checked: its digest recomputed from the rows found in its range. */
interface GroupCheck extends RecordGroup {
  seq: number;
  sha256: string;
  hash: ReturnType<typeof createHash>;
  /** Ids of the rows found in the group's range, in row order. */
  found: string[];
  /** The last row position hashed: rows must arrive in order for the digest to be recomputed. */
  last: number;
}

/**
 * A pack file's record as its first original's ingest entry bound it (embedded stores written
 * before pack files were left out of custody; see `src/store/sqlite/verify-packs.ts`).
 */
export interface PackBinding {
  seq: number;
  /** The content digest of the pack's name (`packContent`). */
  content: string;
  size: number;
}

/** An `originals` row's evidence columns. */
export interface OriginalEvidenceRow {
  sha256: string;
  size: number;
  reader: string;
  captured_at: string;
}

/** A `provenance` row. */
export interface ProvenanceEvidenceRow {
  sha256: string;
  source: string;
  captured_at: string;
  custody_seq: number;
}

/** A `documents` row with its position. */
export type DocumentEvidenceRow = DocumentRowValues & { ord: number };

export interface EvidenceReport {
  problems: VerifyProblem[];
  /** Documents ingested before their records were bound into custody (checked by count only). */
  legacyDocuments: number;
}

/**
 * Checks every evidence row (originals, provenance, documents) against the custody log, the same
 * way on every backend: each row must be what an ingest entry says was stored, and each ingest
 * entry's rows must still be there. Feed it the whole log first (`collect`, as the chain is
 * checked), then every row of each table in any order (`original`, `provenance`, `document`, one
 * page at a time if need be), then call `finish`.
 */
export class EvidenceChecker {
  private readonly facts: IngestFact[] = [];
  private readonly bySeq = new Map<number, IngestFact>();
  private readonly packs = new Map<string, PackBinding>();
  private readonly found = {
    originals: [] as VerifyProblem[],
    provenance: [] as VerifyProblem[],
    documents: [] as VerifyProblem[],
  };
  private firstStored: Map<string, IngestFact> | null = null;
  private readonly seenOriginals = new Set<string>();
  private readonly presentSources = new Set<string>();
  private bound: Map<string, { binding: DocumentBinding; seq: number }> | null = null;
  /** Record groups of large inputs, by first row position. */
  private groups: GroupCheck[] = [];
  /** Per original, how many documents entries written before documents were bound still allow. */
  private readonly legacyAllowance = new Map<string, number>();
  private legacy = 0;
  private readonly seenDocuments = new Set<string>();

  collect = (seq: number, kind: CustodyKind, details: { [key: string]: JsonValue }): void => {
    if (kind !== 'ingest') return;
    const records = Array.isArray(details.records) ? (details.records as unknown as DocumentBinding[]) : null;
    const fact: IngestFact = {
      seq,
      sha256: String(details.sha256),
      source: String(details.source),
      capturedAt: String(details.capturedAt),
      size: Number(details.size),
      reader: String(details.reader),
      outcome: String(details.outcome),
      newDocuments: Number(details.newDocuments ?? 0),
      records,
      groups: Array.isArray(details.recordGroups)
        ? (details.recordGroups as unknown as RecordGroup[]).filter((g) => g && Array.isArray(g.ids))
        : [],
    };
    this.facts.push(fact);
    const pack = details.pack as { [key: string]: JsonValue } | undefined;
    if (pack && typeof pack === 'object' && !Array.isArray(pack)) {
      this.packs.set(String(pack.content), { seq, content: String(pack.content), size: Number(pack.size) });
    }
    this.bySeq.set(seq, fact);
  };

  /** Pack files bound by ingest entries (older embedded stores), by content digest. */
  get packBindings(): ReadonlyMap<string, PackBinding> {
    return this.packs;
  }

  original(row: OriginalEvidenceRow): void {
    if (!this.firstStored) {
      this.firstStored = new Map();
      for (const f of this.facts)
        if (f.outcome === 'new' && !this.firstStored.has(f.sha256)) this.firstStored.set(f.sha256, f);
    }
    this.seenOriginals.add(row.sha256);
    const fact = this.firstStored.get(row.sha256);
    if (!fact) {
      this.found.originals.push({
        kind: 'original-unbound',
        sha256: row.sha256,
        message: `The originals table lists ${row.sha256}, which no ingest entry of the custody log stored: the row was added outside Corroborate.`,
      });
      return;
    }
    const changed = [
      row.size !== fact.size ? `size ${row.size} (custody: ${fact.size})` : '',
      row.reader !== fact.reader ? `reader ${row.reader} (custody: ${fact.reader})` : '',
      row.captured_at !== fact.capturedAt
        ? `captured_at ${row.captured_at} (custody: ${fact.capturedAt})`
        : '',
    ].filter(Boolean);
    if (changed.length > 0) {
      this.found.originals.push({
        kind: 'original-record-altered',
        sha256: row.sha256,
        seq: fact.seq,
        message: `The originals row of ${row.sha256} differs from custody entry ${fact.seq}: ${changed.join(', ')}.`,
      });
    }
  }

  provenance(row: ProvenanceEvidenceRow): void {
    this.presentSources.add(sourceKey(row.sha256, row.source));
    const fact = this.bySeq.get(row.custody_seq);
    if (
      fact &&
      fact.sha256 === row.sha256 &&
      fact.source === row.source &&
      fact.capturedAt === row.captured_at
    )
      return;
    this.found.provenance.push({
      kind: 'provenance-altered',
      sha256: row.sha256,
      seq: row.custody_seq,
      message: fact
        ? `The provenance row (${row.sha256}, source ${JSON.stringify(row.source)}, captured ${row.captured_at}) differs from custody entry ${row.custody_seq}, which records source ${JSON.stringify(fact.source)} of ${fact.sha256} captured ${fact.capturedAt}.`
        : `The provenance row (${row.sha256}, source ${JSON.stringify(row.source)}) names custody entry ${row.custody_seq}, which is not an ingest entry: the row was added or edited outside Corroborate.`,
    });
  }

  /** A `documents` row. Rows of a large input's record group must come in row order (`ord`). */
  document(row: DocumentEvidenceRow): void {
    const bound = this.boundDocuments();
    this.seenDocuments.add(row.id);
    const entry = bound.get(row.id);
    const group = entry ? null : this.groupOf(row.ord);
    if (group) {
      if (row.ord < group.last)
        throw new Error('verify: documents of a record group must be read in row order');
      group.last = row.ord;
      group.hash.update(bindingLine(documentBinding(row, row.ord)));
      group.found.push(row.id);
      return;
    }
    if (!entry) {
      const allowance = this.legacyAllowance.get(row.sha256) ?? 0;
      if (allowance > 0) {
        this.legacyAllowance.set(row.sha256, allowance - 1);
        this.legacy++;
        return;
      }
      this.found.documents.push({
        kind: 'document-unbound',
        sha256: row.sha256,
        documents: [row.id],
        message: `Document ${row.id} (${row.source}) is in the documents table, but no ingest entry of the custody log stored it: the row was added outside Corroborate.`,
      });
      return;
    }
    const now = documentBinding(row, row.ord);
    const { binding, seq } = entry;
    const what = [
      now.text !== binding.text ? 'its text' : '',
      now.record !== binding.record ? 'its metadata (title, outlet, dates, source or record fields)' : '',
      now.ord !== binding.ord ? `its position (row ${now.ord}, custody: ${binding.ord})` : '',
    ].filter(Boolean);
    if (what.length > 0) {
      this.found.documents.push({
        kind: 'document-altered',
        sha256: row.sha256,
        documents: [row.id],
        seq,
        message: `Document ${row.id} (${row.source}) no longer matches custody entry ${seq}: ${what.join(' and ')} changed.`,
      });
    }
  }

  /**
   * The ingest entry that stored a document, by id, as custody binds it (undefined for documents of
   * stores written before documents were bound, and for ids no entry stored).
   */
  storedBy = (documentId: string): number | undefined => {
    const entry = this.boundDocuments().get(documentId);
    if (entry) return entry.seq;
    if (!this.groupSeqs) {
      this.groupSeqs = new Map();
      for (const g of this.groups) for (const id of g.ids) this.groupSeqs.set(id, g.seq);
    }
    return this.groupSeqs.get(documentId);
  };

  private groupSeqs: Map<string, number> | null = null;

  /** The rows that custody recorded but the tables no longer hold, with every problem found. */
  finish(): EvidenceReport {
    const { originals, provenance, documents } = this.found;
    for (const f of this.facts) {
      if (f.outcome !== 'new' || this.seenOriginals.has(f.sha256)) continue;
      this.seenOriginals.add(f.sha256);
      originals.push({
        kind: 'original-record-missing',
        sha256: f.sha256,
        seq: f.seq,
        message: `Custody entry ${f.seq} stored original ${f.sha256} (${f.source}), but the originals table no longer lists it: the row was deleted.`,
      });
    }
    for (const f of this.facts) {
      const key = sourceKey(f.sha256, f.source);
      if (this.presentSources.has(key)) continue;
      this.presentSources.add(key);
      provenance.push({
        kind: 'provenance-missing',
        sha256: f.sha256,
        seq: f.seq,
        message: `Custody entry ${f.seq} recorded source ${JSON.stringify(f.source)} of ${f.sha256}, but the provenance table no longer lists it: the row was deleted or edited.`,
      });
    }
    for (const [id, { seq }] of this.boundDocuments()) {
      if (this.seenDocuments.has(id)) continue;
      documents.push({
        kind: 'document-missing',
        documents: [id],
        seq,
        message: `Custody entry ${seq} stored document ${id}, but the documents table no longer holds it: the row was deleted or its id edited.`,
      });
    }
    for (const g of this.groups) {
      const expected = new Set(g.ids);
      const found = new Set(g.found);
      const missing = g.ids.filter((id) => !found.has(id));
      const added = g.found.filter((id) => !expected.has(id));
      const rows = `rows ${g.from}–${g.to}`;
      if (missing.length > 0) {
        documents.push({
          kind: 'document-missing',
          sha256: g.sha256,
          documents: missing,
          seq: g.seq,
          message: `Custody entry ${g.seq} stored document${missing.length > 1 ? 's' : ''} ${describeIds(missing)} in ${rows}, but the documents table no longer holds ${missing.length > 1 ? 'them' : 'it'} there: deleted, moved or its id edited.`,
        });
      }
      if (added.length > 0) {
        documents.push({
          kind: 'document-unbound',
          sha256: g.sha256,
          documents: added,
          seq: g.seq,
          message: `Document${added.length > 1 ? 's' : ''} ${describeIds(added)} in ${rows} ${added.length > 1 ? 'are' : 'is'} not among those custody entry ${g.seq} stored there: added or edited outside Corroborate.`,
        });
      }
      if (missing.length === 0 && added.length === 0 && g.hash.digest('hex') !== g.digest) {
        documents.push({
          kind: 'document-altered',
          sha256: g.sha256,
          documents: g.found,
          seq: g.seq,
          message: `The documents in ${rows} no longer match custody entry ${g.seq}: the text, metadata or position of one of ${describeIds(g.found)} changed.`,
        });
      }
    }
    for (const [sha256, left] of this.legacyAllowance) {
      if (left > 0) {
        documents.push({
          kind: 'document-missing',
          sha256,
          message: `The custody log stored ${left} more document(s) of original ${sha256} than the documents table holds: rows were deleted.`,
        });
      }
    }
    return { problems: [...originals, ...provenance, ...documents], legacyDocuments: this.legacy };
  }

  private boundDocuments(): Map<string, { binding: DocumentBinding; seq: number }> {
    if (!this.bound) {
      this.bound = new Map();
      // Entries written before records were bound say only how many documents each original gave.
      for (const f of this.facts) {
        for (const g of f.groups)
          this.groups.push({
            ...g,
            seq: f.seq,
            sha256: f.sha256,
            hash: createHash('sha256'),
            found: [],
            last: -1,
          });
        if (f.records) for (const b of f.records) this.bound.set(b.id, { binding: b, seq: f.seq });
        else if (f.newDocuments > 0)
          this.legacyAllowance.set(f.sha256, (this.legacyAllowance.get(f.sha256) ?? 0) + f.newDocuments);
      }
      this.groups.sort((a, b) => a.from - b.from);
    }
    return this.bound;
  }

  private groupOf(ord: number): GroupCheck | null {
    const groups = this.groups;
    let lo = 0;
    let hi = groups.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const g = groups[mid] as GroupCheck;
      if (ord < g.from) hi = mid - 1;
      else if (ord > g.to) lo = mid + 1;
      else return g;
    }
    return null;
  }
}

function sourceKey(sha256: string, source: string): string {
  return `${sha256}\n${source}`;
}

/** Document ids for a message: the first five and how many more. */
export function describeIds(ids: readonly string[]): string {
  return ids.length <= 5 ? ids.join(', ') : `${ids.slice(0, 5).join(', ')} and ${ids.length - 5} more`;
}
