import type { DateMention, IncidentMention, PlaceMention } from '../core/types.js';
import { kilometres } from '../extract/gazetteer/load-gazetteer.js';
import { tollOf } from './figures.js';
import { compatibleKinds } from './kinds.js';
import { isReportWord, isSeparateIncident } from './words.js';

export type PlaceRelation = 'same' | 'contains' | 'unknown' | 'different';
/**
 * `distant`: no stated date contradicts, but the reports are further apart than an incident and
 * its first reports usually are (an implied date more than `REPORT_WINDOW_DAYS` after the other
 * mention's date): a later report about an old incident, or another incident.
 */
export type DateRelation = 'same' | 'overlap' | 'unknown' | 'distant' | 'different';

/** An incident mention with what the merge compares, computed once. */
export interface MentionItem {
  mention: IncidentMention;
  /** Content words of the mention's clause, as a list and as a set. */
  words: string[];
  wordSet: Set<string>;
  /** The figure that says how big the incident is: killed, else the largest other count. */
  scope: number | null;
  /** Names of places named in the mention's sentence (for aggregates and denials). */
  sentencePlaces: string[];
}

const key = (s: string | null | undefined) => (s ?? '').normalize('NFKC').toLowerCase().trim();

/** A place name (or country) as places are compared: NFKC, lowercase, trimmed. */
export const placeKey = key;

const isCountry = (p: PlaceMention): boolean => p.kind === 'country' || p.precision === 'country';

function broad(p: PlaceMention): boolean {
  return (
    p.precision === 'region' ||
    p.precision === 'country' ||
    p.kind === 'region' ||
    p.kind === 'country' ||
    p.kind === 'area'
  );
}

/**
 * Where a stated place can meet others (blocking in cluster-mentions.ts): `fine` (a town: it
 * relates only to the same town and to wider places of its country), `broad` (a region of a
 * country), or `open` (a country-level place, or one without a country: `relatePlaces` may call
 * it related to places anywhere).
 */
export function placeZone(
  p: PlaceMention,
): { kind: 'fine'; town: string; country: string } | { kind: 'broad'; country: string } | { kind: 'open' } {
  const country = key(p.countryCode ?? p.country);
  if (country === '' || isCountry(p)) return { kind: 'open' };
  return broad(p) ? { kind: 'broad', country } : { kind: 'fine', town: key(p.name), country };
}

/** True when `inner` lies inside the broad place `outer` (a town within its admin1 region or country). */
function inside(inner: PlaceMention, outer: PlaceMention): boolean {
  if (isCountry(outer)) {
    return key(inner.country) !== '' && key(inner.country) === key(outer.country ?? outer.name);
  }
  const region = key(outer.admin1 ?? outer.name);
  return key(inner.admin1) === key(outer.name) || key(inner.admin1) === region;
}

/** A town whose region the gazetteer does not know cannot be placed in or out of a region. */
function regionUnknown(inner: PlaceMention, outer: PlaceMention): boolean {
  return key(inner.admin1) === '' && !isCountry(outer);
}

/**
 * How two places relate. With `around` false, a place told as around a city ("on the outskirts of
 * X") does not reach the towns near it: a place a report filled in for a clause naming none says
 * which town the report is about, not that the clause tells of the area around a city.
 */
export function relatePlaces(
  a: PlaceMention | null,
  b: PlaceMention | null,
  aroundTowns = true,
): PlaceRelation {
  if (!a || !b) return 'unknown';
  const ca = key(a.countryCode ?? a.country);
  const cb = key(b.countryCode ?? b.country);
  if (key(a.name) === key(b.name) && (ca === '' || cb === '' || ca === cb)) {
    // "On the outskirts of Kyiv" is near the city, not in it: related, but not the same place.
    return a.precision === 'near' || b.precision === 'near' ? 'contains' : 'same';
  }
  // A bare country name is coarse and often ambiguous ("Congo", "Korea"): it never separates.
  if (ca !== '' && cb !== '' && ca !== cb) return isCountry(a) || isCountry(b) ? 'unknown' : 'different';
  const ba = broad(a);
  const bb = broad(b);
  if (ba && !bb) return inside(b, a) ? 'contains' : regionUnknown(b, a) ? 'unknown' : 'different';
  if (bb && !ba) return inside(a, b) ? 'contains' : regionUnknown(a, b) ? 'unknown' : 'different';
  if (ba && bb) return inside(a, b) || inside(b, a) ? 'contains' : 'different';
  // "A city on the outskirts of X", "X-area towns": somewhere around X, which a town close to X may be.
  return aroundTowns && (around(a, b) || around(b, a)) ? 'contains' : 'different';
}

