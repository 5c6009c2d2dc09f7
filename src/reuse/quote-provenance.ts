import { cachedNgramSet } from './containment.js';
import { combine } from './hash.js';
import type { PreparedText } from './prepare.js';

/**
 * Where a later text's quotations come from. A story written from a wire take quotes what the
 * take quotes (its quotations are the take's, cut or reordered); a reporter who was in court or
 * on the telephone quotes what they heard, which the take does not hold, and then shares with
 * the take only the court's wording, the charges and the names. So the later text's quotations
 * move the containment the pair needs: the earlier text's quotations ask for less
 * (`SOURCE_QUOTES_MIN_CONTAINMENT` in `compare-texts.ts`), quotations found in none of the
 * earlier candidates for much more (`own-quotes.ts`).
 */
export type QuoteProvenance = 'own' | 'source' | 'unknown';

/**
 * Fewest word 3-grams inside the later text's quotation marks for its quotations to say where
 * they come from (a quotation of about eight words; fewer is a phrase, not a quotation). Chosen
 * with the shares below by cross-validation on meter-dev's topics (`bench/accuracy/meter-cv.ts`,
 * `quote_provenance`; docs/reuse.md).
 */
export const QUOTE_MIN_NGRAMS = 6;
/** Below this share of its quoted 3-grams found in the earlier text, the quotations are its own. */
export const OWN_QUOTES_BELOW = 0.05;
/** From this share of its quoted 3-grams found in the earlier text, they are the earlier text's. */
export const SOURCE_QUOTES_FROM = 0.3;

/** How many of `copy`'s word 3-grams lie inside its quotation marks, and how many occur in `source`. */
export function quotedNgrams(copy: PreparedText, source: PreparedText): { quoted: number; found: number } {
  return quotedNgramsIn(copy, [source]);
}

/** As `quotedNgrams`, found in any of `sources` (the takes of one story). */
export function quotedNgramsIn(
  copy: PreparedText,
  sources: readonly PreparedText[],
): { quoted: number; found: number } {
  const grams = quotedGrams(copy);
  return { quoted: grams.length, found: foundIn(grams, sources) };
}

/**
 * `own` when `copy` quotes at length and almost none of it is in `source`, `source` when a good
 * share of it is, `unknown` when it quotes too little to tell or in between.
 * @example quoteProvenance(prepareText(courtReport), prepareText(wireTake)) // 'own'
 */
export function quoteProvenance(copy: PreparedText, source: PreparedText): QuoteProvenance {
  const grams = quotedGrams(copy);
  // Most texts quote little or nothing: the source's 3-grams are not needed then.
  if (grams.length < QUOTE_MIN_NGRAMS) return 'unknown';
  const share = foundIn(grams, [source]) / grams.length;
  if (share < OWN_QUOTES_BELOW) return 'own';
  return share >= SOURCE_QUOTES_FROM ? 'source' : 'unknown';
}

/** The hashes of `x`'s word 3-grams whose three words are inside quotation marks (`speech`). */
function quotedGrams(x: PreparedText): number[] {
  const h = x.normHash;
  const speech = x.speech;
  const grams: number[] = [];
  for (let i = 0; i + 3 <= h.length; i++)
    if (speech[i] === 1 && speech[i + 1] === 1 && speech[i + 2] === 1) grams.push(gram(h, i));
  return grams;
}

function foundIn(grams: number[], sources: readonly PreparedText[]): number {
  if (grams.length === 0) return 0;
  const sets = sources.map((s) => cachedNgramSet(s.normHash, 3));
  let found = 0;
  for (const g of grams) if (sets.some((set) => set.has(g))) found++;
  return found;
}

function gram(h: Uint32Array, i: number): number {
  return combine(combine(h[i] as number, h[i + 1] as number), h[i + 2] as number);
}
