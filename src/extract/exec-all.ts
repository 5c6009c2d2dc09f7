/**
 * `String.prototype.matchAll` without its cost: `matchAll` clones the regular expression on every
 * call, which for the large alternations the extractors compile once dominates the run time.
 * `pattern` must have the `g` flag; its `lastIndex` is reset.
 */
export function* execAll(pattern: RegExp, text: string): Generator<RegExpExecArray> {
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    if (m[0] === '') pattern.lastIndex++;
    yield m;
  }
}
