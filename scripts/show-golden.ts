/**
 * Prints the Bucha golden lines with the hashed texts filled in from ../shared/corpora/bucha-2022,
 * for checking by hand: `npx tsx scripts/show-golden.ts`. Terminal only — corpus text must never
 * be written into the repository. A line marked `!` differs from test/golden/bucha-2022-extraction.txt.
 */
import { existsSync, readFileSync } from 'node:fs';
import { buchaAvailable, GOLDEN_FILE, generatedPart, goldenLines } from './golden-extraction.js';

if (!buchaAvailable()) {
  process.stderr.write('show-golden: ../shared/corpora/bucha-2022 is absent\n');
  process.exit(1);
}
process.stdout.on('error', () => process.exit(0)); // e.g. piped into head
const stored = new Set(existsSync(GOLDEN_FILE) ? generatedPart(readFileSync(GOLDEN_FILE, 'utf8')) : []);
const plain = goldenLines();
const shown = goldenLines(true);
for (const [i, line] of shown.entries())
  process.stdout.write(`${stored.has(plain[i] ?? '') ? ' ' : '!'} ${line}\n`);
