import type { DocumentMeta, Span } from '../core/types.js';
import { aliasPattern, wireName } from './readers/wire-services.js';

const month =
  '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?';
const date = `(?:${month}\\s+\\d{1,2}(?:,\\s*\\d{4})?|\\d{1,2}\\s+${month}(?:\\s+\\d{4})?)`;
const capsWord = "\\p{Lu}[\\p{Lu}'’.\\-]+";
const titleWord = "\\p{Lu}[\\p{Ll}'’\\-]+";
const region = `(?!${month}\\b)\\p{Lu}[\\p{L}'’.\\-]*(?:\\s+\\p{Lu}[\\p{L}'’.\\-]*){0,2}`;
const dash = '\\s*(?:[–—]|-{1,2})(?:\\s+|$)';

let patterns: { caps: RegExp; title: RegExp } | null = null;

function build(): { caps: RegExp; title: RegExp } {
  // The parenthesis after the place is the credit of whoever filed the story: a known agency
  // (normalised by data/wire-services.json) or any capitalised name of up to four words, kept as
  // written ("(Meridian)").
  const credit = `\\((?<credit>${aliasPattern()}|\\p{Lu}[\\p{L}\\p{N}.&'’\\-]*(?: [\\p{Lu}&][\\p{L}\\p{N}.&'’\\-]*){0,3})\\)`;
  // An all-capitals place may stand alone before the dash ("KYIV –"); a place written in title
  // case needs a date or a known agency's credit after it ("Kyiv, April 3 –") to count.
  const caps = new RegExp(
    `^(?<place>${capsWord}(?:\\s+${capsWord}){0,3})(?:,\\s+(?<region>${region}))??(?:,?\\s+(?<date>${date}))?(?:\\s*${credit})?${dash}`,
    'u',
  );
  const title = new RegExp(
    `^(?<place>${titleWord}(?:\\s+${titleWord}){0,2})(?:,\\s+(?<region>${region}))??(?:,?\\s+(?<date>${date}))?(?:\\s*${credit})?${dash}`,
    'u',
  );
  return { caps, title };
}

export interface InferredDateline {
  dateline: NonNullable<DocumentMeta['dateline']>;
  /** The wire credit inside the dateline (`(AP)`), normalised, with its span. */
  credit: { name: string; text: string; span: Span } | null;
}

/**
 * A dateline at `offset` (the start of the first body paragraph): `KYIV, April 3 –`,
 * `LONDON (Reuters) -`, `WASHINGTON, Jan. 5 (AP) —`, `BUNIA, March 9 (Meridian) –`. `place` and `date` are as written (`date` is
 * null when the dateline has none); `text` and `span` cover the dateline up to and including the
 * dash.
 */
export function inferDateline(text: string, offset: number): InferredDateline | null {
  patterns ??= build();
  const lineEnd = text.indexOf('\n', offset);
  const head = text.slice(offset, Math.min(offset + 200, lineEnd < 0 ? text.length : lineEnd));
  let m = patterns.caps.exec(head);
  if (!m) {
    m = patterns.title.exec(head);
    const known = m?.groups?.credit ? wireName(m.groups.credit) !== null : false;
    if (m && !m.groups?.date && !known) m = null;
  }
  if (!m?.groups) return null;
  const matched = m[0].trimEnd();
  const place = m.groups.place as string;
  const region = m.groups.region;
  const dateline: InferredDateline['dateline'] = {
    place: region ? `${place}, ${region}` : place,
    date: m.groups.date ?? null,
    text: matched,
    span: [offset, offset + matched.length],
  };
  let credit: InferredDateline['credit'] = null;
  const written = m.groups.credit;
  if (written) {
    const at = offset + matched.lastIndexOf(`(${written})`) + 1;
    credit = { name: wireName(written) ?? written, text: written, span: [at, at + written.length] };
  }
  return { dateline, credit };
}
