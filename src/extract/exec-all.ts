/**
 * Every match of a global pattern, left to right, as `String.prototype.matchAll` would give them,
 * without its cost: `matchAll` clones the regular expression on every call (which for the large
 * alternations the extractors compile once dominates the run time), and a generator costs more
 * than the array. `pattern` must have the `g` flag; its `lastIndex` is reset.
 */
export function execAll(pattern: RegExp, text: string): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    if (m[0] === '') pattern.lastIndex++;
    out.push(m);
  }
  return out;
}

/**
 * For a pattern built as `(?<p0>…)|(?<p1>…)|…`: the capture-group number of each `p<i>`, so that
 * the rule a match came from is found by index (`m[n]`) rather than by walking `m.groups`.
 */
export function ruleGroups(source: string, prefix: string): number[] {
  const numbers: number[] = [];
  let group = 0;
  let inClass = false;
  for (let at = 0; at < source.length; at++) {
    const ch = source[at];
    if (ch === '\\') at++;
    else if (inClass) inClass = ch !== ']';
    else if (ch === '[') inClass = true;
    else if (ch === '(') {
      if (source[at + 1] !== '?') group++;
      else if (source[at + 2] === '<' && source[at + 3] !== '=' && source[at + 3] !== '!') {
        group++;
        const name = source.slice(at + 3, source.indexOf('>', at));
        if (name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
          numbers[Number(name.slice(prefix.length))] = group;
      }
    }
  }
  return numbers;
}

/** Index of the first rule (see `ruleGroups`) that took part in the match (-1 when none). */
export function matchedGroup(m: RegExpExecArray, groups: readonly number[]): number {
  for (let i = 0; i < groups.length; i++) if (m[groups[i] as number] !== undefined) return i;
  return -1;
}

interface First {
  /** Codes a match may begin with; null: any character. */
  codes: Set<number> | null;
  /** The part may match the empty string. */
  empty: boolean;
}

/**
 * The character codes a match of `source` can begin with, or null when that is not known (the
 * pattern may match the empty string, or may begin with a class, an escape such as `\w`, `.` or
 * a non-ASCII letter). Understands literals, groups, look-arounds, alternation and quantifiers;
 * a caller that skips positions whose character is not in the set never misses a match.
 *
 * @example firstCharCodes('shell(?:ing|ed)|mortar fire', true) // codes of s, S, m, M
 */
export function firstCharCodes(source: string, ignoreCase: boolean): Set<number> | null {
  let at = 0;
  const union = (into: First, part: First): void => {
    if (into.codes === null || part.codes === null) into.codes = null;
    else for (const c of part.codes) into.codes.add(c);
  };
  const alternation = (): First => {
    const result: First = { codes: new Set(), empty: false };
    for (;;) {
      const branch = sequence();
      union(result, branch);
      result.empty ||= branch.empty;
      if (source[at] !== '|') return result;
      at++;
    }
  };
  const sequence = (): First => {
    const result: First = { codes: new Set(), empty: true };
    while (at < source.length && source[at] !== '|' && source[at] !== ')') {
      const part = atom();
      const quantifier = source[at];
      let optional = part.empty;
      if (quantifier === '?' || quantifier === '*') {
        optional = true;
        at++;
      } else if (quantifier === '+') at++;
      else if (quantifier === '{') {
        const m = /^\{(\d+)(?:,\d*)?\}/.exec(source.slice(at));
        if (m) {
          optional ||= Number(m[1]) === 0;
          at += m[0].length;
        }
      }
      if (source[at] === '?') at++; // lazy
      if (result.empty) union(result, part);
      result.empty &&= optional;
    }
    return result;
  };
  const any = (width: number): First => {
    at += width;
    return { codes: null, empty: false };
  };
  const atom = (): First => {
    const ch = source[at] as string;
    if (ch === '(') {
      at++;
      let lookaround = false;
      if (source[at] === '?') {
        if (source[at + 1] === ':') at += 2;
        else if (source[at + 1] === '<' && /[A-Za-z]/.test(source[at + 2] ?? ''))
          at = source.indexOf('>', at) + 1;
        else {
          lookaround = true;
          at += source[at + 1] === '<' ? 3 : 2;
        }
      }
      const inner = alternation();
      at++; // ')'
      // A look-around consumes nothing: the next part decides the first character.
      return lookaround ? { codes: new Set(), empty: true } : inner;
    }
    if (ch === '\\') {
      const next = source[at + 1] ?? '';
      if (next === 'b' || next === 'B') {
        at += 2;
        return { codes: new Set(), empty: true };
      }
      if (next === 'd') {
        at += 2;
        return { codes: new Set([48, 49, 50, 51, 52, 53, 54, 55, 56, 57]), empty: false };
      }
      if (/[.*+?^${}()|[\]\\/ -]/.test(next)) {
        at += 2;
        return literal(next);
      }
      return any(/[ux]/.test(next) ? 1 : 2); // \w, \d, \p{…}, \u…: the rest is read as literals, harmlessly
    }
    if (ch === '^' || ch === '$') {
      at++;
      return { codes: new Set(), empty: true };
    }
    if (ch === '[') {
      let end = at + 1;
      while (end < source.length && source[end] !== ']') end += source[end] === '\\' ? 2 : 1;
      return any(end + 1 - at);
    }
    if (ch === '.' || ch.charCodeAt(0) > 127) return any(1);
    at++;
    return literal(ch);
  };
  const literal = (ch: string): First => {
    const codes = new Set([ch.charCodeAt(0)]);
    if (ignoreCase) {
      codes.add(ch.toLowerCase().charCodeAt(0));
      codes.add(ch.toUpperCase().charCodeAt(0));
      // Unicode case folding: long s (ſ) matches s, the Kelvin sign matches k.
      if (ch === 's' || ch === 'S') codes.add(0x17f);
      if (ch === 'k' || ch === 'K') codes.add(0x212a);
    }
    return { codes, empty: false };
  };
  const whole = alternation();
  return at >= source.length && !whole.empty ? whole.codes : null;
}

/**
 * A global pattern for `source` whose every match starts at a word start (an ASCII word character
 * after a non-word character): the same matches as trying `source` at each word start, left to
 * right, but found by the regular-expression engine, which skips positions whose character no
 * match can begin with (`firstCharCodes`) far faster than a loop in JavaScript. Capture groups
 * keep their numbers. Only for sources whose every match does start at a word start.
 *
 * @example atWordStarts('shell(?:ing|ed)|mortar fire', 'i') // /\b(?=[mMsS])(?:shell(?:ing|ed)|mortar fire)/gi
 */
export function atWordStarts(source: string, flags: string): RegExp {
  const codes = firstCharCodes(source, flags.includes('i'));
  const ascii =
    codes && [...codes].filter((code) => code < 128 && isAsciiWordCode(code)).sort((a, b) => a - b);
  const first = ascii && ascii.length > 0 ? `[${String.fromCharCode(...ascii)}]` : '\\w';
  return new RegExp(`\\b(?=${first})(?:${source})`, flags.includes('g') ? flags : `${flags}g`);
}

const isAsciiWordCode = (code: number): boolean =>
  (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95;

/**
 * The matches of a global pattern that can only begin with an upper-case letter (`\p{Lu}`, after
 * an optional `\b`), left to right and without overlaps: `sticky` (the same pattern with the `y`
 * flag) is tried only where an ASCII capital or a non-ASCII character stands, which the pattern
 * then tests, instead of at every position.
 */
export function scanCapitals(sticky: RegExp, text: string): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code < 65 || (code > 90 && code < 128)) continue;
    // The second half of a surrogate pair is not a position a Unicode pattern starts at.
    if (code >= 0xdc00 && code <= 0xdfff && at > 0 && (text.charCodeAt(at - 1) & 0xfc00) === 0xd800) continue;
    sticky.lastIndex = at;
    const m = sticky.exec(text);
    if (!m) continue;
    out.push(m);
    if (m[0].length > 0) at += m[0].length - 1;
  }
  return out;
}

/** A character that is not ASCII and not one of the common typographic marks below. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range, control characters included
const NOT_PLAIN = /[^\x00-\x7f\u00a0\u2013\u2014\u2018\u2019\u201c\u201d\u2026€£]/;

/**
 * Whether a text holds only ASCII and common typographic marks (no-break space, dashes, curly
 * quotes, ellipsis, € and £), none of which is a letter, mark or number: in such a text `\p{L}`
 * is `[A-Za-z]`, `\p{Lu}` is `[A-Z]` and `\p{N}` is `[0-9]`, so an ASCII pattern, which the
 * regular-expression engine runs several times faster than a Unicode one, finds the same matches.
 */
export function isPlainText(text: string): boolean {
  return !NOT_PLAIN.test(text);
}
