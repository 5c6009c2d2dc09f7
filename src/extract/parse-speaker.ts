import { isPersonNoun } from './check-speaker.js';
import { isGivenName } from './given-name-gender.js';
import { loadLexicon } from './load-lexicon.js';

interface TitleLexicon {
  titles: string[];
  modifiers: string[];
  honorifics: string[];
  organisationWords: string[];
  descriptors: string[];
  suffixes?: string[];
  /** Adjectives and labels that open a name in popular papers (`Brave Owen`): role, not name. */
  leads?: string[];
  /** Lower-case words inside a surname (`van`, `de`): part of the name before a capitalised word. */
  particles?: string[];
  /** Participles that open a counsel's or judge's name (`Prosecuting Tom Brindle`): a role lead. */
  roleParticiples?: string[];
  /** Styles of the peerage (`Lord`, `Baroness`): a role before a full name, as `Dr` is. */
  peerages?: string[];
  wires: Record<string, string[]>;
}

export interface SpeakerWords {
  titles: Set<string>;
  modifiers: Set<string>;
  honorifics: Set<string>;
  organisations: Set<string>;
  descriptors: Set<string>;
  /** Post-nominal letters (`QC`, `MP`): a role after the name. */
  suffixes: Set<string>;
  leads: Set<string>;
  particles: Set<string>;
  roleParticiples: Set<string>;
  peerages: Set<string>;
  wires: Map<string, string>;
}

let words: SpeakerWords | undefined;

export function speakerWords(): SpeakerWords {
  if (words) return words;
  const lexicon = loadLexicon<TitleLexicon>('speaker-titles');
  const wires = new Map<string, string>();
  for (const [name, forms] of Object.entries(lexicon.wires)) for (const form of forms) wires.set(form, name);
  words = {
    titles: new Set(lexicon.titles),
    modifiers: new Set(lexicon.modifiers),
    honorifics: new Set(lexicon.honorifics),
    organisations: new Set(lexicon.organisationWords),
    descriptors: new Set(lexicon.descriptors),
    suffixes: new Set(lexicon.suffixes ?? []),
    leads: new Set(lexicon.leads ?? []),
    particles: new Set(lexicon.particles ?? []),
    roleParticiples: new Set(lexicon.roleParticiples ?? []),
    peerages: new Set(lexicon.peerages ?? []),
    wires,
  };
  return words;
}

export type SpeakerKind = 'person' | 'organisation' | 'pronoun' | 'description';

export interface ParsedSpeaker {
  speaker: string;
  role: string | null;
  kind: SpeakerKind;
}

