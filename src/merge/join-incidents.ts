import type { PlaceMention, ReportPerson } from '../core/types.js';
import { kilometres } from '../extract/gazetteer/load-gazetteer.js';
import { speakerWords } from '../extract/parse-speaker.js';
import type { ClusterRecord } from './cluster-mentions.js';
import { isImplied, isResolved, type MentionItem, pairScore, placeKey } from './compatibility.js';
import { ledgerTolls } from './figures.js';
import { compatibleKinds } from './kinds.js';
import { compareStrings } from './stable-id.js';
import { isFunctionWord, isReportWord, words } from './words.js';

/**
 * What tells one incident from another once its reports are grouped: where (the event's place),
 * the day its members state, and its figures. Greedy clustering compares a newcomer with every
 * representative of an event, so two groups of reports of one incident can stay apart when a
 * stray member of one contradicts the other; their profiles, read over all their members, still
 * agree.
 */
export interface IncidentProfile {
  place: string;
  /** The day (`YYYY-MM-DD`) most members state. */
  day: string;
  killed: number | null;
  injured: number | null;
  /**
   * The figures the event's ledger entry gives (`eventFigures`), when they are not the ones most
   * members give: a second reading of the event's toll (`readings`).
   */
  shown?: { killed: number | null; injured: number | null };
}

/**
 * The value most members give; on a tie the smallest string (places, days) or the largest count:
 * a report's lead figure ("four wounded") ties with its detail ("one critically") and is the
 * incident's. Either way the profile does not depend on order.
 */
function mostCommon<T extends string | number>(values: readonly T[]): T | null {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: T | null = null;
  let n = 0;
  for (const [v, c] of counts) {
    const wins =
      best !== null &&
      (typeof v === 'number' ? v > (best as number) : compareStrings(v as string, best as string) < 0);
    if (c > n || (c === n && wins)) {
      best = v;
      n = c;
    }
  }
  return best;
}

/** The place most members give (the event's first place can be a stray member's). */
export function placeOf(record: ClusterRecord): string | null {
  return mostCommon(record.figures.map((f) => f.place).filter((p): p is string => !!p)) ?? record.place;
}

/**
 * An event's profile, or null when it has no place or no stated day. An event without a figure
 * has a profile too (both figures null): it can join the one event with figures at its place and
 * day (`incidentTarget`), never be joined by one. With `item`, the figures the event will show
 * are kept beside when they differ (`shown`).
 */
export function profileOf(record: ClusterRecord, item?: (id: string) => MentionItem): IncidentProfile | null {
  const place = placeOf(record);
  return place === null ? null : profileAt(record, place, item);
}

/** The event's profile at a given place (`''` for an event placed nowhere), or null without a stated day. */
function profileAt(
  record: ClusterRecord,
  place: string,
  item?: (id: string) => MentionItem,
): IncidentProfile | null {
  const days = record.figures
    .map((f) => f.date)
    .filter((d) => isResolved(d) && !isImplied(d) && d.precision === 'day' && (d.end ?? d.start) === d.start)
    .map((d) => (d?.start ?? '').slice(0, 10));
  const day = mostCommon(days);
  if (day === null) return null;
  const killed = mostCommon(record.figures.map((f) => f.killed).filter((k): k is number => k !== null));
  const injured = mostCommon(
    record.figures.map((f) => f.injured ?? null).filter((k): k is number => k !== null),
  );
  const shown = item ? eventFigures(record, item) : null;
  if (!shown || (shown.killed === killed && shown.injured === injured))
    return { place, day, killed, injured };
  return { place, day, killed, injured, shown };
}

/**
 * The readings of a profile's toll: the figures most members give, and the ones its ledger entry
 * gives when they differ (`shown`). Members outvote a toll when a few long reports detail it
 * victim by victim ("a girl was among the wounded", each a figure of one); a report's
 * lead figure outvotes the others' when it counts a victim who later died as wounded. Either
 * reading can be the one another group of reports of the incident gives.
 */
export function readings(p: IncidentProfile): IncidentProfile[] {
  if (!p.shown) return [p];
  const { shown, ...own } = p;
  return [own, { ...own, ...shown }];
}

/**
 * The dead and wounded an event's ledger entry gives (`buildEvent`): each report's lead figure
 * votes, a written count outweighs people named one by one. Counted member by member instead
 * ("a girl was among the wounded", "one man was hit in the arm", each a figure of one),
 * the details of a few long reports outvote their toll, and two groups of reports of one
 * incident then look like two incidents with different figures.
 */
export function eventFigures(
  record: ClusterRecord,
  item: (id: string) => MentionItem,
): { killed: number | null; injured: number | null } {
  // In the order `buildEvent` reads them, whatever order the members joined in.
  const mentions = record.items
    .map((id) => item(id).mention)
    .sort(
      (a, b) => compareStrings(a.documentId, b.documentId) || a.span[0] - b.span[0] || a.span[1] - b.span[1],
    );
  const { killed, injured } = ledgerTolls(mentions);
  return { killed: killed.range?.best ?? null, injured: injured.range?.best ?? null };
}

/**
 * An event with figures at a place whose reports date it only to a span of days ("last week",
 * "in December", "more than a week ago"): the span its members give most (`from` to `until`,
 * `YYYY-MM-DD`), at most `VAGUE_DAYS` long.
 */
export interface VagueProfile {
  place: string;
  from: string;
  until: string;
  killed: number | null;
  injured: number | null;
}

/** The longest span (in days) a vague date can cover and still point at one incident. */
export const VAGUE_DAYS = 31;

/**
 * An event's vague profile (`VagueProfile`): it gives figures, has a place, states no day
 * (`profileOf` is null) and its members date it to a span of at most `VAGUE_DAYS`. Null otherwise.
 */
export function vagueProfileOf(record: ClusterRecord): VagueProfile | null {
  const place = placeOf(record);
  if (place === null || !givesFigure(record) || profileAt(record, place) !== null) return null;
  const spans = record.figures
    .map((f) => f.date)
    .filter((d) => isResolved(d) && !isImplied(d))
    .map((d) => `${(d?.start ?? '').slice(0, 10)}|${(d?.end ?? d?.start ?? '').slice(0, 10)}`);
  const span = mostCommon(spans);
  if (span === null) return null;
  const [from = '', until = ''] = span.split('|');
  const days = (Date.parse(until) - Date.parse(from)) / 86_400_000;
  if (!(days >= 0 && days <= VAGUE_DAYS)) return null;
  const killed = mostCommon(record.figures.map((f) => f.killed).filter((k): k is number => k !== null));
  const injured = mostCommon(
    record.figures.map((f) => f.injured ?? null).filter((k): k is number => k !== null),
  );
  return { place, from, until, killed, injured };
}