/** How far (km) from a city's centre a place told as "near X" or "on the outskirts of X" can lie. */
export const AROUND_KM = 30;

/**
 * True when `area` is told as around a place ("near X", "on the outskirts of X", "X-area"), with
 * no distance of its own ("50 km west of X" is a point, not an area), and `town` lies within
 * `AROUND_KM` of that place.
 */
function around(area: PlaceMention, town: PlaceMention): boolean {
  if (area.precision !== 'near' || /\d/.test(area.relation ?? '') || /\d/.test(town.relation ?? ''))
    return false;
  if (area.lat === null || area.lon === null || town.lat === null || town.lon === null) return false;
  return kilometres({ lat: area.lat, lon: area.lon }, { lat: town.lat, lon: town.lon }) <= AROUND_KM;
}

/**
 * A date the extractor filled in from the report's own date because the sentence names none
 * (an empty span): the incident happened on or before it, nothing more.
 */
export function isImplied(d: DateMention | null): boolean {
  return !!d && d.span[0] === d.span[1];
}

/** True for a resolved ISO date (`YYYY-MM-DD…`); anything else is treated as no date. */
export function isResolved(d: DateMention | null): d is DateMention & { start: string } {
  return (
    !!d?.start && /^\d{4}-\d{2}-\d{2}/.test(d.start) && (d.end === null || /^\d{4}-\d{2}-\d{2}/.test(d.end))
  );
}

/**
 * Reports of an incident follow it within days: an implied date (the report's own date) more
 * than this many days after the other mention's date makes the pair `distant`.
 */
export const REPORT_WINDOW_DAYS = 14;

const DAY_MS = 86_400_000;

function daysBetween(earlier: string, later: string): number {
  return (Date.parse(later.slice(0, 10)) - Date.parse(earlier.slice(0, 10))) / DAY_MS;
}

/** Days beyond which two reports' dates at one town no longer suggest one incident by themselves. */
export const NEAR_DAYS = 3;

/** Both dates are resolved and more than `NEAR_DAYS` apart (end of one to start of the other). */
function apartDays(a: DateMention | null, b: DateMention | null): boolean {
  if (!isResolved(a) || !isResolved(b)) return false;
  const ae = a.end ?? a.start;
  const be = b.end ?? b.start;
  const gap = ae < b.start ? daysBetween(ae, b.start) : be < a.start ? daysBetween(be, a.start) : 0;
  return gap > NEAR_DAYS;
}

/**
 * How two mentions' dates relate. `slackDays`: stated dates this many days apart (end of one to
 * start of the other) still overlap; for events already found to be one incident by their
 * profiles (`PROFILE_DAYS`), a shooting late at night is dated that day by one report and the
 * next by another.
 */
export function relateDates(a: DateMention | null, b: DateMention | null, slackDays = 0): DateRelation {
  if (!isResolved(a) || !isResolved(b)) return 'unknown';
  const ia = isImplied(a);
  const ib = isImplied(b);
  const ae = a.end ?? a.start;
  const be = b.end ?? b.start;
  if (ia && ib) return Math.abs(daysBetween(ae, be)) > REPORT_WINDOW_DAYS ? 'distant' : 'unknown';
  if (ia || ib) {
    const implied = (ia ? a : b) as DateMention & { start: string };
    const stated = (ia ? b : a) as DateMention & { start: string };
    const reported = implied.end ?? implied.start;
    if (stated.start > reported) return 'different';
    return daysBetween(stated.end ?? stated.start, reported) > REPORT_WINDOW_DAYS ? 'distant' : 'unknown';
  }
  if (ae < b.start || be < a.start) {
    const gap = ae < b.start ? daysBetween(ae, b.start) : daysBetween(be, a.start);
    return gap <= slackDays ? 'overlap' : 'different';
  }
  return a.start === b.start && ae === be ? 'same' : 'overlap';
}

