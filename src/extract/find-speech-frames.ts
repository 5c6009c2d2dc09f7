import type { Sentence, Span, Stance } from '../core/types.js';
import { isPersonNoun, isWorkNoun, isWorkTitle } from './check-speaker.js';
import { isPlainText } from './exec-all.js';
import { loadGazetteer } from './gazetteer/load-gazetteer.js';
import { genderOfGivenName, isGivenName } from './given-name-gender.js';
import { loadLexicon } from './load-lexicon.js';
import { isRoleOnly, parseSpeaker, type SpeakerKind, speakerWords } from './parse-speaker.js';
import { wrapsAt } from './split-sentences.js';

interface CueLexicon {
  /** Manner adverbs between a speaker and the cue (`categorically denied`). */
  adverbs?: { words: string[]; nouns?: string[] };
  verbs: Record<string, Stance>;
  perception: string[];
  according: string[];
  perceivers: string[];
  sayForms: string[];
}

/** Who is speaking in a frame, as written and as resolved (pronouns, surnames, `the mayor`). */
export interface FrameSpeaker {
  /** Resolved speaker name or description. */
  speaker: string;
  role: string | null;
  kind: SpeakerKind;
  /** The words in the text that name the speaker (a pronoun stays a pronoun here). */
  span: Span;
  /** True when the speaker was resolved from an earlier mention rather than read here. */
  resolved: boolean;
  /**
   * The whole subject when it is more than the name: `A spokesman for the LALF, Innocent
   * Mbafele` (the role before the name), so that an attribution reads from its beginning.
   */
  phrase?: Span;
}

/** A reporting frame: `<speaker> <cue> <statement>`, `according to <speaker>`, `<speaker> saw`. */
export interface SpeechFrame {
  sentence: number;
  kind: 'speech' | 'perception' | 'according';
  cue: string;
  cueSpan: Span;
  stance: Stance;
  speaker: FrameSpeaker | null;
  /** The reported clause, when one could be delimited. */
  statement: Span | null;
}

interface Compiled {
  /** Single-word cues, lower-case. */
  words: Set<string>;
  /** Multi-word cues by their first word: `according` → [`according to`]. */
  phrases: Map<string, RegExp[]>;
  /** Any cue's first word, case-sensitive (cues are lower-case, or `According` opening a sentence). */
  candidates: RegExp;
  verbs: Map<string, Stance>;
  perception: Set<string>;
  perceivers: Set<string>;
  adverbs: Set<string>;
  /** Words in `-ly` that are not adverbs (`family`). */
  lyNouns: Set<string>;
  /** Verbs of saying proper (`said`, `added`, `told`): the cues a coordinated verb may be. */
  sayForms: Set<string>;
}

let compiled: Compiled | undefined;

function compile(): Compiled {
  if (compiled) return compiled;
  const lexicon = loadLexicon<CueLexicon>('speech-cues');
  const words = new Set<string>();
  const phrases = new Map<string, RegExp[]>();
  for (const form of [...Object.keys(lexicon.verbs), ...lexicon.perception, ...lexicon.according]) {
    if (!form.includes(' ')) words.add(form);
    else {
      const first = form.slice(0, form.indexOf(' '));
      const sticky = new RegExp(`${form.replace(/ /g, '\\s+')}(?![A-Za-z])`, 'iy');
      phrases.set(
        first,
        [...(phrases.get(first) ?? []), sticky].sort((x, y) => y.source.length - x.source.length),
      );
    }
  }
  const firsts = [...words, ...phrases.keys()].sort((x, y) => y.length - x.length);
  compiled = {
    candidates: new RegExp(`(?<![A-Za-z’'-])(?:${firsts.join('|')}|According)(?![A-Za-z])`, 'g'),
    words,
    phrases,
    verbs: new Map(Object.entries(lexicon.verbs)),
    perception: new Set(lexicon.perception),
    perceivers: new Set(lexicon.perceivers),
    adverbs: new Set(lexicon.adverbs?.words ?? []),
    lyNouns: new Set(lexicon.adverbs?.nouns ?? []),
    sayForms: new Set(lexicon.sayForms),
  };
  return compiled;
}

