import { positionOf, type SpanIndex, spanIndex } from '../core/span-index.js';
import type { Attribution, DateMention, IncidentMention, LedgerEvent, Mention, Span } from '../core/types.js';
import { isImplied, isResolved, type MentionItem, statedPlace } from './compatibility.js';
import { ledgerTolls } from './figures.js';
import { corroborate } from './independence.js';
import { dateRank, kindSpecificity } from './kinds.js';
import type { ReuseIndex } from './reuse-index.js';
import { compareStrings, stableId } from './stable-id.js';
import { twoLevelPlace, votePlace } from './vote-place.js';
import { setOverlap } from './words.js';

export interface EventContext {
  index: ReuseIndex;
  /** Original sources of a mention (see `originsOf`). */
  origins: (m: IncidentMention) => readonly string[];
}

/** The mentions of one event, and the aggregates ("8 killed in two towns") attached to it. */
export interface EventMembers {
  items: readonly MentionItem[];
  aggregates: readonly MentionItem[];
}

const SUMMARY_MAX = 280;

export function toMention(m: { documentId: string; span: [number, number]; text: string }): Mention {
  return { document: m.documentId, span: [m.span[0], m.span[1]], text: m.text };
}

export function compareMentions(a: Mention, b: Mention): number {
  return compareStrings(a.document, b.document) || a.span[0] - b.span[0] || a.span[1] - b.span[1];
}

function most<T>(values: readonly T[], keyOf: (v: T) => string, better: (a: T, b: T) => number): T | null {
  if (values.length === 0) return null;
  const counts = new Map<string, number>();
  for (const v of values) counts.set(keyOf(v), (counts.get(keyOf(v)) ?? 0) + 1);
  return [...values].sort(
    (a, b) =>
      better(a, b) ||
      (counts.get(keyOf(b)) ?? 0) - (counts.get(keyOf(a)) ?? 0) ||
      compareStrings(keyOf(a), keyOf(b)),
  )[0] as T;
}

/** Original sources of a mention: its own `origin`, or an attribution whose statement covers it. */
export function originsOf(m: IncidentMention, attributions: readonly Attribution[]): string[] {
  const out: string[] = [];
  if (m.origin) out.push(m.origin);
  // An attribution whose statement covers the mention, or that lies in the mention's sentence.
  const covering = statementsOf(attributions).containing([m.span[0] + 1, m.span[1] - 1]);
  const inSentence = spanIndex(attributions).inside(m.sentence);
  const positions = new Set([
    ...covering.map((s) => s.at),
    ...inSentence.map((a) => positionOf(attributions, a)),
  ]);
  for (const i of [...positions].sort((a, b) => a - b)) out.push((attributions[i] as Attribution).source);
  return out;
}

const statements = new WeakMap<readonly Attribution[], SpanIndex<{ span: Span; at: number }>>();

/** The attributions' statements, each with the attribution's position. */
function statementsOf(attributions: readonly Attribution[]): SpanIndex<{ span: Span; at: number }> {
  let index = statements.get(attributions);
  if (!index) {
    index = spanIndex(attributions.map((a, at) => ({ span: a.statement, at })));
    statements.set(attributions, index);
  }
  return index;
}

function dedupeNames(names: readonly string[]): string[] {
  const byKey = new Map<string, string>();
  for (const n of names) {
    const k = n.normalize('NFKC').toLowerCase().trim();
    if (k !== '' && !byKey.has(k)) byKey.set(k, n.trim());
  }
  return [...byKey.values()].sort(compareStrings);
}

/**
 * How much of the incident a mention tells on its own: its own place, its own date, a figure.
 * A clause that continues another ("Then they shot him") tells none of them.
 */
function completeness(m: IncidentMention): number {
  const ownDate = isResolved(m.date) && !isImplied(m.date);
  return (statedPlace(m) ? 1 : 0) + (ownDate ? 1 : 0) + (m.killed || m.injured ? 1 : 0);
}

/**
 * The mention the summary is taken from: the most complete (`completeness`: a reader learns
 * what, where and when from it alone), then the one whose wording most other mentions share
 * (best supported), preferring a named origin, a stated fact, figures, then the earliest.
 */
function bestSupported(
  mentions: readonly IncidentMention[],
  words: Map<IncidentMention, Set<string>>,
): IncidentMention {
  // Large events: support is estimated against the first mentions only (bounded cost).
  const sample = mentions.slice(0, 60);
  const none = new Set<string>();
  // Mentions worded alike (copies of one report) have the same support: counted once per wording.
  const byWording = new Map<string, number>();
  const support = (m: IncidentMention) => {
    const own = words.get(m) ?? none;
    const wording = [...own].sort().join('\u0000');
    let n = byWording.get(wording);
    if (n === undefined) {
      n = sample.filter((o) => setOverlap(own, words.get(o) ?? none) >= 0.5).length;
      byWording.set(wording, n);
    }
    // A mention of the sample does not support itself.
    const self = own.size > 0 ? sample.filter((o) => o === m).length : 0;
    return n - self;
  };
  const rank = (m: IncidentMention) =>
    support(m) * 8 + (m.origin ? 4 : 0) + (m.modality === 'fact' ? 2 : 0) + (m.killed || m.injured ? 1 : 0);
  // Completeness outranks everything else (a step of 1000; a rank is at most 8 × 60 + 7), so
  // support is counted only for the most complete mentions, which alone can be chosen.
  const most = mentions.reduce((max, m) => Math.max(max, completeness(m)), 0);
  let best: IncidentMention | undefined;
  let bestRank = -1;
  for (const m of mentions) {
    if (completeness(m) !== most) continue;
    const r = rank(m);
    if (
      best === undefined ||
      r > bestRank ||
      (r === bestRank && (compareStrings(m.documentId, best.documentId) || m.span[0] - best.span[0]) < 0)
    ) {
      best = m;
      bestRank = r;
    }
  }
  return best as IncidentMention;
}

