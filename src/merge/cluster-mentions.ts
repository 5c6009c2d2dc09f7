import type { DocumentExtraction, IncidentMention } from '../core/types.js';
import {
  isImplied,
  isResolved,
  linked,
  type MentionItem,
  pairScore,
  relateDates,
  statedPlace,
} from './compatibility.js';
import { tollOf } from './figures.js';
import { rareKeys } from './rare-keys.js';
import { compareStrings } from './stable-id.js';
import { contentWords, isSubgroup } from './words.js';

export interface MentionCluster {
  items: MentionItem[];
  /** Members compared with a newcomer: a few per distinct (kind, place, date, figure) signature. */
  reps?: Map<string, MentionItem[]>;
  /** Mentions recognised as aggregates over this and other events ("8 killed in two towns"). */
  aggregates: MentionItem[];
}

/**
 * Members with the same kind, stated place, date and figure give the same verdict on the hard
 * constraints; a few of each are enough to compare a newcomer with (complete link stays exact
 * on those constraints, word evidence is sampled).
 */
const REPS_PER_SIGNATURE = 4;

function* representatives(cluster: MentionCluster): Generator<MentionItem> {
  for (const reps of cluster.reps?.values() ?? []) yield* reps;
}

function signature(item: MentionItem): string {
  const m = item.mention;
  const p = statedPlace(m);
  return [
    m.kind,
    p ? `${p.name}/${p.precision}` : '',
    m.date ? `${m.date.start}/${m.date.end}/${m.date.span[0] === m.date.span[1]}` : '',
    item.scope ?? '',
  ].join('|');
}

/** Candidate lists per blocking key are capped so that a huge corpus stays near-linear. */
const MAX_PER_KEY = 400;

export function toItems(extractions: readonly DocumentExtraction[]): MentionItem[] {
  const items: MentionItem[] = [];
  for (const x of extractions) {
    for (const m of x.incidents) {
      const sentencePlaces = x.places
        .filter((p) => p.span[0] >= m.sentence[0] && p.span[1] <= m.sentence[1])
        .map((p) => p.name);
      const words = contentWords(m.text);
      items.push({
        mention: m,
        words,
        wordSet: new Set(words),
        scope: scopeOf(m),
        sentencePlaces: [...new Set(sentencePlaces)],
      });
    }
  }
  return items.sort(compareItems);
}

/** The size of what the mention reports (its toll, else its largest count); vague words ("hundreds") and subgroups give none. */
function scopeOf(m: IncidentMention): number | null {
  const toll = tollOf(m, 'killed');
  if (toll?.best != null) return toll.qualifier === 'vague' ? null : toll.best;
  if (m.killed) return null;
  const counts = m.counts
    .filter((c) => !c.percent && c.best != null && c.qualifier !== 'vague' && !isSubgroup(c.counted))
    .map((c) => c.best as number);
  return counts.length > 0 ? Math.max(...counts) : null;
}

function anaphoric(i: MentionItem): boolean {
  return statedPlace(i.mention) === null && !(isResolved(i.mention.date) && !isImplied(i.mention.date));
}

export function compareItems(x: MentionItem, y: MentionItem): number {
  const rank = (i: MentionItem) => (anaphoric(i) ? 2 : 0) + (i.scope === null ? 1 : 0);
  return (
    rank(x) - rank(y) ||
    compareStrings(x.mention.documentId, y.mention.documentId) ||
    x.mention.span[0] - y.mention.span[0] ||
    x.mention.span[1] - y.mention.span[1] ||
    compareStrings(x.mention.id, y.mention.id)
  );
}

interface Keys {
  /** Keys the mention's event is filed under. */
  insert: string[];
  /** Keys searched for candidate events. */
  lookup: string[];
}

/**
 * Blocking: a mention only meets events that share a named place or its region, a figure, a
 * rare word, or (when it names no place) its date. A town files its event under its country for
 * region- and country-level mentions to find, but does not search every town of the country.
 */
function blockingKeys(item: MentionItem, rare: readonly string[]): Keys {
  const m = item.mention;
  const shared: string[] = [];
  const insert: string[] = [];
  const lookup: string[] = [];
  const place = statedPlace(m);
  if (place) {
    shared.push(`p:${place.name.toLowerCase()}`);
    if (place.admin1) shared.push(`p:${place.admin1.toLowerCase()}`);
    const country = (place.countryCode ?? place.country ?? '').toLowerCase();
    const broad = place.precision === 'region' || place.precision === 'country';
    if (country) {
      insert.push(broad ? `broad:${country}` : `fine:${country}`);
      lookup.push(`broad:${country}`);
      if (broad) lookup.push(`fine:${country}`);
    }
  }
  if (m.date?.start) {
    insert.push(`d:${m.date.start}`);
    if (!place) lookup.push(`d:${m.date.start}`);
  }
  if (item.scope !== null && item.scope >= 10) shared.push(`s:${item.scope}`);
  for (const w of rare) shared.push(`w:${w}`);
  return { insert: [...shared, ...insert], lookup: [...shared, ...lookup] };
}

