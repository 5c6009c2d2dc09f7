import type { Diagnostic, Quote, Sentence, Span } from '../core/types.js';
import { governmentRole, isBodyNoun, isPersonNoun, isRelationNoun, speakerFault } from './check-speaker.js';
import { findQuoteMarks, type QuoteRegion } from './find-quote-marks.js';
import { findSpeechFrames, type SpeechFrame } from './find-speech-frames.js';
import { isUnnamedRole } from './is-unnamed-role.js';
import { kinFullName } from './kin-full-name.js';
import { loadLexicon } from './load-lexicon.js';
import { isRoleOnly, speakerWords } from './parse-speaker.js';

const TITLE_WORD = /^(?:\p{Lu}[\p{L}’'.-]*|of|the|and|a|an|in|on|for|to|at)[.,]?$/u;
let sayForms: Set<string> | undefined;

// Regular expressions used inside functions live here: a literal in a function body that a
// transpiler turns into `new RegExp(…)` (esbuild does for `\p{Lu}`) would be rebuilt on every call.
const SPACE_CAPITAL = /\s\p{Lu}/u;
const UPPER_FIRST = /^\p{Lu}/u;
const QUOTE_MARK = /[“”"«»]|``|''/;

/**
 * Finds direct quotations (paired marks, see find-quote-marks.ts) and indirect ones
 * (`X said that …`, `X said (clause)`), each with its speaker, role and cue.
 *
 * The speaker comes from the reporting frame in the quotation's own sentences: after the quote
 * (`“…,” Petrov said`, `“…,” said a neighbour who asked not to be named`) when the quote
 * opens its sentence, else before it (`Lind tweeted: “…”`, `the agency reported calling the scene
 * a “…”`). A quotation with no frame continues the previous quotation's speaker when it
 * follows it in the same paragraph or opens the next one; otherwise the speaker is null and an
 * `extract/unattributed-quote` diagnostic says so. Short title-case quotations (`“Sunday at
 * Fernwick”`) are programme or work titles, not quotes, and are skipped.
 *
 * @example extractQuotes('“This is a disgrace,” Brindle told Radio Westford.', sentences, 'doc1').quotes[0].speaker // 'Brindle'
 */
export function extractQuotes(
  text: string,
  sentences: readonly Sentence[],
  documentId: string,
): { quotes: Quote[]; diagnostics: Diagnostic[] } {
  const { regions, diagnostics } = findQuoteMarks(text);
  const quoted = insideAny(regions);
  const frames = findSpeechFrames(text, sentences, quoted);
  const sentenceOf = (position: number): number => locate(sentences, position);
  const quotes: Quote[] = [];
  let previous: { quote: Quote; region: QuoteRegion; paragraphEnd: number } | null = null;
  for (const region of regions) {
    const content = region.parts
      .map(([start, end]): Span => {
        while (end > start && /[\s,]/.test(text[end - 1] ?? '')) end--;
        return [start, end];
      })
      .flatMap((span) => splitAtLostOpeners(text, span))
      .filter(([start, end]) => end > start);
    // `rock 'n' roll`: marks around one or two letters are elisions, not a quotation.
    if (content.length === 0 || isTitle(text, content) || isElision(text, content)) continue;
    const first = sentenceOf(region.span[0]);
    const last = sentenceOf(region.span[1] - 1);
    const sentenceStart = sentences[first]?.span[0] ?? region.span[0];
    const before = text.slice(sentenceStart, region.span[0]).trim();
    const partial = before !== '' && !/:$/.test(before);
    // `She was described as a “tyrant”`: a name others gave someone is nobody's words here.
    const namedByOthers = partial && NAMED_BY_OTHERS.test(before);
    const frame = namedByOthers
      ? null
      : attributes(text, chooseFrame(text, frames, region, first, last, before === ''), region, partial);
    const quote: Quote = {
      id: `${documentId}:q${quotes.length + 1}`,
      documentId,
      span: region.span,
      text: text.slice(region.span[0], region.span[1]),
      content: content.map((span) => ({ span, text: text.slice(span[0], span[1]) })),
      direct: true,
      partial,
      ...speakerOf(frame?.speaker ?? null, text),
      cue: frame?.cue ?? null,
      cueSpan: frame?.cueSpan ?? null,
    };
    const paragraphStart = text.lastIndexOf('\n', region.span[0]) + 1;
    // A fragment quoted inside the reporter's own sentence (`he had a “jovial” time`) with no cue
    // of its own is the reporter's borrowing, not the last speaker going on, unless it opens the
    // next paragraph with a lead-in that names nobody (`An audit of the fund “is overdue”`).
    const continues =
      previous !== null &&
      (((previous.paragraphEnd >= paragraphStart || followsParagraph(text, previous.region, region)) &&
        !partial) ||
        continuesNextParagraph(text, previous.region, region, sentenceStart, paragraphStart));
    const label =
      frame || namedByOthers
        ? null
        : labelSpeaker(text, Math.max(sentenceStart, previous?.region.span[1] ?? 0), region);
    if (label) {
      quote.speaker = label.speaker;
      quote.speakerSpan = label.span;
    } else if (!frame && !namedByOthers && previous && continues) {
      quote.speaker = previous.quote.speaker;
      quote.speakerRole = previous.quote.speakerRole;
      quote.speakerSpan = previous.quote.speakerSpan;
    } else if (!frame && !namedByOthers && before === '' && endsItsSentence(text, sentences[last], region)) {
      // `Doe said he was surprised. “It was only fun.”`: a quotation opening the sentence after a
      // named person's reported speech, in the same paragraph, goes on with that person's words;
      // a phrase quoted at the head of the reporter's own sentence (`“Fair play” rules were …`) does not.
      const reporter = reportedJustBefore(
        frames,
        sentences,
        first,
        paragraphStart,
        previous?.region.span[1] ?? 0,
      );
      const speaker = reporter ? speakerOf(reporter, text) : null;
      if (speaker?.speaker) Object.assign(quote, speaker);
    }
    if (quote.speaker === null) {
      const pronoun = frame?.speaker?.kind === 'pronoun' ? frame.speaker.speaker : null;
      diagnostics.push({
        rule: 'extract/unattributed-quote',
        severity: 'info',
        message: `No speaker found for the quotation ${JSON.stringify(truncate(quote.text))}${pronoun ? ` (pronoun "${pronoun}" has no antecedent)` : ''}.`,
        document: documentId,
        span: region.span,
      });
    }
    quotes.push(quote);
    const paragraphEnd = text.indexOf('\n', region.span[1]);
    previous = { quote, region, paragraphEnd: paragraphEnd < 0 ? text.length : paragraphEnd };
  }
  quotes.push(...indirectQuotes(text, sentences, frames, regions, documentId, quotes.length));
  quotes.sort((a, b) => a.span[0] - b.span[0] || a.span[1] - b.span[1]);
  return { quotes, diagnostics };
}

/**
 * A passive naming verb just before a quoted fragment (`was described as a`, `being called`,
 * `were branded`, `also known as`): the words are what someone else called the subject, so neither
 * the subject nor the sentence's speaker said them.
 */
const NAMED_BY_OTHERS =
  /(?:\b(?:is|are|was|were|be|been|being)\s+(?:\p{L}+ly\s+)?(?:called|described|dubbed|branded|labell?ed|nicknamed|termed|hailed|denounced|derided|portrayed)(?:\s+by\s+[^,;:.]{1,60}?)?(?:\s+as)?|\bknown\s+as)(?:\s+(?:a|an|the))?$/iu;

/**
 * A mark that opens a paragraph of a quotation running over several (`… hoped for. 'I still …`)
 * stays in the text when the report's paragraph breaks were lost: after a sentence's stop and a
 * space, before a capital. It is the report's punctuation, not the speaker's words, so the content
 * is split around it.
 */
const LOST_OPENER = /(?<=[.!?]\s+)(?:``|['‘"“])(?=\p{Lu})/gu;

function splitAtLostOpeners(text: string, [start, end]: Span): Span[] {
  const parts: Span[] = [];
  let from = start;
  for (const match of text.slice(start, end).matchAll(LOST_OPENER)) {
    const at = start + (match.index ?? 0);
    let stop = at;
    while (stop > from && /\s/.test(text[stop - 1] ?? '')) stop--;
    parts.push([from, stop]);
    from = at + match[0].length;
  }
  parts.push([from, end]);
  return parts;
}

function isElision(text: string, content: Span[]): boolean {
  const [only] = content;
  return content.length === 1 && only !== undefined && /^\p{L}{1,2}$/u.test(text.slice(only[0], only[1]));
}

/** Whether nothing but punctuation follows the quotation in its sentence: the quotation is the sentence. */
function endsItsSentence(text: string, sentence: Sentence | undefined, region: QuoteRegion): boolean {
  const end = sentence ? Math.max(sentence.span[1], region.span[1]) : region.span[1];
  return !/[\p{L}\p{N}]/u.test(text.slice(region.span[1], end));
}

/**
 * The named person whose reported speech fills the sentence right before sentence `index`, in
 * the same paragraph and after the last quotation (`after`), or null.
 */
function reportedJustBefore(
  frames: readonly SpeechFrame[],
  sentences: readonly Sentence[],
  index: number,
  paragraphStart: number,
  after: number,
): SpeechFrame['speaker'] {
  const sentence = sentences[index - 1];
  if (!sentence || sentence.span[0] < paragraphStart || sentence.span[0] < after) return null;
  const frame = frames.findLast(
    (f) => f.sentence === index - 1 && f.kind === 'speech' && f.statement !== null,
  );
  return frame?.speaker?.kind === 'person' ? frame.speaker : null;
}

/**
 * The quote's speaker fields from its frame. A role with no name (`the judge`, `The QC`) that the
 * frames could not resolve to a named person stays a role: the speaker is unknown. So does an
 * unresolved pronoun (`he` with no one named before it).
 */
function speakerOf(
  speaker: SpeechFrame['speaker'],
  text: string,
): Pick<Quote, 'speaker' | 'speakerRole' | 'speakerSpan'> {
  // A speaker holding quotation marks (`him as being “skint”`) is a misread clause, not a name;
  // a possessive, a cut clause, a thing, a town or a nationality alone is not who spoke either.
  if (
    !speaker ||
    speaker.kind === 'pronoun' ||
    QUOTE_MARK.test(speaker.speaker) ||
    speakerFault(speaker.speaker, text) !== null ||
    AFTER_LOCATIVE.test(text.slice(Math.max(0, speaker.span[0] - 12), speaker.span[0]))
  )
    return { speaker: null, speakerRole: null, speakerSpan: null };
  // `The wife of racing driver Ivo Tam said`: the name is whom the speaker is tied to; `According
  // to doctors Ivo Tam, 3, was hurt`: the name opens the reported clause. Both speakers are unnamed.
  const leadStart = Math.max(0, speaker.span[0] - 80);
  const lead = text.slice(leadStart, speaker.span[0]);
  const tie = speaker.resolved ? null : TIED_TO.exec(lead);
  if (tie && isRelationNoun(tie[1]!))
    return {
      speaker: null,
      speakerRole: text.slice(leadStart + tie.index, speaker.span[1]).replace(/^\S+\s+/, ''),
      speakerSpan: speaker.span,
    };
  // `An inspector with the Rail Board said`: an unnamed member speaks, not the body.
  const member = speaker.resolved ? null : UNNAMED_MEMBER.exec(lead);
  if (member && isPersonNoun(member[1]!) && !isBodyNoun(member[1]!))
    return {
      speaker: null,
      speakerRole: text.slice(leadStart + member.index, speaker.span[1]).replace(/^\S+\s+/, ''),
      speakerSpan: speaker.span,
    };
  const group = ACCORDING_TO_GROUP.exec(`${lead}${text.slice(speaker.span[0], speaker.span[1])}`);
  if (group && !speaker.resolved && isPersonNoun(group[1]!))
    return { speaker: null, speakerRole: group[1]!, speakerSpan: speaker.span };
  // `A spokeswoman for Save the Owls said`: a phrase cut inside a body's name is the end of a role.
  const cut = CUT_NAME_ROLE.exec(text.slice(Math.max(0, speaker.span[0] - 80), speaker.span[0]));
  if (cut && /^(?:the\s+)?\p{Lu}/u.test(speaker.speaker) && isUnnamedRole(`a ${cut[1]}`))
    return {
      speaker: null,
      speakerRole: `${cut[1]}${cut[2] ?? ''}${speaker.speaker}`,
      speakerSpan: speaker.span,
    };
  const opensSentence = SENTENCE_OPENS.test(text.slice(Math.max(0, speaker.span[0] - 8), speaker.span[0]));
  if (
    (speaker.kind === 'description' && isRoleOnly(speaker.speaker)) ||
    (speaker.kind !== 'person' &&
      (isPersonDescription(speaker.speaker) || isUnnamedRole(speaker.speaker, opensSentence))) ||
    (speaker.kind === 'person' &&
      !speaker.speaker.includes(' ') &&
      isUnnamedRole(speaker.speaker, opensSentence)) ||
    isGroupOrModifiedRole(speaker.speaker)
  )
    return {
      speaker: null,
      speakerRole: speaker.speaker
        .replace(/^(?:the|a|an|this|his|her|their|its|my|our|your)\s+/i, '')
        .replace(/^\p{Lu}(?=\p{Ll}+s$)/u, (letter) => letter.toLowerCase()),
      speakerSpan: speaker.span,
    };
  // `Ada Voss, 35, said`: an age in apposition is not a role.
  const role = speaker.role && !/^\d+$/.test(speaker.role.trim()) ? speaker.role : null;
  // A speaker the text calls `he` or `she` is a person, never a country or capital of that name.
  const byPronoun = /^(?:he|she)$/i.test(text.slice(speaker.span[0], speaker.span[1]));
  // `Captain Doe's father Owen`: a relative named by first name alone bears the family's surname.
  const kin =
    speaker.kind === 'person' && !speaker.speaker.includes(' ') ? kinFullName(text, speaker.speaker) : null;
  if (kin) return { speaker: kin.name, speakerRole: role ?? kin.kin, speakerSpan: speaker.span };
  return {
    speaker: speaker.speaker,
    speakerRole: role ?? (byPronoun ? null : governmentRole(speaker.speaker, text)),
    speakerSpan: speaker.span,
  };
}

/**
 * `The wife of `, `a close friend of racing `, `the son of Westford football `: a relation noun,
 * `of` or `for` and at most three words (no comma) right before the speaker phrase.
 */
const TIED_TO =
  /\b(?:[Tt]he|[Aa]n?|[Hh]is|[Hh]er|[Tt]heir)\s+(?:\p{Ll}+\s+)?(\p{Ll}+)\s+(?:of|for)\s+(?:\p{L}[\p{L}’'-]*\s+){0,3}$/u;
/** `An inspector with `, `one official from `: an unnamed person of the body named next. */
const UNNAMED_MEMBER = /\b(?:An?|an?|One|one)\s+(?:\p{Ll}+\s+)?(\p{Ll}+)\s+(?:with|from|at)\s+$/u;
/** `According to doctors `: a plural source noun, then a name that is the reported clause's subject. */
const ACCORDING_TO_GROUP = /\b[Aa]ccording to\s+(\p{Ll}+s)\s+\p{Lu}[^\s]*(?:\s+\p{Lu}\S*)*$/u;
/** Where a sentence opens: the report's start, a line break, or a stop or colon (and a closing mark) and a space. */
const SENTENCE_OPENS = /(?:^|\n\s*|[.!?:]['’"”]?\s+)(?:The\s+)?$/u;
/** `a spokeswoman for Save ` before a speaker `the Owls`: a role noun, `for`/`of`, then a capitalised word. */
const CUT_NAME_ROLE = /\b(?:[Aa]n?|[Tt]he)\s+(\p{Ll}+\s+(?:for|of|at)\s+\p{Lu}\p{Ll}+\s+)(the\s+)?$/u;
const isOrganisationWord = (word: string): boolean => speakerWords().organisations.has(word.toLowerCase());
/**
 * A locative preposition right before the phrase (`Tom Vale, also based at Mill Road, said`): the
 * phrase is where someone is, not who spoke.
 */
const AFTER_LOCATIVE = /\b(?:at|in|near|into|inside|outside)\s+$/i;
const INDEFINITE_OR_POSSESSIVE = /^(?:a|an|his|her|their|its|my|our|your)$/i;
/** A word in capitals that is tabloid emphasis (`BRAVE`, `BLACK`), not letters of a body (`BBC`). */
const SHOUTED = (word: string): boolean =>
  /^\p{Lu}{4,}$/u.test(word) && (word.match(/[AEIOUY][^AEIOUY]|[^AEIOUY][AEIOUY]/g) ?? []).length >= 2;

/**
 * True for a role however it is capitalised: a plural person noun alone (`a plan Ministers claimed`,
 * `Officials said`), or a person noun after capitalised modifiers (`The Westford player told`,
 * `the Labour councillor said`). Neither names anyone; a body (`Police`, `the Westford Council`,
 * `the Nolan family`) is not a role.
 */
function isGroupOrModifiedRole(phrase: string): boolean {
  const words = phrase.split(/\s+/);
  const head = words[words.length - 1] ?? '';
  if (!isPersonNoun(head) || isOrganisationWord(head) || isBodyNoun(head)) return false;
  if (words.length === 1)
    return CAPITAL_PLURAL.test(head) && speakerWords().titles.has(head.toLowerCase().slice(0, -1));
  return (
    words.length <= 4 &&
    LOWER_WORD.test(head) &&
    words.slice(0, -1).every((word) => UPPER_FIRST.test(word) && !HONORIFIC_WORD.test(word))
  );
}
const CAPITAL_PLURAL = /^\p{Lu}\p{Ll}+s$/u;
const LOWER_WORD = /^\p{Ll}[\p{Ll}-]*$/u;
const HONORIFIC_WORD = /^(?:Mr|Mrs|Ms|Miss|Dr)\.?$/;

/**
 * True when a speaker phrase describes one person without naming them: an indefinite article or a
 * possessive, at most two adjectives, and a person noun (`His widow`, `A teenager`, `a YOUNG
 * nurse`). Such a phrase is a role; who it is, if the report says, comes from apposition.
 */
export function isPersonDescription(phrase: string): boolean {
  const tokens = phrase.trim().split(/\s+/);
  const first = tokens[0] ?? '';
  const noun = tokens[tokens.length - 1] ?? '';
  if (tokens.length < 2 || tokens.length > 4 || !INDEFINITE_OR_POSSESSIVE.test(first)) return false;
  if (!/^\p{Ll}[\p{Ll}-]*$/u.test(noun) || !isPersonNoun(noun) || isOrganisationWord(noun)) return false;
  // `A hospital source`, `a witness`: an unnamed source the report describes as such is its speaker.
  if (/^an?$/i.test(first) && speakerWords().descriptors.has(noun)) return false;
  return tokens.slice(1, -1).every((token) => /^\p{Ll}[\p{Ll}-]*$/u.test(token) || SHOUTED(token));
}

/**
 * The frame, when it says who spoke the quoted words. A fragment in the object of a denial
 * (`denied being “a monster”`, `rejected the “sweeping accusations”`) quotes what is denied,
 * someone else's words, unless the denier's own label follows `as` (`dismissed him as a “liar”`).
 */
function attributes(
  text: string,
  frame: SpeechFrame | null,
  region: QuoteRegion,
  partial: boolean,
): SpeechFrame | null {
  if (!frame || !partial || frame.stance !== 'deny' || frame.cueSpan[1] > region.span[0]) return frame;
  return AS_BEFORE.test(text.slice(frame.cueSpan[1], region.span[0])) ? frame : null;
}

const AS_BEFORE = /\bas\s+(?:(?:a|an|the)\s+)?$/;

function chooseFrame(
  text: string,
  frames: SpeechFrame[],
  region: QuoteRegion,
  first: number,
  last: number,
  opensSentence: boolean,
): SpeechFrame | null {
  let after: SpeechFrame | null = null;
  let before: SpeechFrame | null = null;
  for (const frame of frames) {
    if (frame.sentence < first || frame.sentence > last + 1 || frame.kind === 'perception') continue;
    if (frame.cueSpan[0] >= region.span[1]) {
      const anchor = Math.min(
        frame.cueSpan[0],
        frame.speaker?.phrase?.[0] ?? frame.speaker?.span[0] ?? frame.cueSpan[0],
      );
      // `Doe - described as “…” - said`: a speaker named before the quotation does not speak
      // it through a cue after it; the quotation sits inside the speaker's own subject phrase.
      if (frame.speaker && anchor < region.span[1]) continue;
      const gap = text.slice(region.span[1], anchor);
      const sameSentence = frame.sentence === last;
      const nextSentence =
        frame.sentence === last + 1 && /[!?][”"’]$/.test(text.slice(region.span[1] - 2, region.span[1]));
      // `A review that “ends the delays” is needed, she said`: the quotation lies in the
      // clause the cue after it reports.
      const reported =
        sameSentence &&
        frame.statement !== null &&
        frame.statement[0] <= region.span[0] &&
        frame.statement[1] >= region.span[1];
      if (!after && (sameSentence || nextSentence) && (/^[\s,;:—–-]*$/.test(gap) || reported)) after = frame;
    } else if (frame.cueSpan[1] <= region.span[0] && frame.sentence === first) {
      before = frame;
    }
  }
  if (opensSentence) return after ?? before;
  return before ?? after;
}

function indirectQuotes(
  text: string,
  sentences: readonly Sentence[],
  frames: SpeechFrame[],
  regions: QuoteRegion[],
  documentId: string,
  count: number,
): Quote[] {
  sayForms ??= new Set(loadLexicon<{ sayForms: string[] }>('speech-cues').sayForms);
  const quotes: Quote[] = [];
  for (const frame of frames) {
    if (frame.kind !== 'speech' || !frame.statement || !frame.speaker || !sayForms.has(frame.cue)) continue;
    const clean = cleanStatement(text, frame.statement);
    if (!clean) continue;
    const [start, end] = clean;
    const [sentenceStart, sentenceEnd] = sentences[frame.sentence]!.span;
    if (regions.some((region) => region.span[0] < sentenceEnd && region.span[1] > sentenceStart)) continue;
    if (regions.some((region) => region.span[0] < end && region.span[1] > start)) continue;
    // `A driver who claimed he was blinded yesterday lost his case`: a relative clause in the
    // sentence's subject with no comma to close it has no marked end, so its words are unknown.
    if (OPEN_RELATIVE.test(text.slice(sentenceStart, frame.cueSpan[0])) && end >= sentenceEnd - 2) continue;
    // `would not say his password`, `reported the van stolen`: a short phrase opening with a
    // determiner is the cue's object, not a reported clause.
    if (SHORT_OBJECT.test(text.slice(start, end))) continue;
    // `A soldier was cleared yesterday …, writes Jo Doe.`: a byline credits the report's own words.
    if (frame.cueSpan[0] >= end && isByline(text, frame, sentenceStart)) continue;
    quotes.push({
      id: `${documentId}:q${count + quotes.length + 1}`,
      documentId,
      span: [start, end],
      text: text.slice(start, end),
      content: [{ span: [start, end], text: text.slice(start, end) }],
      direct: false,
      partial: false,
      ...speakerOf(frame.speaker, text),
      cue: frame.cue,
      cueSpan: frame.cueSpan,
    });
  }
  return quotes;
}

/** After an inverted `writes`, a bare personal name closing its line: ` Jo Doe.`, ` Jo van Doe`. */
let bylineName: RegExp | undefined;
let titleWords: Set<string> | undefined;

/**
 * A reporter's byline, not a speaker: an inverted `writes` (`…, writes Jo Doe.`) followed by a
 * personal name alone, without a title (`writes Governor Jo Doe` is an official's statement) or a
 * medium after it (`writes Jo Doe on her blog`), ending the report's lead paragraph or a line the
 * sentence has to itself.
 */
function isByline(text: string, frame: SpeechFrame, sentenceStart: number): boolean {
  if (frame.cue !== 'writes' || !frame.speaker || frame.speaker.span[0] < frame.cueSpan[1]) return false;
  if (!bylineName || !titleWords) {
    const lexicon = loadLexicon<{ titles: string[]; honorifics: string[]; particles: string[] }>(
      'speaker-titles',
    );
    titleWords = new Set([...lexicon.titles, ...lexicon.honorifics]);
    // A bare personal name closing its line: ` Jo Doe.`, ` Jo van Doe`.
    bylineName = new RegExp(
      String.raw`^\s+(?<first>\p{Lu}[\p{Ll}’'-]+)(?:\s+(?:\p{Lu}[\p{L}’'-]*|${lexicon.particles.join('|')})){0,2}\s+\p{Lu}[\p{Ll}’'-]+\.?[ \t]*(?:\r?\n|$)`,
      'u',
    );
  }
  const name = bylineName.exec(text.slice(frame.cueSpan[1]));
  if (!name) return false;
  if (titleWords.has((name.groups?.first ?? '').toLowerCase())) return false;
  const before = text.slice(0, sentenceStart);
  const lead = !/\n/.test(before.trim());
  const ownLine = /(?:^|\n)[ \t]*$/.test(before);
  return lead || ownLine;
}
const SHORT_OBJECT = /^(?:his|her|their|its|my|our|your|the|a|an)\s+\S+(?:\s+\S+)?$/i;

/**
 * A short subject opening the sentence (`A teenager`, `A YOUNG nurse`, `Two men`) with a relative
 * pronoun right before the cue and no comma or dash before it; a past form among its words
 * (`Another concerned two women who`) means the clause sits in a predicate, and ends the sentence.
 */
const OPEN_RELATIVE =
  /^\s*(?!\S*ed\s|(?:He|She|It|They|We|I)\s)\S+(?:\s+(?![\p{Ll}-]+ed\s)[^\s,;:()–—-]+){0,3}\s+(?:who|that)\s+(?:\p{Ll}+ly\s+)?$/u;

/**
 * A dateline opening a report's first sentence: a place in capitals, then optionally a date and a
 * wire's name, then a dash (`TARROW, May 2 (Wire) –`, `TARROW —`). It is the report's, not the speaker's.
 */
const DATELINE =
  /^\p{Lu}[\p{Lu}\s.'’-]+(?:,\s*\p{Lu}[\p{L}.]*(?:\s+\d{1,2})?)*(?:\s*\([^)]{1,30}\))?\s*[-–—]+\s+/u;
const OPENING_MARK = /^(?:["“‘]|``|'(?=\p{Lu}))/u;
/** The mark that closes each opening mark. */
const CLOSING_MARK: Readonly<Record<string, string>> = { '"': '"', '“': '”', '‘': '’', '``': "''", "'": "'" };
/** A wire credit closing a story: initials in brackets (`(ab/cd)`, `(XY)`). */
const WIRE_CREDIT = /\s*\((?:\p{Ll}{1,5}(?:\/\p{Ll}{1,5})+|\p{Lu}{2,5}(?:\/\p{Lu}{2,5})*)\)\s*$/u;

/**
 * A wire reporter's sign-off after a story's last full stop (`… where he worked before. abc`):
 * one short lower-case word after a sentence ends, which no sentence would end with.
 */
/** `… they had no reason to doubt her, he added.`: an attribution after the words is not part of them. */
const TRAILING_ATTRIBUTION =
  /,\s+(?:he|she|they|we|(?:the|a|an)\s+\p{Ll}+|(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+\p{Lu}[\p{L}’'-]+)\s+(?:added|adds|said|says|claimed|insisted|explained|continued|stressed|argued)[\s.]*$/u;
const SIGN_OFF = /(?<=\p{L}{2}[.!?]['’"”]?)\s+\p{Ll}{2,4}\s*$/u;

/** A reported clause without the report's own furniture: dateline, wire credit, sign-off, closing stop. */
export function cleanStatement(text: string, [start, end]: Span): Span | null {
  // `… the agency said today. end`: a statement that opens on a full stop is what follows the
  // report's last sentence (a sign-off), not a reported clause.
  if (/^\s*[.!?]/.test(text.slice(start, end))) return null;
  const head = DATELINE.exec(text.slice(start, end));
  if (head) start += head[0].length;
  // `said: "Mr Doe had …` with no closing mark: the words, without the opening mark that did not pair
  // (a mark closed later in the statement, `"The Mill" will close`, is part of the words).
  const mark = OPENING_MARK.exec(text.slice(start, end));
  if (mark) {
    const rest = text.slice(start + mark[0].length, end).replace(/\p{L}['’]\p{L}/gu, '');
    if (!rest.includes(CLOSING_MARK[mark[0]] ?? mark[0])) start += mark[0].length;
  }
  const tail =
    WIRE_CREDIT.exec(text.slice(start, end)) ??
    SIGN_OFF.exec(text.slice(start, end)) ??
    TRAILING_ATTRIBUTION.exec(text.slice(start, end));
  if (tail) end -= tail[0].length;
  while (end > start && /[\s.,;:]/.test(text[end - 1] ?? '')) end--;
  // `Later she changed her story', said Mr Doe`: a closing mark whose opening is elsewhere.
  const last = text[end - 1] ?? '';
  if (/['’"”]/.test(last) && !/['‘"“`]/.test(text.slice(start, end - 1).replace(/\p{L}['’]\p{L}/gu, '')))
    end--;
  while (end > start && /[\s.,;:]/.test(text[end - 1] ?? '')) end--;
  return end - start > 2 ? [start, end] : null;
}

/** A transcript's speaker label right before a quotation: `Brindle: “…”`, `Mr Doe: “…”`. */
const LABEL =
  /^((?:(?:Mr|Mrs|Ms|Miss|Dr|Sir|Lord|Lady|Judge)\.?\s+)?\p{Lu}[\p{L}’'-]+(?:\s+\p{Lu}[\p{L}’'-]+){0,2}):$/u;

/**
 * The speaker a transcript-style label names (`Name: “…”` as in court and interview copy): the
 * label alone between the previous quotation (or the sentence's start) and this one, and a name
 * the report uses elsewhere too (a heading such as `Update:` is not).
 */
function labelSpeaker(
  text: string,
  from: number,
  region: QuoteRegion,
): { speaker: string; span: Span } | null {
  const lead = text.slice(from, region.span[0]);
  const match = LABEL.exec(lead.trim());
  if (!match) return null;
  const name = match[1]!;
  const surname = name.slice(name.lastIndexOf(' ') + 1);
  let uses = 0;
  for (let at = text.indexOf(surname); at >= 0 && uses < 2; at = text.indexOf(surname, at + 1)) {
    const before = text[at - 1] ?? ' ';
    const after = text[at + surname.length] ?? ' ';
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) uses++;
  }
  if (uses < 2 || speakerFault(name, text) !== null) return null;
  const start = from + lead.indexOf(name);
  return { speaker: name, span: [start, start + name.length] };
}

/** A quote that opens the paragraph right after the previous quote's paragraph. */
function followsParagraph(text: string, previous: QuoteRegion, region: QuoteRegion): boolean {
  const between = text.slice(previous.span[1], region.span[0]);
  const breaks = between.split(/\n[ \t]*\n/);
  return breaks.length === 2 && /^\s*$/.test(breaks[1] ?? '');
}

/**
 * `An audit of the fund "is overdue …"` opening the paragraph after a quoted speaker's paragraph:
 * the reporter's lead-in names nobody (no capitalised word but the first), so the quotation
 * continues the previous speaker.
 */
function continuesNextParagraph(
  text: string,
  previous: QuoteRegion,
  region: QuoteRegion,
  sentenceStart: number,
  paragraphStart: number,
): boolean {
  if (sentenceStart !== paragraphStart) return false;
  const between = text.slice(previous.span[1], paragraphStart);
  if (between.split(/\n[ \t]*\n/).length !== 2) return false;
  const leadIn = text.slice(sentenceStart, region.span[0]);
  return leadIn.length < 80 && !SPACE_CAPITAL.test(leadIn);
}

/** A possessive or a noun for a work right before a quotation's opening mark (`Stones’ `, `song `). */
const WORK_BEFORE =
  /(?:\p{L}[’']s|\p{L}s[’']|\b(?:song|single|album|track|hit|film|movie|show|programme|program|series|book|novel|play|musical|opera))\s+(?:``|[“"‘'])$/u;

function isTitle(text: string, content: Span[]): boolean {
  if (content.length !== 1) return false;
  const words = text.slice(content[0]![0], content[0]![1]).split(/\s+/);
  if (words.length > 6 || (words.length < 2 && !UPPER_FIRST.test(words[0] ?? ''))) return false;
  // `the band’s “Tidewater”`, `the hit single “Tidewater”`: one capitalised word named as a work.
  if (words.length === 1 && TITLE_WORD.test(words[0]!) && words[0] !== 'I')
    return WORK_BEFORE.test(text.slice(Math.max(0, content[0]![0] - 40), content[0]![0]));
  return (
    words.length >= 2 &&
    words.every((word) => TITLE_WORD.test(word)) &&
    UPPER_FIRST.test(words[words.length - 1] ?? '')
  );
}

function insideAny(regions: QuoteRegion[]): (position: number) => boolean {
  const parts = regions.flatMap((region) => region.parts);
  return (position) => {
    let low = 0;
    let high = parts.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const [start, end] = parts[middle]!;
      if (position < start) high = middle - 1;
      else if (position >= end) low = middle + 1;
      else return true;
    }
    return false;
  };
}

/** Index of the sentence containing (or the last one starting before) a position. */
export function locate(sentences: readonly Sentence[], position: number): number {
  let low = 0;
  let high = sentences.length - 1;
  let found = 0;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (sentences[middle]!.span[0] <= position) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

function truncate(value: string): string {
  return value.length > 60 ? `${value.slice(0, 57)}...` : value;
}
