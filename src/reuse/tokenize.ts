/** A word of the canonical text with its span and its folded form. */
export interface Token {
  start: number;
  end: number;
  /** Lower case, straight apostrophes, inner hyphens and thousands separators removed. */
  norm: string;
  /** True when the word starts with a capital letter in the text. */
  capital: boolean;
}

const wordCache = new Map<number, boolean>();

/** Letter or digit (any script). ASCII is decided by code; the rest by Unicode class, memoised. */
function isWordChar(c: number): boolean {
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  if (c >= 0xd800 && c <= 0xdfff) return true;
  let v = wordCache.get(c);
  if (v === undefined) {
    v = /[\p{L}\p{N}\p{M}]/u.test(String.fromCharCode(c));
    wordCache.set(c, v);
  }
  return v;
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * Splits canonical text into words with `[start, end)` offsets. Inner apostrophes (`Russia’s`),
 * hyphens (`pre-war` → `prewar`, so that it matches `prewar`), dots (`U.S`, `4.5`) and thousands
 * separators (`430,000` → `430000`) stay inside a word.
 * @example tokenize('Pre-war 430,000')[1].norm === '430000'
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!isWordChar(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    let joined = false;
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (isWordChar(c)) {
        i++;
        continue;
      }
      const next = i + 1 < n ? text.charCodeAt(i + 1) : 0;
      if (!isWordChar(next)) break;
      const prev = text.charCodeAt(i - 1);
      const joiner =
        c === 39 || c === 0x2019 || c === 45 || c === 0x2010 || c === 0x2011 || c === 46
          ? true
          : c === 44 && isDigit(prev) && isDigit(next);
      if (!joiner) break;
      joined = true;
      i += 2;
    }
    const raw = text.slice(start, i);
    let norm = raw.toLowerCase();
    if (joined)
      norm = norm
        .replace(/\u2019/g, "'")
        .replace(/[-\u2010\u2011]/g, '')
        .replace(/(\d),(?=\d)/g, '$1');
    const c0 = raw.charCodeAt(0);
    const capital = c0 < 128 ? c0 >= 65 && c0 <= 90 : raw[0] !== raw[0]?.toLowerCase();
    tokens.push({ start, end: i, norm, capital });
  }
  return tokens;
}
