import type { DateMention, DatePrecision, Diagnostic, Sentence } from '../core/types.js';
import { atWordStarts, execAll } from './exec-all.js';

/** The date relative expressions are resolved against, and where it came from. */
export interface DateReference {
  date: string | null;
  from: 'published' | 'dateline' | 'none';
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
/** A month name or abbreviation, not the start of a longer word ("3 separate", "6 Augusta"). */
const MONTH =
  '(?:(?:January|February|March|April|May|June|July|August|September|October|November|December)(?![A-Za-z])|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)(?![A-Za-z])\\.?)';
const FULL_MONTH = '(?:January|February|March|April|June|July|August|September|October|November|December)';
const WEEKDAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
/** What "a weekend …" or "the weekend …" must name to be a date: an incident of that weekend. */
const WEEKEND_EVENT =
  'shootings?|shoot-?outs?|stabbings?|attacks?|killings?|homicides?|murders?|crash(?:es)?|fires?|blasts?|explosions?|violence|incidents?|raids?|robber(?:y|ies)|assaults?|fights?|brawls?|storms?';
const SMALL = '(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\\d{1,2})';

const PATTERN = new RegExp(
  [
    `(?<iso>\\b(?<isoY>\\d{4})-(?<isoM>\\d{2})-(?<isoD>\\d{2})\\b)`,
    `(?<md>\\b(?<mdM>${MONTH})\\s+(?<mdD>\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(?<mdY>\\d{4})\\b)?)`,
    `(?<dm>\\b(?<dmD>\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?<dmM>${MONTH})(?:,?\\s+(?<dmY>\\d{4})\\b)?)`,
    `(?<my>\\b(?<myM>${MONTH})\\s+(?<myY>\\d{4})\\b)`,
    `(?<rel>\\b(?:(?<relPart>early|late|mid|earlier|later)(?:\\s+in)?[\\s-]+)?(?<relWhich>last|this|next|the\\s+past|the\\s+previous)\\s+(?<relUnit>week|month|year)\\b)`,
    `(?<inMonth>\\b(?:(?<inPart>early|late|mid|earlier)(?:\\s+in)?[\\s-]+)?(?<=(?:\\b(?:in|since|until|by|early|late|mid|of|during)[\\s-]+))(?<inM>${FULL_MONTH}|May)\\b(?!\\s+\\d))`,
    `(?<wd>\\b(?:(?<wdPart>early|late|later|earlier|last|next|this)\\s+)?(?<wdDay>${WEEKDAY})(?:\\s+(?<wdTime>morning|afternoon|evening|night))?\\b)`,
    // "A/the weekend" dates only an incident named right after it ("a weekend shooting"), not "spent a weekend in X".
    `(?<wkend>\\b(?<wkWhich>this\\s+past|this|last|past|next|over|during|the|a)\\s+(?:the\\s+)?weekend\\b(?<=\\b(?:this\\s+past|this|last|past|next|over|during)\\s+(?:the\\s+)?weekend|\\bweekend(?=\\s+(?:${WEEKEND_EVENT}))))`,
    `(?<deictic>\\b(?:yesterday|today|tonight|tomorrow|last\\s+night|this\\s+morning|this\\s+afternoon|this\\s+evening)\\b)`,
    `(?<ago>\\b(?<agoN>${SMALL})\\s+(?<agoUnit>days?|weeks?)\\s+(?<agoWhich>ago|earlier|later|before(?=[,.;]))|\\bthe\\s+(?:previous|next)\\s+day\\b|\\bthe\\s+day\\s+before(?=[,.;]))`,
    `(?<year>(?<=\\b(?:in|since|until|by|during|of|early|late|mid)[\\s-]+)(?<yearY>(?:1[89]|20)\\d{2})\\b(?!s|-))`,
  ].join('|'),
  'gi',
);
// Every alternative starts at a word boundary with a word character, so the pattern is tried
// only at word starts whose character some alternative begins with.
const AT_WORD_STARTS = atWordStarts(PATTERN.source, 'gi');
/** Cheap pre-check: every pattern needs a digit, a month, `day`, a period word or a deictic. */
const MAY_HAVE_DATE =
  /\d|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|day|week|month|year|yesterday|today|tonight|tomorrow|night|morning|afternoon|evening/i;
const FUTURE =
  /\b(?:will|shall|next|going\s+to|scheduled|upcoming|is\s+due|are\s+due|is\s+set\s+to|are\s+set\s+to|(?:is|are)\s+expected\s+to|(?:is|are)\s+slated\s+to|plans?\s+to|intends?\s+to|tomorrow)\b|\w'll\b/i;
/** `would`/`could` make a weekday future only in its own clause: `would stay closed on Monday`. */
const CONDITIONAL_BEFORE = /\b(?:would|could)\b[^,;]{0,50}$/i;
/** A past verb right before the weekday keeps it in the past: `it sent on Saturday`. */
const PAST_BEFORE =
  /\b(?:\w+ed|sent|was|were|had|did|said|told|met|began|came|went|saw|took|left|hit|fell|struck|shot|held|fled|began|ran)\s+(?:(?:on|early|late|last|this)\s+)?$/i;
/** "will be arraigned on Monday", "to be held this weekend": a participle after `be` is not a past verb. */
const BE_PARTICIPLE_BEFORE = /\bbe\s+\w+\s+(?:(?:on|early|late|last|this)\s+)?$/i;
/** "Sunday, March 10, 2013": the weekday of the date that follows it, which carries the date. */
const FULL_DATE_AFTER = new RegExp(
  `^,?\\s+(?:${MONTH}\\s+\\d{1,2}\\b|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH})`,
  'i',
);
const CASE_SENSITIVE =
  /^(?:[A-Z]|\d|early|late|mid|earlier|later|last|this|next|past|over|yesterday|today|tonight|tomorrow|the|a|an|one|two|three|four|five|six|seven|eight|nine|ten|in|since|until|by|during|of)/;
/**
 * Where the clause a date sits in begins: after the last comma, semicolon or colon, or the last
 * conjunction or relative word before it ("will be charged after a boy was shot on Saturday").
 */
const CLAUSE_BOUNDARY =
  /[,;:]|\b(?:after|before|when|while|because|since|and|but|who|which|that|until|as)\b/gi;
/** A past form in a clause: `was`, `were`, `had`, a regular past (`ended`) or a common irregular one. */
const PAST_IN_CLAUSE =
  /\b(?:was|were|had|did|\w{3,}ed|shot|fled|hit|struck|fell|ran|left|took|went|came|began|died|found|told|said|met|saw|held)\b/i;

/**
 * Finds dates and resolves them against the reference date (publication, else dateline).
 * Weekdays resolve to the most recent such day on or before the reference (the same day allowed),
 * or on or after it when the sentence is in the future tense (`will`, `next`, `scheduled`) or
 * the weekday's own clause is conditional (`would stay closed on Monday`), unless a past verb
 * stands right before it (`sent on Saturday`).
 * Dates without a year take the reference year, or the previous one when that would put a past
 * event more than a week after the reference. Without a reference, relative dates stay
 * unresolved with an `extract/unresolved-date` diagnostic: nothing is invented.
 *
 * @example extractDates(text, sentences, { date: '2022-04-03', from: 'published' })
 *   // 'on Sunday' → { start: '2022-04-03', precision: 'day', reason: 'weekday on or before reference 2022-04-03 (published)' }
 */
export function extractDates(
  text: string,
  sentences: readonly Sentence[],
  reference: DateReference,
): { dates: DateMention[]; diagnostics: Diagnostic[] } {
  const dates: DateMention[] = [];
  const diagnostics: Diagnostic[] = [];
  const ref =
    reference.date && /^\d{4}-\d{2}-\d{2}/.test(reference.date) ? toDate(reference.date.slice(0, 10)) : null;
  const refLabel = ref ? `reference ${iso(ref)} (${reference.from})` : 'no reference date';
  // "A day later", "two days earlier", "the next day" count from a day named in the same or the
  // previous sentence; further back, the named day is more often background than the anchor.
  let lastDay: Date | null = null;
  let lastDaySentence = -2;
  for (const [index, sentence] of sentences.entries()) {
    if (index - lastDaySentence > 1) lastDay = null;
    if (!MAY_HAVE_DATE.test(sentence.text)) continue;
    // Whether the sentence is in the future tense, tested only when a date needs it.
    let future: boolean | undefined;
    const matches = execAll(AT_WORD_STARTS, sentence.text);
    for (const match of matches) {
      if (!CASE_SENSITIVE.test(match[0])) continue; // `may`, `march` as verbs; lower-case weekdays are rare in copy
      const start = sentence.span[0] + match.index;
      const span: [number, number] = [start, start + match[0].length];
      const before = sentence.text.slice(Math.max(0, match.index - 60), match.index);
      future ??= FUTURE.test(sentence.text);
      const clauseFuture =
        CONDITIONAL_BEFORE.test(before) ||
        (future &&
          !(PAST_BEFORE.test(before) && !BE_PARTICIPLE_BEFORE.test(before)) &&
          !pastClause(sentence.text.slice(0, match.index)));
      const groups = match.groups ?? {};
      if (groups.wd !== undefined && FULL_DATE_AFTER.test(sentence.text.slice(match.index + match[0].length)))
        continue;
      const anaphoric = groups.ago !== undefined && !/\bago\b/i.test(groups.ago) && lastDay !== null;
      const resolved = resolve(groups, anaphoric ? lastDay : ref, clauseFuture);
      if (resolved === 'skip') continue;
      const mention: DateMention = {
        span,
        text: text.slice(span[0], span[1]),
        start: null,
        end: null,
        precision: null,
        reason: '',
      };
      if (resolved === null) {
        mention.reason = `relative date left unresolved: ${refLabel}`;
        diagnostics.push({
          rule: 'extract/unresolved-date',
          severity: 'warning',
          message: `"${mention.text}" is relative to the report's date, and the report has no publication date or dated dateline.`,
          hint: 'Give the publication date in a manifest (published) or in the input record.',
          span,
        });
      } else {
        mention.start = iso(resolved.start);
        mention.end = iso(resolved.end);
        mention.precision = resolved.precision;
        mention.reason = resolved.reason.replace(
          '{ref}',
          anaphoric && lastDay ? `the date named before (${iso(lastDay)})` : refLabel,
        );
        if (resolved.precision === 'day') {
          lastDay = resolved.start;
          lastDaySentence = index;
        }
      }
      dates.push(mention);
    }
  }
  return { dates, diagnostics };
}

interface Resolution {
  start: Date;
  end: Date;
  precision: DatePrecision;
  reason: string;
}

type Groups = Record<string, string | undefined>;

function resolve(g: Groups, ref: Date | null, future: boolean): Resolution | null | 'skip' {
  if (g.iso !== undefined) return day(toDate(`${g.isoY}-${g.isoM}-${g.isoD}`), 'absolute date');
  if (g.md !== undefined || g.dm !== undefined) {
    const month = monthIndex(g.mdM ?? g.dmM ?? '');
    const dayOfMonth = Number(g.mdD ?? g.dmD);
    const year = g.mdY ?? g.dmY;
    if (month < 0 || dayOfMonth < 1 || dayOfMonth > 31) return 'skip';
    if (year) return day(utc(Number(year), month, dayOfMonth), 'absolute date');
    if (!ref) return null;
    const date = utc(inferYear(ref, month, dayOfMonth, future), month, dayOfMonth);
    return day(date, `month and day, year from {ref}`);
  }
  if (g.my !== undefined) {
    const month = monthIndex(g.myM ?? '');
    return monthRange(Number(g.myY), month, 'month and year');
  }
  if (g.year !== undefined) {
    const year = Number(g.yearY);
    return { start: utc(year, 0, 1), end: utc(year, 11, 31), precision: 'year', reason: 'year' };
  }
  if (g.inMonth !== undefined) {
    if (!ref) return null;
    const month = monthIndex(g.inM ?? '');
    const year = inferYear(ref, month, 1, future);
    const range = monthRange(year, month, `month, year from {ref}`);
    return part(range, g.inPart);
  }
  if (!ref) return null;
  if (g.rel !== undefined) return relative(g, ref);
  if (g.wd !== undefined) {
    const target = WEEKDAYS.indexOf((g.wdDay ?? '').toLowerCase());
    const which = (g.wdPart ?? '').toLowerCase();
    const forward = which === 'next' || (which !== 'last' && future);
    let delta = forward ? (target - ref.getUTCDay() + 7) % 7 : -((ref.getUTCDay() - target + 7) % 7);
    if (which === 'last' && delta === 0) delta = -7;
    if (which === 'next' && delta === 0) delta = 7;
    const reason = forward ? 'weekday on or after {ref}, future tense' : 'weekday on or before {ref}';
    return day(addDays(ref, delta), which === 'last' || which === 'next' ? `${which} ${reason}` : reason);
  }
  if (g.wkend !== undefined)
    return weekend((g.wkWhich ?? '').toLowerCase().replace(/\s+/g, ' '), ref, future);
  if (g.deictic !== undefined) {
    const word = g.deictic.toLowerCase().replace(/\s+/g, ' ');
    const delta = word === 'yesterday' || word === 'last night' ? -1 : word === 'tomorrow' ? 1 : 0;
    return day(addDays(ref, delta), `${word} relative to {ref}`);
  }
  if (g.ago !== undefined) {
    const n = g.agoN ? smallNumber(g.agoN) : 1;
    const unit = (g.agoUnit ?? 'day').toLowerCase().startsWith('week') ? 7 : 1;
    const sign = /later|next/i.test(g.agoWhich ?? g.ago) ? 1 : -1;
    const target = addDays(ref, sign * n * unit);
    if (unit === 7) return { ...weekOf(target), reason: `${g.ago} relative to {ref}` };
    return day(target, `${g.ago.toLowerCase()} relative to {ref}`);
  }
  return 'skip';
}

/**
 * "over the weekend", "last weekend", "a weekend shooting": the Saturday and Sunday before the
 * reference (the reference's own weekend when it falls on one), precision `week`; "last weekend"
 * on a weekend is the one before. "next weekend", or a weekend in the future tense, is the one
 * after the reference.
 */
function weekend(which: string, ref: Date, future: boolean): Resolution {
  const dow = ref.getUTCDay();
  const past = which === 'last' || which === 'past' || which === 'this past';
  let saturday: Date;
  if (which === 'next' || (future && !past)) saturday = addDays(ref, (6 - dow + 7) % 7);
  else {
    saturday = addDays(ref, -((dow + 1) % 7));
    if (which === 'last' && (dow === 0 || dow === 6)) saturday = addDays(saturday, -7);
  }
  const label =
    which === 'over' || which === 'during' || which === 'the' || which === 'a'
      ? 'weekend'
      : `${which} weekend`;
  return {
    start: saturday,
    end: addDays(saturday, 1),
    precision: 'week',
    reason: `${label} ${future && !past && which !== 'next' ? 'on or after' : 'relative to'} {ref}`,
  };
}

/**
 * Whether the clause a date ends (`before`, the sentence up to the date) is in the past although
 * the sentence holds a future word elsewhere: "Police will decide on charges after the boy was
 * shot on Saturday" dates the shooting, not a day to come.
 */
function pastClause(before: string): boolean {
  let start = 0;
  for (const m of before.matchAll(CLAUSE_BOUNDARY)) start = m.index + m[0].length;
  const clause = before.slice(start);
  return !FUTURE.test(clause) && PAST_IN_CLAUSE.test(clause);
}

function relative(g: Groups, ref: Date): Resolution {
  const which = (g.relWhich ?? '').toLowerCase().replace(/\s+/g, ' ');
  const unit = (g.relUnit ?? '').toLowerCase();
  const shift = which === 'next' ? 1 : which === 'this' ? 0 : -1;
  const label = `${g.relPart ? `${g.relPart.toLowerCase()} ` : ''}${which} ${unit} relative to {ref}`;
  if (unit === 'week') {
    if (which === 'the past' || which === 'the previous') {
      return { start: addDays(ref, -7), end: ref, precision: 'week', reason: label };
    }
    return { ...weekOf(addDays(ref, 7 * shift)), reason: label };
  }
  if (unit === 'month') {
    const month = ref.getUTCMonth() + shift;
    const range = monthRange(ref.getUTCFullYear() + Math.floor(month / 12), ((month % 12) + 12) % 12, label);
    if (which === 'this' && (g.relPart ?? '').toLowerCase() === 'earlier') {
      return { ...range, end: addDays(ref, -1) < range.start ? range.start : addDays(ref, -1) };
    }
    return part(range, g.relPart);
  }
  const year = ref.getUTCFullYear() + shift;
  return { start: utc(year, 0, 1), end: utc(year, 11, 31), precision: 'year', reason: label };
}

/** Narrows a month to its early (1–10), mid (11–20) or late (21–end) part; precision stays month. */
function part(range: Resolution, which: string | undefined): Resolution {
  const word = (which ?? '').toLowerCase();
  const year = range.start.getUTCFullYear();
  const month = range.start.getUTCMonth();
  if (word === 'early') return { ...range, end: utc(year, month, 10) };
  if (word === 'mid') return { ...range, start: utc(year, month, 11), end: utc(year, month, 20) };
  if (word === 'late') return { ...range, start: utc(year, month, 21) };
  return range;
}

function inferYear(ref: Date, month: number, dayOfMonth: number, future: boolean): number {
  const year = ref.getUTCFullYear();
  const candidate = utc(year, month, dayOfMonth);
  const days = (candidate.getTime() - ref.getTime()) / 86_400_000;
  if (!future && days > 7) return year - 1;
  if (future && days < -7) return year + 1;
  return year;
}

function weekOf(date: Date): Omit<Resolution, 'reason'> {
  const monday = addDays(date, -((date.getUTCDay() + 6) % 7));
  return { start: monday, end: addDays(monday, 6), precision: 'week' };
}

function monthRange(year: number, month: number, reason: string): Resolution {
  return { start: utc(year, month, 1), end: utc(year, month + 1, 0), precision: 'month', reason };
}

function day(date: Date, reason: string): Resolution {
  return { start: date, end: date, precision: 'day', reason };
}

function monthIndex(name: string): number {
  const key = name.toLowerCase().replace(/\.$/, '').slice(0, 3);
  return MONTHS.findIndex((month) => month.startsWith(key));
}

function smallNumber(word: string): number {
  const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
  const lower = word.toLowerCase();
  if (lower === 'a' || lower === 'an') return 1;
  const index = words.indexOf(lower);
  return index >= 0 ? index : Number(lower);
}

const utc = (year: number, month: number, dayOfMonth: number): Date =>
  new Date(Date.UTC(year, month, dayOfMonth));
const toDate = (value: string): Date => new Date(`${value}T00:00:00Z`);
const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * 86_400_000);
const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));
/** `YYYY-MM-DD` (what `toISOString().slice(0, 10)` gives for years 1000–9999, without its cost). */
const iso = (date: Date): string => {
  const year = date.getUTCFullYear();
  if (year < 1000 || year > 9999) return date.toISOString().slice(0, 10);
  return `${year}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
};
