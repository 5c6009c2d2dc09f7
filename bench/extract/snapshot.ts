/**
 * Writes the whole extraction of a fixed set of documents as JSON lines, to compare the output
 * before and after a speed change: `npx tsx bench/extract/snapshot.ts OUT.jsonl [generated=400]`.
 * The set: the first N generated reports, the plain-text example corpus and, when present,
 * ../shared/corpora/bucha-2022.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createExtractor } from '../../src/extract/index.js';
import { generateReport } from './generate.js';

const out = process.argv[2] ?? 'extraction-snapshot.jsonl';
const generated = Number(process.argv[3] ?? 400);
const root = join(import.meta.dirname, '..', '..');
const docs: { id: string; text: string; published: string | null }[] = [];
for (let n = 0; n < generated; n++) {
  const d = generateReport(n);
  docs.push({ id: d.id, text: d.text, published: d.published });
}
const examples = join(root, 'examples', 'corpus');
for (const file of ['meridian-wire.txt', 'lakeshore-courier.txt', 'newspulse-rewrite.md']) {
  docs.push({ id: file, text: readFileSync(join(examples, file), 'utf8'), published: '2024-03-15' });
}
for (const [i, line] of readFileSync(join(examples, 'reports.jsonl'), 'utf8').trim().split('\n').entries()) {
  const row = JSON.parse(line) as { text: string; published?: string };
  docs.push({ id: `reports#${i + 1}`, text: row.text, published: row.published ?? null });
}
const bucha = join(root, '..', 'shared', 'corpora', 'bucha-2022');
if (existsSync(join(bucha, 'manifest.jsonl'))) {
  for (const row of readFileSync(join(bucha, 'manifest.jsonl'), 'utf8').trim().split('\n')) {
    const { path, published } = JSON.parse(row) as { path: string; published: string };
    docs.push({ id: path, text: readFileSync(join(bucha, path), 'utf8'), published });
  }
}
const extract = createExtractor();
const lines = docs.map((d) =>
  JSON.stringify(extract({ id: d.id, text: d.text, published: d.published, dateline: null })),
);
writeFileSync(out, `${lines.join('\n')}\n`);
process.stderr.write(`snapshot: ${docs.length} documents → ${out}\n`);
