import type { Diagnostic, PlaceMention, Span } from '../core/types.js';
import { execAll, isPlainText, scanCapitals } from './exec-all.js';
import { type Gazetteer, type GazetteerEntry, loadGazetteer } from './gazetteer/load-gazetteer.js';
import { foldPlaceName } from './gazetteer/place-key.js';
import { loadLexicon } from './load-lexicon.js';

export interface PlaceResolution {
  places: PlaceMention[];
  diagnostics: Diagnostic[];
  /** ISO codes of the countries the document names (by name, demonym or resolved place), most named first. */
  countries: string[];
  /** Places in a station's or site's masthead: where the outlet is, not a place of the report. */
  outlet: PlaceMention[];
}

export interface ResolvePlacesOptions {
  documentId?: string;
  /** Span of the dateline at the head of the text; places inside it are the document's main place. */
  dateline?: Span | null;
}

const REGION_WORDS = /^(?:region|oblast|province|governorate|state|district|county|prefecture|raion|krai)$/i;
/** `REGION_WORDS` for a plain ASCII word, lower-cased. */
const REGION_SET = new Set(REGION_WORDS.source.slice(4, -2).split('|'));
const PLAIN_WORD = /^[A-Za-z]+$/;
/** A word written as a person's name is: a capital, then lower-case letters ("Fenn", not "BB"). */
const NAME_WORD = /^[A-Z][a-z]+$/;
const REGION_AFTER =
  /^\s+(region|oblast|province|governorate|state|district|county|prefecture|raion|krai)\b/i;
/** "Toledo police", "Harris County Sheriff's Office": a local institution names where it works. */
const LOCAL_AFTER =
  /^(?:['’]s)?\s+(?:police|sheriff|sheriff['’]s|deputies|officers|detectives|authorities|officials|coroner|fire|prosecutors?|district\s+attorney)\b/i;
const STREET_AFTER = /^\s+(street|avenue|road|square|boulevard|lane|highway|st\.|ave\.)\b/i;
const LOCATIVE =
  /\b(?:in|at|near|outside|from|to|into|toward|towards|around|across|through|of|between|and|via|over|entered|left|reached|visited)\s+(?:the\s+)?(?:(?:town|city|village|port|settlement|suburb|capital|region|province)\s+(?:of\s+)?)?(?:(?:north|south|east|west)(?:-?(?:east|west))?(?:ern)?\s+|[NS][EW]\s+|(?:downtown|central|suburban|rural)\s+)?$/i;
const STRICT_LOCATIVE = /\b(?:in|near|outside|the\s+(?:town|city|village|settlement)\s+of)\s+$/i;
const DIRECTION = '(?:north|south|east|west)(?:-?(?:east|west))?';
const RELATIVE_BEFORE = new RegExp(
  `(?:(?:\\b(?:some|about|around|roughly|nearly|almost)\\s+)?\\b(?:\\d[\\d,.]*|a\\s+few|several|a\\s+dozen|dozens\\s+of|\\w+)[\\s-]*(?:km|kilometers|kilometres|kilometer|kilometre|miles|mile|mi)\\s+(?:\\(\\d+\\s+miles\\)\\s+)?)?\\b${DIRECTION}\\s+of\\s+(?:the\\s+(?:town|city|village|capital)\\s+(?:of\\s+)?)?$|\\b(?:near|around|outside|just\\s+outside|on\\s+the\\s+outskirts\\s+of|the\\s+outskirts\\s+of|outskirts\\s+of|close\\s+to|not\\s+far\\s+from|the\\s+suburbs?\\s+of|suburbs?\\s+of|on\\s+the\\s+edge\\s+of|the\\s+edge\\s+of)\\s+(?:the\\s+(?:town|city|village)\\s+(?:of\\s+)?|the\\s+(?:\\w+\\s+)?capital(?:,|\\s+of)?\\s+)?$`,
  'i',
);
const CAPITAL = /\b(?:the|its)\s+(?:(\p{Lu}\p{L}+)(?:['’]s)?\s+)?capital\b(?!\s*,?\s*\p{Lu}|\s+of\b)/gu;
const QUALIFIER = /^,\s+(\p{Lu}\p{L}+)(\s\p{Lu}\p{L}+)?/u;
const WORD = /[^ \u00a0]+/g;
const RUN =
  /\p{Lu}[\p{L}\p{M}’'.-]*(?:[ \u00a0](?:(?:de|del|da|al|el|upon|on|sur|am|an)[ \u00a0])?\p{Lu}[\p{L}\p{M}’'.-]*)*/gu;

const RUN_STICKY = new RegExp(RUN.source, 'uy');
/** `RUN` for a plain text (`isPlainText`): the same matches, found several times faster. */
const RUN_PLAIN =
  /[A-Z][A-Za-z’'.-]*(?:[ \u00a0](?:(?:de|del|da|al|el|upon|on|sur|am|an)[ \u00a0])?[A-Z][A-Za-z’'.-]*)*/g;

// Regular expressions used inside functions live here: a literal in a function body that a
// transpiler turns into `new RegExp(…)` (esbuild does for `\p{Lu}`) would be rebuilt on every call.
const INITIALS = /^(?:\p{Lu}\.)+$/u;
const WORD_STOP = /\p{L}{3,}\.$/u;
const ACRONYM = /^[\p{Lu}.]+$/u;

interface Token {
  text: string;
  start: number;
  end: number;
  stop: boolean;
  region: boolean;
  /** Ends in 's ("Congo's Bunia" is two names) or ends a sentence ("Chernihiv. Kharkiv"). */
  possessive: boolean;
}

interface Candidate {
  span: Span;
  entries: GazetteerEntry[];
  regionWord: boolean;
  locative: boolean;
  dateline: boolean;
  sentenceStart: boolean;
  /** Followed by ", <region or country>" that contains it. */
  qualified?: boolean;
  /** What qualifies it: its first-level region ("Paris, Texas", "Auburn, Ala.") or its country. */
  qualifier?: 'region' | 'country';
  /** Part of an address or a building's name ("Franklin Street", "Mercy Hospital", "block of Enid"). */
  addressPart?: boolean;
  /** The state abbreviation that qualifies it (", Ala."). */
  abbreviation?: { span: Span };
  /** Followed by a local institution ("Toledo police", "Harris County deputies"). */
  local?: boolean;
  /** Followed by a noun it modifies as a town does ("a Fernwick man", "Fernwick teen shot"). */
  resident?: boolean;
  /** Resolved to the namesake in the report's home region ("Springfield" in a report at home in Illinois). */
  home?: boolean;
  /** Resolved, against population, to the namesake in a region the report's other places share. */
  shared?: boolean;
  /** Read as a section of the report's own city ("the Austin neighborhood" in a report citing Chicago police). */
  sectionOf?: GazetteerEntry;
  /** A town the gazetteer lacks, read from its written state ("in Fernwick, Ohio"): no coordinates. */
  unlisted?: boolean;
}

interface StopwordLexicon {
  words: string[];
  notAlone: { words: string[] };
  personTitles: { words: string[] };
  nameModifiers: { words: string[] };
}
let stopwords: Set<string> | undefined;
let personTitles: Set<string> | undefined;
let nameModifiers: Set<string> | undefined;
let notAlone: Set<string> | undefined;
function getStopwords(): Set<string> {
  if (!stopwords) {
    const lex = loadLexicon<StopwordLexicon>('place-stopwords');
    stopwords = new Set(lex.words.map((w) => w.toLowerCase()));
    personTitles = new Set(lex.personTitles.words);
    nameModifiers = new Set(lex.nameModifiers.words);
    notAlone = new Set([...lex.nameModifiers.words, ...lex.notAlone.words]);
  }
  return stopwords;
}
const TITLE_DOT = /\.$/;

interface PlacePartsLexicon {
  street: { word: string }[];
  facility: { word: string }[];
}
let partAfter: RegExp | undefined;
/**
 * A street suffix or a building word right after a name (`data/place-parts.json`): the name is
 * part of an address or a landmark. An abbreviation with a full stop counts only when no
 * capitalised word follows it ("Oak St. in" is a street, "St. Louis" a name).
 */
function placePartAfter(): RegExp {
  if (!partAfter) {
    const lex = loadLexicon<PlacePartsLexicon>('place-parts');
    const words = [...lex.street, ...lex.facility].map((e) => e.word);
    const quote = (w: string): string => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const plain = words.filter((w) => !w.endsWith('.')).map(quote);
    const dotted = words.filter((w) => w.endsWith('.')).map(quote);
    partAfter = new RegExp(
      `^(?:['’]s)?[ \u00a0]+(?:(?:${plain.join('|')})(?![\\p{L}\\p{N}'’-])|(?:${dotted.join('|')})(?![ \u00a0]+\\p{Lu}))`,
      'u',
    );
  }
  return partAfter;
}
interface RegionAbbreviations {
  country: string;
  entries: { abbreviation: string; code: string }[];
}
let abbreviationAfter: { pattern: RegExp; codes: Map<string, string>; cc: string } | undefined;
/**
 * ", Ala." / ", N.C." / ", TX" after a name (`data/region-abbreviations.json`): the abbreviation
 * of the first-level region the place lies in, as news copy writes it.
 */
function regionAbbreviation(after: string): { cc: string; admin1: string; length: number } | null {
  if (!abbreviationAfter) {
    const lex = loadLexicon<RegionAbbreviations>('region-abbreviations');
    const quote = (w: string): string => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[ \u00a0]?');
    const words = lex.entries.map((e) => e.abbreviation).sort((a, b) => b.length - a.length);
    abbreviationAfter = {
      pattern: new RegExp(`^,[ \u00a0]+(${words.map(quote).join('|')})(?![\\p{L}\\p{N}])`, 'u'),
      codes: new Map(lex.entries.map((e) => [e.abbreviation.replace(/\s/g, ''), e.code])),
      cc: lex.country,
    };
  }
  const m = abbreviationAfter.pattern.exec(after);
  const code = m?.[1] ? abbreviationAfter.codes.get(m[1].replace(/\s/g, '')) : undefined;
  return code && m ? { cc: abbreviationAfter.cc, admin1: code, length: m[0].length } : null;
}

/**
 * "KING, N.C. —": a word in capitals opening a line, with its state's abbreviation after it, is a
 * dateline's town even when the word is a place stopword elsewhere (a title, a common noun).
 */
function qualifiedDateline(text: string, t: Token): boolean {
  return (
    CAPITALS.test(t.text) &&
    LINE_START.test(text.slice(Math.max(0, t.start - 8), t.start)) &&
    regionAbbreviation(text.slice(t.end, t.end + 16)) !== null
  );
}

/** A generational suffix after a surname: "Jr.", "Sr.", "III". */
const NAME_SUFFIX = /^(?:Jr|Sr|II|III|IV)$/;
/**
 * An age right before a name ("5-year-old ") or right after it, set off by commas or closing a
 * sentence or parenthesis (", 24,", "Jr., 24,", ", 24)"): a person's name; not a count the words
 * after the comma go on with (", 3 blocks away", ", 2.5 miles away").
 */
const AGED_BEFORE = /\b\d{1,3}-year-old\s+$/;
const AGED_AFTER = /^\.?,\s+\d{1,3}(?:[,;)]|\.(?!\d))/;

