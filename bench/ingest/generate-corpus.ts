import fs from 'node:fs';
import path from 'node:path';
import { seededRandom } from '../../src/core/random.js';

export { seededRandom };

const ONSETS = [
  'b',
  'c',
  'd',
  'f',
  'g',
  'h',
  'k',
  'l',
  'm',
  'n',
  'p',
  'r',
  's',
  't',
  'v',
  'w',
  'br',
  'st',
  'tr',
  'ch',
  'sh',
  'pl',
  'gr',
];
const NUCLEI = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ou', 'io'];
const CODAS = ['', '', 'n', 'r', 's', 't', 'l', 'nd', 'rt', 'st', 'ck', 'm'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * Synthesises a vocabulary of pronounceable pseudo-words (no word list needed) and draws from it
 * with a Zipf-like distribution, so that texts have the skewed word frequencies of real prose.
 */
export function createVocabulary(
  random: () => number,
  size = 30_000,
): { word: () => string; name: () => string } {
  const words = new Set<string>();
  while (words.size < size) {
    const syllables = 1 + Math.floor(random() * random() * 4);
    let w = '';
    for (let s = 0; s < syllables; s++) {
      w += ONSETS[Math.floor(random() * ONSETS.length)]! + NUCLEI[Math.floor(random() * NUCLEI.length)]!;
      if (s === syllables - 1 || random() < 0.3) w += CODAS[Math.floor(random() * CODAS.length)]!;
    }
    words.add(w);
  }
  const list = [...words];
  // Zipf via inverse transform on a power law: rank ~ size^u skewed toward 0.
  const word = (): string =>
    list[Math.min(list.length - 1, Math.floor(Math.exp(random() * Math.log(list.length)) - 1))]!;
  const name = (): string => {
    const w = list[Math.floor(random() * list.length)]!;
    return w[0]!.toUpperCase() + w.slice(1);
  };
  return { word, name };
}

/** One news-like report of 600–900 words: headline, dateline with a wire credit, paragraphs. */
export function generateReport(
  n: number,
  random: () => number,
  vocab: ReturnType<typeof createVocabulary>,
): string {
  const words = 600 + Math.floor(random() * 301);
  const place = vocab.name().toUpperCase();
  const month = MONTHS[Math.floor(random() * 12)]!;
  const day = 1 + Math.floor(random() * 28);
  const agency = ['AP', 'Reuters', 'AFP', 'Staff'][Math.floor(random() * 4)]!;
  const headline = `${vocab.name()} ${vocab.word()} ${vocab.word()} in ${vocab.name()} after ${vocab.word()} (report ${n})`;
  const paragraphs: string[] = [];
  let written = 0;
  let first = true;
  while (written < words) {
    const sentences: string[] = [];
    const count = 1 + Math.floor(random() * 4);
    for (let s = 0; s < count && written < words; s++) {
      const length = 10 + Math.floor(random() * 20);
      const parts: string[] = [];
      for (let w = 0; w < length; w++) {
        const r = random();
        if (r < 0.06) parts.push(vocab.name());
        else if (r < 0.075) parts.push(String(Math.floor(random() * 500)));
        else parts.push(vocab.word());
        if (w > 2 && w < length - 2 && random() < 0.07) parts[parts.length - 1] += ',';
      }
      parts[0] = parts[0]![0]!.toUpperCase() + parts[0]!.slice(1);
      let sentence = `${parts.join(' ')}.`;
      if (random() < 0.12) sentence = `"${sentence}" ${vocab.name()} ${vocab.name()} said.`;
      sentences.push(sentence);
      written += length;
    }
    const text = sentences.join(' ');
    paragraphs.push(first ? `${place}, ${month} ${day} (${agency}) — ${text}` : text);
    first = false;
  }
  return `${headline}\n\n${paragraphs.join('\n\n')}\n`;
}

/** Writes `count` reports into `dir/NNN/NNNNNNN.txt` (1,000 per folder); returns total bytes. */
export function writeCorpus(dir: string, count: number, seed: number): number {
  const random = seededRandom(seed);
  const vocab = createVocabulary(random);
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const folder = path.join(dir, String(Math.floor(i / 1000)).padStart(3, '0'));
    if (i % 1000 === 0) fs.mkdirSync(folder, { recursive: true });
    const text = generateReport(i, random, vocab);
    fs.writeFileSync(path.join(folder, `${String(i).padStart(7, '0')}.txt`), text);
    bytes += Buffer.byteLength(text);
  }
  return bytes;
}
