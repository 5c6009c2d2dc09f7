import fs from 'node:fs';
import { packContent } from '../original-packs.js';
import type { VerifyProblem } from '../store.js';
import type { PackBinding } from '../verify-evidence.js';
import type { SqliteDatabase } from './database.js';

/**
 * The embedded store's pack files, checked for `verify`: a pack row is storage layout, not
 * evidence, so it must agree with its file (the originals in it are checked by hash at their
 * offsets), and every original must refer to a recorded pack. Stores written before packs were
 * left out of custody also bound each pack's content and size into an ingest entry (`bindings`);
 * those bindings are still checked.
 */
export function checkPacks(
  db: SqliteDatabase,
  packPath: (name: string) => string,
  bindings: ReadonlyMap<string, PackBinding>,
): VerifyProblem[] {
  const problems: VerifyProblem[] = [];
  const rows = db
    .prepare(
      'SELECT p.name, p.size, (SELECT count(*) FROM originals o WHERE o.pack = p.name) AS held FROM original_packs p',
    )
    .all() as { name: string; size: number; held: number }[];
  const names = new Set(rows.map((r) => r.name));
  const contents = new Set(rows.map((r) => packContent(r.name)));
  for (const row of rows) {
    let actual: number | null = null;
    try {
      actual = fs.statSync(packPath(row.name)).size;
    } catch {
      // A missing file is reported with each original it held.
    }
    const bound = bindings.get(packContent(row.name));
    const what = [
      bound && row.size !== bound.size ? `size ${row.size} (custody: ${bound.size})` : '',
      actual === null
        ? row.held === 0
          ? 'no original is stored in it and its file is missing'
          : ''
        : actual !== row.size
          ? `it records ${row.size} bytes but the file has ${actual}`
          : '',
    ].filter(Boolean);
    if (what.length > 0) {
      problems.push({
        kind: 'pack-record-altered',
        seq: bound?.seq,
        message: `The pack record ${row.name} does not match: ${what.join('; ')}.`,
      });
    }
  }
  for (const [content, bound] of bindings) {
    if (!contents.has(content)) {
      problems.push({
        kind: 'pack-record-altered',
        seq: bound.seq,
        message: `Custody entry ${bound.seq} wrote a pack of content ${content}, which the pack table no longer records: the row was deleted.`,
      });
    }
  }
  // A loose original has neither a pack nor an offset; a packed one has both, at a valid offset.
  const misplaced = db
    .prepare(
      `SELECT sha256, pack, pack_offset FROM originals
       WHERE (pack IS NULL) <> (pack_offset IS NULL) OR pack_offset < 0 OR pack_offset <> CAST(pack_offset AS INTEGER)`,
    )
    .all() as { sha256: string; pack: string | null; pack_offset: number | null }[];
  for (const row of misplaced) {
    problems.push({
      kind: 'original-record-altered',
      sha256: row.sha256,
      message: `The originals row of ${row.sha256} records pack ${row.pack ?? 'none'} with offset ${row.pack_offset ?? 'none'}: a loose original has neither, a packed one both.`,
    });
  }
  const dangling = db
    .prepare('SELECT DISTINCT pack FROM originals WHERE pack IS NOT NULL')
    .pluck()
    .all() as string[];
  for (const name of dangling) {
    if (!names.has(name)) {
      problems.push({
        kind: 'pack-record-altered',
        message: `Originals are stored in pack ${name}, which the pack table does not record: the row was deleted.`,
      });
    }
  }
  return problems;
}