const TOKEN =
  /``|''|(?:\p{L}\.){2,}|[\p{L}\p{N}][\p{L}\p{N}’'.-]*[\p{L}\p{N}](?:(?<=s)[’'](?=\s))?|[\p{L}\p{N}]|[,;:()“”"‘’'—–]/gu;
/** `TOKEN` for a plain text (`isPlainText`): the same tokens, found several times faster. */
const TOKEN_PLAIN =
  /``|''|(?:[A-Za-z]\.){2,}|[A-Za-z0-9][A-Za-z0-9’'.-]*[A-Za-z0-9](?:(?<=s)[’'](?=\s))?|[A-Za-z0-9]|[,;:()“”"‘’'—–]/g;
const SKIP = new Set([
  'also',
  'now',
  'later',
  'previously',
  'earlier',
  'has',
  'have',
  'had',
  'then',
  'again',
  'recently',
  'reportedly',
  'repeatedly',
  'separately',
  'once',
  'already',
  'further',
  'did',
  'does',
  'do',
  'officially',
  'publicly',
  'first',
  'initially',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'night',
  'morning',
  'evening',
  'afternoon',
  'early',
  'late',
  'on',
  'last',
  'today',
  'yesterday',
]);
const STOP_CAPS = new Set([
  'But',
  'And',
  'Or',
  'In',
  'On',
  'At',
  'As',
  'So',
  'Also',
  'Meanwhile',
  'Afterwards',
  'Outside',
  'Finally',
  'However',
  'Then',
  'After',
  'Before',
  'When',
  'While',
  'If',
  'Since',
  'Although',
  'Though',
  'Yet',
  'For',
  'With',
  'By',
  'From',
  'To',
  'Of',
  'Instead',
  'Still',
  'Now',
  'Later',
  'Earlier',
  'Even',
  'Inside',
  'Addressing',
  'Giving',
  'According',
  'Some',
  'That',
  'This',
  'These',
  'Those',
  'It',
  'Such',
  'What',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
  'Today',
  'Yesterday',
  'Tomorrow',
  'Tonight',
  'Here',
  'There',
  'We',
  'They',
  'He',
  'She',
  'I',
]);
const DETERMINERS = new Set([
  'the',
  'a',
  'an',
  'one',
  'another',
  'his',
  'her',
  'its',
  'their',
  'some',
  'several',
  'many',
  'local',
  'two',
  'three',
  'four',
  'other',
  'both',
  'most',
]);
const CONNECTORS = new Set(['of', 'and', 'in', 'the', 'for', 'to']);
const PRONOUNS = new Set(['he', 'she', 'it', 'they', 'we', 'i', 'who']);
const PARTICIPLE = /ing$/i;
/**
 * Cues whose object is who was spoken to (`told Doe`, `asked the mayor`): the name after them is
 * never an inverted speaker, as it is after `said` (`…, said the mayor`).
 */
const ADDRESSEE_CUE =
  /^(?:told|tells|tell|asked|asks|warned|warns|assured|assures|informed|informs|reminded|reminds|urged|urges)$/i;
const PREPOSITION_BEFORE = new Set([
  'in',
  'at',
  'into',
  'near',
  'from',
  'to',
  'of',
  'on',
  'by',
  'outside',
  'inside',
]);
const PASSIVE_BEFORE =
  /\b(?:be|been|being|was|were|is|are)\s+(?:(?:\w+ly|also|still|now|not|never|then|further|already|later|since|even|today|yesterday|tonight|again)\s+)*$/i;
/** `the number said to have died`, `said to be`: a passive report, not its subject speaking. */
const PASSIVE_AFTER = /^\s+to\s+(?:be|have)\b/i;
const PASSIVE_CUE = /^(?:said|reported|alleged|understood|thought|believed)$/;
/** `a voice, said to belong to him`: a reduced passive after a comma. */
const REDUCED_PASSIVE_BEFORE = /,\s*$/;
const REDUCED_PASSIVE_AFTER = /^\s+to\s+\p{Ll}/u;
/** `said nothing`, `charged with theft`: no statement is reported. */
const NOTHING_SAID = /^\s+(?:nothing|little)\b/;
const CHARGED_WITH = /^\s+(?:with|of)\b/;
/** `declared himself fit`, `reported her missing`: a verb of judging about someone, not speech. */
const REFLEXIVE_OR_STATE =
  /^\s+(?:(?:him|her|it|them)sel(?:f|ves)\b|(?:him|her|them|it)\s+(?:missing|dead|safe|fit|unfit)\b)/;
/** `had four more charges added to the indictment`, `added to the pressure`: not speech. */
const ADDED_TO = /^\s+to\b/i;
const NOT_SPEECH_AFTER = /^\s+(?:on|for|off|up|responsibility|credit)\b/i;
const PHRASAL = /^(?:called|calls|call|asked|asks|urged|set|cut|claimed|claims)$/;
/** `by` right after a cue: a passive whose agent follows (`described by a colleague as`). */
const BY_AGENT = /^\s+by\s+/;
/** Cues that are also past participles, so `<cue> by X` is a passive. */
const PASSIVE_FORM = /^(?:\p{L}+ed|told|heard|seen|quoted)$/u;
/**
 * `the alleged attack`, `other alleged victims`, `an accused man`: a determiner before the cue
 * makes it an adjective, not a reporting verb.
 */
const ATTRIBUTIVE_BEFORE =
  /(?:^|[^\p{L}])(?:the|a|an|his|her|its|their|other|another|two|three|four|several|some|whose|these|those)\s+$/iu;
const ATTRIBUTIVE_CUE =
  /^(?:alleged|reported|suspected|accused|confirmed|claimed|admitted|acknowledged|estimated|believed|described|rejected)$/;
/** `a researcher accused of fraud`, `the man blamed for the fire`: a reduced passive, not speech. */
const PARTICIPLE_OBJECT = /^(?:accused|blamed|suspected|condemned)$/;
const PARTICIPLE_OBJECT_AFTER = /^\s+(?:of|for)\b/;

// Regular expressions used inside functions live here: a literal in a function body that a
// transpiler turns into `new RegExp(…)` (esbuild does for `\p{Lu}`) would be rebuilt on every call.
const UPPER_FIRST = /^\p{Lu}/u;
const ABBREVIATION = /^\p{Lu}[\p{Lu}\p{N}.&-]*$/u;
const LOWER_FIRST = /^\p{Ll}/u;
const THE_CAPITAL = /^\s+the\s+\p{Lu}/u;
const FINAL_STOP = /(?<!\b\p{L})\.$/u;
const HAS_UPPER = /\p{Lu}/u;
const DESCRIPTION_AFTER =
  /^\s+((?:the|a|an|his|her|their|one|another)\s+[^,.;!?“”"]+?)(?:,\s+(\p{Lu}[\p{L}’'.-]*(?:\s+\p{Lu}[\p{L}’'.-]*)+))?(?=\s*[,.;!?]?\s*$|\s*[,;]|\s*$)/u;
// A name, or a lower-case title of up to three words before it ("said police spokesman Kuber
// Kathayat"), never an adverbial ("said in a statement Friday").
const NAME_AFTER =
  /^\s+((?:the\s+)?(?:\p{Lu}[\p{L}’'.-]*|of|the|and|(?!(?:on|in|at|during|after|before|late|early|last|this|that|to|by|for|with|from|a|an)\b)[a-z-]+(?:\s+[a-z-]+){0,2}(?=\s+\p{Lu}))(?:\s+(?:\p{Lu}[\p{L}’'.-]*|of|the|for|[a-z-]+(?=\s+\p{Lu})))*)/u;
const TRAILING_WHEN =
  /\s+(?:yesterday|today|tonight|last\s+(?:night|week)|this\s+(?:morning|afternoon|evening|week))$/i;
const TRAILING_WHEN_WHERE = /\s+(?:on|in|at|during|last|this|late|early)\s+\p{Lu}.*$/u;
const APPOSITIVE_AFTER =
  /^,\s+((?:an?\s+|the\s+)?\p{Ll}[^,;!?“”"]{2,80}?)(?=\s*[,;!?]|(?<!\b(?:St|Dr|Mt|Ft|Gen|No|Jr|Sr))\.(?:\s|$)|\s*$)/u;

interface Token {
  text: string;
  start: number;
  end: number;
}

/** A subject never needs more than the last ~200 characters before its cue; start on a word. */
function windowStart(text: string, sentenceStart: number, cueStart: number): number {
  if (cueStart - sentenceStart <= 200) return sentenceStart;
  const space = text.indexOf(' ', cueStart - 200);
  return space < 0 || space >= cueStart ? sentenceStart : space + 1;
}

function tokenize(text: string, from: number, to: number): Token[] {
  const out: Token[] = [];
  const slice = text.slice(from, to);
  const pattern = isPlainText(slice) ? TOKEN_PLAIN : TOKEN;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(slice); match; match = pattern.exec(slice)) {
    out.push({ text: match[0], start: from + match.index, end: from + match.index + match[0].length });
  }
  return out;
}

/** The sentence being read, tokenised once for all its cues (see `tokens`). */
let current: { text: string; start: number; end: number; list: Token[] | null } | null = null;
const SPACE = /\s/;

/**
 * The tokens of `text` in [from, to). Tokens hold no white space, so when `from` starts the
 * current sentence or follows a space and `to` follows a space, they are exactly the sentence's
 * own tokens in that range, tokenised once per sentence instead of once per cue.
 */
function tokens(text: string, from: number, to: number): Token[] {
  const c = current;
  if (
    c !== null &&
    c.text === text &&
    from >= c.start &&
    to <= c.end &&
    to > from &&
    SPACE.test(text[to - 1] as string) &&
    (from === c.start || SPACE.test(text[from - 1] as string))
  ) {
    c.list ??= tokenize(text, c.start, c.end);
    const out: Token[] = [];
    for (const t of c.list) {
      if (t.start >= to) break;
      if (t.start >= from) out.push(t);
    }
    return out;
  }
  return tokenize(text, from, to);
}

/**
 * Finds reporting frames in every sentence: a cue verb (`said`, `told`, `denied`), its speaker
 * before (`X said`, `X, an adviser, said`) or after it (`said X`), `according to X`, and
 * perception by a source (`AP journalists saw`). Cues inside quoted content are ignored. Speakers
 * are resolved in document order: pronouns to the last person (`he`, `she`) or organisation
 * (`it`, `they`), surnames to the full name written earlier, `the mayor` to the last speaker
 * with that role. Frames are cached per sentence list, so quotes, attributions and claims share
 * one pass.
 */
export function findSpeechFrames(
  text: string,
  sentences: readonly Sentence[],
  quoted: (position: number) => boolean,
): SpeechFrame[] {
  const cached = cache.get(sentences);
  if (cached && cached.text === text) return cached.frames;
  const { candidates: WORD, words, phrases, verbs, perception, perceivers, sayForms } = compile();
  const frames: SpeechFrame[] = [];
  const resolver = createResolver(text, quoted);
  sentences.forEach((sentence, index) => {
    const [sentenceStart, sentenceEnd] = sentence.span;
    current = { text, start: sentenceStart, end: sentenceEnd, list: null };
    const inSentence: SpeechFrame[] = [];
    // `The man accused of fraud said …`: the head of a reduced passive is the subject of the
    // sentence's next cue when that cue finds none of its own.
    let reducedHead: FrameSpeaker | null = null;
    WORD.lastIndex = 0;
    for (let word = WORD.exec(sentence.text); word; word = WORD.exec(sentence.text)) {
      const lower = word[0] === 'According' ? 'according' : word[0];
      let length = 0;
      if (words.has(lower)) length = word[0].length;
      else {
        const candidates = phrases.get(lower);
        if (!candidates) continue;
        for (const candidate of candidates) {
          candidate.lastIndex = word.index;
          const found = candidate.exec(sentence.text);
          if (found) {
            length = found[0].length;
            break;
          }
        }
        if (length === 0) continue;
      }
      const cueStart = sentenceStart + word.index;
      const cueEnd = cueStart + length;
      if (quoted(cueStart)) continue;
      const cue = text.slice(cueStart, cueEnd).toLowerCase().replace(/\s+/g, ' ');
      const before = text.slice(Math.max(sentenceStart, cueStart - 30), cueStart);
      const after = text.slice(cueEnd, Math.min(sentenceEnd, cueEnd + 20));
      const isAccording = cue === 'according to' || cue === 'citing' || cue === 'quoting';
      // `described by a neighbour as “…”`, `was urged by two friends to “…”`: a passive cue
      // whose agent follows `by` is the agent's speech, not its subject's.
      const agent = isAccording ? null : BY_AGENT.exec(after);
      if (agent && PASSIVE_FORM.test(cue)) {
        const raw = agentAfter(text, cueEnd + agent[0].length, sentenceEnd);
        if (raw) {
          const frame: SpeechFrame = {
            sentence: index,
            kind: 'speech',
            cue,
            cueSpan: [cueStart, cueEnd],
            stance: verbs.get(cue) ?? 'report',
            speaker: resolver.resolve(raw),
            statement: null,
          };
          inSentence.push(frame);
          frames.push(frame);
        }
        continue;
      }
      // `a voice, said to belong to him`: the comma before the cue cuts off its subject.
      const reducedPassive =
        cue === 'said' && REDUCED_PASSIVE_BEFORE.test(before) && REDUCED_PASSIVE_AFTER.test(after);
      if (
        !isAccording &&
        (PASSIVE_BEFORE.test(before) ||
          (ATTRIBUTIVE_CUE.test(cue) && ATTRIBUTIVE_BEFORE.test(before)) ||
          (PARTICIPLE_OBJECT.test(cue) && PARTICIPLE_OBJECT_AFTER.test(after)) ||
          (NOT_SPEECH_AFTER.test(after) && PHRASAL.test(cue)) ||
          (PASSIVE_AFTER.test(after) && PASSIVE_CUE.test(cue)) ||
          reducedPassive ||
          (cue === 'said' && NOTHING_SAID.test(after)) ||
          (cue === 'charged' && CHARGED_WITH.test(after)) ||
          REFLEXIVE_OR_STATE.test(after) ||
          ((cue === 'added' || cue === 'adds') && ADDED_TO.test(after)))
      ) {
        // Not speech (`called for`), but its subject is still the latest person named; a passive
        // (`was said to`, `a voice, said to belong`) has no subject before it that acts.
        const subject =
          PASSIVE_BEFORE.test(before) || reducedPassive ? null : subjectBefore(text, sentenceStart, cueStart);
        const head = subject ? resolver.resolve(subject) : null;
        if (head && PARTICIPLE_OBJECT.test(cue) && PARTICIPLE_OBJECT_AFTER.test(after))
          reducedHead = { ...head, resolved: true };
        continue;
      }
      let frame: SpeechFrame | null = null;
      if (isAccording) {
        const speaker = subjectAfter(text, cueEnd, sentenceEnd);
        if (!speaker) continue;
        const statement = trimSpan(
          text,
          sentenceStart,
          cueStart > sentenceStart + 3 ? cueStart : sentenceEnd,
        );
        frame = {
          sentence: index,
          kind: 'according',
          cue,
          cueSpan: [cueStart, cueEnd],
          stance: 'report',
          speaker: resolver.resolve(speaker),
          statement,
        };
      } else {
        const isPerception = perception.has(cue);
        let speaker = PARTICIPLE.test(cue)
          ? participleSubject(text, sentenceStart, cueStart)
          : subjectBefore(text, sentenceStart, cueStart);
        let inverted = false;
        if (
          !speaker &&
          !PARTICIPLE.test(cue) &&
          !ADDRESSEE_CUE.test(cue) &&
          // (a straight or typewriter closing mark too: `'It is over,' said Doe`, ``It is over,'' said Doe)
          /(?:^|[,”"’'])\s*$/.test(text.slice(Math.max(sentenceStart, cueStart - 20), cueStart))
        ) {
          speaker = subjectAfter(text, cueEnd, sentenceEnd);
          // `…, said the mayor.` ends the clause; `Doe, Roe and Poe, asked the doctor why …` is a
          // list of subjects before an ordinary cue, not an inverted one.
          if (speaker && !CLAUSE_END.test(text.slice(speaker.end, Math.min(sentenceEnd, speaker.end + 80))))
            speaker = null;
          inverted = speaker !== null;
        }
        if (
          isPerception &&
          (!speaker || !speaker.text.split(/\s+/).some((word) => perceivers.has(word.toLowerCase())))
        )
          continue;
        // `She claimed that Doe called her …`: a speech act inside another's reported clause is
        // reported, so its speaker does not become the person a later `she` or `he` means.
        const within = (position: number): boolean =>
          inSentence.some(
            (outer) =>
              outer.statement !== null && position >= outer.statement[0] && position < outer.statement[1],
          );
        const nested = within(cueStart);
        // A verb of saying, not one that is often something else (`… and called the staff to watch`).
        const coordinated =
          !speaker &&
          (sayForms.has(cue) || !(PHRASAL.test(cue) || PARTICIPLE.test(cue))) &&
          COORDINATED.test(text.slice(sentenceStart, cueStart));
        // A coordinated cue shares the clause's own subject, not that of a cue in a relative
        // clause between them (`Doe gave Roe - who admitted it - a fine and said …` is Doe's).
        const resolved = speaker
          ? resolver.resolve(speaker, nested)
          : ((coordinated ? clauseSubject(text, sentenceStart, cueStart, resolver, within) : null) ??
            inheritSpeaker(inSentence) ??
            reducedHead ??
            (PARTICIPLE.test(cue) ? clauseSubject(text, sentenceStart, cueStart, resolver) : null));
        if (resolved && speaker?.phraseStart !== undefined && speaker.phraseStart < speaker.start)
          resolved.phrase = [speaker.phraseStart, speaker.end];
        if (!resolved && !PARTICIPLE.test(cue)) continue;
        const before = inverted ? statementBefore(text, sentenceStart, cueStart) : null;
        // `At that time, added Doe, he did not know …`: an inverted cue in a parenthesis after a
        // fronted adverbial cuts the reported clause in two; the adverbial alone is not what was said.
        const cut =
          before !== null &&
          speaker !== null &&
          CLAUSE_GOES_ON.test(text.slice(speaker.end, sentenceEnd)) &&
          FRONTED_ADVERBIAL.test(text.slice(before[0], before[1])) &&
          !text.slice(before[0], before[1]).includes(',');
        const statement = inverted ? (cut ? null : before) : statementAfter(text, cueEnd, sentenceEnd, cue);
        frame = {
          sentence: index,
          kind: isPerception ? 'perception' : 'speech',
          cue,
          cueSpan: [cueStart, cueEnd],
          stance: verbs.get(cue) ?? 'report',
          speaker: resolved,
          // `“…”, Doe said.`: the statement before the subject, only when nothing follows the cue
          // (`…, a neighbour asked him questions` has an object, not a statement before it).
          statement:
            statement ??
            (speaker &&
            !inverted &&
            !isPerception &&
            !(OBJECT_CUE.test(cue) && !CLAUSE_END.test(text.slice(cueEnd, sentenceEnd))) &&
            // `…, X told the court.` reports what comes before; `X told police the story was …`
            // reports a clause after its object.
            !(/^(?:told|tells)$/.test(cue) && CLAUSE_AFTER_OBJECT.test(text.slice(cueEnd, sentenceEnd)))
              ? statementBefore(text, sentenceStart, speaker.phraseStart ?? speaker.start)
              : null),
        };
      }
      inSentence.push(frame);
      frames.push(frame);
    }
  });
  current = null;
  cache.set(sentences, { text, frames });
  return frames;
}

const cache = new WeakMap<readonly Sentence[], { text: string; frames: SpeechFrame[] }>();

function inheritSpeaker(frames: SpeechFrame[]): FrameSpeaker | null {
  for (let i = frames.length - 1; i >= 0; i--) {
    const speaker = frames[i]!.speaker;
    if (speaker) return { ...speaker, resolved: true };
  }
  return null;
}

interface RawSpeaker {
  text: string;
  start: number;
  end: number;
  role: string | null;
  /** Start of the whole subject, appositive role included (`Ukraine’s prosecutor-general, Iryna …`). */
  phraseStart?: number;
}

/** `with President X branding …`: a participle's own subject, only when a name stands right before it. */
function participleSubject(text: string, sentenceStart: number, cueStart: number): RawSpeaker | null {
  const list = tokens(text, windowStart(text, sentenceStart, cueStart), cueStart);
  const phrase = nounPhraseBefore(text, list, list.length - 1);
  const index = phrase ? list.findIndex((token) => token.start === phrase.start) : -1;
  if (index < 1 || list[index - 1]!.text.toLowerCase() !== 'with') return null;
  return phrase && UPPER_FIRST.test(phrase.text) && !PRONOUNS.has(phrase.text.toLowerCase()) ? phrase : null;
}

/**
 * `Doe walked into a station, telling the crew: …`, `Later, Doe wept, telling the jury …`:
 * a participle cue with no speaker of its own speaks for the subject of its sentence's clause, a
 * name (or `he`, `she`) opening the sentence or a clause after a comma, before a lower-case verb.
 */
function clauseSubject(
  text: string,
  sentenceStart: number,
  cueStart: number,
  resolver: ReturnType<typeof createResolver>,
  nested: (start: number) => boolean = () => true,
): FrameSpeaker | null {
  const before = text.slice(sentenceStart, cueStart);
  // The nearest clause subject before the cue is the one its clause belongs to (`After Doe left,
  // Roe sat down, telling …` is Roe's): keep the last that qualifies, then resolve only that one.
  let chosen: { name: string; start: number } | null = null;
  CLAUSE_SUBJECT.lastIndex = 0;
  for (let match = CLAUSE_SUBJECT.exec(before); match; match = CLAUSE_SUBJECT.exec(before)) {
    const name = match[1]!;
    const first = name.split(' ')[0]!;
    if (isClosedClass(match[2]!)) continue;
    if ((STOP_CAPS.has(first) || isClosedClass(first)) && !/^(?:He|She)$/.test(name)) continue;
    chosen = { name, start: sentenceStart + match.index + match[0].indexOf(name) };
  }
  if (!chosen) return null;
  const { name, start } = chosen;
  const found = resolver.resolve({ text: name, start, end: start + name.length, role: null }, nested(start));
  return found.kind === 'person' ? found : null;
}
/**
 * A name (or `He`, `She`) opening the sentence or a clause after a comma, then its verb; an
 * appositive between commas may stand between them (`Judge Ann Cole, sitting at Westford, gave`).
 */
const CLAUSE_SUBJECT =
  /(?:^|,\s+)((?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+)?\p{Lu}[\p{L}’'-]+(?:\s+\p{Lu}[\p{L}’'-]+){0,3})(?:,\s+[^,.;:!?“”"]{1,60},)?\s+(\p{Ll}+)\b/gu;

/** `… jailed Doe and said`, `… but added`: a cue coordinated with an earlier verb shares its subject. */
const COORDINATED = /\b(?:and|but)\s+(?:then\s+|also\s+|later\s+)?$/;

/**
 * A manner adverb between a subject and its cue: a listed one, or any lower-case word in `-ly`
 * (`simply`, `unanimously`) but the nouns that end so (`family`, `assembly`), listed with them.
 */
function isAdverb(word: string, adverbs: Set<string>): boolean {
  if (adverbs.has(word.toLowerCase())) return true;
  return LY_ADVERB.test(word) && !compile().lyNouns.has(word);
}
const LY_ADVERB = /^[a-z]{2,}ly$/;

/** The noun phrase right before a cue, skipping adverbs and `on Sunday`; handles appositives. */
function subjectBefore(text: string, sentenceStart: number, cueStart: number): RawSpeaker | null {
  // `Nell - a former nurse, 51 - said`: the subject is before the dashes; between them is its role.
  const dashes = DASH_PARENTHESIS.exec(text.slice(sentenceStart, cueStart));
  if (dashes) {
    const inner = subjectBefore(text, sentenceStart, sentenceStart + dashes.index + 1);
    if (inner && UPPER_FIRST.test(inner.text))
      return { ...inner, role: inner.role ?? dashes[1]!.replace(/^(?:a|an|the)\s+/i, '') };
  }
  const list = tokens(text, windowStart(text, sentenceStart, cueStart), cueStart);
  let i = list.length - 1;
  const { adverbs } = compile();
  while (i >= 0 && (SKIP.has(list[i]!.text.toLowerCase()) || isAdverb(list[i]!.text, adverbs))) i--;
  // `The Lake Albert Liberation Front (LALF) denied`: the abbreviation after the name is not the subject.
  if (list[i]?.text === ')' && list[i - 2]?.text === '(' && ABBREVIATION.test(list[i - 1]?.text ?? ''))
    i -= 3;
  if (i < 0) return null;
  if (list[i]!.text === ',') return subjectBeforeComma(text, list, i, true);
  const phrase = nounPhraseBefore(text, list, i);
  if (phrase) {
    // `Ann Doe, who is chairman of the trust said`: a relative clause's role with no closing comma.
    const named = roleAfterName(
      text,
      list,
      list.findIndex((token) => token.start === phrase.start),
      phrase.text,
    );
    if (named) return named;
  }
  // `Ann Doe, QC, for Westland said`: the counsel speaks for the body, which is her role.
  if (phrase) {
    const counsel = counselFor(
      text,
      list,
      list.findIndex((token) => token.start === phrase.start),
      phrase,
    );
    if (counsel) return counsel;
  }
  // `Doe, 57, from Smalltown, south east Bigcity admitted`: the end of an address, not the subject.
  if (phrase) {
    const k = list.findIndex((token) => token.start === phrase.start);
    if (ADDRESS_BEFORE.test(list[k - 1]?.text ?? '') && isPlace(phrase.text)) return null;
  }
  return phrase;
}

/**
 * The person before `, for <body>` (`Ann Doe, QC, for Westland`, `Ann Doe, for the council`),
 * with `for <body>` (after her letters) as the role; null unless a personal name stands there.
 */
function counselFor(text: string, list: Token[], k: number, body: RawSpeaker): RawSpeaker | null {
  if (k < 3 || list[k - 1]?.text.toLowerCase() !== 'for' || list[k - 2]?.text !== ',') return null;
  let named = nounPhraseBefore(text, list, k - 3);
  let letters: string | null = null;
  if (named && speakerWords().suffixes.has(named.text.toLowerCase())) {
    const at = list.findIndex((token) => token.start === named!.start);
    letters = named.text;
    named = list[at - 1]?.text === ',' ? nounPhraseBefore(text, list, at - 2) : null;
  }
  if (!named) return null;
  const parsed = parseSpeaker(named.text);
  if (parsed.kind !== 'person' || !parsed.speaker.includes(' ') || !named.text.endsWith(parsed.speaker))
    return null;
  const role = `${letters ? `${letters}, ` : ''}for ${text.slice(body.start, body.end)}`;
  return { ...named, role, phraseStart: named.phraseStart ?? named.start };
}

/** A parenthesis between spaced dashes right before the cue (` - a former nurse - `). */
const DASH_PARENTHESIS = /\s[-–—]\s([^-–—]{2,120}?)\s[-–—]\s*$/u;

const ADDRESS_BEFORE =
  /^(?:,|north|south|east|west|central|northern|southern|eastern|western|greater|of|from)$/;

/**
 * The subject of a cue that follows a comma: the phrase a relative clause hangs on, or a name
 * with its appositive role. `relative` allows one more step back over a relative clause that
 * follows an appositive (`Jo Doe, chief executive of the trust, which runs the site, said`).
 */
function subjectBeforeComma(text: string, list: Token[], i: number, relative: boolean): RawSpeaker | null {
  {
    // `Mr Robinson, who ran a business in Leighton Buzzard, Bedfordshire, alleged`: the subject is
    // the phrase the relative clause hangs on.
    for (let k = i - 1; k > 0 && i - k < 40; k--) {
      if (list[k]!.text.toLowerCase() !== 'who' || list[k - 1]!.text !== ',') continue;
      const subject = nounPhraseBefore(text, list, k - 2);
      // `<Participle> <object>, who <clause>, <role>, <Name>, said`: the relative clause hangs on
      // a participle's object; the subject is the name in apposition after it.
      if (subject && PARTICIPIAL_LEAD.test(subject.text)) break;
      if (subject) return subject;
      break;
    }
    // `X, an adviser to Y, said` or `the region’s governor, Maria Lind, said`
    let j = i - 1;
    while (j >= 0 && list[j]!.text !== ',' && i - j < 16) j--;
    if (j < 0 || list[j]!.text !== ',') return null;
    const inner = list.slice(j + 1, i);
    let outer = nounPhraseBefore(text, list, j - 1);
    // `Judge Ann Cole, sentencing Doe, from Westford, said`: the object of a participle in
    // apposition is not the subject; the subject stands before the participle's comma.
    const o = outer ? list.findIndex((token) => token.start === outer!.start) : -1;
    if (
      o >= 2 &&
      PARTICIPLE.test(list[o - 1]!.text) &&
      LOWER_FIRST.test(list[o - 1]!.text) &&
      list[o - 2]!.text === ','
    )
      return nounPhraseBefore(text, list, o - 3);
    const fromPlace = !outer && j > 1 && PREPOSITION_BEFORE.has(list[j - 2]?.text.toLowerCase() ?? '');
    if (fromPlace || (outer && afterComma(list, outer) && isPlace(outer.text))) {
      const person = personBeforeAddress(text, list, j);
      if (!person || inner.length === 0) return null;
      // The part after the address is the person's role unless it is one more place name.
      const rest = text.slice(inner[0]!.start, inner[inner.length - 1]!.end);
      const role = inner.every((token) => UPPER_FIRST.test(token.text))
        ? null
        : rest.replace(/^(?:an?|the)\s+/i, '');
      return { ...person, role };
    }
    if (!outer || inner.length === 0) return null;
    const innerText = text.slice(inner[0]!.start, inner[inner.length - 1]!.end);
    // `Ann Cole, QC, prosecuting, said`: the letters after a name stand for no one.
    const k = list.findIndex((token) => token.start === outer!.start);
    if (speakerWords().suffixes.has(outer.text.toLowerCase()) && list[k - 1]?.text === ',') {
      const named = nounPhraseBefore(text, list, k - 2);
      if (named) outer = { ...named, role: outer.text };
    }
    if (/^(?:who|which)\b/i.test(innerText)) {
      const named = relative && looksLikeRole(outer.text) ? subjectBeforeComma(text, list, j, false) : null;
      return named && !looksLikeRole(named.text) ? named : outer;
    }
    const innerIsName = inner.every((token) => UPPER_FIRST.test(token.text)) && !/[’']s$/.test(innerText);
    // `Mrs Doe, of Smalltown, East County, told`: an honorific and a name are the person, and the
    // capitals after them where she is from.
    if (innerIsName && looksLikeRole(outer.text) && !HONORIFIC_FIRST.test(outer.text)) {
      return {
        text: innerText,
        start: inner[0]!.start,
        end: inner[inner.length - 1]!.end,
        role: outer.text,
        phraseStart: outer.start,
      };
    }
    // `Her son, plumber Jo Doe, told`: a role and a name in apposition to a description name
    // the person; the description and the role are both her role.
    if (looksLikeRole(outer.text) && !HONORIFIC_FIRST.test(outer.text) && LOWER_FIRST.test(innerText)) {
      const first = inner.findIndex((token) => UPPER_FIRST.test(token.text));
      const named = first > 0 && first <= 3 && inner.length - first >= 2 ? inner.slice(first) : [];
      const lead = inner.slice(0, first);
      if (
        named.every((token) => NAME_TOKEN.test(token.text)) &&
        lead.every((token) => LOWER_WORD.test(token.text) && !DETERMINERS.has(token.text))
      ) {
        const start = named[0]?.start ?? 0;
        const end = named[named.length - 1]?.end ?? 0;
        const parsed = named.length > 0 ? parseSpeaker(text.slice(start, end)) : null;
        if (parsed?.kind === 'person' && parsed.speaker === text.slice(start, end))
          return {
            text: parsed.speaker,
            start,
            end,
            role: `${outer.text}, ${lead.map((token) => token.text).join(' ')}`,
            phraseStart: outer.start,
          };
      }
    }
    // `Lord Doe, the Keeper of the Seals, sitting with two others, said`: the phrase before the
    // last appositive is itself a role in apposition to the name before it; the name spoke.
    const named = roleAfterName(text, list, k, outer.text);
    if (named) return named;
    return { ...outer, role: innerText.replace(/^(?:an?|the)\s+/i, '') };
  }
}

/**
 * The person a role phrase at `k` stands in apposition to (`Ann Doe, solicitor for Tom Roe`,
 * `Ann Doe, who is chairman of the trust`), with the phrase as its role; null unless the phrase
 * is a role naming no one itself and a personal name stands right before its comma.
 */
function roleAfterName(text: string, list: Token[], k: number, phrase: string): RawSpeaker | null {
  // A role phrase of two words or more, opening with an article or a person noun (not `he`).
  const words = phrase.split(/\s+/);
  const first = words[0]!.toLowerCase();
  if (words.length < 2 || !LOWER_FIRST.test(phrase) || PRONOUNS.has(first)) return null;
  if (!/^(?:the|a|an)$/.test(first) && !isPersonNoun(first)) return null;
  let comma = k - 1;
  // `, who is chairman of …`, `, who was …`: the relative clause's predicate names the role.
  if (/^(?:is|was)$/.test(list[comma]?.text ?? '') && list[comma - 1]?.text.toLowerCase() === 'who')
    comma -= 2;
  if (list[comma]?.text !== ',') return null;
  const named = nounPhraseBefore(text, list, comma - 1);
  if (!named || PRONOUNS.has(named.text.toLowerCase())) return null;
  const parsed = parseSpeaker(named.text);
  if (parsed.kind !== 'person' || !parsed.speaker.includes(' ') || !named.text.endsWith(parsed.speaker))
    return null;
  return {
    ...named,
    role: phrase.replace(/^(?:an?|the)\s+/i, ''),
    phraseStart: named.phraseStart ?? named.start,
  };
}

/** Participles that work as prepositions (`residents, including Jo Doe, who …`): Doe is the one. */
const PREPOSITION_PARTICIPLE =
  /^(?:including|excluding|involving|concerning|regarding|following|during|according)$/;

const NAME_TOKEN = /^\p{Lu}\p{Ll}[\p{L}’'-]*$/u;
const LOWER_WORD = /^\p{Ll}[\p{Ll}-]*$/u;

const afterComma = (list: Token[], phrase: RawSpeaker): boolean =>
  list[list.findIndex((token) => token.start === phrase.start) - 1]?.text === ',';

/**
 * `Jo Doe, from High Street, Smalltown, East County, a friend of the family, said`: an address
 * between commas stands after the person, and the speaker is before it, never the place. Walks
 * back over up to five comma-separated parts (`from …` or places) from the comma at `comma`.
 */
function personBeforeAddress(text: string, list: Token[], comma: number): RawSpeaker | null {
  let at = comma;
  for (let steps = 0; steps < 5; steps++) {
    let k = at - 1;
    while (k >= 0 && list[k]!.text !== ',' && at - k < 8) k--;
    if (k < 0 || list[k]!.text !== ',') return null;
    const part = nounPhraseBefore(text, list, at - 1);
    const partIsAddress =
      (part !== null && isPlace(part.text)) || PREPOSITION_BEFORE.has(list[k + 1]?.text.toLowerCase() ?? '');
    if (!partIsAddress) return null;
    at = k;
    const phrase = nounPhraseBefore(text, list, k - 1);
    if (phrase && !isPlace(phrase.text)) return phrase;
  }
  return null;
}

/** `A spokesman for the LALF`, `Ukraine’s prosecutor-general`: not a bare name. */
function looksLikeRole(phrase: string): boolean {
  const { titles } = speakerWords();
  return phrase
    .split(/\s+/)
    .some((word) => LOWER_FIRST.test(word) || /[’']s$/.test(word) || titles.has(word.toLowerCase()));
}

function nounPhraseBefore(source: string, list: Token[], last: number): RawSpeaker | null {
  const { titles, modifiers, organisations, descriptors } = speakerWords();
  const { verbs, perception } = compile();
  const head = list[last];
  if (!head || !/[\p{L}\p{N}]/u.test(head.text)) return null;
  const headLower = head.text.toLowerCase();
  // `Smith, who …` and `two friends who insisted`: the relative pronoun stands for the phrase before it.
  if (headLower === 'who') {
    const before = list[last - 1]?.text === ',' ? last - 2 : last - 1;
    const phrase = nounPhraseBefore(source, list, before);
    // `Tom Pike, a farmer who claimed`: the description is in apposition to the name before it.
    const at = phrase ? list.findIndex((token) => token.start === phrase.start) : -1;
    // `Ann Cole, appearing for the ministry, who argued`: the relative clause hangs on the person
    // before the participle's phrase, not on the participle's object.
    if (phrase && at >= 1) {
      let k = at - 1;
      while (k > 0 && list[k]!.text !== ',' && at - k < 8) k--;
      const participle = list[k + 1]?.text ?? '';
      if (
        list[k]?.text === ',' &&
        PARTICIPLE.test(participle) &&
        LOWER_FIRST.test(participle) &&
        !PREPOSITION_PARTICIPLE.test(participle)
      ) {
        const person = nounPhraseBefore(source, list, k - 1);
        if (person && UPPER_FIRST.test(person.text) && !PRONOUNS.has(person.text.toLowerCase()))
          return { ...person, role: source.slice(list[k + 1]!.start, phrase.end) };
      }
    }
    if (phrase && at >= 2 && LOWER_FIRST.test(phrase.text) && list[at - 1]!.text === ',') {
      // The name may be a preposition's object (`an account by Tom Pike, a farmer who …`).
      let k = at - 2;
      while (k >= 0 && UPPER_FIRST.test(list[k]!.text) && !STOP_CAPS.has(list[k]!.text) && at - 2 - k < 4)
        k--;
      if (k < at - 2) {
        const start = list[k + 1]!.start;
        const end = list[at - 2]!.end;
        return {
          text: source.slice(start, end),
          start,
          end,
          role: phrase.text.replace(/^(?:an?|the)\s+/i, ''),
        };
      }
    }
    return phrase;
  }
  if (PRONOUNS.has(headLower)) return { text: head.text, start: head.start, end: head.end, role: null };
  if (STOP_CAPS.has(head.text) || CONNECTORS.has(headLower)) return null;
  // `Stan Doe, 59, who`: an age in apposition follows the person it describes; a number is never a speaker.
  if (/^\d/.test(head.text))
    return list[last - 1]?.text === ',' && /^\d{1,3}$/.test(head.text)
      ? nounPhraseBefore(source, list, last - 2)
      : null;
  let first = last;
  for (let i = last; i >= 0; i--) {
    const token = list[i]!;
    const word = token.text;
    const lower = word.toLowerCase().replace(/[’']s$/, '');
    if (/^(?:[,;:()“”"‘’'—–]|``|'')$/.test(word) || verbs.has(lower) || perception.has(lower)) break;
    if (UPPER_FIRST.test(word)) {
      if (STOP_CAPS.has(word)) break;
      first = i;
      continue;
    }
    if (lower === 'the' && /^(?:of|and|for|to|in|at)$/i.test(list[i - 1]?.text ?? '')) continue;
    if (DETERMINERS.has(lower)) {
      first = i;
      break;
    }
    if (CONNECTORS.has(lower)) continue;
    if (
      titles.has(lower) ||
      modifiers.has(lower) ||
      organisations.has(lower) ||
      descriptors.has(lower) ||
      i === last
    ) {
      first = i;
      continue;
    }
    break;
  }
  while (
    first <= last &&
    CONNECTORS.has(list[first]!.text.toLowerCase()) &&
    list[first]!.text.toLowerCase() !== 'the'
  )
    first++;
  if (first > last) return null;
  // `a business in Leighton Buzzard, Bedfordshire, alleged`, `appearing in court accused`: the
  // object of a preposition is a place or a thing, not the subject of the cue.
  if (PREPOSITION_BEFORE.has(list[first - 1]?.text.toLowerCase() ?? '')) {
    // `In Westford party spokesman Ann Cole said`: a fronted place, then a role and a name.
    const subject = afterFrontedPlace(list, first, last);
    if (subject < 0) return null;
    first = subject;
  }
  // `told the court Jo Doe shouted`: `the` and an organisation noun right before a name of two or
  // more words are the object of the verb before; the subject is the name.
  for (let k = first; k < last - 1; k++) {
    const word = list[k]!.text;
    if (
      LOWER_FIRST.test(word) &&
      /^(?:the|a|an)$/i.test(list[k - 1]?.text ?? '') &&
      organisations.has(word.toLowerCase()) &&
      !titles.has(word.toLowerCase()) &&
      list.slice(k + 1, last + 1).every((token) => UPPER_FIRST.test(token.text))
    ) {
      first = k + 1;
      break;
    }
  }
  const worksAt = personOfBody(source, list, first, head.end);
  if (worksAt) return worksAt;
  const start = list[first]!.start;
  const phrase = source.slice(start, head.end).replace(/\s+/g, ' ');
  if (/^[a-z]/.test(phrase) && first === last && !organisations.has(headLower) && !titles.has(headLower)) {
    // A lone lower-case word is a speaker only when it names a group (`residents`, `police`).
    if (!/s$/.test(headLower)) return null;
  }
  return { text: phrase, start, end: head.end, role: null };
}

/**
 * Where the subject starts after a sentence-opening preposition and a place (`In Westford party
 * spokesman Ann Cole`): the first lower-case role word after the place's capitalised words, when
 * a name of two or more capitalised words closes the phrase; -1 otherwise.
 */
function afterFrontedPlace(list: Token[], first: number, last: number): number {
  const preposition = list[first - 1]!;
  if (!UPPER_FIRST.test(preposition.text)) return -1;
  const { titles } = speakerWords();
  let k = first;
  while (k <= last && UPPER_FIRST.test(list[k]!.text)) k++;
  if (k === first || last - k < 2) return -1;
  let role = k;
  while (role <= last && LOWER_FIRST.test(list[role]!.text)) role++;
  const hasTitle = list.slice(k, role).some((token) => titles.has(token.text.toLowerCase()));
  return hasTitle &&
    last - role >= 1 &&
    list.slice(role, last + 1).every((token) => NAME_TOKEN.test(token.text))
    ? k
    : -1;
}

/**
 * `Jo Rand of retail chain Fenwick said`: a body described in lower-case words after `of` or
 * `from` is where the named person before it works; the person is the speaker and the body their
 * role. Null unless a name of two or more capitalised words stands before the preposition.
 */
function personOfBody(source: string, list: Token[], first: number, end: number): RawSpeaker | null {
  let k = first - 1;
  let described = 0;
  while (
    k >= 0 &&
    described < 3 &&
    /^\p{Ll}+$/u.test(list[k]!.text) &&
    !/^(?:of|from|at)$/.test(list[k]!.text)
  ) {
    k--;
    described++;
  }
  if (described === 0 || k < 2 || !/^(?:of|from|at)$/.test(list[k]!.text)) return null;
  let n = k - 1;
  while (n >= 0 && UPPER_FIRST.test(list[n]!.text) && !STOP_CAPS.has(list[n]!.text)) n--;
  if (k - 1 - n < 2) return null;
  const name = { start: list[n + 1]!.start, end: list[k - 1]!.end };
  return { text: source.slice(name.start, name.end), ...name, role: source.slice(list[k]!.start, end) };
}

/** The speaker after an inverted cue (`said the mayor`) or after `according to`. */
function subjectAfter(text: string, from: number, sentenceEnd: number): RawSpeaker | null {
  // Windows keep the work per cue bounded, so a pathological run-on sentence stays linear.
  const rest = text.slice(from, Math.min(sentenceEnd, from + 400));
  const description = DESCRIPTION_AFTER.exec(rest);
  if (description && !THE_CAPITAL.test(rest)) {
    const phrase = description[1]!;
    const start = from + description.index + description[0].indexOf(phrase);
    if (description[2]) {
      const name = description[2].replace(FINAL_STOP, '');
      const nameStart = from + description.index + description[0].lastIndexOf(description[2]);
      return { text: name, start: nameStart, end: nameStart + name.length, role: phrase };
    }
    // `said the shopkeeper yesterday`: when, not who.
    const who = phrase.trimEnd().replace(TRAILING_WHEN, '');
    return { text: who, start, end: start + who.length, role: null };
  }
  const named = NAME_AFTER.exec(rest);
  if (!named) return null;
  let phrase = named[1]!.replace(/\s+(?:of|the|and|for)$/i, '').replace(FINAL_STOP, '');
  phrase = phrase.replace(/\s+(?:on|in)$/i, '');
  // "said Ahmed Ali on Sunday", "said Ahmed Ali in Goma": when and where, not the name.
  phrase = phrase.replace(TRAILING_WHEN_WHERE, '');
  const start = from + named[0].indexOf(named[1]!);
  if (!HAS_UPPER.test(phrase) && !PRONOUNS.has(phrase.toLowerCase())) return null;
  // `said Dr. Esther Lokana, director of St. Raphael Hospital, where …`: the appositive is a role.
  const appositive = APPOSITIVE_AFTER.exec(rest.slice(named[0].length));
  const role =
    appositive && !/^(?:who|which|where|when|saying|adding|according)\b/.test(appositive[1]!)
      ? appositive[1]!.replace(/^(?:an?|the)\s+/i, '')
      : null;
  return { text: phrase, start, end: start + phrase.length, role };
}

/** A possessive after an agent's name and the words it owns: `'s own words`. */
const POSSESSED = /^[’']s\s+((?:\p{Ll}+\s+){0,2}\p{Ll}+)/u;

/** The agent of a passive cue after `by`: a description or a name, up to `as`, `to`, a mark or a clause. */
const AGENT =
  /^((?:(?:the|a|an|his|her|their|one|two|three|several|some)\s+)?(?:[\p{L}’'.-]+\s+){0,4}?[\p{L}’'.-]+)(?=\s+(?:as|to|that|of|in|on|at|for|when|who|after|before|during)\b|\s*[,;:.!?“”"‘’'()—–]|\s+[-–—]|\s*$)/u;

function agentAfter(text: string, from: number, sentenceEnd: number): RawSpeaker | null {
  const rest = text.slice(from, Math.min(sentenceEnd, from + 120));
  const match = AGENT.exec(rest);
  if (!match) return null;
  const phrase = match[1]!;
  if (PRONOUNS.has(phrase.toLowerCase()) || /^(?:him|her|them|me|us)$/i.test(phrase)) return null;
  // `confirmed by Mr Doe's own words`, `described by her diary as`: a thing someone owns is the
  // agent, not its owner, and a thing does not speak (`by Mr Doe's lawyer` is still a person).
  const owned = POSSESSED.exec(rest.slice(match[0].length));
  if (owned && !(owned[1] ?? '').split(/\s+/).some((word) => isPersonNoun(word))) return null;
  // A lower-case phrase is a description only with its determiner (`a close neighbour`), else a
  // name (`Mr Doe`); anything else (`by far`, `by then`) is not an agent.
  if (!UPPER_FIRST.test(phrase) && !/^(?:the|a|an|his|her|their|one|two|three|several|some)\s/i.test(phrase))
    return null;
  return { text: phrase, start: from, end: from + phrase.length, role: null };
}

const ADVERBIAL =
  /^(?:\s+(?:on\s+)?(?:(?:early|late|later)\s+)?(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|today|yesterday)(?:\s+(?:morning|afternoon|evening|night))?|\s+in\s+(?:a|his|her|its|their)\s+(?:statement|video(?:\s+address|\s+message)?|post|interview|speech|address|tweet)|\s+on\s+(?:Twitter|Telegram|Facebook|television|TV)|\s+\w+ly|\s+(?:then|now|again|also|later|earlier|too)(?=\s+that\b))*/;

/** Text after a cue that is not a reported clause: a relative clause's verb or an adverbial clause. */
const NOT_A_CLAUSE =
  /^(?:(?:were|was|is|are|had|have|has|after|as|when|before|while|during|despite|because|following)\b|[a-z]+ed\s+(?:by|on|in|at|to|from)\b)/i;

const PHRASE_THEN_THAT =
  /^\s+(?:in|on|at|during|before|to)\s+(?:(?!(?:he|she|they|it|we|i|was|were|is|are|had|has|have|would|will|could)\s)[\p{L}\p{N}’'-]+\s+){1,12}?that\b/u;
/** After an inverted cue's speaker, a comma and a lower-case word: the sentence's clause goes on. */
const CLAUSE_GOES_ON = /^\s*,\s+\p{Ll}/u;
const FRONTED_ADVERBIAL =
  /^(?:at|in|on|after|before|during|far from|when|while|since|until|by|for|from|with|without|despite|although|though|if|because|as)\b/i;
/** Cues whose object is not what was said unless `that` or a colon introduces it. */
const OBJECT_CUE =
  /^(?:wrote|writes|asked|asks|recalled|recalls|announced|announces|described|describes|revealed|disclosed)$/;
/** `asked whether …`: a reported question. */
const QUESTION_CLAUSE = /^\s+(?:whether|if|why|how|what|when|where|who)\b/;

function statementAfter(text: string, cueEnd: number, sentenceEnd: number, cue: string): Span | null {
  const rest = text.slice(cueEnd, Math.min(sentenceEnd, cueEnd + 400));
  let offset = ADVERBIAL.exec(rest)?.[0].length ?? 0;
  // `alleged in the programme that …`: a short phrase of where or when, then the clause.
  const that = /^\s+that\b/.exec(rest.slice(offset)) ?? PHRASE_THEN_THAT.exec(rest.slice(offset));
  if (that) offset += that[0].length;
  else if (/^(?:told|tells)$/.test(cue)) {
    const object = /^.{0,80}?\bthat\b/.exec(rest.slice(offset));
    if (!object) return null;
    offset += object[0].length;
  } else if (/^\s*[:,]/.test(rest.slice(offset))) offset += /^\s*[:,]/.exec(rest.slice(offset))![0].length;
  // `wrote a letter`, `asked him to leave`: an object, not a reported clause.
  else if (OBJECT_CUE.test(cue) && !QUESTION_CLAUSE.test(rest.slice(offset))) return null;
  // A reported clause longer than ~1,000 characters is a run-on (or hostile) text: cut it there.
  const span = trimSpan(text, cueEnd + offset, Math.min(sentenceEnd, cueEnd + offset + 1000));
  if (!span || (!that && NOT_A_CLAUSE.test(text.slice(span[0], span[0] + 20)))) return null;
  return /\S\s+\S/.test(text.slice(span[0], Math.min(span[1], span[0] + 200))) ? span : null;
}

/** A finite verb after a cue's object: the reported clause follows the object. */
const CLAUSE_AFTER_OBJECT = /\b(?:was|were|is|are|had|has|have|would|could|will|did|should|might)\b/;

/**
 * After an inverted cue's speaker, the clause ends: a mark, a short when or where (`on Monday`), or
 * a manner phrase (`with a tap on the desk.`) that closes the sentence.
 */
const CLAUSE_END =
  /^\s*(?:[,.;:!?”"’)]|$)|^\s+(?:on|in|at|during|yesterday|today|tonight|last|this|late|early)\b(?:\s+[\p{L}\p{N}’'-]+){0,5}\s*(?:[,.;:!?”"’]|$)|^\s+(?:with|after|outside)\s+(?:a|an|the|his|her|their)\b(?:\s+[\p{L}\p{N}’'-]+){1,10}\s*(?:[.;!?”"’]|$)/u;
const PARTICIPIAL_LEAD = /^\p{Lu}\p{Ll}+ing\s/u;

function statementBefore(text: string, sentenceStart: number, speakerStart: number): Span | null {
  const headStart = Math.max(sentenceStart, speakerStart - 20);
  const head = text.slice(headStart, speakerStart);
  const comma = head.search(/[,”"’]\s*$/);
  if (comma < 0) return null;
  const span = trimSpan(text, sentenceStart, headStart + comma + (/[”"’]/.test(head[comma] ?? '') ? 1 : 0));
  if (!span || !/\S\s+\S+\s+\S/.test(text.slice(span[0], Math.min(span[1], span[0] + 200)))) return null;
  // `Fining Doe, who had <clause>, the magistrate said that …`: a participle's phrase, not a
  // statement.
  if (PARTICIPIAL_LEAD.test(text.slice(span[0], span[0] + 30))) return null;
  return span;
}

function trimSpan(text: string, start: number, end: number): Span | null {
  while (start < end && /[\s,;:]/.test(text[start] ?? '')) start++;
  while (end > start && /[\s.,;:!?]/.test(text[end - 1] ?? '')) end--;
  return end > start ? [start, end] : null;
}

const ORGANISATION_ROLE =
  /^(?:an?\s+|the\s+)?(?:[\p{L}-]+\s+){0,3}(?:group|organi[sz]ation|agency|body|monitor|network|charity|ngo|committee|coalition|movement|militia|company|office|institute|observatory|watchdog|association|union|party|outlet|newspaper|broadcaster|ministry|department)\b(?![’'])/iu;

/** A speaker seen earlier, at a new mention (a literal, not a spread: this runs for every frame). */
function seenAt(
  seen: { speaker: string; role: string | null; kind: SpeakerKind },
  span: Span,
  resolved: boolean,
): FrameSpeaker {
  return { speaker: seen.speaker, role: seen.role, kind: seen.kind, span, resolved };
}

const HONORIFIC_FIRST =
  /^(?:Mr|Mrs|Ms|Miss|Dr|Sir|Lord|Lady|Dame)\.?\s+\p{Lu}[\p{L}’'-]+(?:\s+\p{Lu}[\p{L}’'-]+)?$/u;

/** `Mr`, `Sir`, `Lord` / `Mrs`, `Ms`, `Miss`, `Dame`, `Lady` before a name: the pronoun it takes. */
const MALE_HONORIFIC = /^(?:Mr|Sir|Lord)\.?\s/;
const FEMALE_HONORIFIC = /^(?:Mrs|Ms|Miss|Dame|Lady)\.?\s/;
type Gender = 'he' | 'she' | null;
const genderOf = (phrase: string): Gender =>
  MALE_HONORIFIC.test(phrase) ? 'he' : FEMALE_HONORIFIC.test(phrase) ? 'she' : null;

/**
 * A person named as the subject of a clause (`Alan wept as …`, `Passing sentence, Mr Justice
 * Smith said …`, `Paul gasped: …`): a run of capitalised words that opens a sentence or clause
 * (after a sentence start, a comma, `and`, `but`, `as`, `when`, `while`) and is followed by a
 * lower-case word (its verb) or an appositive comma. Objects (`told Fenn`, `to Mr Brindle`) are not
 * subjects. Used to resolve `he` / `she` to the last person the text was about.
 */
let subjectName: RegExp | undefined;
/** SUBJECT_NAME, built once: a surname particle (`Prof van Lorne`) may stand inside the name. */
function subjectNamePattern(): RegExp {
  if (subjectName) return subjectName;
  const particle = [...speakerWords().particles].join('|');
  subjectName = new RegExp(
    `(?:^|[.!?:;]["”’']*\\s+|,\\s+|\\b(?:and|but|as|when|while|after|before|then)\\s+)((?:(?:Mr|Mrs|Ms|Miss|Dr|Sir|Lord|Lady|Dame)\\.?\\s+)?\\p{Lu}[\\p{L}’'-]+(?:\\s+(?:(?:${particle})\\s+)?\\p{Lu}[\\p{L}’'-]+){0,3})(?=,\\s+(?:who|an?|the|his|her|their|aged|of|\\d+|\\p{Ll}+ing|\\p{Ll}+ed)\\b|\\s+(\\p{Ll}+))`,
    'gmu',
  );
  return subjectName;
}

/** A determiner or possessive, up to two words, and a lower-case noun right before a name: `her new show,`. */
const WORK_BEFORE = /(?:[’']s|\b(?:the|a|an|his|her|their|its|new))\s+(?:[\p{L}-]+\s+){0,2}(\p{Ll}+),?\s+$/u;

/** A preposition right before a determiner: the noun phrase after it is no apposition. */
const PREPOSITION_ENDS = /\b(?:after|before|during|following|since|until|at|on|in|from|with|for)\s*$/i;

/** A capitalised participle opening a phrase: `Believing`, `Sentencing`. */
const FRONTED_PARTICIPLE = /^\p{Lu}\p{Ll}+ing$/u;

/**
 * True when `phrase` opens with a participle whose object is the name after it (`Believing Ann`,
 * `Sentencing Fenn`), not with a counsel's lead (`Prosecuting Tom Brindle`) or a name in `-ing`
 * (`Denning`, `Browning`): the text writes a surname capitalised after a lower-case word too.
 */
function frontedParticiple(text: string, phrase: string, first: string, seen: Map<string, boolean>): boolean {
  if (!phrase.includes(' ') || !FRONTED_PARTICIPLE.test(first)) return false;
  if (speakerWords().roleParticiples.has(first.toLowerCase())) return false;
  // A given name in -ing (`Sterling Brown`) is a name wherever it stands.
  if (genderOfGivenName(phrase) !== null) return false;
  // The text is read once per word, not once per phrase it opens.
  let fronted = seen.get(first);
  if (fronted === undefined) {
    fronted = !new RegExp(`\\p{Ll}[,;]?\\s+${first}\\b`, 'u').test(text);
    seen.set(first, fronted);
  }
  return fronted;
}

/**
 * A determiner or an adjective and a lower-case word before a full name opening a sentence: `One
 * neighbour Ann Cole`, `Single mother Ann Cole, 26, wept`.
 */
const ROLE_THEN_NAME =
  /(?:^|[.!?]["”’']*\s+)(?:One|A|An|The|His|Her|Their|\p{Lu}\p{Ll}+)\s+(\p{Ll}+)\s+(\p{Lu}[\p{L}’'-]+(?:\s+\p{Lu}[\p{L}’'-]+){1,2})(?=,|\s+\p{Ll})/gmu;

/** A full name, `, who` and the word after it. */
const WHO_SPOKE =
  /(?<!\p{Lu}[\p{L}’'-]*\s+)(\p{Lu}\p{Ll}[\p{L}’'-]*(?:\s+\p{Lu}\p{Ll}[\p{L}’'-]*){1,2}),\s+who\s+(\p{Ll}+)/gu;

/** A word, a lower-case person word, a full name and the lower-case word after it. */
const ROLE_NAME_INSIDE =
  /(?<=\s)(\p{L}+)\s+(\p{Ll}+)\s+(\p{Lu}\p{Ll}[\p{L}’'-]*(?:\s+\p{Lu}\p{Ll}[\p{L}’'-]*){1,2})\s+(\p{Ll}+)\b/gu;

/** `The judge,` / `The coroner held` opening a sentence: an unnamed role as its subject. */
const ROLE_SUBJECT = /(?:^|[.!?]["”’']*\s+)((?:The|the)\s+([a-z-]+))(?=,?\s+\p{Ll})/gmu;

/** `Mrs Cole` anywhere in a sentence: her honorific says which pronoun may refer to her. */
const HONORIFIC_NAME =
  /\b(?:Mr|Mrs|Ms|Miss|Sir|Lord|Lady|Dame)\.?\s+\p{Lu}[\p{L}’'-]+(?:\s+\p{Lu}[\p{L}’'-]+){0,2}/gu;

interface NamedSubject {
  at: number;
  end: number;
  phrase: string;
  gender: Gender;
  /** Named outside subject position: a candidate only for the pronoun its honorific takes. */
  object?: boolean;
  /** A role with no name as the subject (`The judge ruled that …`): its word, lower-case. */
  role?: string;
}

function subjectNames(text: string): NamedSubject[] {
  const out: NamedSubject[] = [];
  const SUBJECT_NAME = subjectNamePattern();
  SUBJECT_NAME.lastIndex = 0;
  const participles = new Map<string, boolean>();
  for (let match = SUBJECT_NAME.exec(text); match; match = SUBJECT_NAME.exec(text)) {
    const phrase = match[1]!;
    const at = match.index + match[0].length - phrase.length;
    if (wrappedLineStart(text, match.index, match[0], phrase)) continue;
    const first = phrase.slice(0, phrase.indexOf(' ') < 0 ? phrase.length : phrase.indexOf(' '));
    if (STOP_CAPS.has(first) || PRONOUNS.has(first.toLowerCase())) continue;
    // `Believing Ann was safe, she …`, `Sentencing Fenn, the judge …`: a fronted participle takes
    // the name as its object; only a counsel's lead (`Prosecuting Tom Brindle`) names the subject.
    if (frontedParticiple(text, phrase, first, participles)) continue;
    // `… and London and …`, `Dismissing the claim`: a verb follows a subject, not a function word.
    // (`Doe also cited …`, `Doe then told …`: an adverb before the verb is not a function word there.)
    // (`Doe was jailed.`, `Judge Ann Roe had delayed …`: an auxiliary opens the name's verb too,
    // unless the name stands in a `that` clause, which says what someone said about it.)
    if (
      match[2] &&
      isClosedClass(match[2]) &&
      !SUBJECT_ADVERB.test(match[2]) &&
      !(SUBJECT_AUXILIARY.test(match[2]) && !/\bthat\b/.test(sentenceBefore(text, at)))
    )
      continue;
    // `West County coroner Ann Cole`: capitals before a title modify it; the person comes after.
    if (match[2] && speakerWords().titles.has(match[2])) continue;
    // `'s` after the name makes it a possessive, not the subject (the lookahead saw a lower-case word).
    if (/^[’']s\b/.test(text.slice(at + phrase.length, at + phrase.length + 3))) continue;
    const parsed = parseSpeaker(phrase);
    if (parsed.kind !== 'person' || !isName(text, parsed.speaker)) continue;
    // `WILD CARD is back …`: a shouted first word that the text never writes in its usual case and
    // that is no given name is a tabloid's lead or a nickname, not the name a later `he` or `she`
    // means (`NOEL Vale`, with `Noel` in the text, and `TOM MCVALE` are still names).
    if (isShoutedLead(text, phrase, first)) continue;
    // `of Penny Lane, Ashton, who …`: a city, region or country is where someone is from.
    if (isMajorPlace(phrase)) continue;
    // `The Late Night Show was …`: a programme's title is what the text is about, never who speaks.
    if (isWorkTitle(phrase)) continue;
    // `Her new BBC show, Late Fun starts …`: a name after a work's noun is the work's title.
    const lead = text.slice(Math.max(0, at - 60), at);
    const work = WORK_BEFORE.exec(lead);
    // `After the show, Ann Cole said`: a phrase opened by a preposition ends before the name.
    if (work && isWorkNoun(work[1]!) && !PREPOSITION_ENDS.test(lead.slice(0, work.index))) continue;
    // `Ann Roe, her solicitor,` is a person; `Westford Dry, his cleaning firm,` and `Roe Print, her
    // printing company,` are not: a body is never whom a later `he` or `she` means.
    const owned = POSSESSIVE_APPOSITIVE.exec(text.slice(at + phrase.length, at + phrase.length + 60));
    if (owned && (!isPersonNoun(owned[1]!) || isOrganisationWord(owned[1]!))) continue;
    out.push({ at, end: at + phrase.length, phrase, gender: genderOf(phrase) });
  }
  // `One neighbour Ann Cole, 60, has …`, `The pilot Tom Vale said`: a lower-case person word
  // before a full name opening a sentence is the name's title; the name is the subject.
  ROLE_THEN_NAME.lastIndex = 0;
  for (let match = ROLE_THEN_NAME.exec(text); match; match = ROLE_THEN_NAME.exec(text)) {
    const phrase = match[2] ?? '';
    if (wrappedLineStart(text, match.index, match[0], match[0])) continue;
    if (!isPersonNoun(match[1] ?? '') || isClosedClass(phrase.split(' ')[0] ?? '')) continue;
    const at = match.index + match[0].length - phrase.length;
    if (out.some((subject) => subject.at === at)) continue;
    if (/^[’']s\b/.test(text.slice(at + phrase.length, at + phrase.length + 3))) continue;
    const parsed = parseSpeaker(phrase);
    if (parsed.kind !== 'person' || !isName(text, parsed.speaker) || isMajorPlace(phrase)) continue;
    out.push({ at, end: at + phrase.length, phrase, gender: genderOf(phrase) });
  }
  // `During the case team coach Tom Vale gave evidence in which he said …`: a person word before
  // a full name inside a sentence, a verb after it, and no verb or function word before them
  // (`told coach Tom Vale`, `that coach Tom Vale had`) make the name the clause's subject.
  ROLE_NAME_INSIDE.lastIndex = 0;
  for (let match = ROLE_NAME_INSIDE.exec(text); match; match = ROLE_NAME_INSIDE.exec(text)) {
    const [, previous, noun, phrase, next] = match as unknown as [string, string, string, string, string];
    if (!isPersonNoun(noun) || isClosedClass(next) || ADVERB_AFTER.test(next)) continue;
    if (
      isClosedClass(previous) ||
      compile().verbs.has(previous.toLowerCase()) ||
      /(?:ed|ing)$/.test(previous)
    )
      continue;
    const at = match.index + match[0].length - phrase.length;
    if (out.some((subject) => subject.at === at)) continue;
    const parsed = parseSpeaker(phrase);
    if (parsed.kind !== 'person' || parsed.speaker !== phrase || !isName(text, parsed.speaker)) continue;
    if (isMajorPlace(phrase)) continue;
    out.push({ at, end: at + phrase.length, phrase, gender: genderOf(phrase) });
  }
  // `It was flown by Tom Vale, who told the hearing …`: a name a relative clause says spoke is
  // whom the text goes on about, wherever the name stands.
  WHO_SPOKE.lastIndex = 0;
  for (let match = WHO_SPOKE.exec(text); match; match = WHO_SPOKE.exec(text)) {
    const phrase = match[1]!;
    if (!compile().verbs.has(match[2]!)) continue;
    const at = match.index;
    if (out.some((subject) => subject.at === at)) continue;
    const parsed = parseSpeaker(phrase);
    if (
      parsed.kind !== 'person' ||
      parsed.speaker !== phrase ||
      !isName(text, phrase) ||
      isMajorPlace(phrase)
    )
      continue;
    out.push({ at, end: at + phrase.length, phrase, gender: genderOf(phrase) });
  }
  // `The judge, ruled that Mr Doe, whom he called …`: a sentence about an unnamed role.
  ROLE_SUBJECT.lastIndex = 0;
  for (let match = ROLE_SUBJECT.exec(text); match; match = ROLE_SUBJECT.exec(text)) {
    const noun = match[2]!.toLowerCase();
    if (!speakerWords().titles.has(noun) || speakerWords().descriptors.has(noun)) continue;
    const at = match.index + match[0].length - match[1]!.length;
    out.push({ at, end: at + match[1]!.length, phrase: match[1]!, gender: genderOf(match[1]!), role: noun });
  }
  const subjectsAt = new Set(out.map((subject) => subject.at));
  HONORIFIC_NAME.lastIndex = 0;
  for (let match = HONORIFIC_NAME.exec(text); match; match = HONORIFIC_NAME.exec(text)) {
    if (subjectsAt.has(match.index)) continue;
    const phrase = match[0];
    // `in Mr Doe's office`: a possessive names whose office, not who acts.
    if (/[’']s$/.test(phrase)) continue;
    // `Back home Mrs Doe phoned …`: a lower-case verb right after the name, and no
    // preposition or verb of its own before it, make the name the clause's subject.
    const next = NEXT_WORD.exec(text.slice(match.index + phrase.length, match.index + phrase.length + 30));
    const previous = PREVIOUS_WORD.exec(text.slice(Math.max(0, match.index - 30), match.index));
    const subject =
      next !== null &&
      !isClosedClass(next[1]!) &&
      !ADVERB_AFTER.test(next[1]!) &&
      previous !== null &&
      !isClosedClass(previous[1]!) &&
      !compile().verbs.has(previous[1]!.toLowerCase()) &&
      !/(?:ed|ing)$/.test(previous[1]!);
    out.push({
      at: match.index,
      end: match.index + phrase.length,
      phrase,
      gender: genderOf(phrase),
      ...(subject ? {} : { object: true }),
    });
  }
  return out.sort((a, b) => a.at - b.at);
}

/**
 * True when a match of a pattern whose `^` stands for a sentence start opened at a line start
 * (the matched text is `phrase` alone when `^` matched) inside a sentence of wrapped copy: the
 * line before ends on a word or a comma, and the newline is where the copy was wrapped.
 */
function wrappedLineStart(text: string, index: number, matched: string, phrase: string): boolean {
  if (index === 0 || matched.length !== phrase.length) return false;
  const before = /[\p{L}\p{N},][ \t]*(\n)[ \t]*$/u.exec(text.slice(Math.max(0, index - 8), index));
  return before !== null && wrapsAt(text, Math.max(0, index - 8) + before.index + before[0].indexOf('\n'));
}

const NEXT_WORD = /^\s+(\p{Ll}+)\b/u;
const SUBJECT_ADVERB = /^(?:also|then|later|still|never|again|once|first|now|yesterday|today)$/;
const SUBJECT_AUXILIARY = /^(?:was|were|is|are|had|has|have|would|could|will|did|does)$/;
const PREVIOUS_WORD = /(?:^|\s)(\p{L}+)\s+$/u;
const ADVERB_AFTER = /^(?:\p{Ll}+ly|yesterday|today|tonight|said|says)$/u;

let closedClass: Set<string> | undefined;

/**
 * False for a capitalised word that is not a name: a function word (`His`, `One`), or a single
 * word the same text also writes in lower case (`Because`, `Outside` opening a sentence).
 */
function isClosedClass(word: string): boolean {
  if (!closedClass) {
    const lexicon = loadLexicon<{ function: string[]; negation: string[] }>('merge-words');
    closedClass = new Set([...lexicon.function, ...lexicon.negation, 'one']);
  }
  return closedClass.has(word.toLowerCase());
}

/**
 * Modal auxiliaries that are also given names (`Will Fenn`, `May Doe`): before another capitalised
 * word at a cue's subject they open a name, since a question's auxiliary never comes before `said`.
 */
const MODAL_NAME = /^(?:Will|May|Can|Might|Must)$/;

function isName(text: string, speaker: string): boolean {
  const words = speaker.split(' ');
  const modalName =
    words.length > 1 &&
    MODAL_NAME.test(words[0]!) &&
    UPPER_FIRST.test(words[1]!) &&
    !isClosedClass(words[1]!);
  if ((isClosedClass(words[0]!) && !modalName) || /[’']/.test(words[0]!.slice(1))) return false;
  if (words.length > 1) return true;
  const lower = speaker.toLowerCase();
  if (lower === speaker) return true;
  for (let at = text.indexOf(lower); at !== -1; at = text.indexOf(lower, at + 1))
    if (!/[\p{L}]/u.test(text[at - 1] ?? '') && !/[\p{L}]/u.test(text[at + lower.length] ?? '')) return false;
  return true;
}

/** Capitals that the text also writes in lower case (`MOHAMED` where `Mohamed` occurs) are a name, in its usual case. */
function unshout(text: string, phrase: string): string {
  return phrase.replace(/\b(\p{Lu})(\p{Lu}+)\b/gu, (word, head: string, rest: string) => {
    const usual = head + rest.toLowerCase();
    return text.includes(`${usual} `) ? usual : word;
  });
}

/** Resolves pronouns, surnames and role descriptions against speakers seen earlier. */
function createResolver(text: string, quoted: (position: number) => boolean) {
  const fullNames = new Map<string, FullName[]>();
  type Seen = { speaker: string; role: string | null; kind: SpeakerKind; at: number; gender: Gender };
  // Latest speakers by what a later mention may refer to them with: O(1) per frame.
  let lastPerson: Seen | null = null;
  let lastOrganisation: Seen | null = null;
  let lastSingular: Seen | null = null;
  // The last subject that was only a role (`the defendant claimed`, `the magistrate said`): a
  // later `she said` may be that unnamed person, so it must not jump back to an older name.
  let lastRole: { at: number; gender: Gender } | null = null;
  const byWord = new Map<string, Seen>();
  const roleOf = new Map<string, string>();
  const genderByName = new Map<string, Gender>();
  let subjects: NamedSubject[] | null = null;
  const remember = (entry: Seen): void => {
    if (entry.kind === 'person') lastPerson = entry;
    // `A spokesman for the airline said: … He said: …`: one unnamed person, whom `he` goes on to mean.
    const person = entry.kind === 'description' ? PERSON_DESCRIPTION.exec(entry.speaker) : null;
    if (person)
      lastPerson = {
        ...entry,
        gender: FEMALE_NOUN.test(person[1]!) ? 'she' : MALE_NOUN.test(person[1]!) ? 'he' : null,
      };
    if (entry.kind === 'organisation' || entry.kind === 'description') {
      lastOrganisation = entry;
      if (entry.kind === 'organisation' || !/s$/i.test(entry.speaker)) lastSingular = entry;
    }
    for (const word of `${entry.role ?? ''} ${entry.speaker}`.toLowerCase().split(/[\s,]+/))
      if (word) byWord.set(word, entry);
    if (entry.role) roleOf.set(entry.speaker, entry.role);
  };
  /** The full name a surname (or first name) at `at` stands for; `gender` from its honorific. */
  const fullName = (name: string, at: number, gender: Gender): string => {
    if (name.includes(' ')) return name;
    let candidates = fullNames.get(name);
    if (!candidates) {
      candidates = fullNamesFor(text, name);
      fullNames.set(name, candidates);
    }
    return pickFullName(candidates, at, gender, genderByName) ?? name;
  };
  const honorifics = new Map<string, Gender | undefined>();
  /**
   * The pronoun the text's honorific before `surname` takes (`Mr Doe` → `he`), undefined when
   * the text never gives it one (a title of either sex, `Dr Doe`, says nothing of the pronoun).
   */
  const honorificGender = (surname: string): Gender | undefined => {
    if (honorifics.has(surname)) return honorifics.get(surname);
    let found: Gender | undefined;
    if (/^\p{Lu}\p{Ll}[\p{L}’'-]*$/u.test(surname)) {
      const pattern = new RegExp(`\\b(?:Mr|Mrs|Ms|Miss|Sir|Lord|Lady|Dame)\\.?\\s+${surname}\\b`, 'u');
      const match = pattern.exec(text);
      if (match) found = genderOf(match[0]);
    }
    honorifics.set(surname, found);
    return found;
  };
  /** Index of the last subject that ends at or before `position` (-1 when none): a binary search. */
  const lastEndingBy = (position: number): number => {
    subjects ??= subjectNames(text);
    let low = 0;
    let high = subjects.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (subjects[middle]!.end <= position) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  };
  const lastSubject = (position: number, pronoun: Gender, before = position): Seen | null => {
    const found = lastEndingBy(position);
    subjects ??= subjectNames(text);
    for (let i = found; i >= 0 && i > found - 10; i--) {
      const subject = subjects[i]!;
      if (subject.at >= before) continue;
      // A name inside a quotation is what a speaker talked about, not the text's own subject.
      if (quoted(subject.at)) continue;
      if (subject.role) {
        // A role an earlier speaker held (`The president …` after a president spoke) may be any
        // of them: look further back. A role no one named held is someone unnamed: no antecedent.
        if (byWord.has(subject.role) || titledBefore(text, subject.role, subject.at)) continue;
        return { speaker: subject.phrase, role: null, kind: 'description', at: subject.at, gender: null };
      }
      // `The judge ruled that Mr Doe, whom he …`: a name after an unnamed role in its sentence is
      // what the sentence says about someone, not who it is about.
      if (subject.object && roleBefore(subjects, i, text)) continue;
      if (subject.object && (!pronoun || subject.gender !== pronoun)) continue;
      // `Judge Mary Holt overruled Ms Lund because she said …`: the clause's own subject, named
      // before the object in the pronoun's own sentence and of the pronoun's gender, is whom `she`
      // means (in the next sentence, `He alleged …` goes on about the object as often as not).
      if (
        subject.object &&
        pronoun &&
        !SENTENCE_BREAK.test(text.slice(subject.end, position)) &&
        subjectOfSameSentence(text, subjects, i, pronoun)
      )
        continue;
      // `… supporting Mr Doe in operations, and his rota meant he … He told …`: once the text has
      // gone on with the same pronoun, a name it mentioned in passing is not what it means.
      if (subject.object && pronoun && SAME_PRONOUN[pronoun].test(text.slice(subject.end, position)))
        continue;
      // `Mr Doe, he added, could not …`: the pronoun in a parenthesis is someone else.
      if (PARENTHESIS_GAP.test(text.slice(subject.end, position))) continue;
      const parsed = parseSpeaker(unshout(text, subject.phrase));
      const speaker = fullName(parsed.speaker, subject.at, subject.gender ?? pronoun);
      // A lone capitalised word (`Legal experts`, `Next thing`) is a name only when the text
      // writes it in full somewhere or with an honorific (`Doe was arrested` where the text
      // elsewhere says `Mr Doe`).
      const titled = !speaker.includes(' ') && !subject.gender ? honorificGender(speaker) : undefined;
      if (
        !speaker.includes(' ') &&
        !subject.gender &&
        titled === undefined &&
        !/^(?:Dr|Lord|Sir|Lady|Dame)\b/.test(subject.phrase)
      )
        continue;
      const gender = subject.gender ?? titled ?? genderByName.get(speaker) ?? genderOfGivenName(speaker);
      if (pronoun && gender && gender !== pronoun) continue;
      return {
        speaker,
        role: parsed.role ?? roleOf.get(speaker) ?? null,
        kind: 'person',
        at: subject.at,
        gender,
      };
    }
    return null;
  };
  /** The last person named as a subject before `position` with `noun` in the title before the name. */
  const titledSubject = (noun: string, position: number): Seen | null => {
    if (!isPersonNoun(noun) || /s$/.test(noun)) return null;
    // Start at the last subject before `position`, so that each lookup costs at most ten steps
    // (plus a binary search), however long the text and however often it says `the striker`.
    const found = lastEndingBy(position);
    subjects ??= subjectNames(text);
    let seen = 0;
    for (let i = found; i >= 0 && seen < 10; i--) {
      const subject = subjects[i]!;
      if (subject.end > position || subject.role || quoted(subject.at)) continue;
      seen++;
      // `Striker Dean Rusk`: a capitalised occupation opening the name is its title.
      const words = subject.phrase.split(' ');
      const lead = words.length >= 3 && words[0]!.toLowerCase() === noun;
      const parsed = lead
        ? { ...parseSpeaker(unshout(text, words.slice(1).join(' '))), role: words[0]! }
        : parseSpeaker(unshout(text, subject.phrase));
      if (parsed.kind !== 'person' || !parsed.speaker.includes(' ')) continue;
      const title = (parsed.role ?? '').toLowerCase().split(/[\s,]+/);
      if (!title.includes(noun) && !(noun === 'doctor' && /^Dr\.?\s/.test(subject.phrase))) continue;
      return {
        speaker: parsed.speaker,
        role: parsed.role ?? roleOf.get(parsed.speaker) ?? null,
        kind: 'person',
        at: position,
        gender: subject.gender ?? genderByName.get(parsed.speaker) ?? null,
      };
    }
    return null;
  };
  return {
    /** `nested`: the speaker of a speech act reported by another speaker, not remembered as the latest. */
    resolve(raw: RawSpeaker, nested = false): FrameSpeaker {
      const parsed = parseSpeaker(unshout(text, raw.text));
      const role = raw.role ?? parsed.role;
      let kind = parsed.kind;
      // `Ituri Citizens’ Watch, a local group that …`: the appositive says it is an organisation.
      if (kind === 'person' && raw.role && ORGANISATION_ROLE.test(raw.role)) kind = 'organisation';
      const span: Span = [raw.start, raw.end];
      const lower = raw.text.toLowerCase();
      if (kind === 'pronoun') {
        let antecedent: Seen | null =
          lower === 'he' || lower === 'she' || lower === 'i'
            ? lastPerson
            : lower === 'it'
              ? lastSingular
              : lower === 'they' || lower === 'we'
                ? lastOrganisation
                : null;
        if (lower === 'he' || lower === 'she') {
          const pronoun: Gender = lower;
          const person = antecedent as Seen | null;
          const known = person
            ? (person.gender ?? genderByName.get(person.speaker) ?? genderOfGivenName(person.speaker))
            : null;
          if (known && known !== pronoun) antecedent = null;
          // The person the text was last about, when named after the last quoted speaker.
          // `Doe had lost his job, he said.`: the name opening the clause a trailing `he said`
          // reports is what was said about, not who said it.
          // When a speaker was already named, that speaker goes on (`Doe had been approached, he said`
          // after Doe spoke is Doe's own account).
          const trailing = trailingFrameStart(text, raw);
          const subject =
            trailing !== null && antecedent ? null : lastSubject(raw.start, pronoun, trailing ?? raw.start);
          // `The judge said Mr Doe was honest. He said: …`: a name inside what the last speaker
          // reported is what was said about, not who speaks next.
          const role = lastRole as { at: number; gender: Gender } | null;
          // `The girl told officers she was reading when Ella knocked. She said …`: a name in
          // what an unnamed speaker reported is not who speaks next either.
          if (
            subject &&
            (!antecedent || (subject.at > antecedent.at && !reportedBy(text, antecedent.at, subject.at))) &&
            !(role && role.at < subject.at && reportedBy(text, role.at, subject.at))
          )
            antecedent = subject.kind === 'person' ? subject : null;
          if (antecedent && role && role.at > antecedent.at && (!role.gender || role.gender === pronoun))
            antecedent = null;
        }
        if (antecedent) {
          // The person is now last mentioned here: later names count as newer only after this.
          if (antecedent.kind === 'person' && (lower === 'he' || lower === 'she')) {
            // `he` once meant Doe: Doe is a man for every later pronoun.
            if (!genderByName.has(antecedent.speaker)) genderByName.set(antecedent.speaker, lower);
            if (!nested) remember({ ...antecedent, at: raw.start, gender: antecedent.gender ?? lower });
          }
          return seenAt(antecedent, span, true);
        }
        return { speaker: raw.text, role: null, kind: 'pronoun', span, resolved: false };
      }
      if (kind === 'description') {
        const noun = /^(?:the|this)\s+([\p{L}-]+)$/iu.exec(raw.text)?.[1]?.toLowerCase();
        const earlier = noun ? byWord.get(noun) : undefined;
        if (isRoleOnly(parsed.speaker) && (!earlier || earlier.kind !== 'person'))
          lastRole = { at: raw.start, gender: genderOf(raw.text) ?? null };
        if (earlier) {
          if (!nested) remember({ ...earlier, at: raw.start });
          return seenAt(earlier, span, true);
        }
        // `Footballer Dean Rusk was fined. The player said …`, `Dr Ann Pike … The doctor said`: the
        // last person named with that title, though not yet as a speaker.
        const titled = noun ? titledSubject(noun, raw.start) : null;
        if (titled) {
          if (!nested) remember(titled);
          return seenAt(titled, span, true);
        }
      }
      let speaker = parsed.speaker;
      let resolved = false;
      if (kind === 'person' && !speaker.includes(' ')) {
        const full = fullName(speaker, raw.start, genderOf(raw.text));
        if (full !== speaker) {
          speaker = full;
          resolved = true;
        }
      }
      if (kind === 'person' && !isName(text, speaker))
        return { speaker: raw.text, role: null, kind: 'pronoun', span, resolved: false };
      const gender =
        genderOf(raw.text) ??
        genderByName.get(speaker) ??
        (kind === 'person' ? genderOfGivenName(speaker) : null);
      if (kind === 'person' && gender) genderByName.set(speaker, gender);
      const result: Seen = {
        speaker,
        role: role ?? roleOf.get(speaker) ?? null,
        kind,
        at: raw.start,
        gender,
      };
      if (!nested || kind !== 'person') remember(result);
      return seenAt(result, span, resolved);
    },
  };
}

interface FullName {
  name: string;
  /** Where the text writes it in full. */
  at: number[];
  /** What its honorific or a kin word beside it says (`Mrs Ann Doe`, `her husband, Tom Doe`). */
  gender: Gender;
}

/**
 * Every full name in the text that ends with `surname` (`Herega` → `Hanna Herega`): up to three
 * capitalised words right before it, titles stripped; else a first name (`Paul`, `Victoria`)
 * written in full elsewhere (`Paul Smith`).
 */
function fullNamesFor(text: string, surname: string): FullName[] {
  const found = new Map<string, FullName>();
  for (let at = text.indexOf(surname); at !== -1; at = text.indexOf(surname, at + surname.length)) {
    if (/[\p{L}\p{N}]/u.test(text[at + surname.length] ?? '')) continue;
    const before = PRECEDING_NAMES.exec(text.slice(Math.max(0, at - 80), at));
    if (!before) continue;
    const words = before[0].trim().split(' ');
    while (words.length > 0 && STOP_CAPS.has(words[0]!)) words.shift();
    if (words.length === 0) continue;
    const phrase = `${words.join(' ')} ${surname}`;
    const parsed = parseSpeaker(unshout(text, phrase));
    if (parsed.kind !== 'person' || !parsed.speaker.includes(' ') || !parsed.speaker.endsWith(surname))
      continue;
    const start = at - before[0].length + before[0].indexOf(words[0]!);
    const gender = genderOf(phrase) ?? kinGender(text, start, at + surname.length);
    const entry = found.get(parsed.speaker);
    if (entry) {
      entry.at.push(start);
      entry.gender ??= gender;
    } else found.set(parsed.speaker, { name: parsed.speaker, at: [start], gender });
  }
  if (found.size > 0) return [...found.values()];
  for (let at = text.indexOf(surname); at !== -1; at = text.indexOf(surname, at + surname.length)) {
    if (/[\p{L}\p{N}]/u.test(text[at - 1] ?? '')) continue;
    const after = FOLLOWING_NAME.exec(text.slice(at + surname.length, at + surname.length + 40));
    if (!after) continue;
    const parsed = parseSpeaker(`${surname}${after[0]}`);
    if (parsed.kind === 'person' && parsed.speaker === `${surname}${after[0]}`)
      return [{ name: parsed.speaker, at: [at], gender: null }];
  }
  return [];
}

/** A kin or gendered noun in apposition: `her husband, Tom Doe`, `Ann Doe, his sister`. */
const KIN_BEFORE = /\b(\p{L}+),?\s+$/u;
const KIN_AFTER = /^,\s+(?:(?:his|her|their|the|a|an)\s+)?(\p{L}+)\b/u;
const MALE_KIN =
  /^(?:husband|father|son|brother|uncle|nephew|grandfather|grandson|boyfriend|widower|stepfather|stepson|man|boy|spokesman)$/i;
const FEMALE_KIN =
  /^(?:wife|mother|daughter|sister|aunt|niece|grandmother|granddaughter|girlfriend|widow|stepmother|stepdaughter|woman|girl|spokeswoman)$/i;

function kinGender(text: string, start: number, end: number): Gender {
  for (const match of [
    KIN_BEFORE.exec(text.slice(Math.max(0, start - 30), start)),
    KIN_AFTER.exec(text.slice(end, end + 30)),
  ]) {
    const word = match?.[1] ?? '';
    if (MALE_KIN.test(word)) return 'he';
    if (FEMALE_KIN.test(word)) return 'she';
  }
  return null;
}

/**
 * Which of the full names sharing a surname a mention at `at` means: the one its honorific's
 * gender fits (`Mr Doe` is not `Ann Doe`, whom the text calls `Mrs Doe` or `his wife`), else the
 * one the text named last before it, else the first. None when every full name is of the other
 * gender: `Mr Doe` after only `Ann Doe` is a relative the text never names in full (her son, her
 * husband), and the surname alone is right where her name would be wrong.
 */
function pickFullName(
  candidates: readonly FullName[],
  at: number,
  gender: Gender,
  known: ReadonlyMap<string, Gender>,
): string | null {
  const genderOfName = (c: FullName): Gender => c.gender ?? known.get(c.name) ?? genderOfGivenName(c.name);
  let pool = [...candidates];
  if (gender) {
    const fits = pool.filter((c) => genderOfName(c) !== (gender === 'he' ? 'she' : 'he'));
    const sure = fits.filter((c) => genderOfName(c) === gender);
    if (fits.length === 0) return null;
    pool = sure.length === 1 ? sure : fits;
  }
  if (pool.length <= 1) return pool[0]?.name ?? null;
  let best: FullName | null = null;
  let bestAt = -1;
  for (const c of pool)
    for (const k of c.at)
      if (k < at && k > bestAt) {
        best = c;
        bestAt = k;
      }
  return (best ?? pool[0]!).name;
}

const FOLLOWING_NAME = /^ \p{Lu}\p{Ll}[\p{L}’'-]*(?= [\p{Ll},.]|[,.])/u;

const SAME_PRONOUN = { he: /\b(?:he|his|him|He|His)\b/, she: /\b(?:she|her|hers|She|Her)\b/ } as const;

/** `President Ann Cole` before `The president`: the role is a title the text gave a name. */
function titledBefore(text: string, role: string, at: number): boolean {
  const title = `${role[0]!.toUpperCase()}${role.slice(1)} `;
  for (let k = text.indexOf(title); k >= 0 && k < at; k = text.indexOf(title, k + 1))
    if (UPPER_FIRST.test(text[k + title.length] ?? '') && !/\p{L}/u.test(text[k - 1] ?? '')) return true;
  return false;
}

/** True when an unnamed role subject opens the sentence of the subject at `index`, before it. */
function roleBefore(subjects: NamedSubject[], index: number, text: string): boolean {
  const subject = subjects[index]!;
  for (let k = index - 1; k >= 0 && index - k < 6; k--) {
    const other = subjects[k]!;
    if (/[.!?]["”’']*\s/.test(text.slice(other.end, subject.at))) return false;
    if (other.role) return true;
  }
  return false;
}

/** Only a comma between a name and the pronoun after it (`Mr Doe, he added`). */
const PARENTHESIS_GAP = /^\s*,\s*$/;
let reportedClause: RegExp | undefined;

/**
 * True when the name at `subject` stands in the clause reported by the speaker named at `speaker`:
 * a reporting verb (any cue of the lexicon, `complained`, `admitted` …) between them, in the
 * same sentence.
 */
const TRAILING_CUE = /^\s+\p{Ll}+\b(?!:)/u;
const FRONTED_CLAUSE =
  /^(?:When|Whenever|As|After|Before|If|Although|Though|While|Since|Because|Once|Until|Asked|Pressed|Questioned)\b/;
const PARENTHETICAL_CUE = /^\s+\p{Ll}+,/u;
/** An organisation word that no descriptor shares (`company`, `firm`; not `member`). */
const isOrganisationWord = (word: string): boolean => {
  const lower = word.toLowerCase();
  return speakerWords().organisations.has(lower) && !speakerWords().descriptors.has(lower);
};
const SENTENCE_BREAK = /[.!?]["”’']*\s|\n/;
/** True when a subject (not an object, not a role) of the pronoun's gender or of none opens the sentence of object `i`. */
function subjectOfSameSentence(
  text: string,
  subjects: readonly NamedSubject[],
  i: number,
  pronoun: 'he' | 'she',
): boolean {
  const object = subjects[i]!;
  for (let j = i - 1; j >= 0; j--) {
    const earlier = subjects[j]!;
    if (SENTENCE_BREAK.test(text.slice(earlier.end, object.at))) return false;
    if (earlier.object || earlier.role) continue;
    // `Judge Mary Holt`: the given name after a title tells the gender; a name that tells none
    // (`Coach Jo Marsh`) is no evidence, and the pronoun stays with the object.
    const gender = earlier.gender ?? genderOfGivenName(parseSpeaker(earlier.phrase).speaker);
    return gender === pronoun;
  }
  return false;
}

/** A word of three or more capitals (not an initial or a short acronym such as `US`). */
const SHOUTED = /^\p{Lu}{3,}$/u;
/** `WILD CARD`, not `WPC Doe` (a title in capitals before a name) nor `TOM VALE` (a given name). */
function isShoutedLead(text: string, phrase: string, first: string): boolean {
  if (/\p{Ll}/u.test(phrase) || !SHOUTED.test(first) || unshout(text, first) !== first) return false;
  return !isGivenName(`${first[0]}${first.slice(1).toLowerCase()}`);
}
const POSSESSIVE_APPOSITIVE = /^,\s+(?:his|her|their)\s+(?:[\p{L}-]+\s+)?([\p{L}-]+)/u;
const SENTENCE_END = /[.!?]["”’']*\s+(?=\S)|\n\s*\n/g;

/**
 * Where the sentence starts when the pronoun `raw` is a frame trailing an unquoted clause
 * (`Doe had lost his job, he said.`), else null.
 */
function trailingFrameStart(text: string, raw: RawSpeaker): number | null {
  if (!/,\s+$/.test(text.slice(Math.max(0, raw.start - 3), raw.start))) return null;
  // `… a photograph which, he said, showed …`: a parenthesis leaves the sentence's subject speaking.
  const after = text.slice(raw.end, raw.end + 40);
  if (!TRAILING_CUE.test(after) || PARENTHETICAL_CUE.test(after)) return null;
  // `When asked, he replied: …`: a fronted clause of time or reason is no reported clause.
  const sentence = sentenceBefore(text, raw.start);
  if (FRONTED_CLAUSE.test(sentence)) return null;
  return raw.start - sentence.length;
}

/** The words of the sentence before `position`, from its start (at most 600 characters back). */
function sentenceBefore(text: string, position: number): string {
  const before = text.slice(Math.max(0, position - 600), position);
  let start = 0;
  SENTENCE_END.lastIndex = 0;
  for (let match = SENTENCE_END.exec(before); match; match = SENTENCE_END.exec(before))
    start = match.index + match[0].length;
  return before.slice(start);
}

function reportedBy(text: string, speaker: number, subject: number): boolean {
  if (subject - speaker > 300) return false;
  if (!reportedClause) {
    const forms = [...compile().verbs.keys()].filter((form) => !form.includes(' '));
    reportedClause = new RegExp(`\\b(?:${forms.join('|')})\\b(?:[^.!?]*)$`);
  }
  return reportedClause.test(text.slice(speaker, subject));
}

/** Any place of the gazetteer by its exact name (`East County`, `Smalltown`). */
function isPlace(phrase: string): boolean {
  return loadGazetteer()
    .lookup(phrase)
    .some((entry) => entry.name === phrase);
}

/** A country, a region or a city of 100,000 people or more, by its exact name. */
function isMajorPlace(phrase: string): boolean {
  return loadGazetteer()
    .lookup(phrase)
    .some(
      (entry) =>
        entry.name === phrase &&
        (entry.kind === 'country' || entry.kind === 'region' || entry.population >= 100_000),
    );
}

/** The head of a description that is one person (`A spokesman for …`, `the woman who …`). */
const PERSON_DESCRIPTION =
  /^(?:an?|the|one|his|her|their)\s+(?:[\p{L}-]+\s+){0,3}?(spokes(?:man|woman|person)|official|witness|resident|man|woman|mother|father|wife|husband|son|daughter|officer|lawyer|solicitor|barrister|neighbour|neighbor|friend|girl|boy)\b/iu;
const FEMALE_NOUN = /^(?:spokeswoman|woman|mother|wife|daughter|girl)$/i;
const MALE_NOUN = /^(?:spokesman|man|father|husband|son|boy)$/i;

const PRECEDING_NAMES = /(?:\p{Lu}[\p{L}’'-]* ){1,3}$/u;
