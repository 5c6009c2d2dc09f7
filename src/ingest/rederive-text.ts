import crypto from 'node:crypto';
import type { StoredDocument } from '../core/types.js';
import type { AsyncStore } from '../store/async-store.js';
import { sha256Hex } from '../store/document-id.js';
import type { VerifyProblem } from '../store/store.js';
import type { InputFormat } from './detect-format.js';
import { resolveLimits } from './limits.js';
import { readInput } from './readers/read-input.js';

/** Custody entries read per round trip. */
const ENTRIES_PAGE = 5000;

export interface RederiveOptions {
  /** Originals to read again, chosen at random (default: every original). */
  sample?: number;
  /** Called after each original is read again. */
  onProgress?: (done: number, total: number) => void;
}

export interface RederiveReport {
  /** Originals read again. */
  originals: number;
  /** Documents whose text was compared. */
  documents: number;
  problems: VerifyProblem[];
}

/**
 * `verify --deep`: reads originals again with the reader that first read them and compares each
 * document's stored canonical text with the text read now. A stored text edited in the database
 * (with its custody entry rewritten to match) shows here, since the original's bytes are checked
 * by hash separately. An input declared in another encoding is read in it again. Limits are those of a default ingest with no cap on size, so that any input
 * ingest accepted is read again in full.
 */
export async function rederiveTexts(
  store: AsyncStore,
  options: RederiveOptions = {},
): Promise<RederiveReport> {
  const byOriginal = new Map<string, StoredDocument[]>();
  for await (const doc of store.documents.iterate()) {
    let list = byOriginal.get(doc.sha256);
    if (!list) {
      list = [];
      byOriginal.set(doc.sha256, list);
    }
    // Only what the comparison needs is kept: the text's hash, not the text.
    list.push({ ...doc, text: sha256Hex(doc.text) });
  }
  // The encoding each original was declared in when it was ingested (custody records it).
  const encodings = new Map<string, string>();
  for (let from = 1; ; ) {
    const page = await store.custody.entries({ from, limit: ENTRIES_PAGE });
    for (const entry of page) {
      const encoding = entry.kind === 'ingest' ? entry.details.encoding : undefined;
      const sha256 = entry.details.sha256;
      if (typeof encoding === 'string' && typeof sha256 === 'string' && !encodings.has(sha256))
        encodings.set(sha256, encoding);
    }
    if (page.length < ENTRIES_PAGE) break;
    from = (page[page.length - 1]?.seq ?? 0) + 1;
  }
  let originals = [...byOriginal.keys()].sort();
  if (options.sample !== undefined && options.sample < originals.length) {
    const seed = crypto.randomBytes(16).toString('hex');
    originals = originals
      .map((sha) => ({ sha, key: sha256Hex(seed + sha) }))
      .sort((a, b) => (a.key < b.key ? -1 : 1))
      .slice(0, options.sample)
      .map((o) => o.sha)
      .sort();
  }
  const limits = resolveLimits({
    maxFileBytes: Number.MAX_SAFE_INTEGER,
    maxDecompressedBytes: Number.MAX_SAFE_INTEGER,
    maxRecords: Number.MAX_SAFE_INTEGER,
    maxTextChars: Number.MAX_SAFE_INTEGER,
    maxLineBytes: Number.MAX_SAFE_INTEGER,
  });
  const problems: VerifyProblem[] = [];
  let documents = 0;
  let done = 0;
  for (const sha256 of originals) {
    const docs = byOriginal.get(sha256) ?? [];
    const first = docs[0] as StoredDocument;
    let texts = new Map<string, string>();
    try {
      const bytes = await store.originals.read(sha256);
      if (!bytes) throw new Error(`original ${sha256} is not stored`);
      const format = first.reader === 'stdin' ? undefined : (first.reader as InputFormat);
      const encoding = encodings.get(sha256);
      const result = readInput(bytes, {
        source: first.source,
        limits,
        format,
        ...(encoding ? { encoding } : {}),
      });
      texts = new Map(result.records.map((r) => [r.recordKey, sha256Hex(r.text)]));
    } catch {
      // An unreadable original is reported by the re-hash; here each of its documents is unconfirmed.
    }
    for (const doc of docs) {
      documents++;
      const now = texts.get(doc.recordKey);
      if (now === doc.text) continue;
      problems.push({
        kind: 'text-rederived-mismatch',
        sha256,
        documents: [doc.id],
        message:
          now === undefined
            ? `Document ${doc.id} (${doc.source}): reading original ${sha256} again gives no record ${JSON.stringify(doc.recordKey)}.`
            : `Document ${doc.id} (${doc.source}): its stored text differs from the text read again from original ${sha256} (edited in the database, or read differently by this version's reader).`,
      });
    }
    options.onProgress?.(++done, originals.length);
  }
  return { originals: originals.length, documents, problems };
}
