import type { Quantity, QuantityQualifier, Sentence } from '../core/types.js';
import { classifyNumberRole } from './classify-number-role.js';
import { execAll } from './exec-all.js';
import { loadLexicon } from './load-lexicon.js';

interface NumberLexicon {
  units: Record<string, number>;
  tens: Record<string, number>;
  scales: Record<string, number>;
  singles: Record<string, number>;
  vague: Record<string, number>;
  /** The largest count each vague plural stands for (`dozens` → 99); its `source` note is a string. */
  vagueUpTo: Record<string, number | string>;
  qualifiers: Record<string, QuantityQualifier>;
  multiples: { words: Record<string, number>; of: string[] };
}

interface NounLexicon {
  lemmas: Record<string, string>;
  notCounted: string[];
  adjectives: string[];
  pairNouns: string[];
  pairPlurals: string[];
}

interface Compiled {
  pattern: RegExp;
  /** `pattern` with the `y` flag, tried only at `starts`. */
  sticky: RegExp;
  /**
   * Where a quantity can begin: a digit or one of the words a match can begin with, after a
   * character that is not an ASCII letter or digit (and any non-ASCII character, which the
   * pattern then tests). Null when some phrase of the lexicons does not begin with a letter.
   */
  starts: RegExp | null;
  numbers: NumberLexicon;
  lemmas: Map<string, string>;
  notCounted: Set<string>;
  adjectives: Set<string>;
  lemmaValues: Set<string>;
}

let compiled: Compiled | undefined;

const alternation = (words: Iterable<string>): string =>
  [...words]
    .sort((a, b) => b.length - a.length || a.localeCompare(b))
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'))
    .join('|');

/**
 * The ages of the people just counted, set off by commas ("two girls, ages 8 and 11, and …",
 * "three boys, 12, 14 and 16,"): a list of ages, not a count.
 */
export const AGES_APPOSITION = String.raw`\s*,\s*(?:ages?\s+)?\d{1,3}(?:(?:\s*,\s*|\s+and\s+|\s*&\s*)\d{1,3})*(?=\s*,)`;

