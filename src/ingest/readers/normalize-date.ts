/**
 * Publication dates as ISO 8601, as precise as the input gave them.
 *
 * ISO forms (`2022-04-03`, `2022-04-03T10:15:00+03:00`, `2022-04`, `2022`) are kept as written
 * (a space between date and time becomes `T`). RFC 822 dates from RSS (`Sun, 03 Apr 2022 10:15:00
 * +0300`) become UTC date-times (`2022-04-03T07:15:00Z`). Anything else gives null: free-text dates
 * are not guessed here.
 */
const iso =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?)?)?$/;
const rfc822 =
  /^(?:[A-Za-z]{3,9},?\s+)?\d{1,2}\s+[A-Za-z]{3,9}\.?\s+\d{2,4}(?:\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*(?:[A-Za-z]{1,5}|[+-]\d{4}))?)?$/;

export function normalizeDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const m = iso.exec(text);
  if (m) {
    const [, , month, day, hour, minute] = m;
    if (month && (+month < 1 || +month > 12)) return null;
    if (day && (+day < 1 || +day > 31)) return null;
    if (hour && (+hour > 24 || +(minute ?? 0) > 59)) return null;
    return text.replace(' ', 'T');
  }
  if (rfc822.test(text)) {
    const ms = Date.parse(text);
    if (Number.isNaN(ms)) return null;
    const date = new Date(ms);
    if (/\d:\d{2}/.test(text)) return `${date.toISOString().slice(0, 19)}Z`;
    // A date without a time was parsed as local midnight: read it back in local time.
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  }
  return null;
}