/** Words at most in the name of a town the gazetteer lacks. */
const UNLISTED_WORDS = 3;
/** A word of a town's name: a capital and lower-case letters, or all capitals in a dateline. */
const UNLISTED_WORD = /^(?:\p{Lu}\p{Ll}+|\p{Lu}{2,})(?:[-’']\p{Lu}?\p{Ll}+)?$/u;
/** ", Ohio" / ", Westshire" after a name: a first-level region's full name, then no other capital word. */
const STATE_AFTER =
  /^,[ \u00a0]+(\p{Lu}\p{Ll}+(?:[ \u00a0]\p{Lu}\p{Ll}+)?)(?=[ \u00a0]*(?:[,.;:)(—–-]|$)|[ \u00a0]+\p{Ll})/u;
/** What may follow the state of an unlisted town: punctuation, a credit, a dash or lower-case words. */
const AFTER_STATE = /^(?:[ \u00a0]*(?:[,.;:)(—–-]|$)|[ \u00a0]+\p{Ll})/u;
/** Before a town: a preposition of location, "a man from" or "the town of". */
const UNLISTED_BEFORE =
  /\b(?:in|at|near|outside|from|of|to)\s+(?:the\s+(?:town|city|village|community|borough|hamlet)\s+of\s+)?$/i;
/** Before a town in capitals that opens a line, as a dateline's does. */
const LINE_START = /(?:^|\n)[ \t]*$/;
const CAPITALS = /^[^\p{Ll}]+$/u;
const PREPOSITION_WORD = /^(?:near|outside|in|at|of|from|to|around)$/i;

/**
 * A town the gazetteer lacks, written as news copy writes a town with its state ("shot in
 * Fernwick, Ohio, on Monday", "FERNWICK, Ohio (AP) —", "near Fernwick, Pa."): an entry for it in
 * that state, of no population and no position. Null unless the name stands in the dateline,
 * opens a line in capitals as a dateline's does, or follows a preposition of location or "the
 * town of", and a first-level region's name or abbreviation ends the phrase: "John Fenn, Ohio's
 * senator" and "Fenn, Texas Rangers captain" are people.
 */
function unlistedTown(
  text: string,
  span: Span,
  options: ResolvePlacesOptions,
  gaz: Gazetteer,
): GazetteerEntry | null {
  const surface = text.slice(span[0], span[1]);
  const words = surface.split(/[ \u00a0]+/);
  // "NEAR QUILLBY, Ore. –": a dateline's preposition in capitals is no part of a name.
  if (!words.every((w) => UNLISTED_WORD.test(w)) || PREPOSITION_WORD.test(words[0] ?? '')) return null;
  const dl = options.dateline;
  const inDateline = dl != null && span[0] >= dl[0] && span[1] <= dl[1];
  const before = text.slice(Math.max(0, span[0] - 40), span[0]);
  const opensLine = CAPITALS.test(surface) && LINE_START.test(before);
  if (!inDateline && !opensLine && !UNLISTED_BEFORE.test(before)) return null;
  const after = text.slice(span[1], span[1] + 40);
  let cc: string | null = null;
  let admin1: string | null = null;
  const abbreviated = regionAbbreviation(after);
  if (abbreviated) {
    if (!AFTER_STATE.test(after.slice(abbreviated.length)) && !/\.$/.test(after.slice(0, abbreviated.length)))
      return null;
    cc = abbreviated.cc;
    admin1 = abbreviated.admin1;
  } else {
    const m = STATE_AFTER.exec(after);
    if (!m?.[1]) return null;
    const states = gaz.lookup(m[1]).filter((e) => e.kind === 'region' && e.feature === 'ADM1' && e.admin1);
    const state = states[0];
    if (!state || states.some((e) => e.cc !== state.cc || e.admin1 !== state.admin1)) return null;
    cc = state.cc;
    admin1 = state.admin1;
  }
  if (!gaz.regionName(cc, admin1)) return null;
  const name = words
    .map((w) => (w === w.toUpperCase() ? w.charAt(0) + w.slice(1).toLowerCase() : w))
    .join(' ');
  // No position: the mention of an unlisted town carries none (`toMention`).
  return { kind: 'populated-place', name, cc, admin1, lat: 0, lon: 0, population: 0, feature: 'PPL' };
}

/**
 * `gaz.lookup` for a run of capitalised words. In capitals ("ALL OF THE SHOTS", "AND A FRIEND")
 * function words stand side by side like a name's, and a spelling variant joins them into a
 * name of fewer words ("Of", "Anda"): in capitals only a name of as many words is read.
 */
function lookupRun(gaz: Gazetteer, surface: string): GazetteerEntry[] {
  const entries = gaz.lookup(surface);
  if (entries.length === 0 || !CAPITALS_RUN.test(surface)) return entries;
  const words = foldPlaceName(surface).split(' ').length;
  return entries.filter((e) => foldPlaceName(e.name).split(' ').length >= words);
}
const CAPITALS_RUN = /^[^\p{Ll}]+[ \u00a0][^\p{Ll}]+$/u;

/** Whether the span is a region abbreviation right after a comma (", Pa.", ", Ore."). */
function abbreviatesRegion(text: string, span: Span): boolean {
  const comma = COMMA_BEFORE.exec(text.slice(Math.max(0, span[0] - 4), span[0]));
  if (!comma) return false;
  const region = regionAbbreviation(text.slice(span[0] - comma[0].length, span[1] + 2));
  return region !== null && region.length >= comma[0].length + span[1] - span[0];
}
const COMMA_BEFORE = /,[ \u00a0]+$/;

let residents: { words: Set<string>; after: RegExp } | undefined;
/**
 * Nouns a town's name modifies in local news (`data/place-residents.json`): "a Fernwick man",
 * "Fernwick teen shot", "the Fernwick shooting", "a Fernwick 12-year-old".
 */
function residentNouns(): { words: Set<string>; after: RegExp } {
  if (!residents) {
    const words = loadLexicon<{ words: string[] }>('place-residents').words;
    residents = {
      words: new Set(words),
      after: new RegExp(
        `^(?:['’]s)?[ \u00a0]+(?:(?:${words.join('|')})(?![\\p{L}\\p{N}'’-])|\\d+-year-old\\b)`,
        'iu',
      ),
    };
  }
  return residents;
}

/** "the 5300 block of Enid", "the 100 block of North Elm": an address, not a town. */
/**
 * "Fernwick's Finest hall", "Fernwick's Best Pizza shop": a business named after a town (a
 * possessive, a capitalised name, a venue noun) stands wherever it stands, not in that town.
 * "Fernwick's South Side bar" keeps the town: a compass word or "Side" names a part of it.
 */
const BUSINESS_OF =
  /^['’]s\s+(?!(?:North|South|East|West|Northeast|Northwest|Southeast|Southwest|Near|Far|Lower|Upper|Downtown|Old|Inner)\b)(?:[A-Z][\w'’&-]*\s+){1,3}(?<!\bSide\s+)(?:[Hh]all|[Bb]ar|[Ll]ounge|[Cc]lub|[Rr]estaurant|[Gg]rill|[Pp]ub|[Tt]avern|[Nn]ightclub|[Ss]tore|[Ss]hop|[Mm]arket|[Dd]iner|[Cc]afe|[Ss]alon|[Bb]arbershop)\b/;
const BLOCK_OF = /\bblock\s+of\s+(?:(?:North|South|East|West|[NSEW]\.?)\s+)?$/i;
/**
 * "the intersection of Webb and Fernwick", "the corner of Fernwick and 5th": two streets named
 * at a crossing, either of them, are an address, however like a town's their names are.
 */
const CROSSING_OF =
  /\b(?:intersection|corner)\s+of\s+(?:(?:[A-Z][\w.'’-]*|\d+(?:st|nd|rd|th))\s+){1,3}?(?:and|&)\s+$|\b(?:intersection|corner)\s+of\s+$/i;
/** The name right after a town at a crossing: "… of Fernwick and Webb". */
const CROSSING_FIRST = /^\s+(?:and|&)\s+(?:[A-Z]|\d)/;

/**
 * Finds place mentions in a text and resolves them against the gazetteer: capitalised-token
 * candidates (whole name segments only, so parts of person names are not places), alternate
 * spellings, regions ("Kyiv region", "Chernihiv Oblast"), relative locations ("50 kilometers west
 * of Kyiv" → precision `near`), disambiguation by the document's countries and regions and by
 * population. Names that look like places but resolve to nothing become diagnostics.
 *
 * @example resolvePlaces('Shelling hit Kharkov on Sunday.').places[0]?.name // 'Kharkiv'
 */
export function resolvePlaces(
  text: string,
  options: ResolvePlacesOptions = {},
  gazetteer?: Gazetteer,
): PlaceResolution {
  const gaz = gazetteer ?? loadGazetteer();
  const stop = getStopwords();
  const diagnostics: Diagnostic[] = [];
  const candidates: Candidate[] = [];
  const mastheads = findMastheads(text);
  const countryCounts = new Map<string, number>();
  const bump = (cc: string | null): void => {
    if (cc) countryCounts.set(cc, (countryCounts.get(cc) ?? 0) + 1);
  };
  // Countries the report tells in words (a name, a demonym, a qualifier, one of its states), not
  // only through a town it names.
  const toldCountries = new Set<string>();
  const tell = (cc: string | null): void => {
    bump(cc);
    if (cc) toldCountries.add(cc);
  };
  const common = new Map<string, boolean>();
  const isCommonWord = (w: string): boolean => {
    let known = common.get(w);
    if (known === undefined) {
      known = occursLowerCase(text, w.toLowerCase());
      common.set(w, known);
    }
    return known;
  };

  // Surnames: the last word of a person's full name ("Owen Fenn") or a word after a title
  // ("Officer Fenn"). On its own later in the report ("Fenn said"), it names the person.
  const surnames = new Set<string>();
  // Two-word names not in the gazetteer ("Dallas Fenn"): a person's given name and surname, and
  // whether an age stands beside the name ("5-year-old Dallas Fenn", "Dallas Fenn, 24,").
  const fullNames: [string, string, boolean][] = [];
  for (const m of isPlainText(text) ? execAll(RUN_PLAIN, text) : scanCapitals(RUN_STICKY, text)) {
    const tokens = tokenize(m[0], m.index, stop, gaz);
    const [only] = tokens;
    if (tokens.length === 1 && only?.stop && qualifiedDateline(text, only)) only.stop = false;
    for (let k = 1; k < tokens.length; k++) {
      const prev = tokens[k - 1] as Token;
      const t = tokens[k] as Token;
      if (!t.stop && !t.region && personTitles?.has(prev.text.toLowerCase().replace(TITLE_DOT, '')))
        surnames.add(t.text);
    }
    let i = 0;
    while (i < tokens.length) {
      const t = tokens[i] as Token;
      if (gaz.demonymCountry(t.text) && !t.text.includes('.')) tell(gaz.demonymCountry(t.text));
      // "Earl Fenn's County", "Lady Orla's County": a county named with a possessive.
      const owned = possessiveRegion(text, tokens, i, gaz);
      if (owned) {
        candidates.push(makeCandidate(text, owned.span, owned.entries, tokens[owned.next], options, gaz));
        i = owned.next;
        continue;
      }
      // Multi-token names first (they may contain stopwords: "United States", "Sierra Leone").
      let matched = 0;
      let maxLen = 1;
      while (maxLen < 5 && i + maxLen < tokens.length && !(tokens[i + maxLen - 1] as Token).possessive)
        maxLen++;
      for (let len = maxLen; len >= 2; len--) {
        const start = t.start;
        const end = (tokens[i + len - 1] as Token).end;
        const entries = lookupRun(gaz, text.slice(start, end));
        if (entries.length > 0) {
          const next = tokens[i + len];
          // "Lake Albert Liberation Front": a place name opening a longer name is part of that name.
          if (next && !next.stop && !next.region && next.start - end <= 1) {
            matched = len;
            break;
          }
          candidates.push(makeCandidate(text, [start, end], entries, next, options, gaz));
          matched = len;
          break;
        }
      }
      if (matched) {
        i += matched;
        continue;
      }
      if (t.stop || t.region) {
        i++;
        continue;
      }
      // A segment: maximal run of non-stop tokens; it is a place only as a whole.
      let j = i;
      while (
        j + 1 < tokens.length &&
        !(tokens[j] as Token).possessive &&
        !(tokens[j + 1] as Token).stop &&
        !(tokens[j + 1] as Token).region
      )
        j++;
      const start = t.start;
      const end = (tokens[j] as Token).end;
      const name = text.slice(start, end);
      const entries = lookupRun(gaz, name);
      // "Fernwick Teen Hurt In Crash": in a capitalised headline a noun the town modifies ends its name.
      const head = entries.length === 0 && j > i ? headlineTown(text, tokens, i, j, gaz) : null;
      if (head && head.next === i + 1 && isCommonWord(text.slice(head.span[0], head.span[1])))
        head.entries = [];
      if (head && head.entries.length > 0) {
        candidates.push(makeCandidate(text, head.span, head.entries, tokens[head.next], options, gaz));
        i = head.next;
        continue;
      }
      const before = text.slice(Math.max(0, start - 40), start);
      // "Rainy Sutter County roads": a name followed by a region word is a region's, not a person's.
      const regionNext = (tokens[j + 1] as Token | undefined)?.region === true;
      if (
        entries.length === 0 &&
        j > i &&
        j - i <= 2 &&
        !regionNext &&
        !nameModifiers?.has(t.text.toLowerCase())
      ) {
        const last = tokens[j] as Token;
        if (PLAIN_WORD.test(last.text)) surnames.add(last.text);
        // "Dallas Fenn Jr.": a generational suffix follows the surname.
        const suffixed = j === i + 2 && NAME_SUFFIX.test(last.text);
        const surname = suffixed ? (tokens[i + 1] as Token) : last;
        // "Fernwick Det. Fenn": a town before a title names the officer's town, not a given name.
        if (
          (j === i + 1 || suffixed) &&
          NAME_WORD.test(t.text) &&
          NAME_WORD.test(surname.text) &&
          !personTitles?.has(surname.text.toLowerCase())
        )
          fullNames.push([
            t.text,
            surname.text,
            AGED_BEFORE.test(before) || AGED_AFTER.test(text.slice(end, end + 8)),
          ]);
      }
      const unlisted =
        entries.length === 0 && j - i < UNLISTED_WORDS
          ? unlistedTown(text, [start, end], options, gaz)
          : null;
      if (entries.length > 0) {
        const single = i === j;
        // "Metro police", "the Tribune reported", "Buy photo": a word that opens a place's name, a
        // newspaper's or a page button's is not a place on its own.
        const modifier = single && notAlone?.has(name.toLowerCase()) === true;
        if (!modifier && !(single && entries.every((e) => e.kind !== 'country') && isCommonWord(name))) {
          candidates.push(makeCandidate(text, [start, end], entries, tokens[j + 1], options, gaz));
        }
      } else if (unlisted) {
        const town = unlisted;
        const c = makeCandidate(text, [start, end], [town], tokens[j + 1], options, gaz);
        if (c.qualified) {
          c.unlisted = true;
          candidates.push(c);
          diagnostics.push({
            rule: 'extract/unlisted-place',
            severity: 'info',
            message: `"${name}" is written as a town of ${gaz.regionName(town.cc, town.admin1)} but is not in the gazetteer; it is kept as that town, without coordinates`,
            hint: 'add the town to the gazetteer build, or an alternate spelling to data/place-variants.json',
            ...(options.documentId ? { document: options.documentId } : {}),
            span: [start, end],
          });
        }
      } else if (
        STREET_AFTER.test(text.slice(end, end + 12)) ||
        (STRICT_LOCATIVE.test(before) && !isCommonWord(name))
      ) {
        const street = STREET_AFTER.test(text.slice(end, end + 12));
        diagnostics.push({
          rule: 'extract/unresolved-place',
          severity: 'info',
          message: street
            ? `"${name}" looks like a street-level location; it is below the gazetteer's resolution`
            : `"${name}" follows a locative preposition but is not in the gazetteer`,
          hint: 'add an alternate spelling to data/place-variants.json if it is a known place',
          ...(options.documentId ? { document: options.documentId } : {}),
          span: [start, end],
        });
      }
      i = j + 1;
    }
  }

  // A single word the report also uses as a person's surname is that person, unless it is
  // qualified ("Fenn, Westshire"), followed by a region word or in the dateline.
  if (surnames.size > 0) {
    // A word the report also uses as a place ("Fernwick police", "Fernwick, Va.") is that place
    // wherever it stands alone, even after a run like "Vista Fernwick" made it look like a surname.
    for (const c of candidates)
      if (c.qualified || c.regionWord || c.dateline || c.local)
        surnames.delete(text.slice(c.span[0], c.span[1]));
    const kept = candidates.filter(
      (c) =>
        c.qualified ||
        c.regionWord ||
        c.dateline ||
        !surnames.has(text.slice(c.span[0], c.span[1])) ||
        (c.locative && c.entries.some((e) => e.kind === 'country')),
    );
    candidates.length = 0;
    candidates.push(...kept);
  }
  // A given name ("Dallas Fenn … Fenn said … Dallas was hit") is the person wherever it stands
  // alone, unless it is read as a place there ("in Dallas", "Dallas police") or elsewhere. The
  // surname standing alone as well shows the pair is a person's name, not an institution's
  // ("Dallas Chronicle" … "the Chronicle"); so does an age beside it ("5-year-old Dallas Fenn").
  const precedingWords = fullNames.length > 0 ? wordsBefore(text) : new Map<string, string[]>();
  const givenNames = new Set(
    fullNames
      .filter(([given, surname, aged]) => aged || standsAlone(precedingWords, surname, given))
      .map(([given]) => given),
  );
  if (givenNames.size > 0) {
    for (const c of candidates)
      if (c.qualified || c.regionWord || c.dateline || c.local)
        givenNames.delete(text.slice(c.span[0], c.span[1]));
    const kept = candidates.filter(
      (c) =>
        !givenNames.has(text.slice(c.span[0], c.span[1])) ||
        c.resident ||
        STRICT_LOCATIVE.test(text.slice(Math.max(0, c.span[0] - 40), c.span[0])),
    );
    candidates.length = 0;
    candidates.push(...kept);
  }
  // "Fernwick, Pa.", "NEAR FERNWICK, Ore.": a state's abbreviation after a comma is the
  // qualifier of the name before it, even one the gazetteer lacks, never a town of its own.
  if (candidates.some((c) => abbreviatesRegion(text, c.span))) {
    const kept = candidates.filter((c) => !abbreviatesRegion(text, c.span));
    candidates.length = 0;
    candidates.push(...kept);
  }
  // "Auburn, Ala.": the abbreviation qualifies the town; it is not a town called "Ala".
  const abbreviated = candidates.flatMap((c) => (c.abbreviation ? [c.abbreviation] : []));
  if (abbreviated.length > 0) {
    const kept = candidates.filter(
      (c) => !abbreviated.some((a) => c.span[0] < a.span[1] && c.span[1] > a.span[0]),
    );
    candidates.length = 0;
    candidates.push(...kept);
  }

  // Country context: named countries and demonyms, then large unambiguous places.
  for (const c of candidates) {
    const named = c.entries.filter((e) => e.kind === 'country');
    // An ambiguous country name ("Congo"), or one that is also a state's ("Georgia"), informs
    // nothing until resolved.
    const alsoState = c.entries.some((e) => e.kind === 'region' && e.feature === 'ADM1');
    if (named.length === 1 && !alsoState) tell(named[0]?.cc ?? null);
    else if (named.length === 0 && c.qualified) tell(c.entries[0]?.cc ?? null);
    else if (named.length === 0) {
      // A first-level region named on its own ("Ohio", "Bavaria") names its country when no
      // other country has a region of that name, nor a large town (50k+) of it: a region and a
      // city of one name in two countries inform nothing until resolved.
      const states = c.entries.filter((e) => e.kind === 'region' && e.feature === 'ADM1' && e.admin1);
      const cc = states[0]?.cc;
      const townElsewhere = c.entries.some(
        (e) => e.kind === 'populated-place' && e.cc !== cc && e.population >= 50_000,
      );
      if (states.length > 0 && states.every((e) => e.cc === cc) && !townElsewhere) {
        // A region reached through its seat's name ("Fernwick" for its state) is no region named.
        const surface = foldPlaceName(text.slice(c.span[0], c.span[1]));
        if (states.some((e) => foldPlaceName(e.name) === surface)) tell(cc ?? null);
        else bump(cc ?? null);
      }
    }
  }
  for (const c of candidates) {
    // A town that dominates its namesakes (ten times the population of any other) names its country,
    // unless a first-level region bears its name: "Virginia" is the state before a town abroad.
    if (namesRegion(c, text)) continue;
    const towns = c.entries
      .filter((e) => e.kind === 'populated-place')
      .sort((a, b) => b.population - a.population);
    const [first, second] = towns;
    if (
      first &&
      first.population >= 20000 &&
      (!second || second.cc === first.cc || first.population >= 10 * second.population)
    )
      bump(first.cc);
  }
  const countries = [...countryCounts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([cc]) => cc);
  const inContext = new Set(countries);

  const places: PlaceMention[] = [];
  const outlet: PlaceMention[] = [];
  const admin1s = new Map<string, number>();
  // Unambiguous candidates first, so that their regions inform the ambiguous ones. A county
  // name several states share ("Franklin County") comes last: counties carry no population to
  // choose by, so the states of the report's towns decide.
  const countyOnly = (c: Candidate): number =>
    c.entries.length > 1 && c.entries.every((e) => e.kind === 'region' && e.feature === 'ADM2') ? 1 : 0;
  const order = [...candidates].sort(
    (a, b) => countyOnly(a) - countyOnly(b) || a.entries.length - b.entries.length || a.span[0] - b.span[0],
  );
  const chosen = new Map<Candidate, GazetteerEntry>();
  // One sense per discourse: a name resolved unambiguously ("Paris, Texas") keeps that sense.
  const senses = new Map<string, GazetteerEntry>();
  const support = regionSupport(candidates, text);
  const home = homeRegions(candidates, text, support);
  // A report filed from one state about a town of another names that state ("shot in a home in
  // Westshire"): the named state's towns are not taken for places of the home town.
  const namedRegions = new Set(
    candidates.flatMap((c) =>
      c.entries.filter((e) => e.kind === 'region' && e.feature === 'ADM1').map((e) => `${e.cc}|${e.admin1}`),
    ),
  );
  const city = home.size > 0 ? homeCity(candidates, home) : undefined;
  // "the Fernwick County Sheriff's Office" … "hunting in Fernwick": a county the report names in
  // full, of one state only, is what its short name means in the same report, unless that state
  // has a town of the name (a county's seat often bears it).
  const counties = new Map<string, GazetteerEntry>();
  for (const c of candidates) {
    const [only, ...others] = c.entries;
    const name = text.slice(c.span[0], c.span[1]);
    const core = nameCore(name);
    if (
      only &&
      others.length === 0 &&
      only.kind === 'region' &&
      only.feature === 'ADM2' &&
      core !== foldPlaceName(name)
    )
      counties.set(core, only);
  }
  for (const c of order) {
    const surface = text.slice(c.span[0], c.span[1]);
    const sense = senses.get(surface);
    let best =
      sense && c.entries.includes(sense) ? sense : choose(c, inContext, admin1s, surface, support, gaz);
    if (!best) continue;
    const county = counties.get(foldPlaceName(surface));
    if (
      county &&
      !sense &&
      best.kind === 'populated-place' &&
      !c.qualified &&
      !c.entries.some((e) => e.kind === 'populated-place' && e.cc === county.cc && e.admin1 === county.admin1)
    )
      best = county;
    const chosenEntry = best;
    if (!sense && best.kind === 'populated-place' && supportOf(support, best, surface) > 0)
      c.shared = c.entries.some((e) => e.kind === 'populated-place' && e.population > chosenEntry.population);
    if (
      home.size > 0 &&
      !sense &&
      !c.qualified &&
      !c.dateline &&
      !c.regionWord &&
      best.kind === 'populated-place'
    ) {
      // A local report's towns lie in its home region: a name that region has is the region's
      // ("Springfield" in a report datelined in Illinois); a small town of another region of the
      // same country is more likely a neighbourhood, street or business of the home town
      // ("shot in Lodi" in a report at home in Oregon) than that town.
      const local = c.entries
        .filter((e) => e.kind === 'populated-place' && home.has(`${e.cc}|${e.admin1}`))
        .sort((a, b) => b.population - a.population)[0];
      const country = `${best.cc}|`;
      if (local) {
        best = local;
        c.home = true;
      } else if (
        !home.has(`${best.cc}|${best.admin1}`) &&
        !namedRegions.has(`${best.cc}|${best.admin1}`) &&
        [...home].some((k) => k.startsWith(country)) &&
        best.population < OTHER_REGION_TOWN
      )
        continue;
      else if (
        city &&
        city.cc === best.cc &&
        !home.has(`${best.cc}|${best.admin1}`) &&
        supportOf(support, best, foldPlaceName(surface)) === 0 &&
        !candidates.some(
          (o) =>
            o !== c &&
            o.entries.some((e) => e.kind === 'region' && e.cc === best?.cc && e.admin1 === best?.admin1),
        )
      ) {
        // A big city of another region that nothing else in the report points to, in a report
        // whose own city is a big city ("shot in the Austin neighborhood, Chicago police said"):
        // a neighbourhood of the report's city named like the city elsewhere.
        best = city;
        c.sectionOf = city;
      }
    }
    // A town abroad smaller than a big city (`ANCHOR_CITY`), in a local report (one with a home
    // region) that never tells the town's country in words: a person, a street or a business named
    // like that town ("in Wanda's yard", "outside the Dunmore Arms"), not a place of the report. A
    // qualifier or a dateline ("Fernwick, Sylvania") tells the town's country.
    const abroad = `${best.cc}|`;
    if (
      best.kind === 'populated-place' &&
      !c.qualified &&
      !c.dateline &&
      best.cc !== null &&
      home.size > 0 &&
      ![...home].some((k) => k.startsWith(abroad)) &&
      !toldCountries.has(best.cc) &&
      best.population < ANCHOR_CITY
    )
      continue;
    if (!accept(c, best, inContext, text, gaz)) continue;
    if (c.entries.length === 1 || c.qualified) senses.set(surface, best);
    chosen.set(c, best);
    if (best.admin1)
      admin1s.set(`${best.cc}|${best.admin1}`, (admin1s.get(`${best.cc}|${best.admin1}`) ?? 0) + 1);
  }
  for (const c of candidates) {
    const best = chosen.get(c);
    // A station's or site's own name ("WXYZ News 5 Fernwick") says where the outlet is: it tells
    // the report's home region, but it is no place of the report.
    if (!best) continue;
    if (insideAny(c.span, mastheads))
      outlet.push({ ...toMention(text, c, best, gaz), reason: "the outlet's masthead" });
    else places.push(toMention(text, c, best, gaz));
  }

  // "the capital" → the capital of the country the document is mostly about: the country of its
  // most-named towns (a report about Ukraine names Russia often, but its towns are Ukrainian).
  const townCounts = new Map<string, number>();
  for (const p of places)
    if (p.precision !== 'country' && p.countryCode)
      townCounts.set(p.countryCode, (townCounts.get(p.countryCode) ?? 0) + 1);
  const main =
    [...townCounts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? countries[0];
  const capital = main ? gaz.capital(main) : undefined;
  for (const m of execAll(CAPITAL, text)) {
    // "the Ukrainian capital", "the Ukraine capital", "Russia's capital" name their country.
    const named = m[1]
      ? (gaz.demonymCountry(m[1]) ?? gaz.lookup(m[1]).find((e) => e.kind === 'country')?.cc ?? null)
      : null;
    const target = named ? gaz.capital(named) : m[1] ? undefined : capital;
    if (!target) continue;
    const span: Span = [m.index, m.index + m[0].length];
    const c: Candidate = {
      span,
      entries: [target],
      regionWord: false,
      locative: true,
      dateline: false,
      sentenceStart: false,
    };
    places.push({
      ...toMention(text, c, target, gaz),
      reason: named
        ? 'the capital of the country named with it'
        : 'the capital of the country the report is about',
    });
  }
  places.sort((a, b) => a.span[0] - b.span[0] || a.span[1] - b.span[1]);
  return { places: dropOverlaps(places, text), diagnostics, countries, outlet };
}

/**
 * Whether `surname` occurs in the text other than right after `given` ("Fenn said", "Mr. Fenn")
 * and other than after "the": "the Chronicle", "the Bulls" name a newspaper or a team, not a person.
 */
function standsAlone(
  before: ReadonlyMap<string, readonly string[]>,
  surname: string,
  given: string,
): boolean {
  return (before.get(surname) ?? []).some((w) => w !== given && w.toLowerCase() !== 'the');
}

/**
 * For each capitalised word of the text, the word right before each of its occurrences (one
 * character apart; '' when none): one pass, however many names the report gives.
 */
function wordsBefore(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let prev = '';
  let prevEnd = -2;
  for (const m of text.matchAll(WORD_RUN)) {
    const word = m[0];
    if (NAME_WORD.test(word)) {
      const list = out.get(word) ?? [];
      list.push(m.index === prevEnd + 1 ? prev : '');
      out.set(word, list);
    }
    prev = word;
    prevEnd = m.index + word.length;
  }
  return out;
}
const WORD_RUN = /[A-Za-z0-9_]+/g;

const ASCII_WORD = /^[a-z][a-z]+$/;
const isWordCode = (code: number): boolean =>
  (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95;

/**
 * Whether `lower` (a lower-case word of two or more ASCII letters) occurs in the text as a whole
 * lower-case word ("the bridge" has "bridge"; "Bridge" and "bridges" do not count). A line written
 * wholly in lower case (a video's transcript, a caption feed) writes names so too: it does not count.
 */
function occursLowerCase(text: string, lower: string): boolean {
  if (!ASCII_WORD.test(lower)) return false;
  for (let at = text.indexOf(lower); at !== -1; at = text.indexOf(lower, at + 1)) {
    if (at > 0 && isWordCode(text.charCodeAt(at - 1))) continue;
    const end = at + lower.length;
    if (end < text.length && isWordCode(text.charCodeAt(end))) continue;
    if (insideWebAddress(text, at)) continue;
    const lowerLineEnd = lowerCaseLineEnd(text, at);
    if (lowerLineEnd === -1) return true;
    // The rest of a lower-case line is skipped, so each line is read once per word, not per match.
    at = lowerLineEnd;
  }
  return false;
}

/**
 * A web address, an e-mail address or a hashtag: "…/two-shot-in-fernwick-sunday/", "desk@fernwick.com",
 * "#fernwick". They write names in lower case by convention, so a word there says nothing of how the
 * report's own sentences write it.
 */
const WEB_ADDRESS = /:\/\/|^www\.|@|^#|[\w-]\.(?:com|net|org|gov|edu|us|tv|info|news)\b/i;
const SPACE = /\s/;

/**
 * How far from a match the token around it is read, each way. Web addresses are shorter; the bound
 * keeps a long stretch without spaces (a data blob, text written without word spaces) from being
 * read once per match.
 */
const WEB_TOKEN_READ = 256;

/** Whether the whitespace-delimited token around `at` is a web address (`WEB_ADDRESS`). */
function insideWebAddress(text: string, at: number): boolean {
  const lo = Math.max(0, at - WEB_TOKEN_READ);
  const hi = Math.min(text.length, at + WEB_TOKEN_READ);
  let start = at;
  while (start > lo && !SPACE.test(text.charAt(start - 1))) start--;
  let end = at;
  while (end < hi && !SPACE.test(text.charAt(end))) end++;
  return WEB_ADDRESS.test(text.slice(start, end));
}

/** Characters from which a line with no capital letter is read as written wholly in lower case. */
const LOWER_CASE_LINE = 80;
const CAPITAL_LETTER = /[A-Z]/;
/**
 * The end of the line around `at` when that line is long and holds no capital letter at all;
 * -1 for any other line.
 */
function lowerCaseLineEnd(text: string, at: number): number {
  const start = text.lastIndexOf('\n', at) + 1;
  const eol = text.indexOf('\n', at);
  const end = eol === -1 ? text.length : eol;
  return end - start >= LOWER_CASE_LINE && !CAPITAL_LETTER.test(text.slice(start, end)) ? end : -1;
}

/**
 * A region whose name holds a possessive ("Earl Fenn's County"): up to three words, the last
 * one possessive, then a region word, looked up as a whole. Null when the gazetteer has no region
 * of that name.
 */
function possessiveRegion(
  text: string,
  tokens: readonly Token[],
  i: number,
  gaz: Gazetteer,
): { span: Span; entries: GazetteerEntry[]; next: number } | null {
  for (let k = i; k < Math.min(tokens.length - 1, i + 3); k++) {
    const t = tokens[k] as Token;
    const region = tokens[k + 1] as Token;
    if (!t.possessive) continue;
    // A sentence's end also stops a name (`possessive`): only a real "'s" makes the county's name.
    if (!/^[’']s$/.test(text.slice(t.end, t.end + 2))) return null;
    if (!region.region || region.start - t.end > 3) return null;
    const start = (tokens[i] as Token).start;
    const entries = gaz.lookup(text.slice(start, region.end)).filter((e) => e.kind === 'region');
    return entries.length > 0 ? { span: [start, region.end], entries, next: k + 2 } : null;
  }
  return null;
}

/** Cheap test before the expensive relative-location pattern: every relation ends in one of these words. */
const RELATION_END =
  /(?:\bof|near|around|outside|to|from)\s+(?:the\s+)?(?:(?:town|city|village|capital|\w+\s+capital)(?:\s+of)?,?\s+)?$/i;
function hasRelation(before: string): boolean {
  return RELATION_END.test(before.slice(-40)) && RELATIVE_BEFORE.test(before);
}

function tokenize(run: string, offset: number, stop: Set<string>, gaz: Gazetteer): Token[] {
  const tokens: Token[] = [];
  for (const m of execAll(WORD, run)) {
    let word = m[0];
    let possessive = false;
    // Plain words (most of them) need none of the trimming below.
    const plain = PLAIN_WORD.test(word);
    if (!plain) {
      // Possessive and trailing punctuation are not part of the name ("Kyiv's", "Bucha.").
      possessive = /[’']s$/.test(word);
      word = word.replace(/[’']s$/, '').replace(/-(?:area|based)$/, '');
      if (!INITIALS.test(word)) {
        // "Chernihiv. Kharkiv": a full stop after a word of three letters or more ends a sentence,
        // so the name stops there like after a possessive ("St. Raphael" and "U.S." run on).
        if (WORD_STOP.test(word)) possessive = true;
        word = word.replace(/[.’'-]+$/, '');
      }
      if (!word) continue;
    }
    const start = offset + m.index;
    const lower = word.toLowerCase();
    tokens.push({
      text: word,
      start,
      end: start + word.length,
      stop: stop.has(lower) || (gaz.demonymCountry(word) !== null && gaz.lookup(word).length === 0),
      region: plain ? REGION_SET.has(lower) : REGION_WORDS.test(word),
      possessive,
    });
  }
  return tokens;
}

/**
 * The town that opens a capitalised run when a noun it modifies follows it ("Fernwick Teen Hurt",
 * "Port Ellis Man Charged"): the words before the first such noun, when the gazetteer has them.
 */
function headlineTown(
  text: string,
  tokens: readonly Token[],
  i: number,
  j: number,
  gaz: Gazetteer,
): { span: Span; entries: GazetteerEntry[]; next: number } | null {
  // Only a name that opens its run: in "Deputies Rescue Woman", "Rescue" is no town.
  if (i !== 0) return null;
  const nouns = residentNouns().words;
  for (let k = i + 1; k <= j && k <= i + 3; k++) {
    const noun = tokens[k] as Token;
    if (!nouns.has(noun.text.toLowerCase())) continue;
    // "<Name> Children's Hospital" is a name of its own.
    if (noun.possessive || (tokens[k - 1] as Token).possessive) return null;
    const span: Span = [(tokens[i] as Token).start, (tokens[k - 1] as Token).end];
    const entries = gaz.lookup(text.slice(span[0], span[1]));
    return entries.length > 0 ? { span, entries, next: k } : null;
  }
  return null;
}

function makeCandidate(
  text: string,
  span: Span,
  entries: GazetteerEntry[],
  next: Token | undefined,
  options: ResolvePlacesOptions,
  _gaz: Gazetteer,
): Candidate {
  const before = text.slice(Math.max(0, span[0] - 60), span[0]);
  const regionWord =
    (next?.region && next.start - span[1] <= 1) || REGION_AFTER.test(text.slice(span[1], span[1] + 16));
  const dl = options.dateline;
  // "Paris, Texas" / "Bucha, Ukraine": the name after the comma narrows the candidates.
  const q = QUALIFIER.exec(text.slice(span[1], span[1] + 40));
  let qualified = false;
  let abbreviation: Candidate['abbreviation'];
  let qualifier: Candidate['qualifier'];
  if (q?.[1]) {
    const scoped = (name: string): GazetteerEntry[] =>
      _gaz.lookup(name).filter((e) => e.kind === 'region' || e.kind === 'country');
    const two = q[2] ? scoped(q[1] + q[2]) : [];
    const scope = two.length > 0 ? two : scoped(q[1]);
    const narrowed = entries.filter((e) =>
      scope.some((s) => s.cc === e.cc && (s.kind === 'country' || s.admin1 === e.admin1)),
    );
    if (narrowed.length > 0) {
      entries = narrowed;
      qualified = true;
      qualifier = scope.some(
        (x) => x.kind === 'region' && narrowed.some((e) => e.cc === x.cc && e.admin1 === x.admin1),
      )
        ? 'region'
        : 'country';
    }
  }
  if (!qualified) {
    // "Auburn, Ala.", "Lawton, OK": a state abbreviation qualifies the town like the state's name.
    const region = regionAbbreviation(text.slice(span[1], span[1] + 12));
    const narrowed = region ? entries.filter((e) => e.cc === region.cc && e.admin1 === region.admin1) : [];
    if (region && narrowed.length > 0) {
      entries = narrowed;
      qualified = true;
      const end = span[1] + region.length;
      const start = end - text.slice(span[1], end).replace(/^,[ \u00a0]+/, '').length;
      abbreviation = { span: [start, end] };
      qualifier = 'region';
    }
  }
  const local = LOCAL_AFTER.test(text.slice(span[1], span[1] + 24));
  const sentenceStart = span[0] === 0 || /(?:[.!?]["”’]?\s+|\n\s*|["“]\s*)$/.test(before.slice(-5));
  // In a capitalised headline only the name that opens it ("Fernwick Man Hurt", not "Police
  // Charge Man").
  const residentWord = residentNouns().after.exec(text.slice(span[1], span[1] + 24));
  const resident = residentWord !== null && (sentenceStart || !/^\P{L}*\p{Lu}/u.test(residentWord[0]));
  return {
    span,
    entries,
    qualified,
    ...(abbreviation ? { abbreviation } : {}),
    ...(qualifier ? { qualifier } : {}),
    addressPart:
      !regionWord &&
      (placePartAfter().test(text.slice(span[1], span[1] + 24)) ||
        BLOCK_OF.test(before.slice(-30)) ||
        crossing(before, text.slice(span[1], span[1] + 8)) ||
        BUSINESS_OF.test(text.slice(span[1], span[1] + 60))),
    regionWord,
    locative: LOCATIVE.test(before.slice(-34)) || hasRelation(before) || local || resident,
    local,
    resident,
    dateline: dl != null && span[0] >= dl[0] && span[1] <= dl[1],
    sentenceStart,
  };
}

/** Whether a name stands at a crossing of two streets ("the intersection of X and Y"). */
function crossing(before: string, after: string): boolean {
  if (!/\b(?:intersection|corner)\s+of\b/i.test(before)) return false;
  return CROSSING_OF.test(before) && (!/of\s+$/i.test(before) || CROSSING_FIRST.test(after));
}

/**
 * A part of a line that names a broadcaster or a website rather than telling the news: a call
 * sign with its channel, network or "-TV" ("WXYZ-TV", "KABC 7", "13 WXYZ"), a web address, or
 * "News, Weather & Sports". Page titles of local stations carry them after " - " or " | ".
 */
const MASTHEAD =
  /\b[KW][A-Z]{2,3}(?:-(?:TV|DT|FM|AM|CD)\b|\s+(?:\d+(?!\s+[a-z])|ABC|NBC|CBS|FOX\d*|CW|News)\b)|\b\d+\s+[KW][A-Z]{2,3}\b|\b[\w-]{1,63}\.(?:com|net|org|tv)\b|\bNews\b.{0,40}\b(?:Weather|Sports)\b/;
const LINE_PART = /[^\n|–—]+?(?=\s[-|–—]\s|\s?[|–—]|\n|$)/g;

/**
 * The spans of mastheads (`MASTHEAD`): from the part of a line that names one to the line's end,
 * or to a dash that opens the report's own words ("FERNWICK (KXYZ.com) — Police said …"). A
 * credit in parentheses is a dateline's, not a masthead.
 */
export function findMastheads(text: string): Span[] {
  const spans: Span[] = [];
  if (!/\b(?:[KW][A-Z]{2,3}|News|com|net|org|tv)\b/.test(text)) return spans;
  const firstLine = text.search(/\S/);
  for (const m of execAll(LINE_PART, text)) {
    const last = spans[spans.length - 1];
    if (last && m.index < last[1]) continue;
    // Only a title: the first line, or a short part of a line cut by separators (a page title);
    // a station named in the story's own sentences ("police told WXYZ News") is a source.
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    const eolAt = text.indexOf('\n', m.index);
    const line = text.slice(lineStart, eolAt === -1 ? text.length : eolAt);
    const title = lineStart <= firstLine || SEPARATOR.test(line);
    if (!title || m[0].split(/\s+/).length > MASTHEAD_WORDS) continue;
    if (!MASTHEAD.test(m[0].replace(PARENTHESES, ''))) continue;
    const eol = text.indexOf('\n', m.index);
    const end = eol === -1 ? text.length : eol;
    const dash = text.slice(m.index + m[0].length, end).search(/\s[—–]\s/);
    spans.push([m.index, dash === -1 ? end : m.index + m[0].length + dash]);
  }
  return spans;
}
const PARENTHESES = /\([^()\n]*\)/g;
/** A page title's separator between the story's title and the site's name. */
const SEPARATOR = /\s[-|–—]\s|\s?\|/;
/** Words at most in a masthead part of a line. */
const MASTHEAD_WORDS = 12;

const insideAny = (span: Span, outer: readonly Span[]): boolean =>
  outer.some((o) => span[0] >= o[0] && span[1] <= o[1]);

/** Population under which an unqualified town outside a local report's home region is not taken. */
const OTHER_REGION_TOWN = 100_000;

/**
 * The first-level regions a report is local to: those of the towns it qualifies with their region
 * ("Auburn, Ala.", "Paris, Texas") and of its dateline town, unless that town is a capital (a
 * bureau files national and foreign news from there) or the dateline names its country ("BUCHA,
 * Ukraine": a foreign correspondent's dateline, not a local paper's), and of a town whose local
 * institution the report cites ("Toledo police said"), on the same terms as a dateline town.
 */
function homeRegions(candidates: readonly Candidate[], text: string, support: RegionSupport): Set<string> {
  const home = new Set<string>();
  for (const c of candidates) {
    if (
      c.regionWord ||
      c.addressPart ||
      c.qualifier === 'country' ||
      !(c.qualifier === 'region' || c.dateline || c.local)
    )
      continue;
    const all = c.entries.filter((e) => e.kind === 'populated-place');
    // "CANTON –" in a report that names Ohio: the namesake in a region the report's other places
    // share, however large a namesake elsewhere.
    const surface = foldPlaceName(text.slice(c.span[0], c.span[1]));
    const shared = all.filter((e) => supportOf(support, e, surface) >= SHARED_REGION);
    const towns = shared.length > 0 ? shared : all;
    const top = [...towns].sort((a, b) => b.population - a.population)[0];
    if (!top?.admin1) continue;
    const one = towns.every((e) => e.cc === top.cc && e.admin1 === top.admin1);
    // A dateline town names its region when it dwarfs its namesakes elsewhere.
    const dominant = towns.every(
      (e) => (e.cc === top.cc && e.admin1 === top.admin1) || 10 * e.population <= top.population,
    );
    if (c.qualifier === 'region' ? one : top.feature !== 'PPLC' && top.population >= 10_000 && dominant)
      home.add(`${top.cc}|${top.admin1}`);
  }
  return home.size > 0 ? home : cityRegion(candidates, text, support);
}

/**
 * The report's own city: the one big city (at least `ANCHOR_CITY` people) of the report's home
 * region whose local institution the report cites ("Fernwick police said") or that its dateline
 * names. None when the report cites several.
 */
function homeCity(candidates: readonly Candidate[], home: ReadonlySet<string>): GazetteerEntry | undefined {
  const cities = new Set<GazetteerEntry>();
  for (const c of candidates) {
    if (!(c.local || c.dateline) || c.regionWord) continue;
    const top = c.entries
      .filter((e) => e.kind === 'populated-place' && home.has(`${e.cc}|${e.admin1}`))
      .sort((a, b) => b.population - a.population)[0];
    if (top && top.population >= ANCHOR_CITY && top.feature !== 'PPLX') cities.add(top);
  }
  return cities.size === 1 ? [...cities][0] : undefined;
}

/**
 * Whether the name is also the own name of a state of a federation ("Virginia", "Victoria"),
 * one the gazetteer ties to its towns' admin1 code: news names a state on its own, as it names
 * a city, while a province or a department ("Beni") is named beside its region word or its
 * country, and a large town of that name abroad is the likelier reading.
 */
function namesRegion(c: Candidate, text: string): boolean {
  const folded = foldPlaceName(text.slice(c.span[0], c.span[1]));
  return c.entries.some((e) => isOwnStateName(e, folded));
}

/** Population from which a town that dwarfs its namesakes marks the region a report is local to. */
const ANCHOR_CITY = 100_000;

/**
 * A report with no dateline, qualifier or local institution is still local when every large city
 * it names ("Laredo", "Saskatoon": at least `ANCHOR_CITY` people, ten times any namesake, not
 * a national capital) lies in one region: a local paper's report names its own city. A report
 * naming large cities of several regions (national news) or naming a country (foreign news) has
 * no home region.
 */
function cityRegion(candidates: readonly Candidate[], text: string, support: RegionSupport): Set<string> {
  const regions = new Set<string>();
  // A report that names a country ("in Ukraine") is written for readers elsewhere, not local news.
  const namesCountry = candidates.some(
    (c) =>
      c.entries.some((e) => e.kind === 'country') &&
      !c.entries.some((e) => e.kind === 'region' && e.feature === 'ADM1'),
  );
  if (namesCountry) return regions;
  for (const c of candidates) {
    // "the 3100 block of Fernwick Boulevard": a street named like a big city says nothing of
    // where the report is at home.
    if (c.regionWord || c.addressPart || namesRegion(c, text)) continue;
    const towns = c.entries.filter((e) => e.kind === 'populated-place');
    const top = [...towns].sort((a, b) => b.population - a.population)[0];
    if (!top?.admin1 || top.population < ANCHOR_CITY || top.feature === 'PPLC') continue;
    if (towns.some((e) => e !== top && 10 * e.population > top.population)) continue;
    // A namesake in a region the report's other places point to is the likelier reading.
    const surface = foldPlaceName(text.slice(c.span[0], c.span[1]));
    if (towns.some((e) => e !== top && supportOf(support, e, surface) >= SHARED_REGION)) continue;
    regions.add(`${top.cc}|${top.admin1}`);
  }
  return regions.size === 1 ? regions : new Set();
}

/**
 * For each first-level region (`cc|admin1`), the place names of the report that could lie in it,
 * each weighing 1/√(number of regions its namesakes lie in): "Ohio" or "Pasco County, Fla." point
 * to one region, "Jackson" (a town in most states) to none in particular. Two names whose
 * namesakes share one region (a town and a county of that name) are read in that region. Only
 * names read as places by their context count ("in X", a qualifier, a region word, a dateline, a
 * local institution, or a name only regions bear), not any capitalised word ("and Mitchell Mann").
 */
type RegionSupport = Map<string, Map<string, number>>;
function regionSupport(candidates: readonly Candidate[], text: string): RegionSupport {
  const regionsOf = new Map<string, Set<string>>();
  for (const c of candidates) {
    const placed =
      c.qualified ||
      c.regionWord ||
      c.dateline ||
      c.local ||
      c.entries.every((e) => e.kind === 'region') ||
      (c.locative && STRICT_LOCATIVE.test(text.slice(Math.max(0, c.span[0] - 40), c.span[0])));
    if (!placed) continue;
    const surface = nameCore(text.slice(c.span[0], c.span[1]));
    const keys = regionsOf.get(surface) ?? new Set<string>();
    for (const e of c.entries) if (e.kind !== 'country' && e.admin1) keys.add(`${e.cc}|${e.admin1}`);
    regionsOf.set(surface, keys);
  }
  const out: RegionSupport = new Map();
  for (const [surface, keys] of regionsOf) {
    const weight = 1 / Math.sqrt(keys.size);
    for (const key of keys) {
      const bySurface = out.get(key) ?? new Map<string, number>();
      bySurface.set(surface, weight);
      out.set(key, bySurface);
    }
  }
  return out;
}
/**
 * A name without its region word, folded: "DeKalb County" and "DeKalb" are one name (a county and
 * its short form, or a county and its seat) and do not point to each other's region.
 */
function nameCore(name: string): string {
  const words = foldPlaceName(name).split(' ');
  if (words.length > 1 && REGION_SET.has(words[words.length - 1] as string)) words.pop();
  return words.join(' ');
}
/** How strongly the report's other place names point to the region of `e` (`name`: its surface). */
function supportOf(support: RegionSupport, e: GazetteerEntry, name: string): number {
  const bySurface = e.admin1 ? support.get(`${e.cc}|${e.admin1}`) : undefined;
  if (!bySurface) return 0;
  const core = nameCore(name);
  let sum = 0;
  for (const [other, weight] of bySurface) if (other !== core) sum += weight;
  return sum;
}
/** Support from which a dateline town's namesake in that region is the report's home. */
const SHARED_REGION = 0.5;
/** Score per unit of region support (a tenfold population is one unit), and its cap. */
const SUPPORT_WEIGHT = 3;
const SUPPORT_CAP = 4.5;

/**
 * Weight of a county's people in `choose`: at most ~0.07 (ten million people), under the smallest
 * fixed term (+0.5), so it orders counties otherwise alike and moves a county past a town only
 * where the two were within 0.07 of each other.
 */
const COUNTY_PEOPLE_WEIGHT = 0.01;
/** The radius around a county's centre its people are counted in: a typical US county's. */
const COUNTY_RADIUS_KM = 30;

function choose(
  c: Candidate,
  inContext: Set<string>,
  admin1s: Map<string, number>,
  surface = '',
  support: RegionSupport = new Map(),
  gaz?: Gazetteer,
): GazetteerEntry | undefined {
  const named = c.entries.filter((e) => e.kind === 'country');
  if (named.length > 0 && !c.regionWord) {
    // "in Georgia" in a report about the United States is the state, not the country.
    const state = c.entries.find(
      (e) => e.kind === 'region' && e.feature === 'ADM1' && e.cc !== null && inContext.has(e.cc),
    );
    return named.find((e) => e.cc !== null && inContext.has(e.cc)) ?? state ?? named[0];
  }
  const pool = c.regionWord
    ? (() => {
        const regions = c.entries.filter((e) => e.kind === 'region');
        return regions.length > 0 ? regions : c.entries.filter((e) => e.kind !== 'country');
      })()
    : c.entries.filter((e) => e.kind !== 'country');
  let best: GazetteerEntry | undefined;
  let bestScore = -Infinity;
  const folded = foldPlaceName(surface);
  for (const e of pool) {
    // A region reached through the name of its seat ("Fernwick" for the state whose capital it
    // is) is that seat when the word stands alone: the region's own name would have been used.
    if (!c.regionWord && e.kind === 'region' && folded !== foldPlaceName(e.name) && isSeatOf(pool, e, folded))
      continue;
    // A first-level region weighs like a town of ~300k: big cities named like their region win.
    let score = e.kind === 'region' ? 5.5 : Math.log10(e.population + 1);
    // A federation's state named by its own name ("Florida") outweighs a regional capital abroad
    // of that name (a town of ~30k with its +1), as a seat would: news names a state on its own.
    if (!c.regionWord && isOwnStateName(e, folded)) score += 0.5;
    if (e.cc && inContext.has(e.cc)) score += 4;
    if (e.admin1 && admin1s.has(`${e.cc}|${e.admin1}`)) score += 1.5;
    // A town or a county, not a first-level region: the towns of a region point to it, and a city
    // named like its region ("Fernwick" and "Fernwick Oblast") is still the city.
    if (e.kind === 'populated-place' || (e.kind === 'region' && e.feature !== 'ADM1'))
      score += Math.min(SUPPORT_CAP, SUPPORT_WEIGHT * supportOf(support, e, folded));
    if (e.kind === 'area') score += 3;
    // Counties carry no population: of counties otherwise alike ("Fernwick County" in several
    // states), the one more people live in is likelier news, so it wins the tie.
    if (e.kind === 'region' && e.feature === 'ADM2' && gaz)
      score += COUNTY_PEOPLE_WEIGHT * Math.log10(1 + gaz.peopleAround(e, COUNTY_RADIUS_KM));
    if (e.feature === 'PPLC') score += 2;
    else if (e.feature === 'PPLA') score += 1;
    if (score > bestScore) {
      bestScore = score;
      best = e;
    }
  }
  return best;
}

/** Whether the entry is a federation's state and the surface is its own name ("Virginia"). */
function isOwnStateName(e: GazetteerEntry, folded: string): boolean {
  return (
    e.kind === 'region' &&
    e.feature === 'ADM1' &&
    e.subdivision === 'state' &&
    e.admin1 !== null &&
    foldPlaceName(e.name) === folded
  );
}

/** Whether the pool holds the seat (admin centre or capital) of a region under the given name. */
function isSeatOf(pool: readonly GazetteerEntry[], region: GazetteerEntry, folded: string): boolean {
  return pool.some(
    (p) =>
      p.kind === 'populated-place' &&
      p.cc === region.cc &&
      p.admin1 === region.admin1 &&
      (p.feature === 'PPLA' || p.feature === 'PPLC') &&
      foldPlaceName(p.name) === folded,
  );
}

const WATER_BEFORE = /\b(?:Sea|Gulf|Bay|Straits?|Sound)\s+of\s+(?:the\s+)?$/;
/**
 * "Phone users press here", "Laptop users click", "PHONE/LAPTOP USERS:": a name right before
 * "users" (or before another device and "users") names the users of a device or a service, as a
 * page's buttons address them; a town's people are its residents.
 */
const USERS_AFTER = /^(?:\/\p{L}+)?[ \u00a0]+users\b/iu;

function accept(
  c: Candidate,
  best: GazetteerEntry,
  inContext: Set<string>,
  text: string,
  gaz: Gazetteer,
): boolean {
  // "Franklin Street", "Mercy Hospital", "the 300 block of Enid": part of an address or a building.
  if (c.addressPart) return false;
  if (best.kind === 'country' || best.kind === 'area') return true;
  // "the Sea of Azov", "the Gulf of Aden": the name of a body of water, not the town.
  if (WATER_BEFORE.test(text.slice(Math.max(0, c.span[0] - 12), c.span[0]))) return false;
  // "(Meridian)", "(AP)": a wire credit in parentheses is not a place.
  if (text[c.span[0] - 1] === '(' && text[c.span[1]] === ')') return false;
  if (USERS_AFTER.test(text.slice(c.span[1], c.span[1] + 24))) return false;
  if (c.dateline) return true;
  const name = text.slice(c.span[0], c.span[1]);
  // Acronyms (U.N., EU, WHO) are organisations unless the curated list names them as places: a
  // curated short name ("NYC") reaches its city. Any other alternate name of a city abroad ("MA",
  // a degree or a state's code) is no place.
  if (ACRONYM.test(name) && name.replace(/\./g, '').length <= 4 && !gaz.isCurated(name)) return false;
  // "the Azov regiment", "the Hilton": a bare "the" before a town name marks a thing named after it.
  // "the Fernwick Police Department", "the Fernwick shooting": the town's own institution or
  // incident, so the town is the place. "the Bronx": the article is the town's own.
  if (
    /\bthe\s+$/i.test(text.slice(Math.max(0, c.span[0] - 5), c.span[0])) &&
    best.kind === 'populated-place' &&
    !c.regionWord &&
    !c.local &&
    !c.resident &&
    !(best.name.startsWith('The ') && !name.startsWith('The'))
  )
    return false;
  // "The Bronx" found as "Bronx" only where the report writes its article in lower case ("in the
  // Bronx"): "Villages" alone is a word, not "The Villages".
  if (
    best.name.startsWith('The ') &&
    !name.startsWith('The') &&
    !/\bthe\s+$/i.test(text.slice(Math.max(0, c.span[0] - 5), c.span[0]))
  )
    return false;
  if (c.regionWord || c.qualified) return true;
  if (best.kind === 'region')
    return c.locative || !c.sentenceStart || (best.cc !== null && inContext.has(best.cc));
  if (best.cc && inContext.has(best.cc) && (c.locative || !c.sentenceStart || best.population >= 10000))
    return true;
  if (c.locative && best.population >= 1000) return true;
  return best.population >= 100000 && !c.sentenceStart;
}

function toMention(text: string, c: Candidate, e: GazetteerEntry, gaz: Gazetteer): PlaceMention {
  let span: Span = c.span;
  let relation: string | null = null;
  const before = text.slice(Math.max(0, span[0] - 80), span[0]);
  const rel = hasRelation(before) ? RELATIVE_BEFORE.exec(before) : null;
  if (rel && e.kind !== 'country') {
    span = [span[0] - (before.length - rel.index), span[1]];
    relation = text.slice(span[0], span[1]);
  } else if (/^-area\b/.test(text.slice(span[1], span[1] + 6)) && e.kind !== 'country') {
    // "Kyiv-area towns": somewhere around Kyiv.
    span = [span[0], span[1] + 5];
    relation = text.slice(span[0], span[1]);
  }
  if (c.regionWord) {
    const after = REGION_AFTER.exec(text.slice(span[1], span[1] + 16));
    if (after) span = [span[0], span[1] + after[0].length];
  }
  // A county (second-level unit) lies in the first-level region its admin1 code names.
  const region = e.kind === 'region' && e.feature !== 'ADM2' ? e : null;
  const precision = relation
    ? 'near'
    : e.kind === 'country'
      ? 'country'
      : e.kind === 'region' || (c.regionWord && e.kind !== 'area')
        ? 'region'
        : e.kind === 'area'
          ? 'region'
          : 'town';
  const regionName = region ? region.name : gaz.regionName(e.cc, e.admin1);
  // "Shots in Boyle Heights": a neighbourhood (a section of a city) is named by its city.
  const city = c.regionWord ? undefined : gaz.cityOf(e);
  const reason = resolutionReason(c, relation !== null, city);
  return {
    span,
    text: text.slice(span[0], span[1]),
    name: c.regionWord && e.kind === 'populated-place' ? (regionName ?? e.name) : (city?.name ?? e.name),
    admin1: e.kind === 'country' ? null : regionName,
    country: e.cc ? (gaz.country(e.cc)?.name ?? null) : null,
    countryCode: e.cc,
    lat: c.unlisted ? null : e.lat,
    lon: c.unlisted ? null : e.lon,
    precision,
    kind: e.kind === 'populated-place' && c.regionWord ? 'region' : e.kind,
    relation,
    ...(city ? { section: e.name } : {}),
    reason,
  };
}

/**
 * Why a name was read as this place, in words: the context that supports it (dateline, a
 * qualifier, a region word, a preposition of location, a local institution), how the namesake
 * was chosen, and a section of a city named by its city.
 */
function resolutionReason(c: Candidate, relative: boolean, city: GazetteerEntry | undefined): string {
  const why: string[] = [];
  if (c.dateline) why.push('in the dateline');
  if (c.abbreviation) why.push('qualified by a state abbreviation');
  else if (c.qualifier === 'region') why.push('qualified by its region');
  else if (c.qualifier === 'country') why.push('qualified by its country');
  if (c.regionWord) why.push('named with a region word');
  if (relative) why.push('a location relative to it');
  else if (c.local) why.push('named by a local institution');
  else if (c.resident) why.push('naming a resident or an incident as a town does');
  else if (c.locative) why.push('after a preposition of location');
  if (c.home) why.push("the namesake in the report's home region");
  else if (c.shared) why.push("the namesake in the region the report's other places share");
  else if (!c.qualified && c.entries.length > 1)
    why.push(`the likeliest of ${c.entries.length} places of that name`);
  if (c.unlisted) why.push('a town the gazetteer lacks, in the state written with it');
  if (why.length === 0) why.push('a known place');
  if (city) why.push(`a section of ${city.name}, named by its city`);
  if (c.sectionOf) why.push(`read as a section of ${c.sectionOf.name}, the report's own city`);
  return why.join('; ');
}

function dropOverlaps(places: PlaceMention[], text: string): PlaceMention[] {
  const out: PlaceMention[] = [];
  for (const p of places) {
    const last = out[out.length - 1];
    // "Motyzhyn, some 50 kilometers west of Kyiv": the relative location only situates the town.
    if (
      last &&
      p.relation &&
      last.precision === 'town' &&
      p.span[0] >= last.span[1] &&
      /^,\s{0,2}$/.test(text.slice(last.span[1], p.span[0]))
    ) {
      continue;
    }
    if (last && p.span[0] < last.span[1]) {
      if (p.span[1] - p.span[0] > last.span[1] - last.span[0]) out[out.length - 1] = p;
      continue;
    }
    out.push(p);
  }
  return out;
}
