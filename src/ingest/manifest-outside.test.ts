import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../store/open-store.js';
import type { Store } from '../store/store.js';
import { ingest } from './ingest.js';

let dir: string;
let store: Store;
const write = (rel: string, content: string): string => {
  const file = path.join(dir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
};

beforeEach(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-manifest-')));
  store = openStore(path.join(dir, 'store'));
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('an explicit manifest stays inside its folder', () => {
  it.each([
    ['a parent path', () => ({ path: '../secret.txt' })],
    ['an absolute path', () => ({ path: path.join(dir, 'secret.txt') })],
    [
      'a symbolic link out of the folder',
      () => {
        fs.symlinkSync(path.join(dir, 'secret.txt'), path.join(dir, 'corpus', 'link.txt'));
        return { path: 'link.txt' };
      },
    ],
  ])('refuses %s unless allowed, and records the real path when allowed', async (_, entry) => {
    write('secret.txt', 'A private note outside the corpus.');
    write('corpus/a.txt', 'A report inside the corpus.');
    const manifest = write('corpus/manifest.jsonl', `${JSON.stringify({ path: 'a.txt' })}\n`);
    fs.appendFileSync(manifest, `${JSON.stringify(entry())}\n`);

    const refused = await ingest(store, [], { manifest });
    expect(refused.documents.new).toBe(1);
    expect(refused.rejected).toBe(1);
    expect(refused.diagnostics.map((d) => d.rule)).toEqual(['ingest/manifest-outside']);
    expect(store.documents.list().map((d) => d.text)).toEqual(['A report inside the corpus.']);
    // The refusal names the file the entry reaches, not the manifest's folder joined to its path.
    const refusal = [...store.custody.entries()].find((e) => e.kind === 'rejection');
    expect(refusal?.details.source).toBe(path.join(dir, 'secret.txt'));

    const allowed = await ingest(store, [], { manifest, allowOutside: true });
    expect(allowed.documents.new).toBe(1);
    const secret = store.documents.list().find((d) => d.text.startsWith('A private note'));
    // The custody source is the file actually read, not the path as the manifest spelled it.
    expect(secret?.source).toBe(path.join(dir, 'secret.txt'));
    const sources = [...store.custody.entries()].map((e) => e.details.source);
    expect(sources).toContain(path.join(dir, 'secret.txt'));
  });
});

describe('a manifest entry that names no file', () => {
  it.each([
    ['a relative path', () => 'gone.txt', () => path.join(dir, 'corpus', 'gone.txt')],
    [
      'an absolute path',
      () => path.join(dir, 'elsewhere', 'gone.txt'),
      () => path.join(dir, 'elsewhere', 'gone.txt'),
    ],
  ])('is refused under the path it names (%s)', async (_, entry, expected) => {
    const manifest = write('corpus/manifest.jsonl', `${JSON.stringify({ path: entry() })}\n`);
    const summary = await ingest(store, [], { manifest, allowOutside: true });
    expect(summary.diagnostics.map((d) => d.rule)).toEqual(['ingest/manifest-file-missing']);
    const refusal = [...store.custody.entries()].find((e) => e.kind === 'rejection');
    expect(refusal?.details.source).toBe(expected());
  });
});
