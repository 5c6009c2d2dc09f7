import type { Attribution, Sentence, Span } from '../core/types.js';
import { findQuoteMarks } from './find-quote-marks.js';
import { findSpeechFrames, type SpeechFrame } from './find-speech-frames.js';
import { speakerWords } from './parse-speaker.js';

/**
 * Finds who each reported fact is attributed to: speech frames (`police said`, `the
 * region’s governor, Maria Lind, said`), `according to the regional prosecutor’s office`,
 * and sources that saw for themselves (`AP journalists saw`). The source is the original source,
 * normalised (wire names to `AP`, `Reuters`, `AFP`; curly apostrophes straightened; a leading
 * `the` dropped (so `The ministry` and `the ministry` agree); a person's role appended in parentheses), as distinct from the outlet.
 *
 * @example extractAttributions('Police said 3 died.', sentences)[0].source // 'Police'
 */
export function extractAttributions(text: string, sentences: readonly Sentence[]): Attribution[] {
  const frames = findSpeechFrames(text, sentences, quotedPositions(text));
  const attributions: Attribution[] = [];
  for (const frame of frames) {
    if (!frame.speaker || frame.speaker.kind === 'pronoun' || /ing$/.test(frame.cue)) continue;
    const span = phraseSpan(frame);
    const sentence = sentences[frame.sentence]!;
    const source = normaliseSource(frame);
    const speaker = spokesperson(frame);
    attributions.push({
      span,
      text: text.slice(span[0], span[1]),
      source,
      ...(speaker && speaker !== source ? { speaker } : {}),
      cue: frame.cue,
      statement: frame.statement ?? sentence.span,
    });
  }
  return attributions;
}

/**
 * A named person who speaks for the source ("A spokesman for the LALF, Innocent Mbafele") as
 * `Innocent Mbafele (LALF spokesman)`, or null when the source is not an organisation someone
 * speaks for.
 */
function spokesperson(frame: SpeechFrame): string | null {
  const speaker = frame.speaker!;
  const behind = speaker.kind === 'person' ? BEHIND_ROLE.exec(speaker.role ?? '') : null;
  if (!behind) return null;
  const name = speaker.speaker.replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();
  const organisation = behind[2]!.replace(/[’‘]/g, "'").replace(/^the /i, '');
  return `${name} (${organisation} ${behind[1]!.toLowerCase()})`;
}

function phraseSpan(frame: SpeechFrame): Span {
  // The whole subject ("A spokesman for the LALF, Innocent Mbafele, rejected"), not the name alone.
  const [speakerStart, speakerEnd] = frame.speaker!.phrase ?? frame.speaker!.span;
  const [cueStart, cueEnd] = frame.cueSpan;
  // A resolved pronoun or an inherited speaker may sit far from the cue: keep the cue alone then.
  if (Math.abs(speakerStart - cueEnd) > 200 && Math.abs(cueStart - speakerEnd) > 200)
    return [cueStart, cueEnd];
  return [Math.min(speakerStart, cueStart), Math.max(speakerEnd, cueEnd)];
}

/** `The Associated Press` → `AP`; `Ukraine’s prosecutor-general` → `Ukraine's prosecutor-general`. */
export function normaliseSource(frame: SpeechFrame): string {
  const { wires } = speakerWords();
  const speaker = frame.speaker!;
  const plain = speaker.speaker.replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();
  const lower = plain.toLowerCase().replace(/^the /, '');
  for (const [form, wire] of wires) {
    if (lower === form || lower.startsWith(`${form} `)) return wire;
  }
  // A spokesperson or officer speaks for their organisation: the organisation is the source.
  const behind =
    BEHIND_ROLE.exec(speaker.role ?? '') ?? (speaker.kind === 'description' ? BEHIND_ROLE.exec(plain) : null);
  if (behind) return behind[2]!.replace(/[’‘]/g, "'").replace(/^the /i, '');
  const base = plain.replace(/^the /i, '');
  return speaker.role && speaker.kind === 'person' ? `${base} (${speaker.role.replace(/[’‘]/g, "'")})` : base;
}

const BEHIND_ROLE =
  /^(?:an?\s+|the\s+)?(?:[\p{L}-]+\s+)?(spokes(?:man|woman|person)|director|head|chief|official|officer|representative|employee|member)\s+(?:for|of|at|with)\s+(?:the\s+)?(.+)$/iu;

function quotedPositions(text: string): (position: number) => boolean {
  const parts = findQuoteMarks(text).regions.flatMap((region) => region.parts);
  return (position) => parts.some(([start, end]) => position >= start && position < end);
}