/**
 * The place a mention's own sentence names; a place the extractor filled in from the dateline or
 * the document's main place says nothing about which incident this is, so it does not count.
 */
export function statedPlace(m: IncidentMention): PlaceMention | null {
  const p = m.place;
  if (!p) return null;
  return p.span[0] >= m.sentence[0] && p.span[1] <= m.sentence[1] && p.span[1] > p.span[0] ? p : null;
}

/**
 * Where the mention's incident is, as far as its report tells: the place its sentence names, else
 * the one the extractor filled in from the report (its main place or dateline). Two reports'
 * mentions at different towns are never one incident, whichever way each learnt its place.
 */
export function reportedPlace(m: IncidentMention): PlaceMention | null {
  return statedPlace(m) ?? m.place;
}

/** Word evidence needs this many shared content words: short clauses ("they shot him") share words by chance. */
const MIN_SHARED_WORDS = 3;

function sharedWords(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let n = 0;
  for (const w of small) if (large.has(w)) n++;
  return n;
}

const specificCache = new WeakMap<ReadonlySet<string>, Set<string>>();

/** The words of a clause that name its incident: content words that are neither report words nor numbers. */
function specificWords(words: ReadonlySet<string>): Set<string> {
  let out = specificCache.get(words);
  if (!out) {
    out = new Set([...words].filter((w) => !isReportWord(w) && !/^\d/.test(w)));
    specificCache.set(words, out);
  }
  return out;
}

/** Figures this far apart at one place describe different scopes (a street vs a region), not a dispute. */
const SCOPE_RATIO = 3;

/**
 * How strongly two mentions look like one incident, or null when they cannot be one: other
 * kind family, different towns (as stated, or, across reports, as each report places its
 * incident), non-overlapping dates, a later report without the old incident's words, or a town
 * and its region with figures of different scope ("21 bodies in a town" vs "410 across the
 * region").
 */
export function pairScore(x: MentionItem, y: MentionItem, dateSlackDays = 0): number | null {
  return scorePair(x, y, dateSlackDays)?.score ?? null;
}

interface PairEvidence {
  score: number;
  /**
   * The part of the score that tells this incident from another of its kind at the same place:
   * the same date, figures, actors, wording, or the same report's continuation.
   */
  identity: number;
  /**
   * The part of `identity` that names this incident rather than any incident of its kind on
   * that day: the same large figure, actors or wording (a date and a small toll are shared by
   * many incidents of a day in a country).
   */
  distinct: number;
  /** How the places the two reports give their incidents relate. */
  reported: PlaceRelation;
}

