import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsageError } from '../core/errors.js';
import { openStore } from '../store/open-store.js';
import type { Store } from '../store/store.js';
import { ingest } from './ingest.js';
import { defaultLimits } from './limits.js';
import { readManifest } from './manifest.js';
import { readInput } from './readers/read-input.js';

const read = (bytes: Uint8Array, encoding?: string, source = 'old.txt') =>
  readInput(
    bytes,
    encoding ? { source, limits: defaultLimits, encoding } : { source, limits: defaultLimits },
  );

describe('declared encodings of plain text', () => {
  it.each([
    ['latin1', Buffer.from('Caf\xe9 owners in Z\xfcrich fled.', 'latin1'), 'Café owners in Zürich fled.'],
    ['iso-8859-1', Buffer.from('Caf\xe9 closed.', 'latin1'), 'Café closed.'],
    [
      'windows-1252',
      Buffer.from([0x93, 0x57, 0x65, 0x20, 0x72, 0x61, 0x6e, 0x94, 0x20, 0x96, 0x20, 0x80, 0x35]),
      '\u201cWe ran\u201d \u2013 \u20ac5',
    ],
    [
      'utf-16le',
      Buffer.from('Floods hit the coast.\nTwo died.', 'utf16le'),
      'Floods hit the coast.\nTwo died.',
    ],
    ['utf-8', Buffer.from('Plain UTF-8 stays as it is.'), 'Plain UTF-8 stays as it is.'],
  ])('decodes text declared as %s', (label, bytes, text) => {
    const result = read(bytes, label);
    expect(result.diagnostics).toEqual([]);
    expect(result.records[0]?.text).toBe(text);
  });

  it('decodes Markdown declared as latin1', () => {
    const result = read(Buffer.from('# Caf\xe9 fire\n\nThe caf\xe9 burned.', 'latin1'), 'latin1', 'a.md');
    expect(result.records[0]?.text).toBe('Café fire\n\nThe café burned.');
  });

  it('rejects undeclared Latin-1 and tells the user about --encoding', () => {
    const result = read(Buffer.from('Caf\xe9 owners fled.', 'latin1'));
    expect(result.records).toEqual([]);
    expect(result.diagnostics[0]?.rule).toBe('ingest/invalid-utf8');
    expect(result.diagnostics[0]?.hint).toContain('--encoding latin1');
    expect(result.diagnostics[0]?.hint).toContain('manifest');
  });

  it('names an unknown label', () => {
    const result = read(Buffer.from('abc'), 'klingon-8');
    expect(result.diagnostics[0]).toMatchObject({ rule: 'ingest/unknown-charset', severity: 'error' });
    expect(result.diagnostics[0]?.message).toContain('--encoding');
  });
});

describe('encoding in ingest and manifests', () => {
  let dir: string;
  let store: Store;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-encoding-'));
    store = openStore(path.join(dir, 'store'));
  });
  afterEach(() => {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('decodes with --encoding, a manifest entry winning for its file; the original stays as it was', async () => {
    const latin = Buffer.from('The caf\xe9 was shut.', 'latin1');
    const utf16 = Buffer.from('The dam held.', 'utf16le');
    fs.mkdirSync(path.join(dir, 'in'));
    fs.writeFileSync(path.join(dir, 'in', 'a.txt'), latin);
    fs.writeFileSync(path.join(dir, 'in', 'b.txt'), utf16);
    fs.writeFileSync(
      path.join(dir, 'in', 'manifest.jsonl'),
      '{"path":"a.txt"}\n{"path":"b.txt","encoding":"utf-16le"}\n',
    );
    const summary = await ingest(store, [path.join(dir, 'in')], { encoding: 'latin1' });
    expect(summary.rejected).toBe(0);
    const texts = store.documents
      .list()
      .map((d) => d.text)
      .sort();
    expect(texts).toEqual(['The caf\u00e9 was shut.', 'The dam held.']);
    const doc = store.documents.list().find((d) => d.text.startsWith('The caf'));
    expect(Buffer.compare(store.originals.read(doc?.sha256 ?? ''), latin)).toBe(0);
  });

  it('refuses a manifest naming an encoding Node.js cannot decode', () => {
    const file = path.join(dir, 'm.jsonl');
    fs.writeFileSync(file, '{"path":"a.txt","encoding":"no-such-charset"}\n');
    expect(() => readManifest(file)).toThrow(UsageError);
    fs.writeFileSync(file, '{"path":"a.txt","encoding":"windows-1252"}\n');
    expect(readManifest(file).entries[0]?.encoding).toBe('windows-1252');
  });
});