function compile(): Compiled {
  if (compiled) return compiled;
  const numbers = loadLexicon<NumberLexicon>('number-words');
  const nouns = loadLexicon<NounLexicon>('counted-nouns');
  const word = alternation([
    ...Object.keys(numbers.units),
    ...Object.keys(numbers.tens),
    ...Object.keys(numbers.scales),
  ]);
  const wordNumber = `(?:${word})(?:(?:\\s+and\\s+|[\\s-]+)(?:${word}))*`;
  const digits = `\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?`;
  const number = `(?:(?:${digits})(?:\\s+(?:million|billion|thousand))?|${wordNumber})`;
  const percent = `(?:\\s*%|\\s+per\\s*cent\\b|\\s+percent\\b)`;
  const pair = alternation(nouns.pairNouns);
  const plurals = alternation(nouns.pairPlurals);
  const source = [
    `(?<range>(?:between\\s+(?<ra>${number})(?<rpa>${percent})?\\s+and\\s+(?<rb>${number}))|(?:from\\s+)?(?<rc>${number})(?<rpc>${percent})?\\s*(?:to|-|–)\\s*(?<rd>${number}))`,
    `(?<pair>an?\\s+(?:${pair})\\s+and\\s+an?\\s+(?:${pair}))`,
    `(?<sum>(?<sa>${number})\\s+(?:[a-z]+\\s+)?(?:${plurals})(?:${AGES_APPOSITION})?(?:\\s+and\\s+(?<sb>an?|${number})|\\s*,\\s*(?:and\\s+)?(?<sc>${number}))\\s+(?:[a-z]+\\s+)?(?:${pair}|${plurals}))(?![\\p{L}])`,
    `(?<oneOf>one\\s+of\\s+(?:them|those|the\\s+dead|the\\s+victims|(?:whom|which)(?=\\s+(?:[a-z]+ly\\s+)?(?:died|dies|was|is|has|had|later|succumbed)\\b)))`,
    `(?<multiple>${alternation(Object.keys(numbers.multiples.words))})(?=\\s+(?:${alternation(numbers.multiples.of)})\\b)`,
    `(?:(?<qualifier>${alternation(Object.keys(numbers.qualifiers))})\\s+)?(?:(?<vague>${alternation(Object.keys(numbers.vague))})|(?<single>${alternation(Object.keys(numbers.singles))})|(?<number>${number}))(?<percent>${percent})?`,
  ].join('|');
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}$€£.,:-])(?:${source})(?![\\p{L}\\p{N}]|[.,:]\\d)`, 'giu');
  // The first word of every alternative above: `between`, `from`, `a`/`an` (pairs), `one` (of
  // them), a number word, or the first word of a qualifier, vague or single phrase. A number word
  // may run into `to` ("ten to twelve" written "tento twelve" is still a range).
  const numberWords = [
    ...Object.keys(numbers.units),
    ...Object.keys(numbers.tens),
    ...Object.keys(numbers.scales),
  ];
  const phrases = [
    'between',
    'from',
    'a',
    'an',
    'one',
    ...numberWords,
    ...Object.keys(numbers.singles),
    ...Object.keys(numbers.vague),
    ...Object.keys(numbers.qualifiers),
    ...Object.keys(numbers.multiples.words),
  ];
  const firstWords = phrases.map((phrase) => /^[a-z]+(?![A-Za-z])/i.exec(phrase)?.[0]?.toLowerCase());
  const starts = firstWords.every((word) => word !== undefined)
    ? new RegExp(
        `(?<![A-Za-z0-9])(?:\\d|(?:${alternation(new Set(firstWords as string[]))})(?![A-Za-z])|(?:${alternation(numberWords)})to|[^\\x00-\\x7f])`,
        'gi',
      )
    : null;
  compiled = {
    pattern,
    sticky: new RegExp(pattern.source, 'iuy'),
    starts,
    numbers,
    lemmas: new Map(Object.entries(nouns.lemmas)),
    notCounted: new Set(nouns.notCounted),
    adjectives: new Set(nouns.adjectives.map((word) => word.toLowerCase())),
    lemmaValues: new Set(Object.values(nouns.lemmas)),
  };
  return compiled;
}

/** Parses `410`, `100,000`, `4 million`, `Thirty-six`, `two hundred and five`. */
function parseNumber(raw: string, numbers: NumberLexicon): number | null {
  const text = raw.toLowerCase().replace(/\s+/g, ' ').trim();
  const numeric = /^([\d,]+(?:\.\d+)?)(?: (million|billion|thousand))?$/.exec(text);
  if (numeric) {
    const value = Number(numeric[1]!.replace(/,/g, ''));
    return numeric[2] ? value * (numbers.scales[numeric[2]] ?? 1) : value;
  }
  let total = 0;
  let current = 0;
  for (const part of text.split(/[\s-]+/)) {
    if (part === 'and') continue;
    const small = numbers.units[part] ?? numbers.tens[part];
    if (small !== undefined) current += small;
    else if (part === 'hundred') current = (current || 1) * 100;
    else if (numbers.scales[part] !== undefined) {
      total += (current || 1) * numbers.scales[part]!;
      current = 0;
    } else return null;
  }
  return total + current;
}

/** Cheap pre-check: a digit, or a number word stem, `dozen`, `score`, or a pair (`a man and a woman`). */
const MAY_HAVE_NUMBER =
  /\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|dozen|score|couple|pair|both|double|triple|quadruple|quintuple|sextuple| and an? /i;
const MONTH = /(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s*$/i;
const MONTH_AFTER = /^\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i;
const AGE_OR_UNIT_ADJECTIVE =
  /^-(?!\s)|^\s*(?:years?|yrs?)[\s-]+old\b|^\s*(?:a\.m\.|p\.m\.|am\b|pm\b|gmt\b|utc\b|o'clock|h\b)/i;
const ADDRESS = /^\s+\p{Lu}\p{L}*\s+(?:street|st\.|avenue|ave\.?|road|rd\.?|boulevard|lane|drive)\b/iu;
const AGED = /\baged?\s*$/i;
/** "two were shot, one fatally": a bare `one` before how the person was hurt. */
const ONE_CASUALTY = /^\s+(?:fatally|critically|seriously|mortally|dead|died)\b/i;
/**
 * "Five people were shot, including one who died": a bare `one` of a whole, told as dead in a
 * relative clause (the whole is then not the dead, see `figureFor`).
 */
const ONE_INCLUDED = /\bincluding\s+$/i;
const ONE_WHO_DIED =
  /^\s+(?:who|that)\s+(?:(?:later|then|subsequently|eventually|has|had|was|is|been)\s+){0,3}(?:died|dies|killed|pronounced\s+dead|succumbed)\b/i;
/** "wounding two and killing one": a bare `one` as the object of a casualty participle. */
const ONE_AFTER_CASUALTY = /\b(?:killing|wounding|injuring|hurting)\s+$/i;
/**
 * "a blast at the mill killed one and wounded five": a bare `one` as the object of a finite
 * casualty verb, when the next casualty verb or the clause's end follows it (not "killed one of").
 */
const ONE_AFTER_FINITE = /\b(?:killed|kills|wounded|wounds|injured|injures)\s+$/i;
const FINITE_ONE_THEN = /^\s*(?:[,;.]|$|and\s+(?:wound|injur|hurt|kill|left|sent)\w*\b)/i;

/**
 * Finds counts in news text as `{low, best, high}` with the qualifier kept and the counted noun
 * lemmatised. Vague plurals follow ACLED: tens = 10, dozens = 12, hundreds = 100 (low = best),
 * up to the next unit a writer would name (`vagueUpTo`: dozens 12–99, hundreds 100–999); with a
 * qualifier ("at least dozens") the high stays open. Years, dates, times, ages (`a 45-year-old`), compound modifiers (`27-nation`),
 * money and street numbers are ignored; a bare `one` counts only before a counted noun.
 *
 * @example extractQuantities('At least 21 people died.', splitSentences('At least 21 people died.'))
 *   // [{ text: 'At least 21 people'?.. low: 21, best: 21, high: null, qualifier: 'at-least', counted: 'person' }]
 */
export function extractQuantities(text: string, sentences: readonly Sentence[]): Quantity[] {
  const { pattern, sticky, numbers } = compile();
  // With `i` and `u`, ſ and the Kelvin sign match s and k inside words the ASCII `starts` misses.
  const starts = text.includes('ſ') || text.includes('\u212a') ? null : compile().starts;
  const quantities: Quantity[] = [];
  for (const sentence of sentences) {
    const [offset] = sentence.span;
    if (!MAY_HAVE_NUMBER.test(sentence.text)) continue;
    const matches = starts ? matchAtStarts(sticky, starts, sentence.text) : execAll(pattern, sentence.text);
    for (const match of matches) {
      const quantity = toQuantity(sentence.text, match, numbers);
      if (!quantity) continue;
      const start = offset + match.index;
      const end = start + match[0].length;
      quantities.push({ span: [start, end], text: text.slice(start, end), ...quantity });
    }
  }
  return quantities;
}

/**
 * The matches of a global scan of `sticky`'s pattern, found by trying it only where `starts`
 * finds a position a match can begin at: the same matches, far fewer attempts of the large
 * pattern.
 */
function matchAtStarts(sticky: RegExp, starts: RegExp, text: string): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  starts.lastIndex = 0;
  for (let start = starts.exec(text); start; start = starts.exec(text)) {
    sticky.lastIndex = start.index;
    const match = sticky.exec(text);
    if (match) {
      out.push(match);
      starts.lastIndex = start.index + Math.max(1, match[0].length);
    } else starts.lastIndex = start.index + 1;
  }
  return out;
}

type Value = Omit<Quantity, 'span' | 'text'>;

function toQuantity(sentence: string, match: RegExpExecArray, numbers: NumberLexicon): Value | null {
  const groups = match.groups ?? {};
  const before = sentence.slice(Math.max(0, match.index - 12), match.index);
  const after = sentence.slice(match.index + match[0].length, match.index + match[0].length + 40);
  if (/[$€£]\s*$/.test(before)) return null;
  if (groups.range !== undefined) {
    const low = parseNumber(groups.ra ?? groups.rc ?? '', numbers);
    const high = parseNumber(groups.rb ?? groups.rd ?? '', numbers);
    if (low === null || high === null || high <= low) {
      const compound = parseNumber(match[0], numbers); // `Thirty-six` is one number, not a range
      return compound === null || !/^[a-z-]+$/i.test(match[0])
        ? null
        : bounds(compound, 'exact', false, counted(after));
    }
    if (isCalendar(groups.rc ?? '', before, after)) return null;
    if (AGE_OR_UNIT_ADJECTIVE.test(after)) return null;
    // "spanning in age from 21 to 44", a telephone number's "010-0199": no count.
    if (classifyNumberRole(sentence, match.index, match.index + match[0].length) !== 'count') return null;
    const percent = /%|per/.test(match[0]);
    return { low, best: low, high, qualifier: 'range', percent, counted: counted(after) };
  }
  if (groups.sum !== undefined) {
    // `two children and a pregnant woman`, `2 adults, 2 children`: one count of people, the sum of its parts.
    const a = parseNumber(groups.sa ?? '', numbers);
    const b = /^an?$/i.test(groups.sb ?? '') ? 1 : parseNumber(groups.sb ?? groups.sc ?? '', numbers);
    if (a === null || b === null) return null;
    return { low: a + b, best: a + b, high: a + b, qualifier: 'exact', percent: false, counted: 'person' };
  }
  if (groups.pair !== undefined)
    return { low: 2, best: 2, high: 2, qualifier: 'exact', percent: false, counted: 'person' };
  if (groups.multiple !== undefined) {
    // "a quadruple shooting": four people shot in one incident.
    const value = numbers.multiples.words[groups.multiple.toLowerCase()];
    return value === undefined ? null : bounds(value, 'exact', false, 'person');
  }
  if (groups.oneOf !== undefined)
    return { low: 1, best: 1, high: 1, qualifier: 'exact', percent: false, counted: null };
  const qualifier = groups.qualifier
    ? (numbers.qualifiers[groups.qualifier.toLowerCase().replace(/\s+/g, ' ')] ?? 'exact')
    : null;
  const percent = groups.percent !== undefined;
  const noun = counted(after);
  if (groups.vague !== undefined || groups.single !== undefined) {
    const key = (groups.vague ?? groups.single ?? '').toLowerCase().replace(/\s+/g, ' ');
    const isVague = groups.vague !== undefined;
    const value = isVague ? numbers.vague[key] : numbers.singles[key];
    if (value === undefined) return null;
    if (isVague && noun === null && !/^\s+of\b/i.test(after)) return null; // `tens` alone is rarely a count
    const b = bounds(value, qualifier ?? (isVague ? 'vague' : 'exact'), percent, noun);
    // "dozens" is 12–99, not 12: a precise count of the same people then falls inside it.
    const upTo = numbers.vagueUpTo[key];
    return b.qualifier === 'vague' && typeof upTo === 'number' ? { ...b, high: upTo } : b;
  }
  const raw = groups.number ?? '';
  const value = parseNumber(raw, numbers);
  if (value === null || numbers.scales[raw.toLowerCase()] !== undefined) return null;
  if (AGE_OR_UNIT_ADJECTIVE.test(after) || AGED.test(before) || ADDRESS.test(after)) return null;
  // An age ("Jane Doe, 57,"), an address ("the 5300 block of") or a label ("Route 9") counts nothing.
  const numberEnd = match.index + match[0].length - (groups.percent?.length ?? 0);
  if (classifyNumberRole(sentence, numberEnd - raw.length, numberEnd) !== 'count') return null;
  if (/^\d/.test(raw) && isCalendar(raw, before, after) && qualifier === null) return null;
  if (
    /^one$/i.test(raw) &&
    (/^\s+(?:of|or|another)\b/i.test(after) ||
      !(
        knownNoun(after) ||
        ONE_CASUALTY.test(after) ||
        (ONE_INCLUDED.test(before) && ONE_WHO_DIED.test(after)) ||
        (ONE_AFTER_CASUALTY.test(before) && !/^['\u2019]/u.test(after)) ||
        (ONE_AFTER_FINITE.test(before) && FINITE_ONE_THEN.test(after))
      ))
  )
    return null;
  return bounds(value, qualifier ?? 'exact', percent, noun);
}

function knownNoun(after: string): boolean {
  const noun = counted(after);
  return noun !== null && compile().lemmaValues.has(noun);
}

function isCalendar(raw: string, before: string, after: string): boolean {
  if (/^(?:1[5-9]|20)\d\d$/.test(raw)) return true; // a year
  return MONTH.test(before) || MONTH_AFTER.test(after);
}

function bounds(
  value: number,
  qualifier: QuantityQualifier,
  percent: boolean,
  counted: string | null,
): Value {
  switch (qualifier) {
    case 'exact':
      return { low: value, best: value, high: value, qualifier, percent, counted };
    case 'at-least':
    case 'more-than':
    case 'vague':
      return { low: value, best: value, high: null, qualifier, percent, counted };
    case 'at-most':
    case 'fewer-than':
    case 'nearly':
      return { low: null, best: value, high: value, qualifier, percent, counted };
    case 'about':
      return { low: null, best: value, high: null, qualifier, percent, counted };
    case 'range':
      return { low: value, best: value, high: null, qualifier, percent, counted };
  }
}

/**
 * The noun the number counts: `21 people` → person, `dozens of bodies` → body, `70% of the
 * northern city` → city. Looks at up to three words (after `of the`), stopping at function words
 * and punctuation; a known counted noun wins, else the last word of the run (the head noun).
 */
function counted(after: string): string | null {
  const { lemmas, notCounted } = compile();
  const run: string[] = [];
  WORDS.lastIndex = 0;
  const rest = after.replace(OF_DETERMINER, ' ');
  for (let match = WORDS.exec(rest); match && run.length < 3; match = WORDS.exec(rest)) {
    if (!/^\s*$/.test(match[1] ?? '')) break;
    const word = (match[2] ?? '').toLowerCase().replace(/[’']s$/, '');
    if (notCounted.has(word) || DETERMINER.test(word)) break;
    run.push(word);
    if (lemmas.has(word)) return lemmas.get(word) ?? null;
  }
  // A plural right after the number is the noun (`three rounds fell`); else the run's last word
  // is its head (`the northern city`).
  const head = run.length > 1 && /[^s]s$/.test(run[0]!) ? run[0] : run[run.length - 1];
  return head ? lemmatise(head, lemmas) : null;
}

const OF_DETERMINER = /^\s+of\s+(?:(?:the|its|their|his|her|our|these|those)\s+)?/i;
const WORDS = /([^\p{L}]*?)(\p{L}[\p{L}’'-]*)/gu;
const DETERMINER = /^(?:the|its|their|his|her|our|these|those|them|us)$/;

function lemmatise(word: string, lemmas: Map<string, string>): string {
  const known = lemmas.get(word);
  if (known) return known;
  if (/ies$/.test(word) && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (/[^su]s$/.test(word)) return word.slice(0, -1);
  return word;
}
