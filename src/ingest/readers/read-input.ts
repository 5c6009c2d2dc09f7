import { looksBinary } from '../canonical-text.js';
import { detectFormat, type InputFormat, isGzip } from '../detect-format.js';
import { defaultLimits } from '../limits.js';
import { looksUtf16 } from '../looks-utf16.js';
import type { Reader, ReadLimits, ReadResult } from '../reader.js';
import { diagnostic, formatBytes } from './diagnostic.js';
import { gunzipLimited } from './gunzip-limited.js';
import { readFeed } from './read-feed.js';
import { readHtml } from './read-html.js';
import { readJson } from './read-json.js';
import { readJsonl } from './read-jsonl.js';
import { readMarkdown } from './read-markdown.js';
import { readText } from './read-text.js';
import { readWarc } from './read-warc.js';

export interface ReadInputOptions {
  /** Path as given to ingest, a URL, or `-` for standard input; named in every diagnostic. */
  source: string;
  /** Hard limits; `defaultLimits` when omitted. */
  limits?: ReadLimits;
  /** Skip detection and use this reader (gzip is still unwrapped first). */
  format?: InputFormat;
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
    return readUnguarded(bytes, options);
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
      return {
        reader: options.format ?? 'warc',
        records: [],
        diagnostics: [
          diagnostic(
            place,
            'nested-gzip',
            'error',
            'Rejected: gzip data inside gzip data; unpack it once and ingest the result.',
          ),
        ],
      };
    }
    const format = options.format ?? detectFormat(unzipped.bytes, source);
    const truncated = unzipped.diagnostics.some((d) => d.rule === 'ingest/gzip-truncated');
    if (truncated && format !== 'warc' && format !== 'jsonl') {
      // Only record-per-line or record-per-member formats have complete records before the cut;
      // a truncated page, feed or JSON document is not read at all rather than read in part.
      return {
        reader: format,
        records: [],
        diagnostics: [
          diagnostic(
            place,
            'gzip-truncated',
            'error',
            `Rejected: the gzip stream ends early (truncated file), and a ${format} input cannot be read in part.`,
            'Re-download or re-copy the file; `gzip -t` confirms the truncation.',
          ),
        ],
      };
    }
    const inner = readPlain(unzipped.bytes, source, limits, format);
    return { ...inner, diagnostics: [...unzipped.diagnostics, ...inner.diagnostics] };
  }
  return readPlain(bytes, source, limits, options.format);
}

function readPlain(bytes: Uint8Array, source: string, limits: ReadLimits, forced?: InputFormat): ReadResult {
  const format = forced ?? detectFormat(bytes, source);
  if (bytes.length === 0) return empty(format, source);
  if (format !== 'warc' && looksBinary(bytes)) {
    return {
      reader: format,
      records: [],
      diagnostics: [binaryDiagnostic(bytes, source, format)],
    };
  }
  return readerFor(format)(bytes, { source, limits });
}

/** Why an input is refused as binary; UTF-16 without a byte-order mark is named as such. */
function binaryDiagnostic(bytes: Uint8Array, source: string, format: InputFormat) {
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
  }
}

function empty(reader: InputFormat, source: string): ReadResult {
  return {
    reader,
    records: [],
    diagnostics: [diagnostic({ source }, 'empty', 'error', 'The input is empty (0 bytes).')],
  };
}
