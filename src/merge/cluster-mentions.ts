import { spanIndex } from '../core/span-index.js';
import type { DocumentExtraction, IncidentMention } from '../core/types.js';
import {
  isImplied,
  isResolved,
  linked,
  type MentionItem,
  pairScore,
  placeKey,
  placeZone,
  REPORT_WINDOW_DAYS,
  statedPlace,
} from './compatibility.js';
import { countsOf, tollOf } from './figures.js';
import type { RareKeys } from './rare-keys.js';
import { compareStrings } from './stable-id.js';
import { contentWords, isPlaceNoun, isSubgroup } from './words.js';

/** A mention as the merge state keeps it (the word set is rebuilt on load). */
export interface StoredItem {
  mention: IncidentMention;
  words: string[];
  scope: number | null;
  sentencePlaces: string[];
  /** Original sources of the mention (its origin and covering attributions). */
  origins: string[];
  /** Index of the cluster (event) the mention joined. */
  cluster: number;
}

/** One event under construction, as the merge state keeps it. */
export interface ClusterRecord {
  /** Mention ids in the order they joined. */
  items: string[];
  /** Members compared with a newcomer: a few per distinct (kind, place, date, figure) signature. */
  reps: [string, string[]][];
  /** Name of the place of the first member that has one (aggregates are found by place). */
  place: string | null;
  /** What the aggregate rule reads of each member, in join order. */
  figures: MemberFigure[];
}

export interface MemberFigure {
  id: string;
  document: string;
  /** The member names its own place or date, or gives a figure (it is not a bare back-reference). */
  anchored: boolean;
  killed: number | null;
  /** The member's injured figure (absent in states written before it was kept). */
  injured?: number | null;
  date: IncidentMention['date'];
  place: string | null;
}

/**
 * Members with the same kind, stated place, date and figure give the same verdict on the hard
 * constraints; a few of each are enough to compare a newcomer with (complete link stays exact
 * on those constraints, word evidence is sampled).
 */
const REPS_PER_SIGNATURE = 4;

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

/** The merge's items for the incident mentions of one extraction. */
export function itemsOf(x: DocumentExtraction): MentionItem[] {
  return x.incidents.map((m) => {
    const sentencePlaces = spanIndex(x.places)
      .inside(m.sentence)
      .map((p) => p.name);
    const words = contentWords(m.sentence[0] === 0 ? withoutSiteName(m.text) : m.text);
    return {
      mention: m,
      words,
      wordSet: new Set(words),
      scope: scopeOf(m),
      sentencePlaces: [...new Set(sentencePlaces)],
    };
  });
}

/** Separators between a page title's headline and the site's name ("Man shot - Channel 5 News"). */
const TITLE_SEPARATOR = /\s[-|\u2013\u2014]\s/u;

/**
 * A page title's headline without the site name after it: the site's name is in every title of
 * the outlet, so its words say nothing about which incident the report tells.
 */
export function withoutSiteName(title: string): string {
  const cut = title.search(TITLE_SEPARATOR);
  return cut > 0 ? title.slice(0, cut) : title;
}

/**
 * The size of what the mention reports (its toll, else its largest count); vague words
 * ("hundreds"), subgroups and counts of places ("in more than 30 towns") give none.
 */
