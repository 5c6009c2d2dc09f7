import type pg from 'pg';
import { CustodyChainChecker } from '../custody-chain.js';
import { sha256Hex } from '../document-id.js';
import type { VerifyOptions, VerifyProblem, VerifyReport } from '../store.js';
import { describeIds, EvidenceChecker } from '../verify-evidence.js';
import { ExtractionsCheck } from '../verify-extractions.js';
import { LatestLedgerCheck } from '../verify-latest-ledger.js';

/** Originals read per round trip (their bytes come along). */
const ORIGINALS_PAGE = 100;
/** Rows of the other tables read per round trip. */
const PAGE = 1000;

/**
 * `verify` of a PostgreSQL store, with the embedded store's checks: the custody chain (and a
 * checkpoint), every original re-hashed from its bytes, and every original, provenance and
 * document row checked against the custody entry that stored it (`EvidenceChecker`), so that an
 * edited, deleted or inserted row is named, and the latest ledger against the analysis entry that
 * recorded it (`LatestLedgerCheck`). Every table is read in pages: memory holds the log's
 * facts, not the texts.
 */
export async function verifyPostgres(pool: pg.Pool, options: VerifyOptions = {}): Promise<VerifyReport> {
  const problems: VerifyProblem[] = [];
  const evidence = new EvidenceChecker();
  const ledger = new LatestLedgerCheck();
  const extractions = new ExtractionsCheck(evidence.storedBy);
  const checker = new CustodyChainChecker(options.checkpoint, (seq, kind, details) => {
    evidence.collect(seq, kind, details);
    ledger.collect(seq, kind, details);
    extractions.collect(seq, kind, details);
  });
  for (let from = 1; ; ) {
    const page = await pool.query(
      'SELECT seq, kind, at, details, hash FROM custody WHERE seq >= $1 ORDER BY seq LIMIT $2',
      [from, PAGE],
    );
    for (const r of page.rows) checker.add({ ...r, seq: Number(r.seq) });
    if (page.rows.length < PAGE) break;
    from = Number(page.rows[page.rows.length - 1].seq) + 1;
  }
  const chain = checker.finish();
  problems.push(...chain.problems);

  const total = Number((await pool.query('SELECT count(*) AS n FROM originals')).rows[0].n);
  let done = 0;
  for (let after = ''; ; ) {
    const page = await pool.query(
      'SELECT sha256, size, reader, captured_at, bytes FROM originals WHERE sha256 > $1 ORDER BY sha256 LIMIT $2',
      [after, ORIGINALS_PAGE],
    );
    for (const row of page.rows as {
      sha256: string;
      size: string;
      reader: string;
      captured_at: string;
      bytes: Buffer;
    }[]) {
      evidence.original({
        sha256: row.sha256,
        size: Number(row.size),
        reader: row.reader,
        captured_at: row.captured_at,
      });
      const actual = sha256Hex(row.bytes);
      if (actual !== row.sha256) {
        const documents = (
          await pool.query('SELECT id FROM documents WHERE sha256 = $1 ORDER BY ord', [row.sha256])
        ).rows.map((r) => r.id as string);
        const names =
          documents.length > 0
            ? ` of document${documents.length > 1 ? 's' : ''} ${describeIds(documents)}`
            : '';
        problems.push({
          kind: 'original-mismatch',
          sha256: row.sha256,
          documents,
          message: `The original ${row.sha256}${names} was altered: its bytes now hash to ${actual}.`,
        });
      }
      options.onProgress?.(++done, total);
      after = row.sha256;
    }
    if (page.rows.length < ORIGINALS_PAGE) break;
  }

  for (let after: [string, string] = ['', '']; ; ) {
    const page = await pool.query(
      `SELECT sha256, source, captured_at, custody_seq FROM provenance
       WHERE (sha256, source) > ($1, $2) ORDER BY sha256, source LIMIT $3`,
      [...after, PAGE],
    );
    for (const row of page.rows) {
      evidence.provenance({ ...row, custody_seq: Number(row.custody_seq) });
      after = [row.sha256, row.source];
    }
    if (page.rows.length < PAGE) break;
  }

  let documents = 0;
  for (let after = -1; ; ) {
    const page = await pool.query(
      `SELECT ord, id, sha256, record_key, source, reader, captured_at, title, outlet, url, published,
              byline, dateline, credits, series, external_id, inferred, chars, text
       FROM documents WHERE ord > $1 ORDER BY ord LIMIT $2`,
      [after, PAGE],
    );
    for (const row of page.rows) {
      after = Number(row.ord);
      documents++;
      evidence.document({ ...row, ord: after });
    }
    if (page.rows.length < PAGE) break;
  }
  const orphans = await pool.query(
    'SELECT d.id, d.sha256 FROM documents d LEFT JOIN originals o ON o.sha256 = d.sha256 WHERE o.sha256 IS NULL ORDER BY d.ord',
  );
  for (const o of orphans.rows as { id: string; sha256: string }[]) {
    problems.push({
      kind: 'document-without-original',
      sha256: o.sha256,
      documents: [o.id],
      message: `Document ${o.id} refers to original ${o.sha256}, which the store does not record.`,
    });
  }
  const bound = evidence.finish();
  problems.push(...bound.problems);
  const latest = (await pool.query('SELECT ledger, custody_seq FROM analysis_ledger WHERE id = 1')).rows[0] as
    | { ledger: Buffer; custody_seq: string | null }
    | undefined;
  problems.push(
    ...ledger.check(
      latest
        ? {
            name: 'the ledger kept in the database',
            custodySeq: latest.custody_seq === null ? null : Number(latest.custody_seq),
            sha256: sha256Hex(latest.ledger),
          }
        : null,
    ),
  );
  if (extractions.version !== null) {
    for (let after = ''; ; ) {
      const page = await pool.query(
        `SELECT document_id, extraction, merge_input FROM analysis_extractions
         WHERE extractor_version = $1 AND document_id > $2 ORDER BY document_id LIMIT $3`,
        [extractions.version, after, ORIGINALS_PAGE],
      );
      for (const r of page.rows as { document_id: string; extraction: Buffer; merge_input: string }[]) {
        extractions.row({ documentId: r.document_id, extraction: r.extraction, mergeInput: r.merge_input });
        after = r.document_id;
      }
      if (page.rows.length < ORIGINALS_PAGE) break;
    }
  }
  problems.push(...extractions.finish());
  problems.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0) || (a.sha256 ?? '').localeCompare(b.sha256 ?? ''));
  return {
    ok: problems.length === 0,
    originals: total,
    documents,
    checkpoint: chain.head,
    problems,
    unreferenced: 0,
    legacyDocuments: bound.legacyDocuments,
  };
}
