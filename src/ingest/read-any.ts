import type { DocumentMeta } from '../core/types.js';
import type { ReadLimits, ReadResult } from './reader.js';

/**
 * The seam between ingest orchestration and the format readers. Until every reader is in place
 * this reads UTF-8 plain text only, with the same checks the text reader applies.
 */
export function readAny(bytes: Uint8Array, context: { source: string; limits: ReadLimits }): ReadResult {
  const { source } = context;
  if (bytes.byteLength === 0) {
    return reject(source, 'ingest/empty', 'The file is empty.', 'Remove it or replace it with the report.');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return reject(source, 'ingest/invalid-utf8', 'Expected UTF-8 text; found bytes that are not valid UTF-8.', 'Convert the file to UTF-8.');
  }
  if (text.includes('\u0000')) {
    return reject(source, 'ingest/binary', 'Expected text; found NUL bytes (a binary file).', 'Remove binary files from the input.');
  }
  text = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').normalize('NFC');
  if (text.length > context.limits.maxTextChars) text = text.slice(0, context.limits.maxTextChars);
  if (text.trim() === '') {
    return reject(source, 'ingest/empty', 'The file holds only white space.', 'Remove it or replace it with the report.');
  }
  return { reader: 'text', records: [{ recordKey: '', text, meta: {} }], diagnostics: [] };
}

/** Metadata the text itself states (dateline, wire credits, title). */
export function inferFromText(_text: string): Partial<DocumentMeta> {
  return {};
}

function reject(source: string, rule: string, message: string, hint: string): ReadResult {
  return { reader: 'text', records: [], diagnostics: [{ rule, severity: 'error', message, hint, source }] };
}

/** Hard limits applied to untrusted input unless the caller sets others. */
export const baseLimits: ReadLimits = {
  maxFileBytes: 512 * 1024 * 1024,
  maxDecompressedBytes: 1024 * 1024 * 1024,
  maxCompressionRatio: 100,
  maxLineBytes: 16 * 1024 * 1024,
  maxDepth: 512,
  maxRecords: 1_000_000,
  maxTextChars: 5_000_000,
};
