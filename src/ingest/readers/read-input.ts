import type { Diagnostic } from '../../core/types.js';
import { looksBinary } from '../canonical-text.js';
import { removeBoilerplate, stripControlCharacters } from '../clean-text.js';
import { detectFormat, type InputFormat, isGzip } from '../detect-format.js';
import { defaultLimits } from '../limits.js';
import { looksUtf16 } from '../looks-utf16.js';
import type { Reader, ReadLimits, ReadRecord, ReadResult, TextChange } from '../reader.js';
import { diagnostic, formatBytes, type Place } from './diagnostic.js';
import { gunzipLimited } from './gunzip-limited.js';
import { readFeed } from './read-feed.js';
import { readHtml } from './read-html.js';
import { readJson } from './read-json.js';
import { readJsonl } from './read-jsonl.js';
import { readMarkdown } from './read-markdown.js';
import { readText } from './read-text.js';
import { readTrec } from './read-trec.js';
import { readWarc } from './read-warc.js';

export interface ReadInputOptions {
  /** Path as given to ingest, a URL, or `-` for standard input; named in every diagnostic. */
  source: string;
  /** Hard limits; `defaultLimits` when omitted. */
  limits?: ReadLimits;
  /** Skip detection and use this reader (gzip is still unwrapped first). */
  format?: InputFormat;
  /** Declared encoding of plain text, Markdown and TREC inputs (see `ReaderContext.encoding`). */
  encoding?: string;
}

/**
 * Reads one input: unwraps gzip (capped, see `gunzipLimited`), detects the format
 * (`detectFormat`), and runs that format's reader. Never throws on bad content: every problem is a
 * diagnostic naming `source` (and the record), and whatever could be read is in `records`.
 *
 * @example
 * const { records, diagnostics } = readInput(await readFile('a.warc.gz'), { source: 'a.warc.gz' });
 */
export function readInput(bytes: Uint8Array, options: ReadInputOptions): ReadResult {
  try {
    return cleanRecords(readUnguarded(bytes, options));
  } catch (error) {
    // Readers report bad content as diagnostics; an exception here is a bug or a resource limit
    // (e.g. the stack) hit by content nobody foresaw. It must not end the whole ingest run.
    return {
      reader: options.format ?? 'text',
      records: [],
      diagnostics: [
        diagnostic(
          { source: options.source },
          'reader-failed',
          'error',
          `The reader failed on this input: ${(error as Error).message ?? String(error)}. Nothing was read from it.`,
          'Please report this input as a bug; the rest of the run is not affected.',
        ),
      ],
    };
  }
}

function readUnguarded(bytes: Uint8Array, options: ReadInputOptions): ReadResult {
  const { source } = options;
  const limits = options.limits ?? defaultLimits;
  const place = { source };
  if (bytes.length > limits.maxFileBytes) {
    return {
      reader: options.format ?? detectFormat(bytes, source),
      records: [],
      diagnostics: [
        diagnostic(
          place,
          'too-large',
          'error',
          `Rejected: the input is ${formatBytes(bytes.length)}, more than the ${formatBytes(limits.maxFileBytes)} limit (maxFileBytes).`,
          'Split the input or raise --max-file-size.',
        ),
      ],
    };
  }
  if (bytes.length === 0) return empty(options.format ?? detectFormat(bytes, source), source);
  if (isGzip(bytes)) {
    const unzipped = gunzipLimited(bytes, place, limits);
    if (!unzipped.bytes) {
      return { reader: options.format ?? 'warc', records: [], diagnostics: unzipped.diagnostics };
    }
    if (isGzip(unzipped.bytes)) {
      return { reader: options.format ?? 'warc', records: [], diagnostics: [nestedGzip(place)] };
    }
    const format = options.format ?? detectFormat(unzipped.bytes, source);
    const truncated = unzipped.diagnostics.some((d) => d.rule === 'ingest/gzip-truncated');
    if (truncated && !readableInPart(format)) {
      // Only record-per-line or record-per-member formats have complete records before the cut;
      // a truncated page, feed or JSON document is not read at all rather than read in part.
      return { reader: format, records: [], diagnostics: [truncatedGzip(place, format)] };
    }
    const inner = readPlain(unzipped.bytes, source, limits, format, options.encoding);
    return { ...inner, diagnostics: [...unzipped.diagnostics, ...inner.diagnostics] };
  }
  return readPlain(bytes, source, limits, options.format, options.encoding);
}

