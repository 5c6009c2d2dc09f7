import type { Diagnostic, DocumentMeta } from '../../core/types.js';
import { decodeText } from '../canonical-text.js';
import type { Reader, ReadRecord } from '../reader.js';
import { diagnostic, formatBytes } from './diagnostic.js';
import { firstLongLine } from './line-scan.js';
import { normalizeDate } from './normalize-date.js';
import { checkTextLength } from './text-length.js';
import { trecSourceOutlet } from './trec-sources.js';

/**
 * TREC / DUC / LDC newswire SGML → one record per `<DOC>`:
 *
 * - record key and `externalId`: the `<DOCNO>` (or Gigaword's `<DOC id="…">`; `doc N` when a DOC
 *   has neither);
 * - `title`: the first `<HEADLINE>` (or `<HEAD>`, `<HL>`);
 * - `published`: `<DATE_TIME>`, else `<DATE>` (or `<DD>`), else the date in the DOCNO
 *   (`APW19980603.0791` → `1998-06-03`), else none;
 * - `series` and `outlet`: the letters that open the DOCNO and the service they stand for
 *   (data/trec-sources.json), when the DOCNO has that form;
 * - text: every `<TEXT>` element (or `<LP>`, the lead paragraph of some collections), tags removed,
 *   entities decoded, one paragraph per `<P>` (or per blank line or indented line), paragraphs
 *   separated by a blank line and the lines inside a paragraph joined with spaces.
 *
 * Other elements (`DOCTYPE`, `SLUG`, `TRAILER`, typesetting codes such as `&QL;`) are not text.
 */
export const readTrec: Reader = (bytes, { source, limits, encoding }) => {
  const place = { source };
  const fail = (d: Diagnostic) => ({ reader: 'trec' as const, records: [], diagnostics: [d] });
  const long = firstLongLine(bytes, limits.maxLineBytes);
  if (long) {
    return fail(
      diagnostic(
        { ...place, record: `line ${long.number}` },
        'line-too-long',
        'error',
        `Rejected: line ${long.number} is ${formatBytes(long.end - long.start)} long, more than the ${formatBytes(limits.maxLineBytes)} limit (maxLineBytes).`,
        'If this is genuine text, wrap it into lines or raise --max-line-size.',
      ),
    );
  }
  const decoded = decodeText(bytes, place, encoding);
  if (!decoded.ok) return fail(decoded.diagnostic);
  const records: ReadRecord[] = [];
  const diagnostics: Diagnostic[] = [];
  const docs = splitDocs(decoded.text);
  if (docs.length === 0) {
    return fail(
      diagnostic(place, 'no-text', 'error', 'Expected <DOC> elements in TREC/SGML input, found none.'),
    );
  }
  const seen = new Set<string>();
  for (let i = 0; i < docs.length; i++) {
    if (records.length >= limits.maxRecords) {
      diagnostics.push(
        diagnostic(
          place,
          'too-many-records',
          'error',
          `Only the first ${limits.maxRecords} of ${docs.length} documents were read (maxRecords).`,
          'Split the input or raise --max-records.',
        ),
      );
      break;
    }
    const doc = docs[i] as string;
    // Gigaword writes the DOCNO as an attribute: <DOC id="APW_ENG_19980603.0791" type="story">.
    const docno =
      squash(entities(stripTags(firstElement(doc, ['DOCNO']) ?? ''))) ||
      (/^<DOC\s[^>]*\bid\s*=\s*"([^"]*)"/i.exec(doc)?.[1] ?? '').trim();
    let key = docno || `doc ${i + 1}`;
    if (seen.has(key)) key = `${key} (doc ${i + 1})`;
    seen.add(key);
    const record = { source, record: key };
    const text = allElements(doc, ['TEXT', 'LP'])
      .map((t) => bodyText(t))
      .filter((t) => t !== '')
      .join('\n\n');
    if (text === '') {
      diagnostics.push(
        diagnostic(record, 'no-text', 'error', 'The document has no <TEXT>; it was left out.'),
      );
      continue;
    }
    const tooLong = checkTextLength(text, record, limits);
    if (tooLong) {
      diagnostics.push(tooLong);
      continue;
    }
    const meta: Partial<DocumentMeta> = {};
    const headline = firstElement(doc, ['HEADLINE', 'HEAD', 'HL']);
    if (headline !== undefined) {
      const title = squash(entities(stripTags(headline)));
      if (title) meta.title = title;
    }
    const parts = docnoParts(docno);
    const published =
      elementDate(firstElement(doc, ['DATE_TIME'])) ??
      elementDate(firstElement(doc, ['DATE', 'DD'])) ??
      parts?.date ??
      null;
    if (published) meta.published = published;
    if (docno) meta.externalId = docno;
    if (parts) {
      meta.series = parts.code;
      const outlet = trecSourceOutlet(parts.code);
      if (outlet) meta.outlet = outlet;
    }
    records.push({ recordKey: key, text, meta });
  }
  return { reader: 'trec', records, diagnostics };
};

/** Each `<DOC …>…</DOC>`, opening tag included (a DOC left open runs to the next `<DOC>` or the end). */
function splitDocs(text: string): string[] {
  const docs: string[] = [];
  const open = /<DOC(?:\s[^<>]*)?>/gi;
  const starts: number[] = [];
  for (let m = open.exec(text); m; m = open.exec(text)) starts.push(m.index);
  for (let i = 0; i < starts.length; i++) {
    const from = starts[i] as number;
    const limit = i + 1 < starts.length ? (starts[i + 1] as number) : text.length;
    const slice = text.slice(from, limit);
    const close = slice.search(/<\/DOC>/i);
    docs.push(close < 0 ? slice : slice.slice(0, close));
  }
  return docs;
}

