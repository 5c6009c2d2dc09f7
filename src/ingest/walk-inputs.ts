import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../core/types.js';
import { FOLDER_MANIFEST_NAMES, type Manifest, type ManifestEntry, readManifest } from './manifest.js';

/** One thing to ingest, in the order ingest meets it. */
export type InputItem =
  | { kind: 'file'; source: string; absolute: string; manifest: ManifestEntry | null }
  | { kind: 'stdin'; source: '-' }
  /** An input that cannot be read at all (missing, not a file); becomes a rejection. */
  | { kind: 'missing'; source: string; rule: string; message: string; hint: string }
  /** Something deliberately left out (a symlink, a file the folder's manifest does not list). */
  | { kind: 'note'; diagnostic: Diagnostic };

/**
 * Expands the command-line inputs into files, in a stable order: each input in the order given;
 * inside a folder, entries sorted by name (code-point order), depth first. Names starting with a
 * dot and documentation files (README, LICENSE, COPYING, CHANGELOG) are skipped; symbolic links
 * inside folders are not followed (a link given directly is). A folder holding `manifest.jsonl` or
 * `manifest.csv` at its top (and no `--manifest` given) is described by it: its metadata applies,
 * and a listed file that is missing is an error.
 * Only one folder listing per depth is held at a time, so memory does not grow with the corpus.
 */
export async function* walkInputs(
  inputs: readonly string[],
  manifest: Manifest | null,
  options: WalkOptions = {},
): AsyncGenerator<InputItem> {
  const visited = new Set<ManifestEntry>();
  const manifestFile = manifest ? path.resolve(manifest.file) : null;
  for (const input of inputs) {
    if (input === '-') {
      yield { kind: 'stdin', source: '-' };
      continue;
    }
    let stat: fs.Stats;
    try {
      stat = await fsp.stat(input);
    } catch (err) {
      yield missing(input, err as NodeJS.ErrnoException);
      continue;
    }
    if (stat.isFile()) {
      const entry = manifest?.byPath.get(path.resolve(input)) ?? null;
      if (entry) visited.add(entry);
      yield { kind: 'file', source: input, absolute: path.resolve(input), manifest: entry };
    } else if (stat.isDirectory()) {
      const own = manifest ? null : folderManifest(input);
      const active = manifest ?? own;
      for await (const item of walkFolder(input, own ? path.resolve(own.file) : manifestFile)) {
        if (item.kind !== 'file') {
          yield item;
          continue;
        }
        const entry = active?.byPath.get(item.absolute) ?? null;
        if (entry) visited.add(entry);
        yield { ...item, manifest: entry };
      }
      if (own) yield* missingEntries(own, visited);
    } else {
      yield {
        kind: 'missing',
        source: input,
        rule: 'ingest/not-a-file',
        message: 'Expected a file or a folder; found a special file (device, socket or pipe).',
        hint: 'Pass regular files or folders, or `-` to read standard input.',
      };
    }
  }
  if (manifest) {
    // Entries of an explicit manifest that no input covered are read too: the manifest is a list of inputs.
    const dir = path.dirname(manifest.file);
    for (const entry of manifest.entries) {
      if (visited.has(entry)) continue;
      visited.add(entry);
      if (fs.existsSync(entry.absolute)) yield listedFile(entry, dir, options.allowOutside === true);
      else yield manifestMissing(manifest, entry);
    }
  }
}

export interface WalkOptions {
  /** Read files an explicit manifest lists outside its own folder (after symbolic links are resolved). */
  allowOutside?: boolean;
}

/**
 * A file an explicit manifest lists and no input named. It must lie inside the manifest's folder
 * once symbolic links are resolved (`../../etc/passwd` or a link out of the folder is refused,
 * unless `allowOutside`); its source is the path actually read, relative to the working folder
 * when it lies below it.
 */