export function nestedGzip(place: Place): Diagnostic {
  return diagnostic(
    place,
    'nested-gzip',
    'error',
    'Rejected: gzip data inside gzip data; unpack it once and ingest the result.',
  );
}

/** Only record-per-line or record-per-member formats can be read in part. */
export function readableInPart(format: InputFormat): boolean {
  return format === 'warc' || format === 'jsonl';
}

export function truncatedGzip(place: Place, format: InputFormat): Diagnostic {
  return diagnostic(
    place,
    'gzip-truncated',
    'error',
    `Rejected: the gzip stream ends early (truncated file), and a ${format} input cannot be read in part.`,
    'Re-download or re-copy the file; `gzip -t` confirms the truncation.',
  );
}

function readPlain(
  bytes: Uint8Array,
  source: string,
  limits: ReadLimits,
  forced?: InputFormat,
  encoding?: string,
): ReadResult {
  const format = forced ?? detectFormat(bytes, source);
  if (bytes.length === 0) return empty(format, source);
  if (mayBeBinary(format, encoding) && looksBinary(bytes)) {
    return {
      reader: format,
      records: [],
      diagnostics: [binaryDiagnostic(bytes, source, format)],
    };
  }
  return readerFor(format)(bytes, encoding ? { source, limits, encoding } : { source, limits });
}

/** Whether the binary check applies: not to WARC, nor to declared UTF-16 (full of NUL bytes). */
export function mayBeBinary(format: InputFormat, encoding: string | undefined): boolean {
  return format !== 'warc' && !/^\s*utf-?16/i.test(encoding ?? '');
}

/** Why an input is refused as binary; UTF-16 without a byte-order mark is named as such. */
export function binaryDiagnostic(bytes: Uint8Array, source: string, format: InputFormat) {
  const utf16 = looksUtf16(bytes);
  if (utf16) {
    return diagnostic(
      { source },
      'binary',
      'error',
      `Expected text (${format}), found what looks like ${utf16.toUpperCase()} text without a byte-order mark (every other byte is NUL).`,
      `Convert it to UTF-8 (for example \`iconv -f ${utf16.toUpperCase()} -t UTF-8\`), or save it with a byte-order mark.`,
    );
  }
  return diagnostic(
    { source },
    'binary',
    'error',
    `Expected text (${format}), found binary data (NUL or control bytes in the first 64 KiB).`,
    'Ingest text, HTML, JSON, WARC or feed files; convert documents such as PDF to text first.',
  );
}

/** The reader of each format. */
export function readerFor(format: InputFormat): Reader {
  switch (format) {
    case 'text':
      return readText;
    case 'markdown':
      return readMarkdown;
    case 'html':
      return readHtml;
    case 'json':
      return readJson;
    case 'jsonl':
      return readJsonl;
    case 'warc':
      return readWarc;
    case 'rss':
    case 'atom':
      return readFeed;
    case 'trec':
      return readTrec;
  }
}

function empty(reader: InputFormat, source: string): ReadResult {
  return {
    reader,
    records: [],
    diagnostics: [diagnostic({ source }, 'empty', 'error', 'The input is empty (0 bytes).')],
  };
}

/**
 * Cleans every record's text (`clean-text.ts`): control characters in all formats; a wire-copy
 * header and boilerplate lines in plain text and Markdown. The changes are listed on the record.
 */
export function cleanRecords(result: ReadResult): ReadResult {
  const pageText = result.reader === 'text' || result.reader === 'markdown';
  let changed = false;
  const records = result.records.map((record): ReadRecord => {
    const changes: TextChange[] = [];
    const control = stripControlCharacters(record.text);
    let text = control.text;
    if (control.change) changes.push(control.change);
    let meta = record.meta;
    if (pageText) {
      const cleaned = removeBoilerplate(text);
      if (cleaned.changes.length > 0) {
        text = cleaned.text;
        changes.push(...cleaned.changes);
        const date = cleaned.wireHeader?.isoDate;
        if (date && !meta.published)
          meta = { ...meta, published: date, inferred: [...(meta.inferred ?? []), 'published'] };
      }
    }
    if (changes.length === 0 || text.trim() === '') return record;
    changed = true;
    return { ...record, text, meta, changes };
  });
  return changed ? { ...result, records } : result;
}