function elementPattern(names: string[]): RegExp {
  return new RegExp(`<(${names.join('|')})(?:\\s[^>]*)?>([\\s\\S]*?)</\\1\\s*>`, 'gi');
}

function firstElement(doc: string, names: string[]): string | undefined {
  return elementPattern(names).exec(doc)?.[2];
}

function allElements(doc: string, names: string[]): string[] {
  return [...doc.matchAll(elementPattern(names))].map((m) => m[2] as string);
}

function stripTags(sgml: string): string {
  return sgml.replace(/<!--[\s\S]*?-->/g, ' ').replace(/<\/?[A-Za-z][\w.:-]*(?:\s[^<>]*)?>/g, ' ');
}

/** White space runs → one space, trimmed. */
function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Decodes the five XML entities (in any case, as older collections write `&AMP;`), `&nbsp;` and
 * numeric references. Other named entities are typesetting codes of the collections (`&QL;`,
 * `&UR;`, `&HT;`) and become a space.
 */
function entities(text: string): string {
  return text.replace(
    /&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{0,9});/g,
    (whole, name: string) => {
      if (name[0] === '#') {
        const hex = name[1] === 'x' || name[1] === 'X';
        const code = hex ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
          ? String.fromCodePoint(code)
          : whole;
      }
      return named[name.toLowerCase()] ?? ' ';
    },
  );
}

/** The text of one `<TEXT>` element: paragraphs from `<P>`, blank lines, or indented lines. */
function bodyText(inner: string): string {
  const withoutComments = inner.replace(/<!--[\s\S]*?-->/g, ' ');
  let paragraphs: string[];
  if (/<P(?:\s[^>]*)?>/i.test(withoutComments)) {
    paragraphs = withoutComments.split(/<\/?P(?:\s[^>]*)?>/i);
  } else {
    const lines = withoutComments.split('\n');
    const inner = lines.slice(1, -1);
    const blankSeparated = inner.some((l) => l.trim() === '');
    paragraphs = [];
    let current: string[] = [];
    for (const line of lines) {
      const breaks = blankSeparated ? line.trim() === '' : /^[ \t]+\S/.test(line);
      if (breaks && current.length > 0) {
        paragraphs.push(current.join('\n'));
        current = [];
      }
      current.push(line);
    }
    if (current.length > 0) paragraphs.push(current.join('\n'));
  }
  return paragraphs
    .map((p) => squash(entities(stripTags(p))))
    .filter((p) => p !== '')
    .join('\n\n');
}

/**
 * A date written in a DATE_TIME or DATE element: ISO (`1998-03-04`, `1998-03-04 05:59`), US
 * `MM/DD/YYYY [HH:MM[:SS]]`, `YYYYMMDD`, `YYMMDD`, RFC 822 or `January 1, 1989`. Null otherwise.
 */
function elementDate(inner: string | undefined): string | null {
  if (inner === undefined) return null;
  const text = squash(entities(stripTags(inner)));
  if (!text) return null;
  const iso = normalizeDate(text);
  if (iso) return iso;
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?/.exec(text);
  if (m) {
    const [, month, day, year, hour, minute, second] = m;
    const date = ymd(fullYear(year as string), Number(month), Number(day));
    if (!date) return null;
    return hour ? `${date}T${pad(Number(hour))}:${minute}${second ? `:${second}` : ''}` : date;
  }
  m = /^((?:19|20)\d{2})(\d{2})(\d{2})(?:\D|$)/.exec(text) ?? /^(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (m) return ymd(fullYear(m[1] as string), Number(m[2]), Number(m[3]));
  m = /^(?:[A-Za-z]+,?\s+)?([A-Za-z]+)\.?\s+(\d{1,2}),\s+(\d{4})\b/.exec(text);
  if (m) {
    const month = monthNumber(m[1] as string);
    return month ? ymd(Number(m[3]), month, Number(m[2])) : null;
  }
  return null;
}

/**
 * The source code and date of a DOCNO: LDC style, three letters, an optional language part, then
 * `YYYYMMDD` (`APW19980603.0791`, `XIN_ENG_20040101.0005`); or the older TREC style, letters then
 * `YYMMDD-` (`AP880212-0001`). Null for other DOCNOs.
 */
export function docnoParts(docno: string): { code: string; date: string | null } | null {
  let m = /^([A-Z]{3})(?:_[A-Z]{3}_)?((?:19|20)\d{2})(\d{2})(\d{2})(?:\D|$)/.exec(docno);
  if (m) return { code: m[1] as string, date: ymd(Number(m[2]), Number(m[3]), Number(m[4])) };
  m = /^(AP|WSJ)(\d{2})(\d{2})(\d{2})-\d+$/.exec(docno);
  if (m) return { code: m[1] as string, date: ymd(fullYear(m[2] as string), Number(m[3]), Number(m[4])) };
  return null;
}

function fullYear(year: string): number {
  if (year.length === 4) return Number(year);
  const y = Number(year);
  return y >= 50 ? 1900 + y : 2000 + y;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function ymd(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function monthNumber(name: string): number | null {
  const i = months.indexOf(name.slice(0, 3).toLowerCase());
  return i < 0 || name.length < 3 ? null : i + 1;
}
