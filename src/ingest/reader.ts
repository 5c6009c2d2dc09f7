import type { Diagnostic, DocumentMeta, ReaderName } from '../core/types.js';

/** Hard limits applied while reading untrusted input. Each is a documented CLI option. */
export interface ReadLimits {
  /** Largest input file accepted, in bytes. */
  maxFileBytes: number;
  /** Largest decompressed size of one gzip member or file, in bytes. */
  maxDecompressedBytes: number;
  /** Largest decompressed/compressed ratio before an input is treated as a decompression bomb. */
  maxCompressionRatio: number;
  /** Longest single line (JSON Lines record, text line), in bytes. */
  maxLineBytes: number;
  /** Deepest HTML/XML/JSON nesting accepted. */
  maxDepth: number;
  /** Most records read from one input (JSON Lines lines, WARC records, feed items). */
  maxRecords: number;
  /** Longest canonical text kept for one document, in characters. */
  maxTextChars: number;
  /** Longest time reading one input may take, in seconds (ingest stops the reader and rejects it). */
  maxReadSeconds: number;
}

/** One report read from an input, before it is stored. */
export interface ReadRecord {
  /** Key of the record inside the input: `''` for a single-document file, `line 3`, `item 2`, a WARC-Record-ID. */
  recordKey: string;
  /** Canonical text (NFC, `\n` line endings). */
  text: string;
  /** Metadata the input itself gave; the ingest step adds inferred and manifest values. */
  meta: Partial<DocumentMeta>;
  /** For WARC and feed records: the record's own URL, used as the document's `source`. */
  sourceUrl?: string;
  /** For WARC records: whether the recorded digest matched the bytes (null when none was recorded). */
  digestMatched?: boolean | null;
  /**
   * For WARC records: when the page was captured (the record's WARC-Date, ISO 8601), which is not
   * the page's publication time (`meta.published`). Added by the readers; ingest may record it in
   * custody or use it as the document's capture time.
   */
  capturedAt?: string;
  /**
   * What cleaning changed in the text the reader produced (control characters, a wire-copy
   * header, boilerplate lines; `clean-text.ts`). Recorded in the capture's custody entry.
   */
  changes?: TextChange[];
}

/** One change made to a record's text after reading it; the original bytes are never changed. */
export interface TextChange {
  /** `ingest/control-characters`, `ingest/wire-header`, `ingest/boilerplate/<rule id>`. */
  rule: string;
  /** Why, in words: `copyright notice`, `related-story list`, … */
  reason: string;
  /** 1-based line, in the text as the reader gave it, of a removed line. */
  line?: number;
  /** What was removed, as written (cut at 200 characters with `…`); for control characters, their code points. */
  removed: string;
  /** Characters removed. */
  chars: number;
  /** Parts of a removed wire-copy header. */
  fields?: { [key: string]: string | null };
}

/** What a reader returns for one input: the records it could read and the problems it found. */
export interface ReadResult {
  reader: ReaderName;
  records: ReadRecord[];
  diagnostics: Diagnostic[];
}

/**
 * A reader turns the bytes of one input into records. The readers live in `./readers/`;
 * `readInput(bytes, { source, limits, format? })` (`./readers/read-input.ts`, also exported from
 * `./readers/index.ts`) detects the format, unwraps gzip and dispatches. `defaultLimits` is in
 * `./limits.ts`, `inferMeta(text)` in `./infer-meta.ts`. Formats, fields and limits:
 * docs/formats.md.
 * Readers never throw on bad content: problems are diagnostics naming the source and record.
 */
export type Reader = (bytes: Uint8Array, context: ReaderContext) => ReadResult;

export interface ReaderContext {
  source: string;
  limits: ReadLimits;
  /**
   * The character encoding the user declared for text inputs (`--encoding`, a manifest's
   * `encoding`): a WHATWG label such as `latin1`, `windows-1252` or `utf-16le`. Without it, text
   * must be UTF-8 (or carry a byte-order mark). Formats that declare their own charset (HTML,
   * WARC, feeds) follow their declaration.
   */
  encoding?: string;
}