function listedFile(entry: ManifestEntry, dir: string, allowOutside: boolean): InputItem {
  const real = fs.realpathSync(entry.absolute);
  const folder = fs.realpathSync(path.resolve(dir));
  const inside = real.startsWith(folder + path.sep);
  if (!inside && !allowOutside) {
    return {
      kind: 'missing',
      source: sourceOf(real),
      rule: 'ingest/manifest-outside',
      message: `${entry.where} names ${entry.path}, which is outside the manifest's folder ${folder} (it resolves to ${real}).`,
      hint: "Move the file into the manifest's folder, or pass --allow-outside if the manifest is yours and the path is meant.",
    };
  }
  return { kind: 'file', source: sourceOf(real), absolute: real, manifest: entry };
}

/** How custody names a file a manifest reaches: relative to the working folder when below it, else absolute. */
function sourceOf(absolute: string): string {
  const cwd = fs.realpathSync(process.cwd());
  return absolute.startsWith(cwd + path.sep) ? path.relative(cwd, absolute) : absolute;
}

/** A folder's own documentation, not a report: README, LICENSE, COPYING, CHANGELOG (any extension). */
const DOCUMENTATION = /^(readme|licen[cs]e|copying|changelog)(\.[a-z0-9]+)?$/i;

function folderManifest(dir: string): Manifest | null {
  for (const name of FOLDER_MANIFEST_NAMES) {
    const file = path.join(dir, name);
    if (fs.existsSync(file)) return readManifest(file);
  }
  return null;
}

function* missingEntries(manifest: Manifest, visited: Set<ManifestEntry>): Generator<InputItem> {
  for (const entry of manifest.entries) if (!visited.has(entry)) yield manifestMissing(manifest, entry);
}

function manifestMissing(manifest: Manifest, entry: ManifestEntry): InputItem {
  return {
    kind: 'missing',
    // An absolute entry is named as written, not joined under the manifest's folder.
    source: path.isAbsolute(entry.path) ? entry.path : path.join(path.dirname(manifest.file), entry.path),
    rule: 'ingest/manifest-file-missing',
    message: `${entry.where} names ${entry.path}, which does not exist (or is hidden or a symbolic link).`,
    hint: `Fix the path in ${manifest.file} (paths are relative to the manifest's folder) or remove the entry.`,
  };
}

async function* walkFolder(
  root: string,
  skipFile: string | null,
): AsyncGenerator<InputItem & { kind: 'file' | 'note' | 'missing' }> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(root, { withFileTypes: true });
  } catch (err) {
    yield missing(root, err as NodeJS.ErrnoException) as InputItem & { kind: 'missing' };
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const source = path.join(root, entry.name);
    if (entry.isFile() && DOCUMENTATION.test(entry.name)) {
      yield note(
        'ingest/documentation-skipped',
        "Skipped the folder's documentation file (README, LICENSE…); pass it by name to ingest it.",
        source,
      );
    } else if (entry.isSymbolicLink()) {
      yield note(
        'ingest/symlink-skipped',
        'Skipped a symbolic link inside a folder (links are not followed).',
        source,
      );
    } else if (entry.isDirectory()) {
      yield* walkFolder(source, skipFile);
    } else if (entry.isFile()) {
      const absolute = path.resolve(source);
      if (absolute === skipFile) continue;
      yield { kind: 'file', source, absolute, manifest: null };
    }
  }
}

function missing(source: string, err: NodeJS.ErrnoException): InputItem {
  const notFound = err.code === 'ENOENT' || err.code === 'ENOTDIR';
  return {
    kind: 'missing',
    source,
    rule: notFound ? 'ingest/not-found' : 'ingest/unreadable',
    message: notFound ? 'No such file or folder.' : `Cannot read it (${err.code ?? err.message}).`,
    hint: notFound ? 'Check the path.' : 'Check the permissions.',
  };
}

function note(rule: string, message: string, source: string): InputItem & { kind: 'note' } {
  return { kind: 'note', diagnostic: { rule, severity: 'info', message, source } };
}