/** The days a vague profile covers, a day either side included (`PROFILE_DAYS`). */
export function vagueDays(v: VagueProfile): string[] {
  const out: string[] = [];
  const last = shiftDay(v.until, PROFILE_DAYS);
  for (let d = shiftDay(v.from, -PROFILE_DAYS); d <= last; d = shiftDay(d, 1)) out.push(d);
  return out;
}

/** Whole days between two profiles' days. */
function daysApart(a: IncidentProfile, b: IncidentProfile): number {
  return Math.round(Math.abs(Date.parse(a.day) - Date.parse(b.day)) / 86_400_000);
}

/** Days either side of a profile's day on which another group of reports can be the same incident. */
export const PROFILE_DAYS = 1;

/** Index keys (place and day) under which an event with this profile is filed. */
export function profileKey(place: string, day: string): string {
  return `${place.normalize('NFKC').toLowerCase().trim()}|${day}`;
}

/**
 * Days apart two events with the same figures can still be one incident when their reports name
 * the same person, street or business (`namedIncident`): a report dated by its publication a few
 * days after the incident.
 */
export const NAMED_DAYS = 3;

/** The days within `days` (default `PROFILE_DAYS`) of a day, itself included. */
export function nearDays(day: string, days = PROFILE_DAYS): string[] {
  const t = Date.parse(day);
  if (Number.isNaN(t)) return [day];
  const out: string[] = [];
  for (let k = -days; k <= days; k++) out.push(new Date(t + k * 86_400_000).toISOString().slice(0, 10));
  return out;
}

/** The day `k` days after `day` (before, when negative). */
function shiftDay(day: string, k: number): string {
  const t = Date.parse(day);
  return Number.isNaN(t) ? day : new Date(t + k * 86_400_000).toISOString().slice(0, 10);
}

/** The profile gives a figure (dead or wounded). */
export function hasFigure(p: IncidentProfile): boolean {
  return p.killed !== null || p.injured !== null;
}

/** Same place and days at most `PROFILE_DAYS` apart. */
function samePlaceAndDay(a: IncidentProfile, b: IncidentProfile): boolean {
  return profileKey(a.place, '') === profileKey(b.place, '') && nearDays(a.day).includes(b.day);
}

/**
 * Figures of one incident in two groups of reports differ by at most this much: a toll revised
 * by one, or a shooter counted among the dead by some reports and not by others. The difference
 * becomes the event's dispute.
 */
const FIGURE_SLACK = 1;

/**
 * Two profiles are one incident: the same place, days at most `PROFILE_DAYS` apart, and a figure
 * both give (dead or wounded), each such figure the same or within `FIGURE_SLACK`.
 */
export function sameIncident(a: IncidentProfile, b: IncidentProfile, slack = FIGURE_SLACK): boolean {
  if (!hasFigure(a) || !hasFigure(b)) return false;
  if (!samePlaceAndDay(a, b)) return false;
  let same = false;
  for (const k of ['killed', 'injured'] as const) {
    const x = a[k];
    const y = b[k];
    if (x === null || y === null) continue;
    if (Math.abs(x - y) > slack) return false;
    same = true;
  }
  return same;
}

/** What `incidentTarget` reads of the events around one. */
export interface IncidentNeighbourhood {
  cluster: (n: number) => ClusterRecord;
  profile: (n: number) => IncidentProfile | null;
  /** Events filed under a profile key (place and day) that may join others. */
  filed: (key: string) => readonly number[];
  item: (id: string) => MentionItem;
  /** Events whose mentions give a full name (`fullNamesOf`) that may join others. */
  named?: (name: string) => readonly number[];
  /** The document has an event with figures (other than `except`). */
  figuredDocument?: (document: string, except?: number) => boolean;
  /** The people the whole document names as its incident's (`documentPeople`). */
  people?: (document: string) => readonly ReportPerson[];
}

/**
 * One of the events' representatives is compatible with one of the other's (`pairScore`, stated
 * dates up to `days` apart overlapping: `PROFILE_DAYS`, or as far apart as the rule that joins
 * their profiles allows, which has judged the days already). The
 * events' profiles name one place: a town of that name resolved in two countries (or in two
 * regions) by two reports, one of them without the region in its text, is one town misread by
 * that one, so the pair is compared as both reports at the other's reading. Two readings each
 * qualified by the region or country their text states are two towns.
 */
function compatibleEvents(a: number, b: number, around: IncidentNeighbourhood, days = PROFILE_DAYS): boolean {
  const reps = (c: number) =>
    around
      .cluster(c)
      .reps.flatMap(([, ids]) => ids)
      .map(around.item);
  const theirs = reps(b);
  return reps(a).some((x) =>
    theirs.some((y) => !statedNamesakes(x, y) && pairScore(readAs(x, y), y, days) !== null),
  );
}

/**
 * Both mentions name a town of one name, each with the region or country its text states, and
 * these differ: two towns, however alike their incidents ("Rivertown, N.R." and "Rivertown, S.R.").
 */
function statedNamesakes(x: MentionItem, y: MentionItem): boolean {
  const px = x.mention.place;
  const py = y.mention.place;
  if (!px || !py || placeKey(px.name) !== placeKey(py.name) || !statesRegion(px) || !statesRegion(py))
    return false;
  return (
    placeKey(px.countryCode ?? px.country) !== placeKey(py.countryCode ?? py.country) ||
    px.admin1 !== py.admin1
  );
}

/** `x` with `y`'s reading of its place when both name the same town (see `compatibleEvents`). */
function readAs(x: MentionItem, y: MentionItem): MentionItem {
  const px = x.mention.place;
  const py = y.mention.place;
  if (!px || !py || placeKey(px.name) !== placeKey(py.name) || broadKind(px) || broadKind(py)) return x;
  if (
    placeKey(px.countryCode ?? px.country) === placeKey(py.countryCode ?? py.country) &&
    px.admin1 === py.admin1
  )
    return x;
  if (statedNamesakes(x, y)) return x;
  const place = { ...py, span: px.span, text: px.text };
  return { ...x, mention: { ...x.mention, place } };
}

const broadKind = (p: PlaceMention) => p.kind !== 'populated-place';

