/**
 * Rebuilds BENCHMARKS.md from its hand-written head (everything before the first `---` line: the
 * machine, the date and the targets table) followed by each benchmark's own `bench/<name>/RESULTS.md`,
 * with its headings demoted one level. Run: `npx tsx scripts/assemble-benchmarks.ts`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ORDER = [
  'accuracy',
  'ingest',
  'readers',
  'reuse',
  'extract-text',
  'extract',
  'analyze',
  'postgres',
  'ecbplus-coref',
  'report',
];
const TARGET = 'BENCHMARKS.md';

/** Adds one `#` to every Markdown heading outside fenced code blocks. */
function demoteHeadings(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      return !fenced && /^#{1,5} /.test(line) ? `#${line}` : line;
    })
    .join('\n');
}

const current = readFileSync(TARGET, 'utf8');
const cut = current.search(/^---$/m);
if (cut < 0) {
  process.stderr.write(`assemble-benchmarks: ${TARGET} has no '---' line after its head; nothing written\n`);
  process.exit(1);
}
const sections = ORDER.map((name) => join('bench', name, 'RESULTS.md'))
  .filter((path) => existsSync(path))
  .map((path) => demoteHeadings(readFileSync(path, 'utf8').trim()));
writeFileSync(
  TARGET,
  `${current.slice(0, cut).trimEnd()}\n\n${sections.map((s) => `---\n\n${s}\n`).join('\n')}`,
);
process.stderr.write(`assemble-benchmarks: wrote ${TARGET} from ${sections.length} results files\n`);