/** An incident split off an elliptical sentence ("five in Djugu") is summarised by its whole sentence. */
function summaryText(mention: IncidentMention): string {
  return (mention.summary ?? mention).text;
}

/** The summary is the mention's own words, whitespace collapsed, cut at a word boundary when long. */
export function summarise(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SUMMARY_MAX) return flat;
  const cut = flat.slice(0, SUMMARY_MAX);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1))}…`;
}

/**
 * When no mention states a date, the incident happened shortly before the earliest report of it:
 * a report that names no day for its incident ("A man was shot and killed, police said") tells of
 * that day or the day before. The event gets that two-day range, with precision `week`: an
 * estimate from the report's date, not a day any report states.
 */
function impliedDays(mentions: readonly IncidentMention[]): DateMention | null {
  const ends = mentions
    .map((m) => (m.date?.end ?? m.date?.start ?? '').slice(0, 10))
    .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(d)))
    .sort(compareStrings);
  const end = ends[0];
  if (!end) return null;
  const start = new Date(`${end}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - IMPLIED_DAYS_BEFORE);
  return {
    span: [0, 0],
    text: '',
    start: start.toISOString().slice(0, 10),
    end,
    precision: 'week',
    reason: 'no report states the date: the day before the earliest report, or that day',
  };
}
/** How many days before the earliest report an undated incident's range starts. */
const IMPLIED_DAYS_BEFORE = 1;

export function buildEvent(cluster: EventMembers, context: EventContext): LedgerEvent {
  // Canonical order, so that the event does not depend on the order its mentions joined.
  const mentions = cluster.items
    .map((i) => i.mention)
    .sort(
      (a, b) => compareStrings(a.documentId, b.documentId) || a.span[0] - b.span[0] || a.span[1] - b.span[1],
    );
  const words = new Map(cluster.items.map((i) => [i.mention, i.wordSet]));
  const all = [...mentions, ...cluster.aggregates.map((i) => i.mention)];
  const first = [...mentions].sort(
    (a, b) => compareStrings(a.documentId, b.documentId) || a.span[0] - b.span[0],
  )[0] as IncidentMention;

  // The kind of what is counted: a killing with a rape reported beside it is typed by the
  // mentions that carry its figures ("21 bodies", "killed 12"), the most specific of them.
  const counted = mentions.filter((m) => m.killed !== null || m.injured !== null);
  const kind = most(
    counted.length > 0 ? counted : mentions,
    (m) => m.kind,
    (a, b) => kindSpecificity(b.kind) - kindSpecificity(a.kind),
  ) as IncidentMention;
  const stated = mentions.filter((m) => isResolved(m.date) && m.date.precision && !isImplied(m.date));
  const date =
    most(
      stated,
      (m) => `${m.date?.start}/${m.date?.end}`,
      (a, b) => dateRank(a.date?.precision ?? 'year') - dateRank(b.date?.precision ?? 'year'),
    )?.date ?? impliedDays(mentions);
  const place = votePlace(mentions);

  const actors = new Map<string, { role: IncidentMention['actors'][number]['role']; name: string }>();
  for (const m of mentions)
    for (const a of m.actors) actors.set(`${a.role}\u0000${a.name}`, { role: a.role, name: a.name });

  const { killed, injured } = ledgerTolls(mentions);
  const conflicts = [killed.conflict, injured.conflict].filter((c) => c !== null);

  const occurrences = all.map(toMention);
  const { sources, independent, groups } = corroborate(occurrences, context.index);
  const origins = dedupeNames(all.flatMap((m) => context.origins(m)));

  return {
    id: stableId('ev', first.documentId, String(first.span[0]), String(first.span[1]), first.text),
    type: kind.type,
    subtype: kind.subtype,
    date: date?.start
      ? {
          start: date.start,
          end: date.end ?? date.start,
          precision: date.precision ?? 'day',
          ...(date.reason ? { reason: date.reason } : {}),
        }
      : null,
    place: place
      ? {
          ...twoLevelPlace(place, mentions),
          admin1: place.admin1,
          country: place.country,
          lat: place.lat,
          lon: place.lon,
          precision: place.precision,
          ...(place.reason ? { reason: place.reason } : {}),
        }
      : null,
    actors: [...actors.values()].sort(
      (a, b) => compareStrings(a.role, b.role) || compareStrings(a.name, b.name),
    ),
    killed: killed.range,
    injured: injured.range,
    summary: summarise(summaryText(bestSupported(mentions, words))),
    mentions: occurrences.sort(compareMentions),
    sources,
    independent_sources: independent,
    independent_groups: groups,
    origins,
    conflicts,
  };
}
