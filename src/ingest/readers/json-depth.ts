/**
 * Deepest `[`/`{` nesting of JSON text, outside strings, scanning until `limit` is passed.
 * `JSON.parse` copes with deep nesting but anything that walks the result recursively (including
 * `JSON.stringify`) overflows the stack near 100,000 levels, so depth is checked before parsing.
 */
export function jsonDepth(text: string, limit: number): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // Jump over the string: most of a record's bytes are inside string values.
      let end = text.indexOf('"', i + 1);
      while (end > 0 && isEscaped(text, end)) end = text.indexOf('"', end + 1);
      if (end < 0) return max;
      i = end;
    } else if (c === 91 || c === 123) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === 93 || c === 125) depth--;
  }
  return max;
}

/** True when the character at `at` is preceded by an odd number of backslashes. */
function isEscaped(text: string, at: number): boolean {
  let n = 0;
  for (let k = at - 1; k >= 0 && text.charCodeAt(k) === 92; k--) n++;
  return n % 2 === 1;
}
