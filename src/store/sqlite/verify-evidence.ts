import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import {
  bindingLine,
  type DocumentBinding,
  type DocumentRowValues,
  documentBinding,
  type RecordGroup,
} from '../document-record.js';
import { packContent } from '../original-packs.js';
import type { CustodyKind, JsonValue, VerifyProblem } from '../store.js';
import type { SqliteDatabase } from './database.js';

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

/** SHA-256 of a file, read in pieces. */
function hashFile(file: string): string {
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(1 << 20);
    for (;;) {
      const n = fs.readSync(fd, buffer, 0, buffer.length, null);
      if (n === 0) break;
      hash.update(buffer.subarray(0, n));
    }
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

/** A group of bound rows being checked: its digest recomputed from the rows found in its range. */
interface GroupCheck extends RecordGroup {
  seq: number;
  sha256: string;
  hash: ReturnType<typeof createHash>;
  /** Ids of the rows found in the group's range, in row order. */
  found: string[];
}

function describeIds(ids: readonly string[]): string {
  return ids.length <= 8 ? ids.join(', ') : `${ids.slice(0, 8).join(', ')} and ${ids.length - 8} more`;
}

/** A pack file's record as its first original's ingest entry bound it. */
interface PackBinding {
  seq: number;
  /** The content digest of the pack's name ({@link packContent}). */
  content: string;
  size: number;
  originals: number;
  createdAt: string;
}

export interface EvidenceReport {
  problems: VerifyProblem[];
  /** Documents ingested before their records were bound into custody (checked by count only). */
  legacyDocuments: number;
}

/**
 * Checks every evidence row (originals, provenance, documents, packs) against the custody log:
 * each row must be what an ingest entry says was stored, and each ingest entry's rows must still
 * be there. Feed it the log's entries (`collect`), then call `check`.
 */
export class EvidenceChecker {
  private readonly facts: IngestFact[] = [];
  private readonly bySeq = new Map<number, IngestFact>();
  private readonly packs = new Map<string, PackBinding>();

  constructor(
    private readonly db: SqliteDatabase,
    private readonly packPath: (name: string) => string,
    /** The store's folder of ledger files. */
    private readonly ledgerFolder: string,
  ) {}

  /** `ledgerSha256` of each analysis entry, by its seq. */
  private readonly ledgers = new Map<number, string>();

  collect = (seq: number, kind: CustodyKind, details: { [key: string]: JsonValue }): void => {
    if (kind === 'analysis' && typeof details.ledgerSha256 === 'string')
      this.ledgers.set(seq, details.ledgerSha256);
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
      this.packs.set(String(pack.content), {
        seq,
        content: String(pack.content),
        size: Number(pack.size),
        originals: Number(pack.originals),
        createdAt: String(pack.createdAt),
      });
    }
    this.bySeq.set(seq, fact);
  };

  check(): EvidenceReport {
    const problems: VerifyProblem[] = [];
    this.checkOriginals(problems);
    this.checkProvenance(problems);
    const legacyDocuments = this.checkDocuments(problems);
    this.checkPacks(problems);
    this.checkLedger(problems);
    return { problems, legacyDocuments };
  }

  /**
   * The latest ledger (what `export`, `report`, `brief` and `serve` read) must be the bytes the
   * analysis entry it names recorded: its SHA-256 is in that entry.
   */
  private checkLedger(problems: VerifyProblem[]): void {
    const row = this.db
      .prepare('SELECT ledger, custody_seq, itemized FROM analysis_ledger WHERE id = 1')
      .get() as { ledger: Buffer; custody_seq: number | null; itemized: number } | undefined;
    if (!row) return;
    const name = row.itemized ? row.ledger.toString('utf8') : 'the ledger kept in the database';
    const problem = (message: string, seq?: number): void => {
      problems.push({ kind: 'ledger-altered', ...(seq !== undefined ? { seq } : {}), message });
    };
    if (row.custody_seq === null) {
      if (this.ledgers.size > 0)
        problem(`The latest ledger (${name}) names no analysis entry of the custody log that wrote it.`);
      return;
    }
    const recorded = this.ledgers.get(row.custody_seq);
    if (recorded === undefined) {
      problem(
        `The latest ledger (${name}) names custody entry ${row.custody_seq}, which is not an analysis entry recording a ledger.`,
        row.custody_seq,
      );
      return;
    }
    let actual: string | null;
    try {
      actual = row.itemized
        ? hashFile(path.join(this.ledgerFolder, path.basename(row.ledger.toString('utf8'))))
        : createHash('sha256').update(inflateRawSync(row.ledger)).digest('hex');
    } catch {
      actual = null;
    }
    if (actual === null) problem(`The latest ledger (${name}) is missing or unreadable.`, row.custody_seq);
    else if (actual !== recorded)
      problem(
        `The latest ledger (${name}) was altered: it hashes to ${actual}, but custody entry ${row.custody_seq} recorded ${recorded}.`,
        row.custody_seq,
      );
  }

  private checkOriginals(problems: VerifyProblem[]): void {
    const firstStored = new Map<string, IngestFact>();
    for (const f of this.facts)
      if (f.outcome === 'new' && !firstStored.has(f.sha256)) firstStored.set(f.sha256, f);
    const rows = this.db
      .prepare('SELECT sha256, size, reader, captured_at, pack, pack_offset FROM originals')
      .all() as {
      sha256: string;
      size: number;
      reader: string;
      captured_at: string;
      pack: string | null;
      pack_offset: number | null;
    }[];
    const seen = new Set<string>();
    for (const row of rows) {
      seen.add(row.sha256);
      const fact = firstStored.get(row.sha256);
      if (!fact) {
        problems.push({
          kind: 'original-unbound',
          sha256: row.sha256,
          message: `The originals table lists ${row.sha256}, which no ingest entry of the custody log stored: the row was added outside Corroborate.`,
        });
        continue;
      }
      const changed = [
        row.size !== fact.size ? `size ${row.size} (custody: ${fact.size})` : '',
        row.reader !== fact.reader ? `reader ${row.reader} (custody: ${fact.reader})` : '',
        row.captured_at !== fact.capturedAt
          ? `captured_at ${row.captured_at} (custody: ${fact.capturedAt})`
          : '',
        // A loose original has neither a pack nor an offset; a packed one has both.
        (row.pack === null) !== (row.pack_offset === null)
          ? `pack ${row.pack ?? 'none'} with offset ${row.pack_offset ?? 'none'}`
          : '',
        row.pack_offset !== null && !(Number.isInteger(row.pack_offset) && row.pack_offset >= 0)
          ? `pack offset ${row.pack_offset}`
          : '',
      ].filter(Boolean);
      if (changed.length > 0) {
        problems.push({
          kind: 'original-record-altered',
          sha256: row.sha256,
          seq: fact.seq,
          message: `The originals row of ${row.sha256} differs from custody entry ${fact.seq}: ${changed.join(', ')}.`,
        });
      }
    }
    for (const [sha256, fact] of firstStored) {
      if (!seen.has(sha256)) {
        problems.push({
          kind: 'original-record-missing',
          sha256,
          seq: fact.seq,
          message: `Custody entry ${fact.seq} stored original ${sha256} (${fact.source}), but the originals table no longer lists it: the row was deleted.`,
        });
      }
    }
  }

  private checkProvenance(problems: VerifyProblem[]): void {
    const rows = this.db.prepare('SELECT sha256, source, captured_at, custody_seq FROM provenance').all() as {
      sha256: string;
      source: string;
      captured_at: string;
      custody_seq: number;
    }[];
    const key = (sha256: string, source: string): string => `${sha256}\n${source}`;
    const present = new Set<string>();
    for (const row of rows) {
      present.add(key(row.sha256, row.source));
      const fact = this.bySeq.get(row.custody_seq);
      if (
        !fact ||
        fact.sha256 !== row.sha256 ||
        fact.source !== row.source ||
        fact.capturedAt !== row.captured_at
      ) {
        problems.push({
          kind: 'provenance-altered',
          sha256: row.sha256,
          seq: row.custody_seq,
          message: fact
            ? `The provenance row (${row.sha256}, source ${JSON.stringify(row.source)}, captured ${row.captured_at}) differs from custody entry ${row.custody_seq}, which records source ${JSON.stringify(fact.source)} of ${fact.sha256} captured ${fact.capturedAt}.`
            : `The provenance row (${row.sha256}, source ${JSON.stringify(row.source)}) names custody entry ${row.custody_seq}, which is not an ingest entry: the row was added or edited outside Corroborate.`,
        });
      }
    }
    for (const fact of this.facts) {
      if (!present.has(key(fact.sha256, fact.source))) {
        problems.push({
          kind: 'provenance-missing',
          sha256: fact.sha256,
          seq: fact.seq,
          message: `Custody entry ${fact.seq} recorded source ${JSON.stringify(fact.source)} of ${fact.sha256}, but the provenance table no longer lists it: the row was deleted or edited.`,
        });
        present.add(key(fact.sha256, fact.source));
      }
    }
  }

  /** Returns the number of documents that predate bound records. */
  private checkDocuments(problems: VerifyProblem[]): number {
    const bound = new Map<string, { binding: DocumentBinding; seq: number }>();
    // Entries written before records were bound say only how many documents each original gave.
    const legacyAllowance = new Map<string, number>();
    const groups: GroupCheck[] = [];
    for (const f of this.facts) {
      for (const g of f.groups)
        groups.push({ ...g, seq: f.seq, sha256: f.sha256, hash: createHash('sha256'), found: [] });
      if (f.records) for (const b of f.records) bound.set(b.id, { binding: b, seq: f.seq });
      else if (f.newDocuments > 0)
        legacyAllowance.set(f.sha256, (legacyAllowance.get(f.sha256) ?? 0) + f.newDocuments);
    }
    groups.sort((a, b) => a.from - b.from);
    const groupOf = (ord: number): GroupCheck | null => {
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
    };
    let legacy = 0;
    const seen = new Set<string>();
    const rows = this.db
      .prepare(
        `SELECT ord, id, sha256, record_key, source, reader, captured_at, title, outlet, url, published,
                byline, dateline, credits, series, external_id, inferred, chars, text
         FROM documents ORDER BY ord`,
      )
      .iterate() as IterableIterator<DocumentRowValues & { ord: number }>;
    for (const row of rows) {
      seen.add(row.id);
      const entry = bound.get(row.id);
      const group = entry ? null : groupOf(row.ord);
      if (group) {
        group.hash.update(bindingLine(documentBinding(row, row.ord)));
        group.found.push(row.id);
        continue;
      }
      if (!entry) {
        const allowance = legacyAllowance.get(row.sha256) ?? 0;
        if (allowance > 0) {
          legacyAllowance.set(row.sha256, allowance - 1);
          legacy++;
          continue;
        }
        problems.push({
          kind: 'document-unbound',
          sha256: row.sha256,
          documents: [row.id],
          message: `Document ${row.id} (${row.source}) is in the documents table, but no ingest entry of the custody log stored it: the row was added outside Corroborate.`,
        });
        continue;
      }
      const now = documentBinding(row, row.ord);
      const { binding, seq } = entry;
      const what = [
        now.text !== binding.text ? 'its text' : '',
        now.record !== binding.record ? 'its metadata (title, outlet, dates, source or record fields)' : '',
        now.ord !== binding.ord ? `its position (row ${now.ord}, custody: ${binding.ord})` : '',
      ].filter(Boolean);
      if (what.length > 0) {
        problems.push({
          kind: 'document-altered',
          sha256: row.sha256,
          documents: [row.id],
          seq,
          message: `Document ${row.id} (${row.source}) no longer matches custody entry ${seq}: ${what.join(' and ')} changed.`,
        });
      }
    }
    for (const [id, { seq }] of bound) {
      if (!seen.has(id)) {
        problems.push({
          kind: 'document-missing',
          documents: [id],
          seq,
          message: `Custody entry ${seq} stored document ${id}, but the documents table no longer holds it: the row was deleted or its id edited.`,
        });
      }
    }
    for (const g of groups) {
      const expected = new Set(g.ids);
      const found = new Set(g.found);
      const missing = g.ids.filter((id) => !found.has(id));
      const added = g.found.filter((id) => !expected.has(id));
      const rows = `rows ${g.from}–${g.to}`;
      if (missing.length > 0) {
        problems.push({
          kind: 'document-missing',
          sha256: g.sha256,
          documents: missing,
          seq: g.seq,
          message: `Custody entry ${g.seq} stored document${missing.length > 1 ? 's' : ''} ${describeIds(missing)} in ${rows}, but the documents table no longer holds ${missing.length > 1 ? 'them' : 'it'} there: deleted, moved or its id edited.`,
        });
      }
      if (added.length > 0) {
        problems.push({
          kind: 'document-unbound',
          sha256: g.sha256,
          documents: added,
          seq: g.seq,
          message: `Document${added.length > 1 ? 's' : ''} ${describeIds(added)} in ${rows} ${added.length > 1 ? 'are' : 'is'} not among those custody entry ${g.seq} stored there: added or edited outside Corroborate.`,
        });
      }
      if (missing.length === 0 && added.length === 0 && g.hash.digest('hex') !== g.digest) {
        problems.push({
          kind: 'document-altered',
          sha256: g.sha256,
          documents: g.found,
          seq: g.seq,
          message: `The documents in ${rows} no longer match custody entry ${g.seq}: the text, metadata or position of one of ${describeIds(g.found)} changed.`,
        });
      }
    }
    for (const [sha256, left] of legacyAllowance) {
      if (left > 0) {
        problems.push({
          kind: 'document-missing',
          sha256,
          message: `The custody log stored ${left} more document(s) of original ${sha256} than the documents table holds: rows were deleted.`,
        });
      }
    }
    return legacy;
  }

  private checkPacks(problems: VerifyProblem[]): void {
    // Packs whose originals were all stored before packs were bound are checked loosely.
    const legacyOriginals = new Set(
      this.facts.filter((f) => f.outcome === 'new' && f.records === null).map((f) => f.sha256),
    );
    const rows = this.db
      .prepare(
        `SELECT p.name, p.size, p.originals, p.created_at,
                (SELECT count(*) FROM originals o WHERE o.pack = p.name) AS held,
                (SELECT group_concat(sha256, ' ') FROM originals o WHERE o.pack = p.name) AS shas
         FROM original_packs p`,
      )
      .all() as {
      name: string;
      size: number;
      originals: number;
      created_at: string;
      held: number;
      shas: string | null;
    }[];
    const names = new Set(rows.map((r) => r.name));
    const contents = new Set(rows.map((r) => packContent(r.name)));
    for (const row of rows) {
      let actual: number | null = null;
      try {
        actual = fs.statSync(this.packPath(row.name)).size;
      } catch {
        // A missing pack file is reported with each original it held.
      }
      const bound = this.packs.get(packContent(row.name));
      const legacy =
        !bound && row.shas !== null && row.shas.split(' ').every((sha) => legacyOriginals.has(sha));
      const changed = bound
        ? [
            row.size !== bound.size ? `size ${row.size} (custody: ${bound.size})` : '',
            row.originals !== bound.originals
              ? `originals ${row.originals} (custody: ${bound.originals})`
              : '',
            row.created_at !== bound.createdAt
              ? `created_at ${row.created_at} (custody: ${bound.createdAt})`
              : '',
          ]
        : legacy
          ? []
          : ['no ingest entry of the custody log wrote it'];
      // A pack may hold more originals than refer to it (bytes another process stored first are
      // left unused), never fewer.
      if (row.held > row.originals)
        changed.push(`it counts ${row.originals} originals but ${row.held} refer to it`);
      if (actual !== null && actual !== row.size)
        changed.push(`it records ${row.size} bytes but the file has ${actual}`);
      const what = changed.filter(Boolean);
      if (what.length > 0) {
        problems.push({
          kind: 'pack-record-altered',
          seq: bound?.seq,
          message: `The pack record ${row.name} does not match: ${what.join('; ')}.`,
        });
      }
    }
    for (const [content, bound] of this.packs) {
      if (!contents.has(content)) {
        problems.push({
          kind: 'pack-record-altered',
          seq: bound.seq,
          message: `Custody entry ${bound.seq} wrote a pack of content ${content}, which the pack table no longer records: the row was deleted.`,
        });
      }
    }
    const dangling = this.db
      .prepare('SELECT DISTINCT pack FROM originals WHERE pack IS NOT NULL')
      .pluck()
      .all() as string[];
    for (const name of dangling) {
      if (!names.has(name)) {
        problems.push({
          kind: 'pack-record-altered',
          message: `Originals are stored in pack ${name}, which the pack table does not record: the row was deleted.`,
        });
      }
    }
  }
}
