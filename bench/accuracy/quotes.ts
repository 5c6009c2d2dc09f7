/**
 * Quote figures of a ledger, for the accuracy benchmark: how many quotes, how many with a
 * speaker, how many distinct speakers (after the extractor's canonicalisation), how many flagged
 * variants. Also draws the seeded sample of quotes that is checked by hand.
 *
 *   npx tsx bench/accuracy/quotes.ts LEDGER.json [LEDGER2.json …] [--sample 50 --seed 17 --texts STORE[,STORE2]]
 *
 * With `--sample N`, prints N quotes drawn with a seeded generator across the ledgers given, each
 * with its speaker and the words around its first mention (read from the canonical text in the
 * stores given with `--texts`, else from the file named by the document's `source`), for the hand
 * check of text and speaker precision.
 */
import { readFileSync } from 'node:fs';
import { seededRandom } from '../../src/core/random.js';
import type { Ledger, LedgerQuote } from '../../src/core/types.js';
import { openStore } from '../../src/store/open-store.js';
import type { Store } from '../../src/store/store.js';
import { flag } from '../flags.js';

export interface QuoteFigures {
  quotes: number;
  withSpeaker: number;
  distinctSpeakers: number;
  flaggedVariants: number;
}

export function quoteFigures(ledger: Pick<Ledger, 'quotes'>): QuoteFigures {
  const speakers = new Set<string>();
  let withSpeaker = 0;
  let flaggedVariants = 0;
  for (const q of ledger.quotes) {
    if (q.speaker) {
      withSpeaker++;
      speakers.add(q.speaker);
    }
    flaggedVariants += q.variants.filter((v) => v.flag).length;
  }
  return { quotes: ledger.quotes.length, withSpeaker, distinctSpeakers: speakers.size, flaggedVariants };
}

/** `n` quotes drawn without replacement, in a seeded order. */
export function sampleQuotes<T>(items: readonly T[], n: number, seed: number): T[] {
  const random = seededRandom(seed);
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, n);
}

function main(): void {
  const args = process.argv.slice(2);
  const files = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
  const sample = Number(flag('sample', '0'));
  const seed = Number(flag('seed', '17'));
  const storeDirs = flag('texts', '')
    .split(',')
    .filter((dir) => dir !== '');
  const stores: Store[] = storeDirs.map((dir) => openStore(dir, { mustExist: true }));
  /** The document's canonical text from the first store that holds it, else its source file. */
  const textOf = (id: string, source: string): string => {
    for (const store of stores) {
      const doc = store.documents.get(id);
      if (doc) return doc.text;
    }
    return readFileSync(source, 'utf8');
  };
  const all: { ledger: Ledger; quote: LedgerQuote }[] = [];
  for (const file of files) {
    const ledger = JSON.parse(readFileSync(file, 'utf8')) as Ledger;
    process.stdout.write(`${file}\t${JSON.stringify(quoteFigures(ledger))}\n`);
    for (const quote of ledger.quotes) all.push({ ledger, quote });
  }
  if (sample <= 0) return;
  sampleQuotes(all, sample, seed).forEach(({ ledger, quote }, i) => {
    const mention = quote.mentions[0];
    const doc = ledger.documents.find((d) => d.id === mention?.document);
    let context = '';
    try {
      const text = doc ? textOf(doc.id, doc.source) : '';
      if (mention && text.slice(mention.span[0], mention.span[1]) === mention.text)
        context = text.slice(Math.max(0, mention.span[0] - 300), mention.span[1] + 150).replace(/\s+/g, ' ');
    } catch {
      context = '';
    }
    process.stdout.write(
      `\n#${i + 1} [${quote.kind}] speaker=${JSON.stringify(quote.speaker)} doc=${doc?.source.split('/').pop()}\n  text: ${quote.text}\n  context: ${context || '(source text differs from the stored text)'}\n`,
    );
  });
}

if (process.argv[1]?.endsWith('quotes.ts')) main();
