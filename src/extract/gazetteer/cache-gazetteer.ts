import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { buildGazetteerTables, type VariantEntry } from './build-gazetteer-tables.js';
import { type CompactGazetteer, decodeGazetteer, encodeGazetteer } from './compact-gazetteer.js';

/** Where the data comes from; tests pass their own. */
export interface GazetteerFiles {
  /** The gzipped gazetteer table. */
  table: string;
  /** The curated variants (`{ entries: VariantEntry[] }`). */
  variants: string;
}

export interface GazetteerCacheOptions {
  files?: GazetteerFiles;
  /** The cache folder; null keeps nothing on disk. Default: `cacheFolder()`. */
  folder?: string | null;
}

const DATA_FILES: GazetteerFiles = {
  table: fileURLToPath(new URL('../../../data/gazetteer.tsv.gz', import.meta.url)),
  variants: fileURLToPath(new URL('../../../data/place-variants.json', import.meta.url)),
};

/**
 * The folder for derived files that can always be rebuilt: `CORROBORATE_CACHE_DIR` (`off` for
 * none), else `$XDG_CACHE_HOME/corroborate`, else `~/.cache/corroborate`.
 */
export function cacheFolder(): string | null {
  const set = process.env.CORROBORATE_CACHE_DIR;
  if (set === 'off') return null;
  if (set) return set;
  const base = process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
  return path.join(base, 'corroborate');
}

/**
 * The modules whose code decides the compact form: the table builder (with its constants and
 * patterns), the name folding and the encoding. Read as files next to this one (`.ts` from the
 * source, `.js` when built), so that any change to them, not only to a function's body, builds a
 * new copy.
 */
const BUILDER_MODULES = ['build-gazetteer-tables', 'place-key', 'compact-gazetteer'];

function builderCode(): Buffer[] {
  const own = fileURLToPath(import.meta.url);
  const extension = path.extname(own);
  return BUILDER_MODULES.map((name) => readFileSync(path.join(path.dirname(own), `${name}${extension}`)));
}

/**
 * What a compact gazetteer is built from: both data files and the code that indexes them, so
 * that a change to any of them builds a new one.
 */
function sourceHash(table: Buffer, variants: Buffer): string {
  const hash = createHash('sha256')
    .update('compact gazetteer 2\0')
    .update(table)
    .update('\0')
    .update(variants);
  for (const code of builderCode()) hash.update('\0').update(code);
  return hash.digest('hex');
}

/**
 * The gazetteer's compact form: read from the cache folder when a copy built from the same data
 * and code is there and intact; otherwise indexed from the table (seconds of CPU) and kept there
 * for the next process (written to a temporary name and renamed, so that a reader never sees half
 * a file; a folder that cannot be written only costs the next process the same work).
 * `from` says which.
 */
export function loadCompactGazetteer(options: GazetteerCacheOptions = {}): {
  gazetteer: CompactGazetteer;
  from: 'cache' | 'table';
} {
  const files = options.files ?? DATA_FILES;
  const folder = options.folder === undefined ? cacheFolder() : options.folder;
  const table = readFileSync(files.table);
  const variants = readFileSync(files.variants);
  const source = sourceHash(table, variants);
  const file = folder ? path.join(folder, `gazetteer-${source.slice(0, 32)}.bin`) : null;
  if (file) {
    try {
      return { gazetteer: decodeGazetteer(readFileSync(file), source), from: 'cache' };
    } catch {
      // Absent, unreadable, stale or damaged (StaleGazetteerError): indexed again below.
    }
  }
  const tables = buildGazetteerTables(
    gunzipSync(table).toString('utf8'),
    (JSON.parse(variants.toString('utf8')) as { entries: VariantEntry[] }).entries,
  );
  const buffer = encodeGazetteer(tables, source);
  if (file) keep(file, buffer);
  return { gazetteer: decodeGazetteer(buffer, source), from: 'table' };
}

function keep(file: string, buffer: Buffer): void {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temporary, buffer);
    renameSync(temporary, file);
  } catch {
    rmSync(temporary, { force: true });
    return;
  }
  pruneOlder(path.dirname(file));
}

/** Copies kept at most: a source checkout and its built code each make their own. */
const COPIES_KEPT = 4;
/** Age after which a temporary copy is taken as abandoned. */
const TEMPORARY_ABANDONED_MS = 10 * 60 * 1000;

/**
 * Removes the oldest compact gazetteers beyond `COPIES_KEPT`, and temporary copies abandoned by a
 * process killed while writing one, so that each change of the data or
 * code does not leave one more 17 MB file behind for good. A file that cannot be read or removed
 * is left; another process may be using it.
 */
export function pruneOlder(folder: string): void {
  let copies: { file: string; modified: number; temporary: boolean }[];
  try {
    copies = readdirSync(folder)
      .filter((name) => /^gazetteer-[0-9a-f]{32}\.bin(?:\..+\.tmp)?$/.test(name))
      .map((name) => {
        const file = path.join(folder, name);
        return { file, modified: statSync(file).mtimeMs, temporary: name.endsWith('.tmp') };
      });
  } catch {
    return;
  }
  // A temporary copy left by a process killed while writing it; one being written is younger.
  const abandoned = Date.now() - TEMPORARY_ABANDONED_MS;
  for (const { file, modified, temporary } of copies)
    if (temporary && modified < abandoned) rmSync(file, { force: true });
  const kept = copies.filter((c) => !c.temporary).sort((a, b) => b.modified - a.modified);
  for (const { file } of kept.slice(COPIES_KEPT)) rmSync(file, { force: true });
}