function scorePair(x: MentionItem, y: MentionItem, dateSlackDays = 0): PairEvidence | null {
  const a = x.mention;
  const b = y.mention;
  if (!compatibleKinds(a.kind, b.kind)) return null;
  const place = relatePlaces(statedPlace(a), statedPlace(b));
  if (place === 'different') return null;
  const sameReport = a.documentId === b.documentId;
  // "In another incident, soldiers shot five men": the report tells it apart from its other
  // incidents, and another report's mention is the same only by its figure or its wording.
  const separate = isSeparateIncident(a.text) || isSeparateIncident(b.text);
  if (separate && sameReport) return null;
  // Across reports, the place each report gives its incident separates them too.
  const reportedRelation = relatePlaces(
    reportedPlace(a),
    reportedPlace(b),
    statedPlace(a) !== null && statedPlace(b) !== null,
  );
  if (!sameReport && reportedRelation === 'different') return null;
  const date = relateDates(a.date, b.date, dateSlackDays);
  if (date === 'different') return null;
  const pa = statedPlace(a);
  const pb = statedPlace(b);
  if (x.scope !== null && y.scope !== null && x.scope !== y.scope) {
    // A wider area's count covers the narrower one's: when it is the larger, it is another scope
    // ("410 across the region" vs "21 in a town"); when it is the smaller, the reports disagree.
    // A bare country ("in eastern Congo") locates an incident coarsely and says nothing of its
    // figure's scope: the figures are compared as the same incident's (the ratio below).
    // "Near X" and X are one place at two precisions, not an area and a part of it.
    const area = !!pa && !!pb && broad(pa) !== broad(pb);
    const countryWide = area && isCountry(pa as PlaceMention) !== isCountry(pb as PlaceMention);
    if (place === 'contains' && area && !countryWide && !widerHasSmaller(pa, x.scope, pb, y.scope))
      return null;
    if (
      Math.max(x.scope, y.scope) > SCOPE_RATIO * Math.max(1, Math.min(x.scope, y.scope)) &&
      !partOfFind(x.scope > y.scope ? x : y, x.scope > y.scope ? y : x) &&
      !(sameReport && (tellsFigure(x, y.scope) || tellsFigure(y, x.scope)))
    )
      return null;
  }

  let score = 0;
  let identity = 0;
  let distinct = 0;
  // "On the outskirts of X" and X are closer than a region and a town in it.
  const sameName = !!pa && !!pb && key(pa.name) === key(pb.name);
  if (place === 'same') score += 3;
  if (place === 'contains') score += sameName ? 2 : 1;
  if (date === 'same') identity += 2;
  if (date === 'overlap') identity += 1;
  // Reports days apart (or undated) at one town without a stated date to compare: nothing sets
  // them apart (counted below). A town and the region around it are not that close.
  const undatedNear = date === 'unknown' && reportedRelation === 'same';
  if (a.kind === b.kind) score += 1;
  // The same figure is strong evidence when it is not a small number that coincides easily.
  if (x.scope !== null && x.scope === y.scope) {
    identity += x.scope >= 10 ? 3 : 1;
    if (x.scope >= 10) distinct += 3;
  } else if (a.killed?.best != null && a.killed.best === b.killed?.best) identity += 1;
  if (a.injured?.best != null && a.injured.best === b.injured?.best) {
    identity += a.injured.best >= 10 ? 3 : 1;
    if (a.injured.best >= 10) distinct += 3;
  }
  const names = new Set(a.actors.filter((r) => r.role !== 'source').map((r) => `${r.role}:${key(r.name)}`));
  if (b.actors.some((r) => names.has(`${r.role}:${key(r.name)}`))) {
    identity += 1;
    distinct += 1;
  }
  const shared = sharedWords(x.wordSet, y.wordSet);
  const words = shared >= MIN_SHARED_WORDS ? shared / Math.min(x.wordSet.size, y.wordSet.size) : 0;
  if (separate && words < 0.5 && (x.scope === null || x.scope !== y.scope)) return null;
  if (words >= 0.5) {
    identity += 3;
    distinct += 3;
  } else if (words >= 0.3) {
    identity += 1;
    distinct += 1;
  }
  // A report long after the other names no date of its own: only its wording ties it to the old
  // incident rather than to a later one at the same place.
  // Those words must name the incident (people, streets, businesses): "was shot and killed,
  // police said" fits any incident of the town.
  if (date === 'distant') {
    const sx = specificWords(x.wordSet);
    const sy = specificWords(y.wordSet);
    const specific = sharedWords(sx, sy);
    if (words < 0.5 || specific < 2 || specific < 0.5 * Math.min(sx.size, sy.size)) return null;
  }
  // Reports more than a few days apart at one town are as often two incidents as one: only a
  // shared figure, actor or wording (evidence gathered above) lets their closeness count.
  if (undatedNear && (identity > 0 || sameReport || !apartDays(a.date, b.date))) identity += 2;
  if (continues(x, y) || continues(y, x)) identity += 4;
  // One report at one place (or a place and the wider area it lies in) on compatible dates
  // usually tells one incident: its lede and the paragraphs that detail it.
  // A clause naming no place sits at the place its report gives.
  else if (sameReport && (reportedRelation === 'same' || reportedRelation === 'contains')) identity += 3;
  score += identity;
  // A region and a town in it with nothing else in common are not one incident; "near X" and X are.
  // A bare country ("found in mass graves in Freedonia") locates an incident too coarsely to set
  // it apart from any of the country's: like an unknown place, it needs evidence only to link.
  const countryWide = (!!pa && isCountry(pa)) || (!!pb && isCountry(pb));
  if (place === 'contains' && !sameName && !countryWide && date === 'unknown' && words < 0.3 && score < 4)
    return null;
  return { score, identity: sameReport ? score : identity, distinct, reported: reportedRelation };
}

