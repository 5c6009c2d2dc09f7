/**
 * Deepest `[`/`{` nesting of JSON text, outside strings, scanning until `limit` is passed.
 * `JSON.parse` copes with deep nesting but anything that walks the result recursively (including
 * `JSON.stringify`) overflows the stack near 100,000 levels, so depth is checked before parsing.
 */
export function jsonDepth(text: string, limit: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === 93 || c === 125) depth--;
  }
  return max;
}
