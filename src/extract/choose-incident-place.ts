import { positionOf, spanIndex } from '../core/span-index.js';
import type { DateMention, PlaceMention, Sentence, Span } from '../core/types.js';
import { kilometres } from './gazetteer/load-gazetteer.js';
import { loadLexicon } from './load-lexicon.js';

/*
 * Where and when an incident happened. The place comes from the incident's clause, then its
 * sentence (only places introduced as locations), then the sentence before, then the report's main
 * place; the date from the clause, the sentence, the sentence before in the same paragraph, then
 * the date the report's incident sentences give (its lead), and last the report's own date.
 */

/** The place with where it was found put before why it was read so (`incident clause; …`). */
export function foundIn(p: PlaceMention, where: string): PlaceMention {
  return { ...p, reason: p.reason ? `${where}; ${p.reason}` : where };
}

const LOCATIVE_BEFORE =
  /\b(?:in|near|at|outside|around|across|of|on|into|from|to|hit|struck|shelled|attacked)\s+(?:the\s+)?$/i;
const ANAPHORIC_PLACE =
  /\b(?:the|that|this)\s+(?:city|town|village|area|pit|site|grave|building|suburb|street|region|place)\b|\bthere\b/i;
const ATTRIBUTION_TAIL = /,\s+(?:[^,]{0,80}?\b)?(?:said|says|told|reported|added|according to)\b[^,]*$/i;

/** The part of a clause that reports the event, without a trailing ", prosecutors in Kyiv said". */
export function reportedPart(text: string, span: Span): Span {
  const m = ATTRIBUTION_TAIL.exec(text.slice(span[0], span[1]));
  return m && m.index > 0 ? [span[0], span[0] + m.index] : span;
}

/** How far from a county's centre a town of that county may lie, in kilometres. */
const COUNTY_REACH_KM = 60;

/**
 * "shot … in northeastern Pennsylvania", "Franklin County deputies say a man died": when the
 * incident's own words give only a region (a state or a county) and the report's main place is a
 * town inside that region, the incident is at that town, the most precise place the report
 * supports. A county the main place is not in narrows to the first town the report names inside
 * it (`places`): a county report names its towns, a state is too wide to guess one. A town named
 * for another role (`text` given: "arrested in", "lived in", "a hospital in", "a man from") is not
 * the incident's. A town outside the region leaves the region.
 */
export function narrowToTown(
  place: PlaceMention | null,
  main: PlaceMention | null,
  places: readonly PlaceMention[] = [],
  text?: string,
): PlaceMention | null {
  if (place?.precision !== 'region') return place;
  // A town the report names only for another role ("arrested in Evanston", "had lived in Skokie")
  // is not a guess for the county's incident; the report's main town still is (local news names
  // its city for the hospital or the suspects' home).
  const onlyOtherRole = (town: PlaceMention): boolean => {
    if (text === undefined) return false;
    const named = places.filter((p) => p.name === town.name && p.precision === 'town');
    return named.length > 0 && named.every((p) => otherRole(text, p));
  };
  if (main && inRegion(main, place))
    return foundIn(main, `the report's town inside ${place.name}, which the incident's words name`);
  if (place.name === place.admin1) return place;
  const town = places.find((p) => inRegion(p, place) && !onlyOtherRole(p));
  return town
    ? foundIn(town, `the first town the report names inside ${place.name}, which the incident's words name`)
    : place;
}

interface PlaceRoles {
  roles: { pattern: string; source: string }[];
  originBefore: { pattern: string; source: string }[];
}
let roleInClause: RegExp | undefined;
let originBefore: RegExp | undefined;
/**
 * Whether the words before a town in its clause name it for a role other than the incident's
 * place: a later step ("was arrested days later in"), a home ("had lived in"), care ("taken to a
 * hospital in") or an origin ("a man from"): `data/place-roles.json`, `data/incident-date-cues.json`.
 */
function otherRole(text: string, p: PlaceMention): boolean {
  const lexicon = loadLexicon<PlaceRoles>('place-roles');
  roleInClause ??= new RegExp(
    `(?:${laterStep().source}|\\b(?:${lexicon.roles.map((r) => r.pattern).join('|')})\\b)[^.;,\\n]*$`,
    'i',
  );
  originBefore ??= new RegExp(`\\b(?:${lexicon.originBefore.map((r) => r.pattern).join('|')})\\s+$`, 'i');
  const before = text.slice(Math.max(0, p.span[0] - 60), p.span[0]);
  return roleInClause.test(before) || originBefore.test(before);
}