/**
 * Groups incident mentions into events, greedily in a canonical order (document id, span) so
 * that the result does not depend on input order. A mention joins the best-scoring cluster it is
 * compatible with on every member (complete link on the hard constraints), else starts one.
 */
export function clusterMentions(items: readonly MentionItem[]): MentionCluster[] {
  const clusters: MentionCluster[] = [];
  const index = new Map<string, number[]>();
  const rare = rareKeys(items.map((i) => i.words));
  for (const [n, item] of items.entries()) {
    const keys = blockingKeys(item, rare[n] ?? []);
    const candidates = new Set<number>();
    for (const k of keys.lookup) for (const c of index.get(k) ?? []) candidates.add(c);
    let best = -1;
    let bestScore = -1;
    for (const c of [...candidates].sort((a, b) => a - b)) {
      const cluster = clusters[c] as MentionCluster;
      let max = -1;
      let ok = true;
      let link = false;
      for (const other of representatives(cluster)) {
        const s = pairScore(item, other);
        if (s === null) {
          ok = false;
          break;
        }
        if (linked(item, other, s)) link = true;
        max = Math.max(max, s);
      }
      if (ok && link && max > bestScore) {
        best = c;
        bestScore = max;
      }
    }
    if (best < 0) {
      best = clusters.length;
      clusters.push({ items: [], aggregates: [], reps: new Map() });
    }
    const target = clusters[best] as MentionCluster;
    target.items.push(item);
    const sig = signature(item);
    target.reps ??= new Map();
    const reps = target.reps.get(sig) ?? [];
    if (reps.length < REPS_PER_SIGNATURE) reps.push(item);
    target.reps.set(sig, reps);
    for (const k of keys.insert) {
      const list = index.get(k) ?? [];
      if (list[list.length - 1] !== best) list.push(best);
      if (list.length > MAX_PER_KEY) list.shift();
      index.set(k, list);
    }
  }
  return separateAggregates(clusters);
}

/**
 * A mention whose sentence names several places and whose killed figure is the sum of the
 * figures of the events at those places ("8 killed in two towns" beside 7 and 1) is an
 * aggregate: it is attached to each of those events without counting as a conflicting figure.
 */
function separateAggregates(clusters: MentionCluster[]): MentionCluster[] {
  const bestKilled = (c: MentionCluster): number | null => {
    const values = c.items
      .map((i) => tollOf(i.mention, 'killed')?.best)
      .filter((v): v is number => v != null);
    return values.length > 0 ? Math.min(...values) : null;
  };
  const byPlace = new Map<string, MentionCluster[]>();
  for (const c of clusters) {
    const place = c.items.find((i) => i.mention.place)?.mention.place?.name;
    if (place === undefined) continue;
    const list = byPlace.get(place) ?? [];
    list.push(c);
    byPlace.set(place, list);
  }
  for (const cluster of clusters) {
    for (const item of [...cluster.items]) {
      const value = tollOf(item.mention, 'killed')?.best;
      if (value == null || item.sentencePlaces.length < 2) continue;
      const near = [...new Set(item.sentencePlaces.flatMap((p) => byPlace.get(p) ?? []))];
      const parts = near.filter((c) => {
        if (c === cluster && c.items.length === 1) return false;
        const place = c.items.find((i) => i.mention.place)?.mention.place?.name;
        const rest = c === cluster ? c.items.filter((i) => i !== item) : c.items;
        const dated = rest.every((i) => relateDates(i.mention.date, item.mention.date) !== 'different');
        return place !== undefined && item.sentencePlaces.includes(place) && rest.length > 0 && dated;
      });
      if (parts.length < 2) continue;
      const sum = parts.reduce((s, c) => {
        const rest: MentionCluster =
          c === cluster ? { items: c.items.filter((i) => i !== item), aggregates: [] } : c;
        return s + (bestKilled(rest) ?? Number.NaN);
      }, 0);
      if (sum !== value) continue;
      cluster.items = cluster.items.filter((i) => i !== item);
      for (const c of parts) c.aggregates.push(item);
    }
  }
  return clusters
    .filter((c) => c.items.length > 0)
    .map((c) => ({ items: c.items, aggregates: c.aggregates }));
}
