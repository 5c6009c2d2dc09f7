import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createDeflateRaw } from 'node:zlib';
import type { Ledger } from '../core/types.js';
import { canonicalLedger } from '../export/ledger-json.js';

const SECTIONS = ['documents', 'families', 'reuse', 'events', 'quotes', 'claims'] as const;

/**
 * `toLedgerJson(ledger)` byte for byte, in pieces of at most `itemsPerChunk` items. A large store's
 * ledger (hundreds of MB) never exists as one string, which V8 could not hold anyway. Each item
 * piece is cut from `JSON.stringify({ [section]: items }, null, 2)`, which indents the items as
 * the whole ledger's JSON does.
 */
export function* ledgerJsonChunks(ledger: Ledger, itemsPerChunk = 1000): Generator<string> {
  const empty = withoutItems(ledger);
  const head = canonicalLedger(empty);
  yield `{\n  "schema": ${JSON.stringify(head.schema)},\n`;
  for (const key of SECTIONS) {
    const items = ledger[key] as readonly unknown[];
    if (items.length === 0) {
      yield `  "${key}": [],\n`;
      continue;
    }
    yield `  "${key}": [\n`;
    const open = `{\n  "${key}": [\n`;
    const close = '\n  ]\n}';
    for (let i = 0; i < items.length; i += itemsPerChunk) {
      const part = canonicalLedger({ ...empty, [key]: items.slice(i, i + itemsPerChunk) })[key];
      // `{"key": [items]}` indents its items as the whole ledger does; keep only the items.
      const json = JSON.stringify({ [key]: part }, null, 2);
      const text = json.slice(open.length, json.length - close.length);
      yield i + itemsPerChunk < items.length ? `${text},\n` : `${text}\n`;
    }
    yield '  ],\n';
  }
  yield `  "custody": ${JSON.stringify(head.custody, null, 2).replace(/\n/g, '\n  ')}\n}\n`;
}

export interface WrittenLedger {
  /** SHA-256 (hex) of ledger.json. */
  sha256: string;
  /** ledger.json compressed with raw deflate, as the store keeps it. */
  deflated: Buffer;
  /** Length of ledger.json in bytes. */
  bytes: number;
}

/**
 * Serialises the ledger once, streaming each piece to the SHA-256, to `file` (written beside and
 * renamed into place, so a reader never sees half a ledger) and to a raw-deflate stream that
 * compresses on libuv's thread pool while the next piece is serialised. Deflate runs at level 1:
 * on a large ledger the default level costs several times the serialisation for a blob 20%
 * smaller.
 */
export async function writeLedger(ledger: Ledger, file: string | null): Promise<WrittenLedger> {
  const hash = createHash('sha256');
  const deflate = createDeflateRaw({ level: 1 });
  const compressed: Buffer[] = [];
  deflate.on('data', (b: Buffer) => compressed.push(b));
  const ended = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const temp = file ? path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`) : null;
  const fd = temp ? fs.openSync(temp, 'w') : null;
  let bytes = 0;
  try {
    for (const chunk of ledgerJsonChunks(ledger)) {
      const buffer = Buffer.from(chunk, 'utf8');
      bytes += buffer.length;
      hash.update(buffer);
      if (fd !== null) fs.writeSync(fd, buffer);
      deflate.write(buffer);
      // Let the deflate stream hand its next piece to the thread pool.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
  deflate.end();
  await ended;
  if (temp && file) fs.renameSync(temp, file);
  return { sha256: hash.digest('hex'), deflated: Buffer.concat(compressed), bytes };
}

/** The ledger's header fields with every item section empty. */
export function withoutItems(ledger: Ledger): Ledger {
  return { ...ledger, documents: [], families: [], reuse: [], events: [], quotes: [], claims: [] };
}
