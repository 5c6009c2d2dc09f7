import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsageError } from '../core/errors.js';
import { openStore } from '../store/open-store.js';
import type { Store } from '../store/store.js';
import { ingest } from './ingest.js';
import { readManifest } from './manifest.js';

let dir: string;
let store: Store;
const write = (rel: string, content: string): string => {
  const file = path.join(dir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
};

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-manifest-'));
  store = openStore(path.join(dir, 'store'));
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('manifest', () => {
  it('reads JSON Lines and CSV with paths relative to the manifest folder', () => {
    const jsonl = write(
      'c/m.jsonl',
      '{"path":"a.txt","outlet":"Daily","published":"2022-04-03"}\n\n{"path":"sub/b.txt","url":"https://x.test/b","published":"2022-04-03T10:00:00Z","extra":1}\n',
    );
    const m = readManifest(jsonl);
    expect(m.entries.map((e) => [e.path, e.where])).toEqual([
      ['a.txt', 'm.jsonl line 1'],
      ['sub/b.txt', 'm.jsonl line 3'],
    ]);
    expect(m.byPath.get(path.join(dir, 'c/a.txt'))?.meta).toEqual({
      outlet: 'Daily',
      published: '2022-04-03',
    });
    const csv = write('c/m.csv', 'path,outlet,title,published\na.txt,"Daily, Evening",,2022-04-03\n');
    expect(readManifest(csv).entries[0]).toMatchObject({
      where: 'm.csv line 2',
      meta: { outlet: 'Daily, Evening', published: '2022-04-03' },
    });
  });

  it('reports every invalid entry with its line in one usage error', () => {
    const file = write(
      'm.jsonl',
      '{"path":"a.txt","published":"April 3"}\nnot json\n{"outlet":"x"}\n{"path":"b.txt","url":"not a url"}\n{"path":"c.txt"}\n{"path":"./c.txt"}\n',
    );
    let error: unknown;
    try {
      readManifest(file);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(UsageError);
    const message = (error as Error).message;
    expect(message).toContain('5 invalid entries');
    expect(message).toMatch(/m\.jsonl line 1: published: expected an ISO 8601 date/);
    expect(message).toContain('m.jsonl line 2: not valid JSON');
    expect(message).toContain('m.jsonl line 3: path: required');
    expect(message).toMatch(/m\.jsonl line 4: url/);
    expect(message).toContain('m.jsonl line 6: path ./c.txt is already described at m.jsonl line 5');
    expect(() => readManifest(path.join(dir, 'none.jsonl'))).toThrow(UsageError);
  });

  it('applies manifest metadata, reads listed files, and rejects a missing file naming the entry', async () => {
    write('in/a.txt', 'Report A.');
    write('in/b.txt', 'Report B.');
    const manifest = write(
      'in/meta/manifest.csv',
      'path,outlet,title,published\n../a.txt,Daily,Title A,2022-04-03\n../gone.txt,Daily,,\n',
    );
    // The manifest lists files outside its own folder: allowed explicitly.
    const summary = await ingest(store, [path.join(dir, 'in/b.txt')], { manifest, allowOutside: true });
    expect(summary.documents.new).toBe(2);
    expect(summary.rejected).toBe(1);
    expect(summary.diagnostics[0]).toMatchObject({ rule: 'ingest/manifest-file-missing' });
    expect(summary.diagnostics[0]?.message).toContain('manifest.csv line 3 names ../gone.txt');
    const a = store.documents.list().find((d) => d.text === 'Report A.');
    expect(a).toMatchObject({ outlet: 'Daily', title: 'Title A', published: '2022-04-03', inferred: [] });
    expect(
      [...store.custody.entries()].find((e) => e.kind === 'ingest' && e.details.manifest)?.details.manifest,
    ).toBe('manifest.csv line 2');
  });

  it("uses a folder's own manifest.jsonl for metadata and skips the folder's README", async () => {
    write('corpus/a.txt', 'Report A.');
    write('corpus/b.txt', 'Report B.');
    write('corpus/README.md', 'About this corpus.');
    write('corpus/manifest.jsonl', '{"path":"a.txt","published":"2022-04-04"}\n{"path":"gone.txt"}\n');
    const summary = await ingest(store, [path.join(dir, 'corpus')]);
    expect(summary.documents.new).toBe(2);
    expect(summary.rejected).toBe(1);
    expect(summary.diagnostics[0]?.message).toContain('manifest.jsonl line 2 names gone.txt');
    expect(summary.notes).toBe(1);
    expect(store.documents.list().map((d) => [d.text, d.published])).toEqual([
      ['Report A.', '2022-04-04'],
      ['Report B.', null],
    ]);
  });

  it('lets manifest values win over what the text implies, keeping the rest marked inferred', async () => {
    const text =
      'Flood hits the valley\n\nKYIV, April 3 (AP) — Water rose through the night, officials said.\n';
    write('in/a.txt', text);
    write('in/b.txt', `Other ${text}`);
    const manifest = write(
      'in/manifest.jsonl',
      '{"path":"a.txt","title":"Supplied title","outlet":"Daily"}\n{"path":"b.txt"}\n',
    );
    await ingest(store, [path.join(dir, 'in')], { manifest });
    const [a, b] = store.documents.list();
    expect(a).toMatchObject({ title: 'Supplied title', outlet: 'Daily' });
    expect(a?.inferred).not.toContain('title');
    expect(b?.inferred).toContain('title');
    expect(a?.inferred).toEqual(b?.inferred.filter((f) => f !== 'title'));
  });
});
