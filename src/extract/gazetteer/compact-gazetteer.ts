import { createHash } from 'node:crypto';
import { endianness } from 'node:os';
import type { GazetteerEntry, GazetteerKind } from './load-gazetteer.js';

/**
 * The gazetteer's indexes as the loader builds them from `data/gazetteer.tsv.gz`: every entry, and
 * the ids each folded name (exact, skeleton, curated variant) and each region's towns point at.
 */
export interface GazetteerTables {
  entries: GazetteerEntry[];
  exact: Map<string, number[]>;
  skeleton: Map<string, number[]>;
  curated: Map<string, number[]>;
  /** Country code → the id of its country entry. */
  countries: Map<string, number>;
  /** `cc|admin1` → region name. */
  regionNames: Map<string, string>;
  demonyms: Map<string, string>;
  demonymByCc: Map<string, string>;
  /** Country code → the id of its capital. */
  capitals: Map<string, number>;
}

/** A name index of the compact form: sorted keys and, per key, a run of ids. */
interface IdIndex {
  keys: string[];
  starts: Int32Array;
  ids: Int32Array;
}

/**
 * The gazetteer in its compact form: one buffer of typed columns and string pools that loads in a
 * few tens of milliseconds, where parsing the table and indexing every name takes seconds. Entries
 * are made into objects when first asked for (once each, so the same id is always the same object).
 */
export interface CompactGazetteer {
  readonly size: number;
  entry(id: number): GazetteerEntry;
  exact(key: string): number[] | undefined;
  skeleton(key: string): number[] | undefined;
  curated(key: string): number[] | undefined;
  /** The populated places of one `cc|admin1` key, in table order. */
  towns(key: string): number[];
  population(id: number): number;
  /** Whether entry `id` is a section of a city (feature `PPLX`), without making its object. */
  isSection(id: number): boolean;
  countries: Map<string, number>;
  regionNames: Map<string, string>;
  demonyms: Map<string, string>;
  demonymByCc: Map<string, string>;
  capitals: Map<string, number>;
}

const MAGIC = 'CORGAZ02';
const KINDS: readonly GazetteerKind[] = ['populated-place', 'region', 'country', 'area'];
/** Columns and pools, in the order they are laid out. */
const SECTIONS = [
  'kind',
  'name',
  'cc',
  'admin1',
  'feature',
  'subdivision',
  'lat',
  'lon',
  'population',
  'fields',
  ...['exact', 'skeleton', 'curated', 'towns'].flatMap((n) => [`${n}.keys`, `${n}.starts`, `${n}.ids`]),
] as const;

interface Header {
  source: string;
  body: string;
  endianness: string;
  size: number;
  counts: Record<string, number>;
  sections: Record<string, [number, number]>;
  countries: [string, number][];
  regionNames: [string, string][];
  demonyms: [string, string][];
  demonymByCc: [string, string][];
  capitals: [string, number][];
}

/** Why a buffer is not a usable compact gazetteer for the expected source. */
export class StaleGazetteerError extends Error {}