/**
 * Bodies found across a town (reporters counting 21 dead at several places in it) are the sum of
 * the finds in it: a smaller find there ("six bodies in one street", "two bodies in a shaft") or a
 * smaller count that is no toll ("at least two had their hands tied") is a part of that
 * discovery, not another incident. A smaller toll of a killing ("soldiers shot
 * five men") may be an incident of its own, and a find at another place (a region's total and a
 * town's) is another scope: both stay apart.
 */
function partOfFind(larger: MentionItem, smaller: MentionItem): boolean {
  if (larger.mention.kind !== 'bodies-found') return false;
  const lp = reportedPlace(larger.mention);
  const sp = reportedPlace(smaller.mention);
  if (!lp || !sp || key(lp.name) !== key(sp.name)) return false;
  return smaller.mention.kind === 'bodies-found' || tollOf(smaller.mention, 'killed')?.best !== smaller.scope;
}

/**
 * "One dead, four wounded" and "the four victims who survived": a mention's scope is its toll of
 * dead when it has one, while another mention of the same incident may count only the wounded.
 * In one report, when one mention gives, as its killed or injured figure, the other's scope, the
 * two figures measure parts of one incident, not a street and a region. Across reports the
 * coincidence is weaker evidence (many shootings of a day wound four), so they stay apart.
 */
function tellsFigure(item: MentionItem, scope: number): boolean {
  return (['killed', 'injured'] as const).some((field) => {
    const q = tollOf(item.mention, field);
    return !!q && !q.implicit && q.qualifier !== 'vague' && q.best === scope;
  });
}

/** True when, of two related places, the wider one (region, country) reports the smaller figure. */
function widerHasSmaller(pa: PlaceMention | null, sa: number, pb: PlaceMention | null, sb: number): boolean {
  if (!pa || !pb) return false;
  if (broad(pa) && !broad(pb)) return sa < sb;
  if (broad(pb) && !broad(pa)) return sb < sa;
  return false;
}

/** How far (characters) a bare continuation may follow the mention it continues. */
const CONTINUATION_WINDOW = 400;

/**
 * `later` continues `earlier` in the same report: it names no place and no date of its own, and
 * either gives a toll ("put the death toll at 17") or, in the same or the next sentence, reports
 * the same kind of incident ("… accused the group of firing the shells").
 */
export function continues(later: MentionItem, earlier: MentionItem): boolean {
  const l = later.mention;
  const e = earlier.mention;
  if (l.documentId !== e.documentId || e.span[0] >= l.span[0]) return false;
  if (statedPlace(l) !== null || (isResolved(l.date) && !isImplied(l.date))) return false;
  const toll = later.scope !== null || l.killed !== null || l.injured !== null;
  const adjacent = l.sentence[0] - e.sentence[1] <= 2 && l.span[0] - e.span[1] <= CONTINUATION_WINDOW;
  return toll || (l.kind === e.kind && adjacent);
}

/**
 * Merge threshold: strong evidence, or the same named place with a compatible kind. Across
 * reports, a place and a kind are not enough: many incidents of one kind happen in a city, so
 * something must tell this one apart (its date, figures, actors or wording).
 */
export function linked(x: MentionItem, y: MentionItem, score: number): boolean {
  const strong =
    score >= 4 || (score >= 3 && relatePlaces(statedPlace(x.mention), statedPlace(y.mention)) === 'same');
  if (!strong || x.mention.documentId === y.mention.documentId) return strong;
  const evidence = scorePair(x, y);
  if (!evidence || evidence.identity < MIN_IDENTITY) return false;
  // A report that places its incident nowhere: a date and a small toll fit any incident of the
  // day, so the pair needs evidence that names this one (figures, actors or wording).
  return evidence.reported !== 'unknown' || evidence.distinct >= MIN_IDENTITY;
}

/** Evidence (beyond place and kind) two reports need to be linked as one incident. */
const MIN_IDENTITY = 2;