/**
 * The text states the place's region or country ("Rivertown, N.R.", "Rivertown, Freedonia"), as
 * the resolution's reason records it; otherwise the namesake is the gazetteer's or the context's
 * choice and may be the wrong one.
 */
const statesRegion = (p: PlaceMention) => /\bqualified by\b/.test(p.reason ?? '');

/** The events filed at a profile's place within `days` of its day, itself excluded, in number order. */
function filedNear(
  n: number,
  own: IncidentProfile,
  around: IncidentNeighbourhood,
  days = PROFILE_DAYS,
): number[] {
  return [...new Set(nearDays(own.day, days).flatMap((d) => around.filed(profileKey(own.place, d))))]
    .filter((c) => c !== n)
    .sort((a, b) => a - b);
}

/**
 * Two profiles with the same figures (each figure given by both or by neither) at the same place,
 * at most `NAMED_DAYS` apart: one incident if their reports also name the same person, street or
 * business (`sharedName`).
 */
export function namedIncident(a: IncidentProfile, b: IncidentProfile): boolean {
  if (!hasFigure(a) || !hasFigure(b) || a.killed !== b.killed || a.injured !== b.injured) return false;
  return profileKey(a.place, '') === profileKey(b.place, '') && nearDays(a.day, NAMED_DAYS).includes(b.day);
}

/**
 * Two profiles at one place at most `PROFILE_DAYS` apart that count the same victims, some of one
 * report's wounded among the other's dead: the dead and wounded together the same, the dead not.
 * A victim who dies in hospital is wounded in the first reports and dead in the later ones. One
 * killed and one wounded on a day are the figures of many incidents of a city, so their reports
 * must also give the same person (`sharedVictim`: a full name given with an age or beside a
 * victim's role, not a speaker's, not a hospital's). One capitalised word in common is not enough:
 * a city's reports share many.
 */
export function diedOfWounds(a: IncidentProfile, b: IncidentProfile): boolean {
  if (!hasFigure(a) || !hasFigure(b) || !samePlaceAndDay(a, b)) return false;
  return casualties(a) === casualties(b) && (a.killed ?? 0) !== (b.killed ?? 0);
}

/**
 * Days apart two events with the same figures at the same place can be one incident when those
 * figures are large enough (`LATER_CASUALTIES`) and their reports share a full name
 * (`sharedFullName`): a report weeks later (a funeral, an arrest, a hearing) states the day it
 * was written about, not the day of the shooting.
 */
export const LATER_DAYS = 30;

/**
 * Dead and wounded together from which the same figures at one town, weeks apart, are looked at
 * as one incident: one death or two casualties are the figures of many incidents a month in a
 * city. Three or more repeat too (a city under shelling, "three killed" week after week), so the
 * figures alone never join: the reports must also share a full name.
 */
export const LATER_CASUALTIES = 3;

function casualties(p: IncidentProfile): number {
  return (p.killed ?? 0) + (p.injured ?? 0);
}

/**
 * Dead and wounded together from which the same figures at one town within `LATER_DAYS` are one
 * incident without a shared name: a mass shooting's toll, restated by the reports of the weeks
 * after it (a survivor's story, the funerals) and dated by them. Chosen above the tolls that
 * recur at one town in a month (one to three dead or wounded a night in a city; "three killed"
 * week after week under shelling), where the name is still needed. Five would join a few more
 * reports of one incident on labelled US shootings, but a toll of five recurs too often in a
 * month of war to be read as one incident by its figures alone.
 */
export const LARGE_TOLL = 10;

function largeToll(p: IncidentProfile): boolean {
  return casualties(p) >= LARGE_TOLL;
}

/**
 * Two profiles with the same figures (each given by both or by neither), together at least
 * `LATER_CASUALTIES`, at the same place at most `LATER_DAYS` apart: one incident if their reports
 * also share a full name (`sharedFullName`), or the toll is large (`LARGE_TOLL`).
 */
export function laterIncident(a: IncidentProfile, b: IncidentProfile): boolean {
  if (!hasFigure(a) || a.killed !== b.killed || a.injured !== b.injured) return false;
  if (casualties(a) < LATER_CASUALTIES) return false;
  return profileKey(a.place, '') === profileKey(b.place, '') && nearDays(a.day, LATER_DAYS).includes(b.day);
}

/**
 * Days either side of a profile's day within which another event can join it (`joined`), its toll
 * read either way (`readings`), as `joined` reads it.
 */
export function joinDays(p: IncidentProfile): number {
  return readings(p).some((x) => casualties(x) >= LATER_CASUALTIES) ? LATER_DAYS : NAMED_DAYS;
}

/** Members read for names: enough for a report's people and streets, bounded for large events. */
const NAME_MEMBERS = 40;

/**
 * A value of an event's record read at a place, cached per record and place: the names read
 * depend on the place (its words are left out), so a record read at two places is two entries.
 */
function cachedAt<T>(
  cache: WeakMap<ClusterRecord, Map<string, T>>,
  record: ClusterRecord,
  place: string,
  make: () => T,
): T {
  let byPlace = cache.get(record);
  if (!byPlace) {
    byPlace = new Map();
    cache.set(record, byPlace);
  }
  let out = byPlace.get(place);
  if (out === undefined) {
    out = make();
    byPlace.set(place, out);
  }
  return out;
}

/** The place an event's names are read at: its own (`placeOf`), `''` when it has none. */
function ownPlace(c: number, around: IncidentNeighbourhood): string {
  return placeOf(around.cluster(c)) ?? '';
}

const namesCache = new WeakMap<ClusterRecord, Map<string, Set<string>>>();

/**
 * Capitalised words of an event's mentions that can name its incident (a person, a street, a
 * business): not a clause's first word, not a function word or a report word ("Police",
 * "Sunday", "June"), not a word of the event's place.
 */
export function namesOf(
  record: ClusterRecord,
  place: string,
  item: (id: string) => MentionItem,
): Set<string> {
  return cachedAt(namesCache, record, place, () => readNames(record, place, item));
}

