import type { Span } from '../core/types.js';
import { aliasPattern, wireName, wireNameOfCode } from './readers/wire-services.js';

/** A wire credit found in the text: normalised name, the text as written, and its span. */
export interface InferredCredit {
  name: string;
  text: string;
  span: Span;
}

interface Rules {
  lines: RegExp[];
  alias: RegExp;
  opening: RegExp;
  /** "Additional reporting from <Name>": an organisation of any name (a person would be "by"). */
  reportingFrom: RegExp;
}
let rules: Rules | null = null;

function buildRules(): Rules {
  return {
    lines: buildLineRules(),
    alias: new RegExp(`(?:${aliasPattern()})`, 'gu'),
    opening: new RegExp(`^\\((${aliasPattern()})\\)\\s*(?:[–—]|-{1,2})`, 'u'),
    reportingFrom:
      /^(?:[-–—]\s*)?[(_*]*(Additional reporting (?:from|by)|Reporting from|With reporting from)\s+(\p{Lu}[\p{L}\p{N}&'’-]*(?: [\p{Lu}&][\p{L}\p{N}&'’-]*){0,3})\.?[)_*]*$/u,
  };
}

function buildLineRules(): RegExp[] {
  const alias = `(?:The\\s+)?(?:${aliasPattern()})`;
  const list = `${alias}(?:\\s*(?:[,/&]|and)\\s*${alias})*`;
  return [
    // "AFP", "— Reuters", "(AP)", "AFP/Reuters"
    new RegExp(`^[-–—]?\\s*\\(?\\s*${list}\\s*\\)?\\.?$`, 'u'),
    // "By Jane Roe, Associated Press", "Jane Roe | Reuters"
    new RegExp(`^(?:By\\s+)?[^,|–—]{2,60}\\s*[,|–—]\\s*${list}\\.?$`, 'u'),
    // "Copyright 2022 The Associated Press. All rights reserved."
    new RegExp(`^(?:Copyright|©|\\(c\\))\\s.{0,20}?${list}\\b`, 'u'),
    // "With AFP", "Additional reporting by Reuters", "Source: AP"
    new RegExp(`^(?:[-–—]\\s*)?(?:With|with|Additional reporting by|Source:|Sources:)\\s+${list}\\.?$`, 'u'),
  ];
}

/**
 * Wire credits the text states, each normalised to a short name (data/wire-services.json):
 * - credit lines: a line of at most 100 characters that is only a credit (`AFP`, `— Reuters`,
 *   `By Jane Roe, Associated Press`, `Copyright 2022 The Associated Press …`, `With AFP`), or
 *   `Additional reporting from <Name>` with any capitalised name (`by` only with a known agency);
 * - `(AP) —` opening the first body paragraph (datelines are read by `inferDateline`);
 * - a sign-off in parentheses ending the text, agency codes before a slash and editors' initials
 *   after it: `(ap/ez)`, `(dpa, afp/ab)`.
 * A name inside a sentence ("Associated Press journalists saw") is a mention, not a credit.
 */
export function inferCredits(text: string, bodyStart: number): InferredCredit[] {
  rules ??= buildRules();
  const { lines: lineRules, alias: aliasRe, opening: openingRe } = rules;
  const found: InferredCredit[] = [];
  const addAliases = (from: number, to: number) => {
    aliasRe.lastIndex = 0;
    const segment = text.slice(from, to);
    for (const m of segment.matchAll(aliasRe)) {
      const name = wireName(m[0]);
      if (!name) continue;
      const start = from + (m.index ?? 0);
      // "Associated Press" inside "The Associated Press" is matched once, as the longer form.
      found.push({ name, text: m[0], span: [start, start + m[0].length] });
    }
  };

  const addReportingFrom = (line: string, lineStart: number) => {
    const m = rules?.reportingFrom.exec(line);
    const written = m?.[2];
    if (!m || !written) return;
    const known = wireName(written);
    // "by" names people as often as agencies: only a known agency counts after "by".
    if (/ by$/.test(m[1] ?? '') && !known) return;
    // `line` is trimmed: find it in the text, then the name at its end.
    const start = text.indexOf(line, lineStart) + line.lastIndexOf(written);
    found.push({ name: known ?? written, text: written, span: [start, start + written.length] });
  };

  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    const trimmed = lineEnd - lineStart <= 200 ? text.slice(lineStart, lineEnd).trim() : '';
    if (trimmed.length > 0 && trimmed.length <= 100) {
      if (lineRules.some((rule) => rule.test(trimmed))) addAliases(lineStart, lineEnd);
      else addReportingFrom(trimmed, lineStart);
    }
    lineStart = lineEnd + 1;
  }

  const opening = openingRe.exec(text.slice(bodyStart, bodyStart + 60));
  if (opening?.[1]) {
    const name = wireName(opening[1]);
    if (name)
      found.push({ name, text: opening[1], span: [bodyStart + 1, bodyStart + 1 + opening[1].length] });
  }

  const tailStart = Math.max(0, text.trimEnd().length - 120);
  const signoff = /\(([A-Za-z]{2,10}(?:\s*[,/]\s*[A-Za-z]{1,10})*)\)\s*$/u.exec(
    text.slice(tailStart).trimEnd(),
  );
  if (signoff?.[1]) {
    let at = tailStart + (signoff.index ?? 0) + 1;
    for (const part of signoff[1].split(/([,/]\s*)/)) {
      const code = part.trim();
      const name = code && !/^[,/]/.test(code) ? wireNameOfCode(code) : null;
      const offset = at + part.indexOf(code);
      if (name && !/^[,/]/.test(code)) found.push({ name, text: code, span: [offset, offset + code.length] });
      at += part.length;
    }
  }
  found.sort((a, b) => a.span[0] - b.span[0]);
  return found.filter((c, i) => i === 0 || c.span[0] !== (found[i - 1] as InferredCredit).span[0]);
}