/** Whether a town lies in a region: a state by its name, a county by its state and distance. */
export function inRegion(town: PlaceMention, region: PlaceMention): boolean {
  if (town.precision !== 'town' || !town.admin1 || town.countryCode !== region.countryCode) return false;
  if (region.name === region.admin1) return town.admin1 === region.name;
  return (
    town.admin1 === region.admin1 &&
    region.lat !== null &&
    region.lon !== null &&
    town.lat !== null &&
    town.lon !== null &&
    kilometres({ lat: region.lat, lon: region.lon }, { lat: town.lat, lon: town.lon }) <= COUNTY_REACH_KM
  );
}

/**
 * A place name that stands for its government or institutions, not for where something happened:
 * the subject of a reporting verb ("Moscow says", "Kyiv has denied") or a country's institution
 * ("Russia's Defense Ministry", "Ukraine's prosecutor-general").
 */
export function standsForActor(text: string, p: PlaceMention): boolean {
  const after = text.slice(p.span[1], p.span[1] + 48);
  if (REPORTING_SUBJECT.test(after)) return true;
  return p.precision === 'country' && INSTITUTION_OF.test(after);
}
const REACH_BEFORE = /\bas far(?:\s+(?:away|afield|north|south|east|west))?\s+as\s+$/i;
const REPORTING_SUBJECT =
  /^\s+(?:(?:now|also|still|again|later|earlier|quickly|repeatedly|\w+ly)\s+)?(?:has\s+|have\s+|had\s+)?(?:said|says|say|claimed|claims|denied|denies|accused|accuses|insisted|insists|announced|announces|warned|warns|rejected|rejects|dismissed|dismisses|blamed|blames|demanded|demands|responded|responds)\b/i;