function scopeOf(m: IncidentMention): number | null {
  const toll = tollOf(m, 'killed');
  if (toll?.best != null) return toll.qualifier === 'vague' ? null : toll.best;
  if (m.killed) return null;
  const counts = countsOf(m)
    .filter(
      (c) =>
        !c.percent &&
        c.best != null &&
        c.qualifier !== 'vague' &&
        !isSubgroup(c.counted) &&
        !isPlaceNoun(c.counted),
    )
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
 * rare word, or (when it names no place) its date.
 *
 * Places: a town is filed under its name and, for regions to find it, under its admin1 region
 * (`in:`); a region under its name and its own admin1 (`p:`); a town searches its name and its
 * region's `p:` list (not every town of the region), a region both lists of its name and admin1.
 * A town files its event under its country for country-level mentions to find, but does not
 * search every town of the country.
 *
 * Figures and words are filed in every event (for mentions naming no place) and by zone: the
 * town (`@t:`), the towns of a country (`@f:`), the regions of a country (`@b:`), or no known
 * place (`@-`: no stated place, a country-level place, a place without country). A town searches
 * only its own town, its country's regions and `@-`; a region its country's towns and regions
 * and `@-`: an event filed by a member at another town, or in another country, holds that
 * member among its representatives and cannot be joined anyway (`relatePlaces` is `different`).
 */
function blockingKeys(item: MentionItem, rare: RareKeys | undefined): Keys {
  const m = item.mention;
  const insert: string[] = [];
  const lookup: string[] = [];
  const place = statedPlace(m);
  const zone = place ? placeZone(place) : { kind: 'none' as const };
  if (place) {
    const name = placeKey(place.name);
    const admin1 = placeKey(place.admin1);
    insert.push(`p:${name}`);
    lookup.push(`p:${name}`);
    if (zone.kind === 'fine') {
      if (admin1) {
        insert.push(`in:${admin1}`);
        lookup.push(`p:${admin1}`);
      }
    } else {
      lookup.push(`in:${name}`);
      if (admin1) {
        insert.push(`p:${admin1}`);
        lookup.push(`p:${admin1}`, `in:${admin1}`);
      }
    }
    const country = placeKey(place.countryCode ?? place.country);
    const broad = zone.kind !== 'fine';
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
  // Reports of one incident follow it within days: each meets the events its town had in the
  // weeks around its date, whether the town is named in the sentence or given by the report.
  const week = m.place && isResolved(m.date) ? weekOf(m.date.end ?? m.date.start) : null;
  if (m.place && week !== null) {
    const town = placeKey(m.place.name);
    insert.push(`r:${town}:${week}`);
    for (let w = week - REPORT_WEEKS; w <= week + REPORT_WEEKS; w++) lookup.push(`r:${town}:${w}`);
  }
  const evidence: { insert: string[]; lookup: string[] } = { insert: [], lookup: [] };
  if (item.scope !== null && item.scope >= 10) {
    evidence.insert.push(`s:${item.scope}`);
    evidence.lookup.push(`s:${item.scope}`);
  }
  for (const w of rare?.insert ?? []) evidence.insert.push(`w:${w}`);
  for (const w of rare?.lookup ?? []) evidence.lookup.push(`w:${w}`);
  const filed =
    zone.kind === 'fine'
      ? [`@t:${zone.town}`, `@f:${zone.country}`]
      : zone.kind === 'broad'
        ? [`@b:${zone.country}`]
        : ['@-'];
  const searched =
    zone.kind === 'fine'
      ? [`@t:${zone.town}`, `@b:${zone.country}`, '@-']
      : zone.kind === 'broad'
        ? [`@b:${zone.country}`, `@f:${zone.country}`, '@-']
        : [''];
  for (const k of evidence.insert) {
    insert.push(k);
    for (const z of filed) insert.push(`${k}${z}`);
  }
  for (const k of evidence.lookup) for (const z of searched) lookup.push(`${k}${z}`);
  return { insert, lookup };
}

/** Weeks either side of a mention's date in which its town's events are candidates (see REPORT_WINDOW_DAYS). */
const REPORT_WEEKS = Math.ceil(REPORT_WINDOW_DAYS / 7);

/** Index of the week (since 1970) a `YYYY-MM-DD…` date falls in, or null when it does not parse. */
function weekOf(iso: string): number | null {
  const t = Date.parse(iso.slice(0, 10));
  return Number.isNaN(t) ? null : Math.floor(t / (7 * 86_400_000));
}

/** What `assignMentions` reads and writes: the merge state's clusters, items and blocking index. */
export interface ClusterState {
  cluster(n: number): ClusterRecord;
  addCluster(record: ClusterRecord): number;
  item(id: string): MentionItem;
  /** Cluster ids filed under a blocking key, oldest first. */
  postings(key: string): number[];
  setPostings(key: string, clusters: number[]): void;
  /** Called once per changed cluster (new member). */
  touch(n: number): void;
  /** Called when a cluster gets its place (the first member naming one). */
  placed(n: number, place: string): void;
  /** Reads these blocking keys and clusters (with their representatives) ahead, in bulk. */
  prefetch(keys: readonly string[], clusters: readonly number[]): void;
  /** Reads the members of these clusters ahead, in bulk. */
  prefetchMembers?(clusters: readonly number[]): void;
}

/** True when `item` is linked (`linked`, hard constraints met) to one of the cluster's representatives. */
function linkedToReps(state: ClusterState, item: MentionItem, cluster: ClusterRecord): boolean {
  for (const [, ids] of cluster.reps)
    for (const id of ids) {
      const other = state.item(id);
      const s = pairScore(item, other);
      if (s !== null && linked(item, other, s)) return true;
    }
  return false;
}

/**
 * The stored clusters whose grouping new mentions can change: the parts of the candidate graph
 * they reach. A mention's place in the greedy order decides which cluster it founds or joins
 * only among the clusters it can meet (shares a blocking key with) and is linked to one of the
 * representatives of; so the clusters a new mention meets that way, then those their members
 * meet, and so on, make the part whose grouping is decided again, in canonical order, with the
 * new mentions (`assignMentions` over all their members). Links are followed the way a mention
 * searches (its lookup keys; a stored mention that would find a reached cluster only through
 * its own keys is not reached unless a member of the part finds it), and incompatibility is
 * ignored (a cluster a mention was weighed against and refused is reached too). `rare` gives the rare-word keys of each new
 * mention, `rareOf` those of a stored one.
 *
 * Parts are taken whole or not at all, in the canonical order of the new mentions reaching them,
 * while their stored mentions add up to at most `budget`: a part that would pass it (an incident
 * told by dozens of reports, mentions chained through common places and dates) is left as it is
 * and its new mentions join it greedily, as they did before parts were decided again; so is every
 * part once `budget` stored mentions have been followed in all. So the cost of a run grows with
 * its new mentions and the budget, never with the size of the store.
 */
export function partsReached(
  state: ClusterState,
  added: readonly MentionItem[],
  rare: readonly RareKeys[],
  rareOf: (item: MentionItem) => RareKeys,
  budget: number,
): number[] {
  const reopened = new Set<number>();
  /** Clusters of parts too large for what is left of the budget. */
  const left = new Set<number>();
  let spent = 0;
  // Stored mentions whose links were followed, over every part tried: finding that a part is too
  // large costs as much as deciding it, so the search has the same budget.
  let explored = 0;
  /** The stored clusters `item` meets and is linked to a representative of. */
  const linkedFrom = (item: MentionItem, keysOfItem: RareKeys | undefined): number[] => {
    const { lookup } = blockingKeys(item, keysOfItem);
    state.prefetch(lookup, []);
    const candidates = new Set<number>();
    for (const k of lookup) for (const c of state.postings(k)) candidates.add(c);
    state.prefetch([], [...candidates]);
    return [...candidates]
      .sort((a, b) => a - b)
      .filter((c) => state.cluster(c).reps.length > 0 && linkedToReps(state, item, state.cluster(c)));
  };
  for (const [n, seed] of added.entries()) {
    if (explored >= budget) break;
    const part = new Set<number>();
    const queue: [MentionItem, RareKeys | undefined][] = [[seed, rare[n]]];
    const queued = new Set<string>();
    let size = 0;
    let fits = true;
    for (let next = 0; next < queue.length && fits; next++) {
      const [item, keysOfItem] = queue[next] as [MentionItem, RareKeys | undefined];
      if (next > 0 && explored++ >= budget) {
        fits = false;
        continue;
      }
      const reached = linkedFrom(item, keysOfItem).filter((c) => !part.has(c) && !reopened.has(c));
      if (reached.some((c) => left.has(c))) fits = false;
      if (!fits || reached.length === 0) continue;
      state.prefetchMembers?.(reached);
      for (const c of reached) {
        part.add(c);
        size += state.cluster(c).items.length;
      }
      if (spent + size > budget) {
        fits = false;
        continue;
      }
      for (const c of reached)
        for (const id of state.cluster(c).items) {
          if (queued.has(id)) continue;
          queued.add(id);
          const other = state.item(id);
          queue.push([other, rareOf(other)]);
        }
    }
    for (const c of part) (fits ? reopened : left).add(c);
    if (fits) spent += size;
  }
  return [...reopened].sort((a, b) => a - b);
}

/**
 * Groups incident mentions into events, greedily in a canonical order (document id, span) so
 * that the result does not depend on input order. A mention joins the best-scoring cluster it is
 * compatible with on every member (complete link on the hard constraints), else starts one.
 * `items` must be sorted with `compareItems`; an incremental run passes its new mentions and the
 * members of the parts of the candidate graph they reach (`partsReached`), whose clusters it
 * emptied first (docs/ledger.md, "Incremental merge").
 * Returns the cluster of each item.
 */
export function assignMentions(
  state: ClusterState,
  items: readonly MentionItem[],
  rare: readonly RareKeys[],
): number[] {
  const out: number[] = [];
  for (const [n, item] of items.entries()) {
    const keys = blockingKeys(item, rare[n]);
    state.prefetch([...keys.lookup, ...keys.insert], []);
    const candidates = new Set<number>();
    for (const k of keys.lookup) for (const c of state.postings(k)) candidates.add(c);
    state.prefetch([], [...candidates]);
    let best = -1;
    let bestScore = -1;
    for (const c of [...candidates].sort((a, b) => a - b)) {
      const cluster = state.cluster(c);
      let max = -1;
      let ok = true;
      let link = false;
      scan: for (const [, ids] of cluster.reps) {
        for (const id of ids) {
          const other = state.item(id);
          const s = pairScore(item, other);
          if (s === null) {
            ok = false;
            break scan;
          }
          if (linked(item, other, s)) link = true;
          max = Math.max(max, s);
        }
      }
      if (ok && link && max > bestScore) {
        best = c;
        bestScore = max;
      }
    }
    if (best < 0) best = state.addCluster({ items: [], reps: [], place: null, figures: [] });
    const target = state.cluster(best);
    target.items.push(item.mention.id);
    target.figures.push({
      id: item.mention.id,
      document: item.mention.documentId,
      anchored:
        !anaphoric(item) ||
        item.scope !== null ||
        tollOf(item.mention, 'killed') !== null ||
        tollOf(item.mention, 'injured') !== null,
      killed: tollOf(item.mention, 'killed')?.best ?? null,
      injured: tollOf(item.mention, 'injured')?.best ?? null,
      date: item.mention.date,
      place: item.mention.place?.name ?? null,
    });
    if (target.place === null && item.mention.place) {
      target.place = item.mention.place.name;
      state.placed(best, target.place);
    }
    const sig = signature(item);
    const reps = target.reps.find(([k]) => k === sig);
    if (!reps) target.reps.push([sig, [item.mention.id]]);
    else {
      // The first members in canonical order, whatever the order they joined in (incremental runs).
      const ids = [...reps[1], item.mention.id].map(state.item).sort(compareItems);
      reps[1] = ids.slice(0, REPS_PER_SIGNATURE).map((i) => i.mention.id);
    }
    state.touch(best);
    for (const k of keys.insert) {
      const list = [...state.postings(k)];
      if (list[list.length - 1] === best) continue;
      list.push(best);
      if (list.length > MAX_PER_KEY) list.shift();
      state.setPostings(k, list);
    }
    out.push(best);
  }
  return out;
}