const PRONOUNS = new Set(['he', 'she', 'it', 'they', 'we', 'i', 'who']);
const DETERMINER = /^(?:the|a|an|one|another|his|her|its|their|some|several|many|two|three|local)\s/i;
const bare = (word: string): string => word.toLowerCase().replace(/[’']s$/, '');
const UPPER_FIRST = /^\p{Lu}/u;
/** A word in capitals (`COURTS`, `TYCOON`): a section kicker or emphasis in tabloid copy. */
const ALL_CAPS = /^\p{Lu}{2,}$/u;
const NAME_WORD = /^\p{Lu}\p{Ll}/u;
/**
 * A participle (`Sentencing`, `Prosecuting`), a participial adjective (`Horrified`, `Saddened`,
 * `Distressed`, `Shocked`) or a hyphenated adjective (`Drug-crazed`) before a name.
 */
/** Prepositions and conjunctions that open a sentence, capitalised: never the first word of a name. */
const OPENING_PREPOSITION =
  /^(?:Despite|Like|Unlike|After|Before|During|Following|Without|Within|Since|Until|Upon|Among|Amid|Against|Although|Though|Whereas|Unless|Because)$/;
const LEAD_MODIFIER = /^\p{Lu}\p{Ll}+(?:ing|ied|ened|ssed|cked|(?:-\p{Ll}+)+)$/u;
const isCapitalised = (word: string): boolean => UPPER_FIRST.test(word);

/**
 * Splits a speaker phrase into name and role: `City Mayor Jan Novak` → speaker
 * `Jan Novak`, role `City Mayor`; `Russia’s Defense Ministry` → an organisation;
 * `the neighbour who asked not to be named` → a description kept whole.
 */
export function parseSpeaker(phrase: string): ParsedSpeaker {
  const cached = parsed.get(phrase);
  if (cached) return cached;
  const result = parse(phrase);
  if (parsed.size > 50_000) parsed.clear();
  parsed.set(phrase, result);
  return result;
}

const parsed = new Map<string, ParsedSpeaker>();

/** Punctuation around a phrase cut from running text (`Innocent Mbafele,`, `“Kalonji`). */
const EDGE_PUNCTUATION = /^[\s,;:“”"—–]+|[\s,;:“”"—–]+$/g;
/** A label before a colon: `LALF: Innocent Mbafele`, `Reuters: the ministry`. */
const LABEL = /^(\p{Lu}[\p{L}\p{N}&.’'-]*(?: \p{Lu}[\p{L}\p{N}&.’'-]*){0,5}): (\S.*)$/u;

function parse(phrase: string): ParsedSpeaker {
  const { titles, modifiers, honorifics, organisations, wires, suffixes, peerages } = speakerWords();
  const flat = phrase.trim().replace(/\s+/g, ' ');
  const text = flat.replace(EDGE_PUNCTUATION, '') || flat;
  // A leading label names who the speaker speaks for: it becomes (part of) a person's role.
  const label = LABEL.exec(text);
  if (label) {
    const inner = parse(label[2]!);
    if (inner.kind !== 'person') return inner;
    return { ...inner, role: inner.role ? `${label[1]} ${inner.role}` : label[1]! };
  }
  const lower = text.toLowerCase();
  if (PRONOUNS.has(lower)) return { speaker: text, role: null, kind: 'pronoun' };
  const wire = wires.get(lower.replace(/^the /, ''));
  if (wire) return { speaker: wire, role: null, kind: 'organisation' };
  const tokens = text.split(' ');
  // `COURTS Brindle`, `TYCOON Ali Tamimi`: capitals before a written name are a kicker.
  while (
    tokens.length > 1 &&
    ALL_CAPS.test(tokens[0]!) &&
    !titles.has(tokens[0]!.toLowerCase()) &&
    (NAME_WORD.test(tokens[1]!) || (ALL_CAPS.test(tokens[1]!) && NAME_WORD.test(tokens[2] ?? '')))
  )
    tokens.shift();
  // `Despite Doe`, `Like Ann`: a preposition opening a sentence before a name is not part of it.
  if (tokens.length > 1 && OPENING_PREPOSITION.test(tokens[0]!) && isCapitalised(tokens[1]!)) tokens.shift();
  // `Tom Brindle QC`, `Jane Smith MP`: post-nominal letters are a role.
  const suffix: string[] = [];
  while (
    tokens.length > 2 &&
    suffixes.has(tokens[tokens.length - 1]!.toLowerCase()) &&
    tokens[tokens.length - 1] === tokens[tokens.length - 1]!.toUpperCase()
  )
    suffix.unshift(tokens.pop()!);
  // `Inspector Jo Doe of East County police`: where a named person works is their role.
  const of = tokens.findIndex(
    (token, i) => i >= 2 && /^(?:of|from)$/.test(token) && NAME_WORD.test(tokens[i - 1]!),
  );
  if (of > 0) {
    const inner = parse(tokens.slice(0, of).join(' '));
    if (inner.kind === 'person' && inner.speaker.includes(' ')) {
      const where = tokens.slice(of).join(' ');
      return { ...inner, role: inner.role ? `${inner.role}, ${where}` : where };
    }
  }
  // `Recorder of Westford Ann Cole`, `Chief Constable of Fenshire Tom Doe`: a title `of` a place
  // before a name; the name is the last two words, the rest the role.
  const titleOf = tokens.indexOf('of');
  if (
    titleOf >= 1 &&
    tokens.length - titleOf >= 4 &&
    tokens.slice(0, titleOf).some((token) => titles.has(token.toLowerCase())) &&
    tokens.slice(titleOf + 1).every((token) => NAME_WORD.test(token))
  ) {
    const inner = parse(tokens.slice(-2).join(' '));
    if (inner.kind === 'person' && inner.speaker.includes(' '))
      return { ...inner, role: tokens.slice(0, -2).join(' ') };
  }
  // `Sentencing Fenn`, `Prosecuting Tom Brindle`, `Angry Owen Fenn`: a lead, not a name.
  const leads = speakerWords().leads;
  const lead =
    tokens.length > 1 &&
    (LEAD_MODIFIER.test(tokens[0]!) || (leads.has(tokens[0]!.toLowerCase()) && isCapitalised(tokens[1]!)))
      ? tokens.shift()!
      : null;
  if (suffix.length > 0 || lead) {
    const inner = parse(tokens.join(' '));
    if (inner.kind !== 'person') return inner;
    const role = [lead, inner.role, suffix.join(' ')].filter(Boolean).join(', ') || null;
    return { ...inner, role };
  }
  // `Mrs Cross`, `Ann Cross`: a last word that also names organisations (`Red Cross`) is a
  // surname after a personal honorific or a given name.
  const final = tokens.length - 1;
  const surnameOfPerson =
    final >= 1 &&
    organisations.has(tokens[final]!.toLowerCase()) &&
    isCapitalised(tokens[final]!) &&
    (honorifics.has(tokens[final - 1]!.toLowerCase()) || isGivenName(tokens[final - 1]!));
  const organisationWord = (token: string, i: number): boolean =>
    organisations.has(bare(token)) && !(surnameOfPerson && i === final);
  // The name is the trailing run of capitalised words that are not titles or title modifiers.
  let nameStart = tokens.length;
  while (nameStart > 0) {
    const token = tokens[nameStart - 1]!;
    const key = token.toLowerCase();
    // `Ida van Lorne`, `Prof van Lorne`: a particle between a capitalised word (or a title) and
    // the surname is part of the name.
    if (speakerWords().particles.has(token) && nameStart < tokens.length && nameStart >= 2) {
      nameStart--;
      continue;
    }
    if (
      !isCapitalised(token) ||
      titles.has(key) ||
      modifiers.has(key) ||
      honorifics.has(key) ||
      // `Baroness Ann Keel`: a peer's style before a full name is the role, as `Dr` is. Before a
      // surname alone (`Lord Fenwick`, `Baroness Keel`) it stays: that style is how a peer is named.
      (peerages.has(key) && tokens.length - nameStart >= 2) ||
      (organisations.has(key) && !(surnameOfPerson && nameStart - 1 === final)) ||
      /[’']s$/.test(token)
    )
      break;
    nameStart--;
  }
  // `Songwriter Ann`, `Songwriter Ann Cole`: a capitalised occupation before a given name is a role.
  if (
    tokens.length - nameStart >= 2 &&
    isPersonNoun(tokens[nameStart]!) &&
    !isGivenName(tokens[nameStart]!) &&
    isGivenName(tokens[nameStart + 1]!)
  )
    nameStart++;
  const name = tokens.slice(nameStart).join(' ');
  // `The QC`, `Solicitor`, `the judge`: a role word alone is a description, never a name.
  if (!name && titles.has(tokens[tokens.length - 1]!.toLowerCase()))
    return { speaker: text, role: null, kind: 'description' };
  // `Mr`, `Ms` are dropped. A doctor's title is a role, as an editor reads it (`Dr. Esther
  // Lokana` is Esther Lokana, a doctor): kept as the role when nothing else says what she is.
  const before = tokens.slice(0, nameStart);
  const roleTokens = before.filter((token) => !honorifics.has(token.toLowerCase()));
  if (roleTokens.length === 0 && before.length > 0 && /^dr\.?$/i.test(before[before.length - 1]!))
    roleTokens.push(before[before.length - 1]!);
  // `his mother Orla`, `neighbour Jo Doe`, `Mrs Doe's son Tam`: kin, occupation and a
  // possessive before a name are the person's role too.
  const titled =
    roleTokens.some(
      (token) =>
        titles.has(token.toLowerCase()) ||
        honorifics.has(token.toLowerCase()) ||
        peerages.has(token.toLowerCase()) ||
        (roleTokens.length <= 3 && (isPersonNoun(token) || /[’']s$/.test(token))),
    ) || /^dr\.?$/i.test(before[before.length - 1] ?? '');
  // `A spokesman for LALF`, `A spokesman for the LALF`: the capitalised words name the organisation.
  const PREPOSITION = /^(?:of|in|for|from|at)$/i;
  const last = roleTokens[roleTokens.length - 1] ?? '';
  const afterPreposition =
    PREPOSITION.test(last) ||
    (/^(?:the|a|an)$/i.test(last) && PREPOSITION.test(roleTokens[roleTokens.length - 2] ?? ''));
  if (name && !afterPreposition && (roleTokens.length === 0 || titled) && tokens.length - nameStart <= 4) {
    const role = roleTokens.length > 0 ? roleTokens.join(' ').replace(/^the /i, '') : null;
    if (role || !tokens.some(organisationWord)) return { speaker: name, role, kind: 'person' };
  }
  if (
    afterPreposition ||
    !isCapitalised(text) ||
    (DETERMINER.test(text) && !isCapitalised(tokens[1] ?? ''))
  ) {
    return { speaker: text, role: null, kind: 'description' };
  }
  if (tokens.some(organisationWord) || roleTokens.length > 0 || tokens.length > 4) {
    return { speaker: text.replace(/^the /i, ''), role: null, kind: 'organisation' };
  }
  return { speaker: name, role: null, kind: 'person' };
}

const ROLE_DETERMINER = /^(?:the|a|an|this|that)$/i;

/**
 * True when a speaker phrase is only a role (`the judge`, `The QC`, `Solicitor`, `the defence
 * counsel`): no name, so not a speaker a reader can check. The role is kept, the speaker left unknown.
 */
export function isRoleOnly(phrase: string): boolean {
  const { titles, modifiers, descriptors } = speakerWords();
  const tokens = phrase.trim().split(/\s+/);
  if (tokens.length > 4) return false;
  const last = tokens[tokens.length - 1]?.toLowerCase() ?? '';
  // `the witness`, `a resident`: an unnamed source described as such is the speaker a report gives.
  if (!titles.has(last) || descriptors.has(last)) return false;
  return tokens.every((token, i) => {
    const lower = token.toLowerCase();
    return (i === 0 && ROLE_DETERMINER.test(token)) || titles.has(lower) || modifiers.has(lower);
  });
}