function townsOf(entries: readonly GazetteerEntry[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  entries.forEach((e, id) => {
    if (e.kind !== 'populated-place') return;
    const key = `${e.cc}|${e.admin1}`;
    const list = out.get(key);
    if (list) list.push(id);
    else out.set(key, [id]);
  });
  return out;
}

function align8(n: number): number {
  return Math.ceil(n / 8) * 8;
}

/**
 * Lays `tables` out as one buffer, marked with `source` (the hash of what they were built from) and
 * a SHA-256 of its body, so that a stale or damaged copy is never read.
 */
export function encodeGazetteer(tables: GazetteerTables, source: string): Buffer {
  const n = tables.entries.length;
  const pool = new Map<string, number>();
  const field = (s: string | null | undefined): number => {
    if (s === null || s === undefined) return -1;
    let i = pool.get(s);
    if (i === undefined) {
      i = pool.size;
      pool.set(s, i);
    }
    return i;
  };
  const kind = new Uint8Array(n);
  const columns = {
    name: new Int32Array(n),
    cc: new Int32Array(n),
    admin1: new Int32Array(n),
    feature: new Int32Array(n),
    subdivision: new Int32Array(n),
  };
  const lat = new Float64Array(n);
  const lon = new Float64Array(n);
  const population = new Float64Array(n);
  tables.entries.forEach((e, id) => {
    kind[id] = KINDS.indexOf(e.kind);
    columns.name[id] = field(e.name);
    columns.cc[id] = field(e.cc);
    columns.admin1[id] = field(e.admin1);
    columns.feature[id] = field(e.feature);
    columns.subdivision[id] = field(e.subdivision);
    lat[id] = e.lat;
    lon[id] = e.lon;
    population[id] = e.population;
  });
  const parts: Record<string, Uint8Array> = {
    kind,
    ...Object.fromEntries(Object.entries(columns).map(([k, v]) => [k, new Uint8Array(v.buffer)])),
    lat: new Uint8Array(lat.buffer),
    lon: new Uint8Array(lon.buffer),
    population: new Uint8Array(population.buffer),
    fields: Buffer.from([...pool.keys()].join('\0'), 'utf8'),
  };
  const counts: Record<string, number> = { fields: pool.size };
  const indexes = {
    exact: tables.exact,
    skeleton: tables.skeleton,
    curated: tables.curated,
    towns: townsOf(tables.entries),
  };
  for (const [name, map] of Object.entries(indexes)) {
    const keys = [...map.keys()].sort();
    const starts = new Int32Array(keys.length + 1);
    let total = 0;
    keys.forEach((k, i) => {
      starts[i] = total;
      total += (map.get(k) as number[]).length;
    });
    starts[keys.length] = total;
    const ids = new Int32Array(total);
    keys.forEach((k, i) => {
      ids.set(map.get(k) as number[], starts[i]);
    });
    parts[`${name}.keys`] = Buffer.from(keys.join('\0'), 'utf8');
    parts[`${name}.starts`] = new Uint8Array(starts.buffer);
    parts[`${name}.ids`] = new Uint8Array(ids.buffer);
    counts[`${name}.keys`] = keys.length;
  }
  const sections: Record<string, [number, number]> = {};
  let offset = 0;
  for (const name of SECTIONS) {
    const bytes = parts[name] as Uint8Array;
    sections[name] = [offset, bytes.byteLength];
    offset = align8(offset + bytes.byteLength);
  }
  const body = Buffer.alloc(offset);
  for (const name of SECTIONS) body.set(parts[name] as Uint8Array, (sections[name] as [number, number])[0]);
  const header: Header = {
    source,
    body: createHash('sha256').update(body).digest('hex'),
    endianness: endianness(),
    size: n,
    counts,
    sections,
    countries: [...tables.countries],
    regionNames: [...tables.regionNames],
    demonyms: [...tables.demonyms],
    demonymByCc: [...tables.demonymByCc],
    capitals: [...tables.capitals],
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const start = align8(16 + json.byteLength);
  const out = Buffer.alloc(start + body.byteLength);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(json.byteLength, 8);
  out.set(json, 16);
  out.set(body, start);
  return out;
}

/**
 * Reads a buffer made by `encodeGazetteer`. Throws `StaleGazetteerError` when it was built from
 * another source than `source`, on a machine of the other byte order, or is damaged.
 */
export function decodeGazetteer(buffer: Buffer, source: string): CompactGazetteer {
  if (buffer.byteLength < 16 || buffer.toString('latin1', 0, 8) !== MAGIC)
    throw new StaleGazetteerError('not a compact gazetteer of this format');
  const length = buffer.readUInt32LE(8);
  if (16 + length > buffer.byteLength) throw new StaleGazetteerError('truncated header');
  let header: Header;
  try {
    header = JSON.parse(buffer.toString('utf8', 16, 16 + length)) as Header;
  } catch {
    throw new StaleGazetteerError('unreadable header');
  }
  if (header.source !== source) throw new StaleGazetteerError('built from other data');
  if (header.endianness !== endianness()) throw new StaleGazetteerError('other byte order');
  const start = align8(16 + length);
  // Typed arrays over the buffer need its start aligned; a fresh copy is.
  const body =
    (buffer.byteOffset + start) % 8 === 0 ? buffer.subarray(start) : Buffer.from(buffer.subarray(start));
  if (createHash('sha256').update(body).digest('hex') !== header.body)
    throw new StaleGazetteerError('damaged body');
  const section = (name: string): [number, number] => {
    const s = header.sections[name];
    if (!s || s[0] + s[1] > body.byteLength) throw new StaleGazetteerError(`missing section ${name}`);
    return [body.byteOffset + s[0], s[1]];
  };
  const int32 = (name: string) => {
    const [o, l] = section(name);
    return new Int32Array(body.buffer, o, l / 4);
  };
  const float64 = (name: string) => {
    const [o, l] = section(name);
    return new Float64Array(body.buffer, o, l / 8);
  };
  const strings = (name: string, count: number): string[] => {
    if (count === 0) return [];
    const [o, l] = section(name);
    const list = Buffer.from(body.buffer, o, l).toString('utf8').split('\0');
    if (list.length !== count) throw new StaleGazetteerError(`damaged section ${name}`);
    return list;
  };
  const [ko, kl] = section('kind');
  const kind = new Uint8Array(body.buffer, ko, kl);
  const name = int32('name');
  const cc = int32('cc');
  const admin1 = int32('admin1');
  const feature = int32('feature');
  const subdivision = int32('subdivision');
  const lat = float64('lat');
  const lon = float64('lon');
  const population = float64('population');
  const fields = strings('fields', header.counts.fields ?? 0);
  const index = (n: string): IdIndex => ({
    keys: strings(`${n}.keys`, header.counts[`${n}.keys`] ?? 0),
    starts: int32(`${n}.starts`),
    ids: int32(`${n}.ids`),
  });
  const exact = index('exact');
  const skeleton = index('skeleton');
  const curated = index('curated');
  const towns = index('towns');
  const objects: (GazetteerEntry | undefined)[] = new Array(header.size);
  const pplx = fields.indexOf('PPLX');
  const text = (i: number): string | null => (i < 0 ? null : (fields[i] as string));

  return {
    size: header.size,
    entry(id) {
      let e = objects[id];
      if (e) return e;
      e = {
        kind: KINDS[kind[id] as number] as GazetteerKind,
        name: text(name[id] as number) as string,
        cc: text(cc[id] as number),
        admin1: text(admin1[id] as number),
        lat: lat[id] as number,
        lon: lon[id] as number,
        population: population[id] as number,
        feature: text(feature[id] as number) as string,
      };
      const sub = subdivision[id] as number;
      if (sub >= 0) e.subdivision = fields[sub] as string;
      objects[id] = e;
      return e;
    },
    exact: (key) => find(exact, key),
    skeleton: (key) => find(skeleton, key),
    curated: (key) => find(curated, key),
    towns: (key) => find(towns, key) ?? [],
    population: (id) => population[id] as number,
    isSection: (id) => feature[id] === pplx,
    countries: new Map(header.countries),
    regionNames: new Map(header.regionNames),
    demonyms: new Map(header.demonyms),
    demonymByCc: new Map(header.demonymByCc),
    capitals: new Map(header.capitals),
  };
}

/** The ids of `key` in `index` (a binary search of its sorted keys), or undefined. */
function find(index: IdIndex, key: string): number[] | undefined {
  const { keys } = index;
  let lo = 0;
  let hi = keys.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const k = keys[mid] as string;
    if (k === key) return Array.from(index.ids.subarray(index.starts[mid], index.starts[mid + 1]));
    if (k < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}
