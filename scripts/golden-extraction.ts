import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DocumentExtraction, Quantity } from '../src/core/types.js';
import { createExtractor } from '../src/extract/index.js';

/** `../shared/corpora/bucha-2022` relative to the repository root. */
export const BUCHA_DIR = join(import.meta.dirname, '..', '..', 'shared', 'corpora', 'bucha-2022');
export const GOLDEN_FILE = join(import.meta.dirname, '..', 'test', 'golden', 'bucha-2022-extraction.txt');

export const buchaAvailable = (): boolean => existsSync(join(BUCHA_DIR, 'manifest.jsonl'));

const fig = (q: Quantity | null): string =>
  q
    ? `${q.best ?? '?'}${q.low !== q.best || q.high !== q.best ? ` (${q.low ?? '?'}–${q.high ?? '?'})` : ''} "${q.text}"`
    : '-';
const clip = (s: string, n = 90): string => {
  const one = s.replace(/\s+/g, ' ');
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
};

/**
 * Corpus text never goes into the repository: the golden file holds `#` + the first 10 hex digits
 * of its sha256 instead (any change is still caught; the span finds it in ../shared).
 */
export const textHash = (s: string): string =>
  `#${createHash('sha256').update(s).digest('hex').slice(0, 10)}`;

/**
 * The golden lines for the Bucha corpus: every incident that carries a casualty figure (killed,
 * injured or a body count) with its place and date, and every direct quotation with its speaker.
 * Texts, quote contents, speakers and origins are hashed; with `show` the text follows each hash
 * (for reading in the terminal only, never for the file).
 */
export function goldenLines(show = false): string[] {
  const h = (s: string, n = 90): string => (show ? `${textHash(s)} "${clip(s, n)}"` : textHash(s));
  const extract = createExtractor();
  const lines: string[] = [];
  const manifest = readFileSync(join(BUCHA_DIR, 'manifest.jsonl'), 'utf8').trim().split('\n');
  for (const row of manifest) {
    const { path, published } = JSON.parse(row) as { path: string; published: string };
    const text = readFileSync(join(BUCHA_DIR, path), 'utf8');
    const doc = path.slice(0, 3);
    const x: DocumentExtraction = extract({ id: doc, text, published, dateline: null });
    for (const i of x.incidents) {
      const bodies = i.counts.filter((q) => q.counted === 'body');
      if (!i.killed && !i.injured && bodies.length === 0) continue;
      const place = i.place
        ? `${i.place.name}${i.place.countryCode ? `/${i.place.countryCode}` : ''} (${i.place.precision})`
        : '-';
      const date = i.date?.start
        ? `${i.date.start} (${i.date.precision}${i.date.text ? `, "${i.date.text}"` : ', reference'})`
        : '-';
      lines.push(
        `${doc} [${i.span[0]},${i.span[1]}) incident ${i.kind} | killed ${fig(i.killed)} | injured ${fig(i.injured)}` +
          `${bodies.length ? ` | bodies ${bodies.map(fig).join(', ')}` : ''} | place ${place} | date ${date} | ${i.modality}${i.origin ? ` (${h(i.origin)})` : ''}` +
          ` | ${h(i.text)}`,
      );
    }
    for (const q of x.quotes.filter((q) => q.direct)) {
      lines.push(
        `${doc} [${q.span[0]},${q.span[1]}) quote ${h(q.content.map((c) => c.text).join(' … '), 80)} | speaker ${q.speaker ? h(q.speaker) : '-'}`,
      );
    }
  }
  return lines;
}

/** The generated part of a golden file: every line that is not a `#` note. */
export function generatedPart(file: string): string[] {
  return file.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
}
