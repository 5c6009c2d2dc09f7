import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest } from '../src/ingest/ingest.js';
import { openStore } from '../src/store/open-store.js';
import type { Store } from '../src/store/store.js';

const corpus = path.resolve('../shared/corpora/bucha-2022');
const absent = !fs.existsSync(path.join(corpus, 'manifest.jsonl'));
if (absent) process.stderr.write(`skipping the bucha-2022 ingest test: ${corpus} is absent\n`);

describe.skipIf(absent)('ingest of ../shared/corpora/bucha-2022 (5 reports + manifest.jsonl)', () => {
  let dir: string;
  let store: Store;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-bucha-'));
    store = openStore(dir);
  });
  afterAll(() => {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stores the 5 reports with the manifest dates, adds none on a second run, and verifies', async () => {
    const first = await ingest(store, [corpus]);
    expect(first.documents.new).toBe(5);
    expect(first.rejected).toBe(0);
    const docs = store.documents.list();
    expect(docs.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.published ?? ''))).toBe(true);
    for (const d of docs) expect(store.originals.read(d.sha256)).toEqual(fs.readFileSync(d.source));

    const second = await ingest(store, [corpus]);
    expect(second.documents).toEqual({ new: 0, existing: 5 });
    expect(store.documents.count()).toBe(5);
    expect((await store.verify()).ok).toBe(true);
  });

  it('names the document whose stored original had one byte altered', async () => {
    const victim = store.documents.list()[2]!;
    const at = store.originals.locate(victim.sha256);
    if (!at) throw new Error(`original ${victim.sha256} is not recorded`);
    const file = at.file;
    const bytes = fs.readFileSync(file);
    const middle = at.offset + (at.length >> 1);
    bytes[middle] = (bytes[middle] ?? 0) ^ 1;
    fs.writeFileSync(file, bytes);
    const report = await store.verify();
    expect(report.ok).toBe(false);
    expect(report.problems.map((p) => p.documents)).toEqual([[victim.id]]);
  });
});
