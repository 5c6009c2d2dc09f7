import fs from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { z } from 'zod';
import { UsageError } from '../core/errors.js';

/** Metadata a manifest may supply for one file. Supplied values win over inferred ones. */
export interface ManifestMeta {
  outlet?: string;
  url?: string;
  title?: string;
  published?: string;
}

export interface ManifestEntry {
  /** The path as written in the manifest (relative to the manifest's folder). */
  path: string;
  /** The path resolved against the manifest's folder. */
  absolute: string;
  /** Where the entry is: `manifest.jsonl line 3`. */
  where: string;
  meta: ManifestMeta;
  /** The file's character encoding when it is plain text that is not UTF-8 (a WHATWG label). */
  encoding?: string;
}

export interface Manifest {
  file: string;
  entries: ManifestEntry[];
  /** Entries by resolved absolute path. */
  byPath: Map<string, ManifestEntry>;
}

/** File names recognised as a folder's own manifest when no `--manifest` is given. */
export const FOLDER_MANIFEST_NAMES = ['manifest.jsonl', 'manifest.csv'] as const;

const optionalText = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.string().trim().min(1).optional(),
);

const entrySchema = z.object({
  path: z
    .string({ error: 'required (the file, relative to the manifest folder)' })
    .trim()
    .min(1, 'must not be empty'),
  outlet: optionalText,
  title: optionalText,
  url: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.url().optional()),
  encoding: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .trim()
      .refine(isEncodingLabel, {
        error: 'expected an encoding label this Node.js can decode (latin1, windows-1252, utf-16le, …)',
      })
      .optional(),
  ),
  published: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .union([z.iso.date(), z.iso.datetime({ offset: true, local: true })], {
        error: 'expected an ISO 8601 date (2022-04-03) or date-time (2022-04-03T14:05:00Z)',
      })
      .optional(),
  ),
});

/**
 * Reads a manifest: JSON Lines (`.jsonl`, `.json`, `.ndjson`) or CSV with a header row (`.csv`),
 * fields `path` (relative to the manifest's folder), `outlet`, `url`, `title`, `published`, and
 * `encoding` (of a plain-text file that is not UTF-8); other fields are ignored. Every invalid entry is reported at once in one `UsageError`.
 *
 * @example readManifest('corpus/manifest.jsonl').byPath.get(path.resolve('corpus/a.txt'))?.meta.published
 */
export function readManifest(file: string): Manifest {
  let content: string;
  try {
    content = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(
      `Cannot read the manifest ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}.`,
      'Pass the path of an existing JSON Lines or CSV manifest with --manifest.',
    );
  }
  const name = path.basename(file);
  const rows = /\.csv$/i.test(file) ? csvRows(content, file) : jsonlRows(content, name);
  const dir = path.dirname(path.resolve(file));
  const issues: string[] = [];
  const entries: ManifestEntry[] = [];
  const byPath = new Map<string, ManifestEntry>();
  for (const row of rows) {
    if (row.error) {
      issues.push(`${row.where}: ${row.error}`);
      continue;
    }
    const parsed = entrySchema.safeParse(row.value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        issues.push(`${row.where}: ${issue.path.join('.') || 'entry'}: ${issue.message}`);
      }
      continue;
    }
    const { path: relative, encoding, ...meta } = parsed.data;
    const absolute = path.resolve(dir, relative);
    const previous = byPath.get(absolute);
    if (previous) {
      issues.push(`${row.where}: path ${relative} is already described at ${previous.where}`);
      continue;
    }
    const entry: ManifestEntry = { path: relative, absolute, where: row.where, meta: dropUndefined(meta) };
    if (encoding) entry.encoding = encoding;
    entries.push(entry);
    byPath.set(absolute, entry);
  }
  if (issues.length > 0) {
    const shown = issues.slice(0, 20).join('\n  ');
    const more = issues.length > 20 ? `\n  … and ${issues.length - 20} more` : '';
    throw new UsageError(
      `The manifest ${file} has ${issues.length} invalid entr${issues.length === 1 ? 'y' : 'ies'}:\n  ${shown}${more}`,
      'Each entry needs a path; published must be ISO 8601 (2022-04-03 or 2022-04-03T14:05:00Z); url must be absolute.',
    );
  }
  return { file, entries, byPath };
}

interface RawRow {
  where: string;
  value?: unknown;
  error?: string;
}

function jsonlRows(content: string, name: string): RawRow[] {
  const rows: RawRow[] = [];
  const lines = content.split(/\r?\n/);
  lines.forEach((line, i) => {
    const where = `${name} line ${i + 1}`;
    if (line.trim() === '') return;
    try {
      const value = JSON.parse(line);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        rows.push({ where, error: 'expected a JSON object per line' });
      } else rows.push({ where, value });
    } catch (err) {
      rows.push({ where, error: `not valid JSON (${(err as Error).message})` });
    }
  });
  return rows;
}

function csvRows(content: string, file: string): RawRow[] {
  const name = path.basename(file);
  let records: Record<string, string>[];
  try {
    records = parseCsv(content, { columns: true, skip_empty_lines: true, trim: true, bom: true });
  } catch (err) {
    throw new UsageError(
      `The manifest ${file} is not valid CSV: ${(err as Error).message}`,
      'Use a header row (path,outlet,url,title,published) and quote fields that contain commas.',
    );
  }
  // Line numbers count the header as line 1.
  return records.map((value, i) => ({ where: `${name} line ${i + 2}`, value }));
}

function dropUndefined(meta: Record<string, string | undefined>): ManifestMeta {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(meta)) if (v !== undefined) out[k] = v;
  return out;
}

/** True for a WHATWG encoding label that this Node.js build's TextDecoder accepts. */
export function isEncodingLabel(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}
