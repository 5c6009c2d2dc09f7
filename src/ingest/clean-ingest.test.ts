import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../store/open-store.js';
import type { Store } from '../store/store.js';
import { ingest } from './ingest.js';
import { rederiveTexts } from './rederive-text.js';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-clean-'));
  store = openStore(path.join(dir, 'store'));
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A page saved as text, written for this test: report sentences among site furniture. */
const page = [
  'Two hurt in warehouse fire',
  '',
  'Home | Local | Crime | Weather',
  '',
  'Two workers were hurt when a fire broke out in a warehouse on Dock Road on Tuesday, the fire chief said.',
  '',
  'Image 1 of 4 Smoke rises over the warehouse on Tuesday. Photo: A. Person',
  '',
  'Both were taken to a hospital with burns.',
  '',
  'Facebook Twitter Email',
  '',
  'RELATED: Dock Road bridge to close for repairs',
  '',
  'Tagged: fire, Dock Road, warehouse',
  '',
  'Copyright 2031 Example Television. All rights reserved.',
  '',
].join('\n');

describe('cleaning during ingest', () => {
  it('stores the cleaned text, records each removal in custody, and keeps the original bytes', async () => {
    const file = path.join(dir, 'page.txt');
    fs.writeFileSync(file, page);
    const summary = await ingest(store, [file]);
    expect(summary.documents.new).toBe(1);
    const [doc] = store.documents.list();
    expect(doc?.text).toBe(
      [
        'Two hurt in warehouse fire',
        '',
        'Two workers were hurt when a fire broke out in a warehouse on Dock Road on Tuesday, the fire chief said.',
        '',
        'Smoke rises over the warehouse on Tuesday. Photo: A. Person',
        '',
        'Both were taken to a hospital with burns.',
        '',
      ].join('\n'),
    );
    expect(store.originals.read(doc?.sha256 ?? '').toString('utf8')).toBe(page);
    const entry = [...store.custody.entries()].find((e) => e.kind === 'ingest');
    const all = (entry?.details.textChanges ?? []) as {
      record: string;
      changes: { rule: string; line: number }[];
    }[];
    const changes = all[0];
    expect(changes?.record).toBe('');
    expect(changes?.changes.map((c) => [c.line, c.rule])).toEqual([
      [3, 'ingest/boilerplate/navigation'],
      [7, 'ingest/boilerplate/gallery-caption'],
      [11, 'ingest/boilerplate/ui-labels'],
      [13, 'ingest/boilerplate/related-link'],
      [15, 'ingest/boilerplate/tag-list'],
      [17, 'ingest/boilerplate/copyright-line'],
    ]);
    expect((await store.verify()).ok).toBe(true);
  });

  it('records nothing for a clean report', async () => {
    const file = path.join(dir, 'clean.txt');
    fs.writeFileSync(
      file,
      'Flood in the valley\n\nThe river rose by two metres overnight, officials said.\n',
    );
    await ingest(store, [file]);
    const entry = [...store.custody.entries()].find((e) => e.kind === 'ingest');
    expect(entry?.details.textChanges).toBeUndefined();
  });

  it('ingests a TREC SGML file as one document per DOC with its headline and date', async () => {
    const file = path.join(dir, 'XIE19980304.0061');
    fs.writeFileSync(
      file,
      '<DOC>\n<DOCNO> XIE19980304.0061 </DOCNO>\n<HEADLINE> Dam repaired </HEADLINE>\n<TEXT>\nWorkers repaired the dam on Tuesday.\n</TEXT>\n</DOC>\n' +
        '<DOC>\n<DOCNO> XIE19980304.0062 </DOCNO>\n<DATE_TIME> 1998-03-04 10:05 </DATE_TIME>\n<TEXT>\n<P> Rain is expected. </P>\n</TEXT>\n</DOC>\n',
    );
    const summary = await ingest(store, [file]);
    expect(summary.documents.new).toBe(2);
    const docs = store.documents.list().sort((a, b) => a.recordKey.localeCompare(b.recordKey));
    expect(docs.map((d) => [d.reader, d.recordKey, d.title, d.published, d.outlet, d.text])).toEqual([
      [
        'trec',
        'XIE19980304.0061',
        'Dam repaired',
        '1998-03-04',
        'Xinhua News Agency',
        'Workers repaired the dam on Tuesday.',
      ],
      ['trec', 'XIE19980304.0062', null, '1998-03-04T10:05', 'Xinhua News Agency', 'Rain is expected.'],
    ]);
  });

  it('verify --deep reads a cleaned page and a declared Latin-1 file again to the same stored texts', async () => {
    const pageFile = path.join(dir, 'page.txt');
    fs.writeFileSync(pageFile, page);
    const latin = path.join(dir, 'latin.txt');
    fs.writeFileSync(latin, Buffer.from('Caf\xe9 fire\n\nA fire damaged the caf\xe9 on Sunday.\n', 'latin1'));
    await ingest(store, [pageFile]);
    await ingest(store, [latin], { encoding: 'latin1' });
    expect(
      store.documents
        .list()
        .map((d) => d.text)
        .join('|'),
    ).toContain('Café');
    const report = await rederiveTexts(store.async);
    expect(report.documents).toBe(2);
    expect(report.problems).toEqual([]);
  });
});