function readNames(record: ClusterRecord, place: string, item: (id: string) => MentionItem): Set<string> {
  const out = new Set<string>();
  const placeWords = new Set(words(place));
  // The first members by id, not by arrival: a batch and an incremental run read the same ones.
  const members =
    record.items.length > NAME_MEMBERS ? [...record.items].sort().slice(0, NAME_MEMBERS) : record.items;
  for (const id of members) {
    const text = item(id).mention.text;
    for (const m of text.matchAll(/\p{Lu}\p{Ll}[\p{L}'\u2019-]*/gu)) {
      const at = m.index ?? 0;
      if (at === 0 || /[\p{L}\p{N}]/u.test(text[at - 1] ?? '')) continue;
      const w = m[0].toLowerCase().replace(/\u2019/g, "'");
      if (w.length < 3 || isFunctionWord(w) || isReportWord(w) || placeWords.has(w)) continue;
      out.add(w);
    }
  }
  return out;
}

/** The two events' mentions share a name (`namesOf`, each event's read at its own place). */
function sharedName(a: number, b: number, around: IncidentNeighbourhood): boolean {
  return intersects(
    namesOf(around.cluster(a), ownPlace(a, around), around.item),
    namesOf(around.cluster(b), ownPlace(b, around), around.item),
  );
}

function intersects(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const w of a) if (b.has(w)) return true;
  return false;
}

const fullNamesCache = new WeakMap<ClusterRecord, Map<string, Set<string>>>();

/**
 * Two names (`namesOf`) written one after the other in an event's mentions: a person's first
 * name and surname, a street and its kind, a business. One shared capitalised word ("Russian",
 * "Main") is common to many incidents in one city; two in a row rarely are.
 */
export function fullNamesOf(
  record: ClusterRecord,
  place: string,
  item: (id: string) => MentionItem,
): Set<string> {
  return cachedAt(fullNamesCache, record, place, () => readFullNames(record, place, item));
}

function readFullNames(record: ClusterRecord, place: string, item: (id: string) => MentionItem): Set<string> {
  const out = new Set<string>();
  const names = namesOf(record, place, item);
  const members =
    record.items.length > NAME_MEMBERS ? [...record.items].sort().slice(0, NAME_MEMBERS) : record.items;
  for (const id of members) {
    const text = item(id).mention.text;
    for (const m of text.matchAll(
      /(?<![\p{L}\p{N}'\u2019-])(\p{Lu}\p{Ll}[\p{L}'\u2019-]*)(?= (\p{Lu}\p{Ll}[\p{L}'\u2019-]*))/gu,
    )) {
      const [first, second] = [m[1], m[2]].map((w) => (w ?? '').toLowerCase().replace(/\u2019/g, "'"));
      if (first && second && names.has(first) && names.has(second)) out.add(`${first} ${second}`);
    }
  }
  return out;
}

const agedCache = new WeakMap<ClusterRecord, Map<string, Map<string, Set<number>>>>();

/**
 * The full names (`fullNamesOf`) an event's mentions give with an age ("Jane Roe, 34,", "Jane
 * Roe (34)"): the people of an incident (the dead, the wounded, a suspect), as news writes them,
 * not the officials, streets, schools and businesses a town's incidents share.
 */
export function agedNamesOf(
  record: ClusterRecord,
  place: string,
  item: (id: string) => MentionItem,
): Set<string> {
  return new Set(agesOf(record, place, item).keys());
}

/** The full names an event's mentions give with an age (`agedNamesOf`), each with the ages given. */
export function agesOf(
  record: ClusterRecord,
  place: string,
  item: (id: string) => MentionItem,
): Map<string, Set<number>> {
  return cachedAt(agedCache, record, place, () => readAges(record, place, item));
}

function readAges(
  record: ClusterRecord,
  place: string,
  item: (id: string) => MentionItem,
): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  const names = fullNamesOf(record, place, item);
  const members =
    record.items.length > NAME_MEMBERS ? [...record.items].sort().slice(0, NAME_MEMBERS) : record.items;
  for (const id of members) {
    const text = item(id).mention.text;
    for (const m of text.matchAll(
      /(?<![\p{L}\p{N}'\u2019-])(\p{Lu}\p{Ll}[\p{L}'\u2019-]*) (\p{Lu}\p{Ll}[\p{L}'\u2019-]*)(?:,| \()\s?(\d{1,3})\b/gu,
    )) {
      const name = [m[1], m[2]].map((w) => (w ?? '').toLowerCase().replace(/\u2019/g, "'")).join(' ');
      if (!names.has(name)) continue;
      const ages = out.get(name) ?? new Set<number>();
      ages.add(Number(m[3]));
      out.set(name, ages);
    }
  }
  return out;
}

/** Years two reports' ages of one person can differ by (a birthday between them). */
const AGE_SLACK = 1;

/**
 * A full name both events give is one person of theirs: one of them gives it with an age
 * (`agesOf`), and when both do, the ages agree (`Jo Roe, 19` and `Jo Roe, 40` are two people).
 */
function samePerson(a: number, b: number, name: string, around: IncidentNeighbourhood): boolean {
  const x = personAges(a, name, around);
  const y = personAges(b, name, around);
  if (!x && !y) return false;
  if (!x?.size || !y?.size) return true;
  for (const i of x) for (const j of y) if (Math.abs(i - j) <= AGE_SLACK) return true;
  return false;
}

/**
 * The ages event `c` gives a full name as one of its people: its mentions' (`agesOf`) and its
 * reports' (`reportPeopleOf`: a report naming the person beside a victim's or suspect's role may
 * give no age, an empty set); undefined when the name is none of its people.
 */
function personAges(c: number, name: string, around: IncidentNeighbourhood): Set<number> | undefined {
  const own = agesOf(around.cluster(c), ownPlace(c, around), around.item).get(name);
  const more = reportPeopleOf(around.cluster(c), around.people).get(name);
  if (!more) return own;
  return own ? new Set([...own, ...more]) : more;
}

const peopleCache = new WeakMap<ClusterRecord, Map<string, Set<number>>>();

/**
 * The people the reports of an event name as their incident's (`documentPeople`), with the ages
 * they give, read over its first `NAME_MEMBERS` documents in id order. An event's mentions are
 * mostly the sentences that give its count; its reports' other sentences name the dead, the
 * wounded and the suspect.
 */
export function reportPeopleOf(
  record: ClusterRecord,
  people: ((document: string) => readonly ReportPerson[]) | undefined,
): Map<string, Set<number>> {
  if (!people) return new Map();
  let out = peopleCache.get(record);
  if (out) return out;
  out = new Map<string, Set<number>>();
  const documents = [...new Set(record.figures.map((f) => f.document))]
    .sort(compareStrings)
    .slice(0, NAME_MEMBERS);
  for (const d of documents)
    for (const p of people(d)) {
      const ages = out.get(p.name) ?? new Set<number>();
      for (const age of p.ages) ages.add(age);
      out.set(p.name, ages);
    }
  peopleCache.set(record, out);
  return out;
}

/**
 * The full names of an event: its mentions' (`fullNamesOf`, read at `place`) and the people its
 * reports name (`reportPeopleOf`).
 */
export function incidentNamesOf(
  record: ClusterRecord,
  place: string,
  item: (id: string) => MentionItem,
  people?: (document: string) => readonly ReportPerson[],
): Set<string> {
  const own = fullNamesOf(record, place, item);
  const more = reportPeopleOf(record, people);
  if (more.size === 0) return own;
  return new Set([...own, ...more.keys()]);
}

/** The full names of event `c` read at its own place (`incidentNamesOf`). */
function namesAt(c: number, place: string, around: IncidentNeighbourhood): Set<string> {
  return incidentNamesOf(around.cluster(c), place, around.item, around.people);
}

/** The two events share a full name (`incidentNamesOf`, each event's read at its own place). */
function sharedFullName(a: number, b: number, around: IncidentNeighbourhood): boolean {
  return intersects(namesAt(a, ownPlace(a, around), around), namesAt(b, ownPlace(b, around), around));
}

const titledCache = new WeakMap<ClusterRecord, Map<string, Set<string>>>();

/**
 * The full names (`fullNamesOf`) an event's mentions give right after a title ("Mayor Jo Roe",
 * "Sgt. Jo Roe"): officials, who are quoted on many incidents of their town and county.
 */
export function titledNamesOf(
  record: ClusterRecord,
  place: string,
  item: (id: string) => MentionItem,
): Set<string> {
  return cachedAt(titledCache, record, place, () => {
    const out = new Set<string>();
    const names = fullNamesOf(record, place, item);
    const { titles } = speakerWords();
    const members =
      record.items.length > NAME_MEMBERS ? [...record.items].sort().slice(0, NAME_MEMBERS) : record.items;
    for (const id of members)
      for (const m of item(id).mention.text.matchAll(
        /(?<![\p{L}.])([\p{L}.]+) (?=(\p{Lu}\p{Ll}[\p{L}'\u2019-]*) (\p{Lu}\p{Ll}[\p{L}'\u2019-]*))/gu,
      )) {
        const [title, first, second] = [m[1], m[2], m[3]].map((w) =>
          (w ?? '').toLowerCase().replace(/\u2019/g, "'"),
        );
        const name = `${first} ${second}`;
        if (names.has(name) && (titles.has(title ?? '') || titles.has((title ?? '').replace(/\.$/, ''))))
          out.add(name);
      }
    return out;
  });
}

/** The names of an event's mentions at its place that a join through a shared name leaves out. */
type NamesOf = (record: ClusterRecord, place: string, item: (id: string) => MentionItem) => Iterable<string>;

/**
 * The two events share a full name (`incidentNamesOf`) that neither gives as one of `excluded`'s:
 * after a title (`titledNamesOf`: a victim, a suspect, a witness, a street or a bar, not an
 * official) or as a speaker's (`speakerNamesOf`).
 */
function sharedNameBesides(a: number, b: number, around: IncidentNeighbourhood, excluded: NamesOf): boolean {
  const pa = ownPlace(a, around);
  const pb = ownPlace(b, around);
  const left = new Set([
    ...excluded(around.cluster(a), pa, around.item),
    ...excluded(around.cluster(b), pb, around.item),
  ]);
  const theirs = namesAt(b, pb, around);
  for (const w of namesAt(a, pa, around)) if (theirs.has(w) && !left.has(w)) return true;
  return false;
}

const speakersCache = new WeakMap<ClusterRecord, Map<string, Set<string>>>();

/**
 * Text ending in a capitalised word and a space ("Trooper "), or in a short abbreviation of one
 * ("Ofc. "): not in a longer word ending a sentence ("in Hillview. "), which a victim's name
 * beginning the next sentence follows.
 */
const AFTER_CAPITALISED = /(?<![\p{L}\p{N}'.])\p{Lu}(?:\p{L}*|\p{L}{0,3}\.) $/u;

/**
 * Text ending in a verb of saying before a name ("said ", "according to "): the name is a
 * speaker's when the clause ends after it ("…, said Jo Roe, a spokesman"), not when a verb or an
 * age follows ("said Jo Roe was wounded", "said Jo Roe, 27, was": the person spoken of).
 */
const SAID_BEFORE = /\b(?:said|says|told|according to) $/iu;

/**
 * The full names (`fullNamesOf`) an event's mentions give as a speaker's: right after another
 * capitalised word (a rank or an agency the title list may lack: "Trooper Jo Roe", "County
 * Sheriff Jo Roe", `AFTER_CAPITALISED`) or right before a verb of saying ("Jo Roe said"). Officials and spokesmen
 * speak on many incidents of their area; the people of an incident are mostly spoken of.
 */
export function speakerNamesOf(
  record: ClusterRecord,
  place: string,
  item: (id: string) => MentionItem,
): Set<string> {
  return cachedAt(speakersCache, record, place, () => {
    const out = new Set(titledNamesOf(record, place, item));
    const names = fullNamesOf(record, place, item);
    const members =
      record.items.length > NAME_MEMBERS ? [...record.items].sort().slice(0, NAME_MEMBERS) : record.items;
    for (const id of members) {
      const text = item(id).mention.text.replace(/\u2019/g, "'");
      const lower = text.toLowerCase();
      for (const name of names) {
        for (let at = lower.indexOf(name); at >= 0; at = lower.indexOf(name, at + 1)) {
          const before = text.slice(Math.max(0, at - 40), at);
          const after = text.slice(at + name.length, at + name.length + 8);
          if (
            AFTER_CAPITALISED.test(before) ||
            /^ (?:said|says|told)\b/.test(after) ||
            (SAID_BEFORE.test(before) && /^(?:,(?! \d)|\.|$)/.test(after))
          )
            out.add(name);
        }
      }
    }
    return out;
  });
}

/**
 * Two events with figures are one incident: their profiles are (`sameIncident`), or have the same
 * figures a few days apart and their reports name the same person or street (`namedIncident`),
 * or, when `later` is allowed, the same figures of three casualties or more weeks apart and their
 * reports share a full name (`laterIncident`); and one of their representatives is compatible
 * with one of the other's. The relation is symmetric.
 */
function joined(a: number, b: number, around: IncidentNeighbourhood, slack: number, later: boolean): boolean {
  const pa = around.profile(a);
  const pb = around.profile(b);
  if (!pa || !pb) return false;
  const theirs = readings(pb);
  return readings(pa).some((x) => theirs.some((y) => joinedAs(a, b, x, y, around, slack, later)));
}

/** `joined`, the events' tolls read as `pa` and `pb` (`readings`). */
function joinedAs(
  a: number,
  b: number,
  pa: IncidentProfile,
  pb: IncidentProfile,
  around: IncidentNeighbourhood,
  slack: number,
  later: boolean,
): boolean {
  const same =
    sameIncident(pa, pb, slack) ||
    (namedIncident(pa, pb) && sharedName(a, b, around)) ||
    (slack > 0 && diedOfWounds(pa, pb) && sharedVictim(a, b, around)) ||
    (later && laterIncident(pa, pb) && (largeToll(pa) || sharedFullName(a, b, around)));
  // The rule that joined the profiles has judged their days (up to `NAMED_DAYS` or `LATER_DAYS`
  // apart): the representatives are compared at that distance, for kind, place and wording.
  if (same) return compatibleEvents(a, b, around, Math.max(PROFILE_DAYS, daysApart(pa, pb)));
  // A person named with an age (not an official quoted, a street) in two events with the same
  // figures: one incident, even when one report read its town wrong; within days, both placed in
  // one state, with figures a toll's revision apart (`personIncident`).
  const misplaced = sameIncident({ ...pa, place: pb.place }, pb, 0);
  if (!later || !kindsAgree(a, b, around)) return false;
  const near = personIncident(pa, pb) && sameState(a, b, around);
  if ((followUp(pa, pb) || misplaced || near) && sharedPerson(a, b, around)) return true;
  // Two towns of one state on one day with the same figures, the reports naming the same victim,
  // street or bar without an age: a suburb read as its city, a county seat as its county. An
  // official quoted on both (a name after a title) says nothing of which incident.
  return misplaced && nearbyPlaces(a, b, around) && sharedNameBesides(a, b, around, speakerNamesOf);
}

/**
 * Two profiles with figures at most `NAMED_DAYS` apart, wherever each is placed, each figure both
 * give within `FIGURE_SLACK`: one incident if their reports also name one of its people with an
 * age (`sharedPerson`) and both place it in one state (`sameState`). A report that misreads the
 * town ("the city" for its suburb) or counts the shooter among the dead still names the victim as
 * the others do.
 */
export function personIncident(a: IncidentProfile, b: IncidentProfile): boolean {
  if (!hasFigure(a) || !hasFigure(b)) return false;
  if (Math.abs(Date.parse(a.day) - Date.parse(b.day)) > NAMED_DAYS * 86_400_000) return false;
  for (const k of ['killed', 'injured'] as const) {
    const x = a[k];
    const y = b[k];
    if (x !== null && y !== null && Math.abs(x - y) > FIGURE_SLACK) return false;
  }
  return true;
}

/**
 * Casualties (dead and wounded, as the fuller of the two reports gives them) from which the same
 * figures at one town, months apart, are read as one incident when the reports also name one of
 * its people (`sharedPerson`): a report of a charge or a trial restates the toll and is dated by
 * the hearing.
 */
export const FOLLOW_UP_CASUALTIES = 2;

/**
 * The same figures, at one place, at most `FOLLOW_UP_DAYS` apart: each figure both give is the
 * same, and one of them both give. A report of a charge or a trial often restates part of the
 * toll (the dead, not the wounded), so a figure one of them leaves out does not set them apart.
 */
export function followUp(a: IncidentProfile, b: IncidentProfile): boolean {
  if (!sameIncident({ ...a, place: b.place, day: b.day }, b, 0)) return false;
  if (
    Math.max(casualties(a), casualties(b)) < FOLLOW_UP_CASUALTIES ||
    profileKey(a.place, '') !== profileKey(b.place, '')
  )
    return false;
  return Math.abs(Date.parse(a.day) - Date.parse(b.day)) <= FOLLOW_UP_DAYS * 86_400_000;
}

/**
 * The events share a full name that is one person of theirs (`samePerson`), not a speaker's
 * (`speakerNamesOf`) and filed under at most `NAME_EVENTS` events: a hospital's name or an
 * official's is given by the reports of many incidents, a victim's by one's.
 */
function sharedVictim(a: number, b: number, around: IncidentNeighbourhood): boolean {
  const pa = ownPlace(a, around);
  const pb = ownPlace(b, around);
  const left = new Set([
    ...speakerNamesOf(around.cluster(a), pa, around.item),
    ...speakerNamesOf(around.cluster(b), pb, around.item),
  ]);
  const fb = namesAt(b, pb, around);
  for (const w of namesAt(a, pa, around)) {
    if (!fb.has(w) || left.has(w) || !samePerson(a, b, w, around)) continue;
    if (around.named && around.named(w).length > NAME_EVENTS) continue;
    return true;
  }
  return false;
}

/** The events share a full name that is one person of theirs (`samePerson`). */
function sharedPerson(a: number, b: number, around: IncidentNeighbourhood): boolean {
  const fb = namesAt(b, ownPlace(b, around), around);
  for (const w of namesAt(a, ownPlace(a, around), around))
    if (fb.has(w) && samePerson(a, b, w, around)) return true;
  return false;
}

/**
 * A representative of one event is of a kind compatible with one of the other's. With `after`, an
 * arrest or an unclassed report (a charge, a trial) also follows any incident: `after` is the
 * later report's.
 */
function kindsAgree(a: number, b: number, around: IncidentNeighbourhood, after = false): boolean {
  const kinds = (c: number) =>
    around
      .cluster(c)
      .reps.flatMap(([, ids]) => ids)
      .map((id) => around.item(id).mention.kind);
  const theirs = kinds(b);
  const follows = (k: string) => after && (k === 'arrest' || k === 'other');
  return kinds(a).some((x) => theirs.some((y) => follows(x) || compatibleKinds(x, y)));
}

/**
 * The states (region within a country) an event's representatives are placed in, as
 * `country|region` keys: none when its places give none.
 */
function statesOf(c: number, around: IncidentNeighbourhood): Set<string> {
  const out = new Set<string>();
  for (const [, ids] of around.cluster(c).reps)
    for (const id of ids) {
      const p = around.item(id).mention.place;
      if (p?.admin1) out.add(`${placeKey(p.countryCode ?? p.country)}|${placeKey(p.admin1)}`);
    }
  return out;
}

/**
 * The events are placed in one state, or one of them in none: a follow-up that names no place
 * is not told apart by one (`followUpTarget`).
 */
function statesAgree(a: number, b: number, around: IncidentNeighbourhood): boolean {
  const x = statesOf(a, around);
  const y = statesOf(b, around);
  return x.size === 0 || y.size === 0 || intersects(x, y);
}

/**
 * Both events are placed in a state, and in one: an event placed in none (a country, a town
 * the gazetteer gives no region) could be anywhere, so a toll revised by one and a shared
 * name (`personIncident`) are not enough to join it across towns.
 */
function sameState(a: number, b: number, around: IncidentNeighbourhood): boolean {
  return intersects(statesOf(a, around), statesOf(b, around));
}

/**
 * How far apart (km) two towns one incident is placed at by its reports can lie: a metropolitan
 * area's reach, a city and its suburbs or a county and its seat. Chosen as that reach, not on
 * cases; towns further apart named by two reports are as often two incidents sharing a name
 * (a state agency, a hospital) as one incident misread.
 */
export const METRO_KM = 50;

/**
 * A representative of one event is placed within `METRO_KM` of one of the other's, both in one
 * state (`sameState`).
 */
function nearbyPlaces(a: number, b: number, around: IncidentNeighbourhood): boolean {
  if (!sameState(a, b, around)) return false;
  const points = (c: number) =>
    around
      .cluster(c)
      .reps.flatMap(([, ids]) => ids)
      .map((id) => around.item(id).mention.place)
      .filter((p): p is PlaceMention => !!p && p.lat !== null && p.lon !== null);
  const theirs = points(b);
  return points(a).some((p) =>
    theirs.some(
      (q) =>
        kilometres(
          { lat: p.lat as number, lon: p.lon as number },
          { lat: q.lat as number, lon: q.lon as number },
        ) <= METRO_KM,
    ),
  );
}

/** Events filed under the full names of event `c` (`named`), not too common, itself excluded. */
function namedNear(c: number, place: string, around: IncidentNeighbourhood): number[] {
  const { named } = around;
  if (!named) return [];
  const out = new Set<number>();
  for (const name of namesAt(c, place, around)) {
    const list = named(name);
    if (list.length <= NAME_EVENTS) for (const o of list) if (o !== c) out.add(o);
  }
  return [...out].sort((x, y) => x - y);
}

/**
 * Weeks-apart joins do not chain: in a group, every two events more than `NAMED_DAYS` apart share
 * a full name themselves (`sharedFullName`), not only through events between them, or the same
 * large toll (`LARGE_TOLL`) at one place.
 */
function laterAgree(group: readonly number[], around: IncidentNeighbourhood): boolean {
  const days = group.map((c) => Date.parse(around.profile(c)?.day ?? ''));
  for (let i = 0; i < group.length; i++)
    for (let j = i + 1; j < group.length; j++) {
      if (Math.abs((days[i] as number) - (days[j] as number)) <= NAMED_DAYS * 86_400_000) continue;
      const [pi, pj] = [around.profile(group[i] as number), around.profile(group[j] as number)];
      // Each toll read either way (`readings`), as `joined` read it when it joined them.
      if (pi && pj && readings(pi).some((x) => readings(pj).some((y) => laterIncident(x, y) && largeToll(x))))
        continue;
      if (!sharedFullName(group[i] as number, group[j] as number, around)) return false;
    }
  return true;
}

/** Events of one incident chained further than this are not followed (a bound on the search). */
const MAX_INCIDENT_EVENTS = 64;

/** Every two figures the events give differ by at most `FIGURE_SLACK`, each toll read one way (`readings`). */
function figuresAgree(group: readonly number[], around: IncidentNeighbourhood): boolean {
  return (
    agreeAs(group, around, (p) => p) || agreeAs(group, around, (p) => readings(p).at(-1) as IncidentProfile)
  );
}

/** Every two figures the events give, each toll read by `read` (`readings`), differ by at most `FIGURE_SLACK`. */
function agreeAs(
  group: readonly number[],
  around: IncidentNeighbourhood,
  read: (p: IncidentProfile) => IncidentProfile,
): boolean {
  for (const k of ['killed', 'injured'] as const) {
    const values = group
      .map((c) => {
        const p = around.profile(c);
        return p ? read(p)[k] : null;
      })
      .filter((v): v is number => v !== null);
    if (values.length > 0 && Math.max(...values) - Math.min(...values) > FIGURE_SLACK) return false;
  }
  return true;
}

/**
 * The events with figures that are one incident with event `n`: those joined to it, directly or
 * through others (`joined`), in number order, `n` included. Being a set closed under a symmetric
 * relation, it is the same whichever of its events it is asked for and however they are numbered,
 * up to `MAX_INCIDENT_EVENTS` events: the search stops there, so a larger group (many one-death
 * events in one city on one day) is cut where it stops and may then depend on where it started.
 * A toll revised by one joins ("two dead" and "three dead"), but not in chains: when the group's
 * figures spread further, only events with the same figures are joined.
 */
export function incidentComponent(n: number, around: IncidentNeighbourhood): number[] {
  // Each step's relation is contained in the one before, and whether a group is kept depends only
  // on the group: every event of a group takes the same steps and ends in the same group.
  const loose = closure(n, around, FIGURE_SLACK, true);
  if (figuresAgree(loose, around) && laterAgree(loose, around)) return loose;
  const strict = closure(n, around, 0, true);
  if (laterAgree(strict, around)) return strict;
  return closure(n, around, 0, false);
}

function closure(n: number, around: IncidentNeighbourhood, slack: number, later: boolean): number[] {
  const own = around.profile(n);
  if (!own || !hasFigure(own)) return [n];
  const seen = new Set([n]);
  const queue = [n];
  while (queue.length > 0 && seen.size < MAX_INCIDENT_EVENTS) {
    const c = queue.shift() as number;
    const p = around.profile(c) as IncidentProfile;
    const near = filedNear(c, p, around, later ? joinDays(p) : NAMED_DAYS);
    for (const o of later ? [...near, ...namedNear(c, p.place, around)] : near) {
      if (seen.has(o) || !joined(c, o, around, slack, later)) continue;
      seen.add(o);
      queue.push(o);
    }
  }
  return [...seen].sort((a, b) => a - b);
}

/**
 * The event an event joins as the same incident. An event with figures joins the lowest-numbered
 * event of its incident (`incidentComponent`): events that are one incident through a third
 * ("two dead" and "three dead" each beside "two dead, one of them the gunman") all join one, and
 * which events make an incident does not depend on how they were numbered. An event without
 * figures (a report's paragraphs on the arrest, the victim, the scene) joins the event with
 * figures at its place and near days when they are all one incident (its first event), whatever
 * their numbers: with two incidents, it is not known which.
 */
export function incidentTarget(n: number, around: IncidentNeighbourhood): number | null {
  const own = around.profile(n);
  if (!own) return vagueTarget(n, around) ?? placelessTarget(n, around) ?? followUpTarget(n, around);
  if (hasFigure(own)) {
    const first = incidentComponent(n, around)[0] as number;
    return first === n ? null : first;
  }
  const found = filedNear(n, own, around).filter((c) => {
    const other = around.profile(c);
    return !!other && hasFigure(other) && samePlaceAndDay(own, other) && compatibleEvents(n, c, around);
  });
  // Several events with figures that are one incident are one candidate: the incident's first.
  const incidents = new Set(found.map((c) => incidentComponent(c, around)[0] as number));
  if (incidents.size === 1) return [...incidents][0] as number;
  return incidents.size === 0 ? followUpTarget(n, around) : null;
}

/**
 * The incident an event dated only to a span of days belongs to (`vagueProfileOf`: "last week",
 * "in December"): the one incident with figures at its place, dated within the span (a day either
 * side), with the same figures as its own where both give one, at least one (`sameIncident`
 * without slack: over a span, a nearby toll is as often another incident's), and of a compatible
 * kind (`compatibleEvents`); only when none of its reports gives figures for another event (a
 * report's background is not its incident). A city's month holds many incidents of one toll: two
 * candidate incidents, none is joined.
 */
export function vagueTarget(n: number, around: IncidentNeighbourhood): number | null {
  const record = around.cluster(n);
  const vague = vagueProfileOf(record);
  if (!vague) return null;
  // A report that counts another incident of its own tells this one as background ("last
  // month's shooting"): it is linked there as context, not joined.
  const { figuredDocument } = around;
  if (figuredDocument && record.figures.some((f) => figuredDocument(f.document, n))) return null;
  const found = new Set<number>();
  for (const day of vagueDays(vague))
    for (const c of around.filed(profileKey(vague.place, day))) {
      const p = c === n ? null : around.profile(c);
      if (!p || !sameIncident({ ...vague, day: p.day }, p, 0) || !compatibleEvents(n, c, around)) continue;
      found.add(incidentComponent(c, around)[0] as number);
      if (found.size > 1) return null;
    }
  return found.size === 1 ? ([...found][0] as number) : null;
}

/**
 * The incident an event with figures but no place belongs to: the one incident with figures,
 * dated within `PROFILE_DAYS` of the event's day, giving figures within `FIGURE_SLACK` of its own
 * (`sameIncident`, read as if at one place), of a compatible kind, whose events share a person
 * with it (a full name given with an age by one of them, ages agreeing: `samePerson`; filed under
 * at most `NAME_EVENTS` events). A day and a toll alone fit many incidents, and an official
 * quoted on each of them names none: the person tells which.
 */
export function placelessTarget(n: number, around: IncidentNeighbourhood): number | null {
  const { named } = around;
  const record = around.cluster(n);
  if (!named || placeOf(record) !== null || !givesFigure(record)) return null;
  const own = profileAt(record, '');
  if (!own || !hasFigure(own)) return null;
  const found = new Set<number>();
  for (const c of namedNear(n, '', around)) {
    const p = around.profile(c);
    if (!p || !sameIncident({ ...own, place: p.place }, p)) continue;
    // The name is one of the incident's people (not an official both quote), or, with the same
    // figures, a full name both give (a victim named without an age, a street, a bar), of one kind.
    const person = sharedPerson(n, c, around);
    if (
      !person &&
      !(sameIncident({ ...own, place: p.place }, p, 0) && sharedNameBesides(n, c, around, titledNamesOf))
    )
      continue;
    if (!kindsAgree(n, c, around)) continue;
    found.add(incidentComponent(c, around)[0] as number);
  }
  return found.size === 1 ? ([...found][0] as number) : null;
}

/** A full name filed under more events than this is too common to tell one incident. */
export const NAME_EVENTS = 16;

/** How long after an incident a report naming its people (charges, a trial) is read as about it. */
export const FOLLOW_UP_DAYS = 730;

/** Some member of the event gives a figure (dead or wounded). */
export function givesFigure(record: ClusterRecord): boolean {
  return record.figures.some((f) => f.killed !== null || (f.injured ?? null) !== null);
}

/** The latest day a member of the event states or is dated by (`YYYY-MM-DD`), or null. */
function latestDay(record: ClusterRecord): string | null {
  let last: string | null = null;
  for (const f of record.figures) {
    if (!isResolved(f.date)) continue;
    const d = (f.date.end ?? f.date.start).slice(0, 10);
    if (last === null || d > last) last = d;
  }
  return last;
}

/**
 * The incident a report without figures of its own tells more of: an arrest, a charge, a trial or
 * a funeral names the people of an incident another report counted. The event joins the one
 * incident with figures whose events share a person's full name with it (`fullNamesOf`, given
 * with an age by one of them and ages agreeing, `samePerson`, and filed under at most
 * `NAME_EVENTS` events), placed in the same state when both are placed, of a kind it can follow
 * (a compatible kind, or an arrest or a hearing after any), dated on or before the report and at
 * most `FOLLOW_UP_DAYS` earlier. Only when none of its reports gives figures of its own: a report that
 * counts an incident is about that one, and its other names are of people around it. Two
 * candidate incidents: none is joined.
 */
export function followUpTarget(n: number, around: IncidentNeighbourhood): number | null {
  const { named, figuredDocument } = around;
  if (!named || !figuredDocument) return null;
  const record = around.cluster(n);
  if (givesFigure(record) || record.figures.some((f) => figuredDocument(f.document))) return null;
  const last = latestDay(record);
  if (last === null) return null;
  const latest = shiftDay(last, 1);
  const earliest = shiftDay(last, -FOLLOW_UP_DAYS);
  const found = new Set<number>();
  for (const name of namesAt(n, placeOf(record) ?? '', around)) {
    const list = named(name);
    if (list.length > NAME_EVENTS) continue;
    for (const c of list) {
      const p = c === n ? null : around.profile(c);
      if (!p || !hasFigure(p) || p.day > latest || p.day < earliest) continue;
      // One person (an age given, and ages that agree), in the incident's state, of a kind
      // that can follow it.
      if (!samePerson(n, c, name, around) || !statesAgree(n, c, around)) continue;
      if (!kindsAgree(n, c, around, true)) continue;
      found.add(incidentComponent(c, around)[0] as number);
    }
  }
  return found.size === 1 ? ([...found][0] as number) : null;
}