const INSTITUTION_OF =
  /^[’']s\s+(?:[\w-]+\s+){0,2}?(?:ministry|ministries|government|president|prime minister|minister|foreign|defen[cs]e|military|army|armed forces|forces|troops|police|authorities|officials?|embassy|ambassador|envoy|mission|spokes(?:man|woman|person)|prosecutor|parliament|leader|leadership|state media|security service|intelligence|navy|air force)\b/i;

/**
 * Where a victim was treated, taken or held, not where the incident happened: the town of a
 * hospital ("flown to a Fernwick hospital", "Fernwick Regional Medical Center", "taken to St.
 * Anne's in Fernwick", "a hospital in Fernwick") or of a jail ("booked into the Fernwick jail").
 */
export function whereTreatedOrHeld(text: string, p: PlaceMention): boolean {
  if (p.precision === 'country') return false;
  if (CARE_AFTER.test(text.slice(p.span[1], p.span[1] + 60))) return true;
  const before = text.slice(Math.max(0, p.span[0] - 90), p.span[0]);
  return CARE_BEFORE.test(before) || TAKEN_TO_BEFORE.test(before);
}
const CARE_WORD =
  '(?:[Hh]ospitals?|[Mm]edical [Cc]ent(?:er|re)|[Tt]rauma [Cc]ent(?:er|re)|[Hh]ealth [Cc]ent(?:er|re)|[Cc]linic|[Ii]nfirmary|[Jj]ail|[Dd]etention [Cc]ent(?:er|re)|[Mm]orgue)';
/** "Fernwick hospital", "Fernwick's hospital", "Fernwick General Hospital", "Fernwick Medical Center". */
const CARE_AFTER = new RegExp(`^(?:['’]s)?\\s+(?:(?:[A-Z][\\w'’.-]*|of|and|&)\\s+){0,4}?${CARE_WORD}\\b`);
/** "a hospital in Fernwick", "Mercy Medical Center of Fernwick", "the county jail in Fernwick". */
const CARE_BEFORE = new RegExp(`\\b${CARE_WORD}\\s+(?:in|at|near|of)\\s+(?:the\\s+)?$`);
/** "taken to St. Anne's in Fernwick", "airlifted by helicopter to Grace in Fernwick". */
const TAKEN_TO_BEFORE =
  /\b(?:taken|transported|rushed|flown|airlifted|driven|brought|carried|transferred)\s+(?:\w+\s+){0,3}?to\s+(?:a\s+|the\s+)?(?:[A-Z][\w'’.-]*\s+){1,5}(?:in|at)\s+$/;

/** "Ann Doe, 24, of Fernwick", "a resident of Fernwick", "who lives in Fernwick": a home, not a scene. */
export function whereLives(text: string, p: PlaceMention): boolean {
  return p.precision !== 'country' && LIVES_BEFORE.test(text.slice(Math.max(0, p.span[0] - 40), p.span[0]));
}
const LIVES_BEFORE =
  /(?:,\s*\d{1,3},?\s+(?:of|from)|\b(?:residents?|natives?)\s+of|\b(?:lives|lived|living|live|resides|resided|moved here from)\s+in)\s+(?:the\s+)?$/i;

/**
 * The clause's place: a town-level place first, else a country. At sentence level only places
 * introduced as locations ("in X", "near X") count, so "Moscow said …" does not place an incident.
 */
export function pick(
  text: string,
  places: PlaceMention[],
  span: Span,
  trigger: Span,
  locativeOnly = false,
): PlaceMention | null {
  const within = spanIndex(places)
    .inside(span)
    .filter(
      (p) =>
        !standsForActor(text, p) &&
        !whereTreatedOrHeld(text, p) &&
        // "felt as far away as New Delhi": how far something reached, not where it happened.
        !REACH_BEFORE.test(text.slice(Math.max(0, p.span[0] - 32), p.span[0])) &&
        (!locativeOnly ||
          p.relation !== null ||
          LOCATIVE_BEFORE.test(text.slice(Math.max(0, p.span[0] - 16), p.span[0]))),
    );
  // The place nearest the trigger; a town-level place beats a country at any distance.
  // A place that only says where someone lives ("Ann Doe, 24, of Fernwick") yields to any other.
  const distance = (p: PlaceMention): number =>
    (p.precision === 'country' ? 1e6 : 0) +
    (whereLives(text, p) ? 1e5 : 0) +
    (p.span[0] >= trigger[1] ? p.span[0] - trigger[1] : trigger[0] - p.span[1]);
  const best = [...within].sort((a, b) => distance(a) - distance(b) || a.span[0] - b.span[0])[0];
  return best ? foundIn(best, locativeOnly ? 'incident sentence' : 'incident clause') : null;
}

/**
 * A sentence with no place continues the previous sentence ("… in the city."); news paragraphs are
 * one or two sentences long, so the previous sentence may sit in the previous paragraph.
 */
export function previousPlace(
  text: string,
  places: PlaceMention[],
  sentences: Sentence[],
  sentence: Sentence,
): PlaceMention | null | 'several' {
  const i = positionOf(sentences, sentence);
  const prev = i > 0 ? sentences[i - 1] : undefined;
  if (!prev) return null;
  // Across a paragraph break only when the sentence points back to a place ("Inside the pit").
  if (/\n\s*\n/.test(text.slice(prev.span[1], sentence.span[0])) && !ANAPHORIC_PLACE.test(sentence.text))
    return null;
  const within = spanIndex(places)
    .inside(prev.span)
    .filter((p) => p.precision !== 'country' && !standsForActor(text, p) && !whereTreatedOrHeld(text, p));
  const last = within[within.length - 1];
  const before = within[within.length - 2];
  // "attacked the towns of Norden and Sudby. Shelling damaged …": towns joined by "and",
  // "or" or a comma are all the place of what follows, so no single one is.
  if (
    last &&
    before &&
    last.precision === 'town' &&
    before.precision === 'town' &&
    last.name !== before.name &&
    /^\s*(?:,\s*)?(?:and|or|,)\s*$/.test(text.slice(before.span[1], last.span[0]))
  )
    return 'several';
  return last ? foundIn(last, 'previous sentence') : null;
}

/**
 * The first resolved date in a span that can be the incident's: not a statement's date ("police
 * said Friday"), not a later step's ("was arrested Sunday", "papers filed Tuesday"; "charged in
 * Sunday's shooting" still dates the shooting), and not after the report's own date (`reference`):
 * a report tells of incidents that happened before it was written.
 */
export function pickDate(
  dates: DateMention[],
  span: Span,
  text?: string,
  reference?: string | null,
): DateMention | null {
  return (
    spanIndex(dates)
      .inside(span)
      .find(
        (d) =>
          d.start !== null &&
          !(reference && d.start.slice(0, 10) > reference.slice(0, 10)) &&
          !dayAfterReport(d, reference) &&
          !(text !== undefined && (statementDate(text, d) || laterStepDate(text, d, span))),
      ) ?? null
  );
}

/**
 * "On Wednesday, deputies were still searching" in a report dated Tuesday: a bare weekday naming
 * the day after the report's date resolves to six days before it, but a report is often updated
 * the next day and archived under its first date, so the weekday is most likely that next day, the
 * day of the update. It dates no incident (the incident then takes another date, or the days
 * before its earliest report).
 */
export function dayAfterReport(d: DateMention, reference?: string | null): boolean {
  return (
    !!reference &&
    d.start !== null &&
    d.reason.startsWith('weekday on or before') &&
    d.start.slice(0, 10) === shiftDay(reference, -6)
  );
}

/** "was arrested Sunday", "filed Tuesday": a later step's word shortly before the date, in its clause. */
export function laterStepDate(text: string, d: DateMention, within: Span): boolean {
  laterNear ??= new RegExp(`${laterStep().source}[^.;,]{0,24}$`, 'i');
  if (!laterNear.test(text.slice(Math.max(within[0], d.span[0] - 48), d.span[0]))) return false;
  // "… in connection with a Sunday afternoon shooting", "Sunday's killing": the incident's date.
  incidentAfter ??= new RegExp(
    `^(?:[’']s)?\\s+(?:(?:morning|afternoon|evening|night|\\w+-\\w+)\\s+)?(?:${loadLexicon<DateCues>(
      'incident-date-cues',
    )
      .incidentNouns.map((c) => c.pattern)
      .join('|')})\\b`,
    'i',
  );
  return !incidentAfter.test(text.slice(d.span[1], d.span[1] + 40));
}
let laterNear: RegExp | undefined;
let incidentAfter: RegExp | undefined;

/** Within a paragraph, a sentence without a date continues the previous one ("Also Sunday, … . In X, …"). */
export function previousDate(
  text: string,
  dates: DateMention[],
  sentences: Sentence[],
  sentence: Sentence,
  reference?: string | null,
): DateMention | null {
  const i = positionOf(sentences, sentence);
  const prev = i > 0 ? sentences[i - 1] : undefined;
  if (!prev || /\n\s*\n/.test(text.slice(prev.span[1], sentence.span[0]))) return null;
  return pickDate(dates, prev.span, text, reference);
}

interface DateCues {
  later: { pattern: string; source: string }[];
  incidentNouns: { pattern: string; source: string }[];
}
let laterCue: RegExp | undefined;
/** A word of what follows an incident (arrest, charge, court, funeral, statement): `data/incident-date-cues.json`. */
function laterStep(): RegExp {
  laterCue ??= new RegExp(
    `\\b(?:${loadLexicon<DateCues>('incident-date-cues')
      .later.map((c) => c.pattern)
      .join('|')})\\b`,
    'i',
  );
  return laterCue;
}

/**
 * The date the report gives its incident: the first day-precision date, not after the report's
 * own date, in a sentence that reports an incident (`incidentSentences`), and not in the part of
 * it that tells of a later step (an arrest, a charge, a hearing, a funeral, a statement). Used for
 * incidents whose own clause, sentence and previous sentence name no date: a report's title
 * ("Man shot in …") or a later paragraph usually repeats the incident its lead dated.
 */
export function leadDate(
  text: string,
  dates: readonly DateMention[],
  incidentSentences: readonly Span[],
  sentences: readonly Sentence[],
  reference: string | null,
): DateMention | null {
  const later = laterStep();
  const usable = (d: DateMention, sentence: Span): boolean => {
    if (d.precision !== 'day' || !d.start) return false;
    if (reference && d.start > reference) return false;
    if (dayAfterReport(d, reference)) return false;
    if (statementDate(text, d)) return false;
    // The words around the date within its sentence: "was arrested Sunday", "a vigil on Monday".
    const around = text.slice(Math.max(sentence[0], d.span[0] - 60), Math.min(sentence[1], d.span[1] + 25));
    return !later.test(around);
  };
  const incidentSpans = spanIndex(incidentSentences.map((span) => ({ span })));
  for (const d of dates) {
    const sentence = incidentSpans.containing(d.span)[0]?.span;
    if (sentence && usable(d, sentence))
      return { ...d, reason: `date of the incident as the report's incident sentences give it; ${d.reason}` };
  }
  // Else the first date of the report in the days before its own date, outside a later step.
  if (!reference) return null;
  const earliest = shiftDay(reference, -RECENT_DAYS);
  for (const d of dates) {
    if (!d.start || d.start < earliest) continue;
    const sentence = spanIndex(sentences).containing(d.span)[0];
    if (sentence && usable(d, sentence.span))
      return { ...d, reason: `first recent date the report names; ${d.reason}` };
  }
  return null;
}

/** How many days before its own date a report's first date may lie to be taken as its incident's. */
const RECENT_DAYS = 7;
const shiftDay = (day: string, days: number): string =>
  new Date(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const STATEMENT_BEFORE =
  /\b(?:said|says|told\s+(?:reporters|the\s+media|the\s+press)|announced|confirmed|reported|stated|added|wrote|tweeted|posted)\s+(?:on\s+|late\s+|early\s+)?$|\b(?:posted|updated|published|last\s+updated|created|modified)\s*(?:on\s*)?:?\s*(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?\s*)?$/i;

/**
 * "police said Friday", "told reporters on Monday", "the president argued on Monday that …",
 * "Posted: Monday, May 4, 2015": the date of a statement or of the page itself, not of the incident.
 */
export function statementDate(text: string, d: DateMention): boolean {
  const before = text.slice(Math.max(0, d.span[0] - 60), d.span[0]);
  if (STATEMENT_BEFORE.test(before)) return true;
  const word = WORD_BEFORE_DATE.exec(before)?.[1];
  return word !== undefined && speechVerbs().has(word.toLowerCase());
}

/** The word just before a date, past an optional "on", "late" or "early". */
const WORD_BEFORE_DATE = /([a-z]+)\s+(?:(?:on|late|early)\s+)?$/i;

/**
 * The reporting verbs of `data/speech-cues.json` ("argued on Monday", "warned Sunday", "insisted
 * on Friday": the day the words were said).
 */
function speechVerbs(): Set<string> {
  speechVerbSet ??= new Set(
    Object.keys(loadLexicon<{ verbs: Record<string, string> }>('speech-cues').verbs)
      // "Police were called Sunday": the call is the incident's day.
      .filter((v) => /^[a-z]+$/.test(v) && v !== 'called' && v !== 'believed'),
  );
  return speechVerbSet;
}
let speechVerbSet: Set<string> | undefined;

/**
 * The place a report is about: the town it names most often (at least twice) or the only town it
 * names, else the town in its dateline (where the reporter filed from), else the town of the
 * outlet's masthead, else none.
 */
export function pickMainPlace(
  places: PlaceMention[],
  dateline: Span | null,
  outlet: readonly PlaceMention[] = [],
): PlaceMention | null {
  const counts = new Map<string, { n: number; p: PlaceMention }>();
  for (const p of places) {
    if (p.precision !== 'town') continue;
    const e = counts.get(p.name) ?? { n: 0, p };
    e.n++;
    counts.set(p.name, e);
  }
  const top = [...counts.values()].sort((a, b) => b.n - a.n || a.p.span[0] - b.p.span[0])[0];
  // The most-named town, or the only town the report names (also as "near X").
  if (top && (top.n >= 2 || counts.size === 1))
    return foundIn(
      top.p,
      top.n >= 2 ? "report's main place: the town it names most" : 'the only town the report names',
    );
  const local = new Set(
    places.filter((p) => p.precision === 'town' || p.precision === 'near').map((p) => p.name),
  );
  const only =
    local.size === 1 ? places.find((p) => p.precision === 'town' || p.precision === 'near') : undefined;
  if (only) return foundIn(only, 'the only town the report names');
  if (dateline) {
    const inDateline = places.find(
      (p) => p.span[0] >= dateline[0] && p.span[1] <= dateline[1] && p.precision !== 'country',
    );
    if (inDateline) return foundIn(inDateline, "report's dateline");
  }
  // A local station's report is about its own town when it names no other.
  const home = outlet.find((p) => p.precision === 'town');
  return home ? foundIn(home, "the town of the outlet's masthead") : null;
}
