import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildGazetteerTables, type VariantEntry } from './build-gazetteer-tables.js';
import { loadCompactGazetteer, pruneOlder } from './cache-gazetteer.js';
import {
  type CompactGazetteer,
  decodeGazetteer,
  encodeGazetteer,
  type GazetteerTables,
  StaleGazetteerError,
} from './compact-gazetteer.js';
import { gazetteerOf } from './load-gazetteer.js';

// A made-up country with made-up places: every row kind, a region with its kind of subdivision, a
// county, a city section, alternate names, an abbreviated saint, and a curated variant and area.
const TABLE = [
  '# test gazetteer',
  'C\tZZ\tRuritania\t45.0\t15.0\tStrelsau\tRuritanie|Ruritanian Republic\tRuritanian',
  'R\tZZ\t01\tNorth March\t46.0\t15.5\tprovince\tNorthmarch',
  'R\tZZ\t02\tSouth Vale\t44.0\t14.5\t\t',
  'D\tZZ\t01\tHollow County\t46.1\t15.6',
  'P\tStrelsau\t45.1\t15.1\tZZ\t01\t1200000\tPPLC\tStrelsaw|Strelzau',
  'P\tZenda Heights\t45.12\t15.12\tZZ\t01\t30000\tPPLX\t',
  'P\tSt. Florian\t44.2\t14.6\tZZ\t02\t80000\tPPLA\t',
  'P\tTarlenheim\t44.5\t14.9\tZZ\t02\t900\tPPL\tTarlenhaim',
  'P\tTarlenheim\t46.5\t15.9\tZZ\t\t120000\tPPL\t',
  '',
].join('\n');

const VARIANTS: VariantEntry[] = [
  { variant: 'Old Strelsau', name: 'Strelsau', cc: 'ZZ', source: 'test' },
  { variant: 'The Marches', name: 'The Marches', cc: null, kind: 'area', lat: 46, lon: 15, source: 'test' },
];

function expectSameTables(tables: GazetteerTables, compact: CompactGazetteer): void {
  // Differences are collected and compared once: one assertion per name is slow at 800,000 names.
  const differences: string[] = [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  expect(compact.size).toBe(tables.entries.length);
  tables.entries.forEach((e, id) => {
    const c = compact.entry(id);
    const keys = (o: object) => Object.keys(o).join();
    if (!same(c, e) || keys(c) !== keys(e) || !Object.is(c.population, e.population))
      differences.push(`entry ${id}`);
    if (compact.population(id) !== e.population) differences.push(`population ${id}`);
    if (compact.isSection(id) !== (e.feature === 'PPLX')) differences.push(`section ${id}`);
  });
  for (const name of ['exact', 'skeleton', 'curated'] as const) {
    for (const [key, ids] of tables[name])
      if (!same(compact[name](key), ids)) differences.push(`${name} ${key}`);
  }
  expect(differences).toStrictEqual([]);
  expect([...compact.countries]).toStrictEqual([...tables.countries]);
  expect([...compact.capitals]).toStrictEqual([...tables.capitals]);
  expect([...compact.regionNames]).toStrictEqual([...tables.regionNames]);
  expect([...compact.demonyms]).toStrictEqual([...tables.demonyms]);
  expect([...compact.demonymByCc]).toStrictEqual([...tables.demonymByCc]);
}

describe('compact gazetteer', () => {
  const tables = buildGazetteerTables(TABLE, VARIANTS);
  const compact = decodeGazetteer(encodeGazetteer(tables, 'source-a'), 'source-a');

  it('holds every entry, index and map of the tables it was made from', () => {
    expectSameTables(tables, compact);
  });

  it.each([
    ['a name absent from the index', 'exact', 'graustark', undefined],
    ['a key sorting before every key', 'exact', '', undefined],
    ['an alternate name', 'exact', 'strelzau', tables.exact.get('strelsau')],
    ['a curated variant', 'curated', 'old strelsau', tables.curated.get('old strelsau')],
  ] as const)('finds %s', (_label, index, key, ids) => {
    expect(compact[index](key)).toStrictEqual(ids);
  });

  it('lists the towns of a region in table order, and none for an unknown region', () => {
    const ids = compact.towns('ZZ|01');
    expect(ids.map((id) => compact.entry(id).name)).toStrictEqual(['Strelsau', 'Zenda Heights']);
    expect(compact.towns('ZZ|null').map((id) => compact.entry(id).population)).toStrictEqual([120000]);
    expect(compact.towns('ZZ|09')).toStrictEqual([]);
  });

  it('gives one object per entry, whichever look-up reaches it', () => {
    const g = gazetteerOf(compact);
    expect(g.lookup('Strelsaw')[0]).toBe(g.capital('ZZ'));
    expect(g.lookup('Ruritania')[0]).toBe(g.country('ZZ'));
    const [section] = g.lookup('Zenda Heights');
    expect(section && g.cityOf(section)).toBe(g.capital('ZZ'));
    expect(g.lookup('St Florian')[0]?.name).toBe('Saint Florian');
    expect(g.regionName('ZZ', '01')).toBe('North March');
    expect(g.demonymCountry('Ruritanians')).toBe('ZZ');
  });

  const good = encodeGazetteer(tables, 'source-a');
  const flipped = Buffer.from(good);
  flipped[flipped.length - 3] = (flipped[flipped.length - 3] as number) ^ 1;
  const magic = Buffer.from(good);
  magic[0] = 0;
  it.each([
    ['built from other data', good, 'source-b'],
    ['with a changed body byte', flipped, 'source-a'],
    ['cut short', good.subarray(0, good.length - 8), 'source-a'],
    ['cut inside its header', good.subarray(0, 40), 'source-a'],
    ['of another format', magic, 'source-a'],
    ['empty', Buffer.alloc(0), 'source-a'],
  ] as const)('refuses a buffer %s', (_label, buffer, source) => {
    expect(() => decodeGazetteer(buffer, source)).toThrow(StaleGazetteerError);
  });
});

describe('gazetteer cache', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'corroborate-gazetteer-cache-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files = { table: path.join(dir, 'table.tsv.gz'), variants: path.join(dir, 'variants.json') };
  const folder = path.join(dir, 'cache');
  writeFileSync(files.table, gzipSync(TABLE));
  writeFileSync(files.variants, JSON.stringify({ entries: VARIANTS }));
  const cached = () => readdirSync(folder).filter((f) => f.endsWith('.bin'));

  it('indexes the table once, then reads the kept copy, and never a stale or damaged one', () => {
    const first = loadCompactGazetteer({ files, folder });
    expect(first.from).toBe('table');
    expect(cached()).toHaveLength(1);
    const second = loadCompactGazetteer({ files, folder });
    expect(second.from).toBe('cache');
    expectSameTables(buildGazetteerTables(TABLE, VARIANTS), second.gazetteer);

    const file = path.join(folder, cached()[0] as string);
    const bytes = readFileSync(file);
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 1;
    writeFileSync(file, bytes);
    expect(loadCompactGazetteer({ files, folder }).from).toBe('table');
    expect(loadCompactGazetteer({ files, folder }).from).toBe('cache');

    const more = [...VARIANTS, { variant: 'Strelsow', name: 'Strelsau', cc: 'ZZ', source: 'test' }];
    writeFileSync(files.variants, JSON.stringify({ entries: more }));
    const changed = loadCompactGazetteer({ files, folder });
    expect(changed.from).toBe('table');
    expect(changed.gazetteer.curated('strelsow')).toStrictEqual(tables().curated.get('old strelsau'));
    expect(cached()).toHaveLength(2);
  });

  it('works without a folder, and past a kept copy it cannot read', () => {
    expect(loadCompactGazetteer({ files, folder: null }).from).toBe('table');
    const blocked = path.join(dir, 'blocked');
    loadCompactGazetteer({ files, folder: blocked });
    const [name] = readdirSync(blocked);
    rmSync(path.join(blocked, name as string));
    mkdirSync(path.join(blocked, name as string));
    expect(loadCompactGazetteer({ files, folder: blocked }).from).toBe('table');
  });

  it('keeps the four newest copies, drops abandoned temporaries and leaves other files alone', () => {
    const many = path.join(dir, 'many');
    mkdirSync(many);
    const names = Array.from({ length: 6 }, (_, i) => `gazetteer-${String(i).repeat(32)}.bin`);
    names.forEach((name, i) => {
      const file = path.join(many, name);
      writeFileSync(file, 'x');
      utimesSync(file, 1_000 + i, 1_000 + i);
    });
    writeFileSync(path.join(many, 'notes.txt'), 'kept');
    const abandoned = `${names[0]}.123.abc.tmp`;
    const writing = `${names[1]}.456.def.tmp`;
    writeFileSync(path.join(many, abandoned), 'x');
    utimesSync(path.join(many, abandoned), 1_000, 1_000);
    writeFileSync(path.join(many, writing), 'x');
    pruneOlder(many);
    expect(readdirSync(many).sort()).toStrictEqual([...names.slice(2), 'notes.txt', writing].sort());
    pruneOlder(path.join(dir, 'absent'));
  });

  function tables(): GazetteerTables {
    return buildGazetteerTables(TABLE, VARIANTS);
  }
});

describe('the bundled gazetteer in compact form', () => {
  it('answers every name exactly as the tables built from the table do', () => {
    const data = (name: string) => fileURLToPath(new URL(`../../../data/${name}`, import.meta.url));
    const tables = buildGazetteerTables(
      gunzipSync(readFileSync(data('gazetteer.tsv.gz'))).toString('utf8'),
      (JSON.parse(readFileSync(data('place-variants.json'), 'utf8')) as { entries: VariantEntry[] }).entries,
    );
    expectSameTables(tables, decodeGazetteer(encodeGazetteer(tables, 'bundled'), 'bundled'));
  }, 120_000);
});
