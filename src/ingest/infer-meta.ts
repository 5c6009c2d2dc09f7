import type { DocumentMeta, Span } from '../core/types.js';
import { inferByline } from './infer-byline.js';
import { type InferredCredit, inferCredits } from './infer-credits.js';
import { inferDateline } from './infer-dateline.js';
import { inferTitle } from './infer-title.js';

/** What the text says about itself, each with the span it was read from. */
export interface InferredMeta {
  title: { value: string; span: Span } | null;
  byline: { value: string; span: Span } | null;
  dateline: DocumentMeta['dateline'];
  /** Every credit occurrence, in text order; `credits` below lists each name once. */
  creditMentions: InferredCredit[];
  credits: string[];
}

/**
 * Reads metadata from canonical text that has none: the first line as a title when it looks like
 * one (`inferTitle`), a `By <Name>` line near the head (`inferByline`), a dateline opening the first body paragraph (`inferDateline`), wire credits
 * (`inferCredits`). General rules only; see docs/formats.md.
 *
 * @example
 * inferMeta('Flood hits the valley\n\nKYIV, April 3 (AP) — Water rose…').dateline?.place // 'KYIV'
 */
export function inferMeta(text: string): InferredMeta {
  const firstLineDateline = inferDateline(text, leadingSpace(text, 0));
  const title = inferTitle(text, firstLineDateline !== null);
  const byline = inferByline(text, title ? title.span[1] : 0);
  let bodyStart = title ? leadingSpace(text, title.span[1]) : leadingSpace(text, 0);
  // A byline line between the headline and the body ("By Ann Lee, Outlet") is not the body.
  if (byline && text.lastIndexOf('\n', byline.span[0]) < bodyStart) {
    const lineEnd = text.indexOf('\n', byline.span[1]);
    if (lineEnd >= 0) bodyStart = leadingSpace(text, lineEnd);
  }
  const dated = bodyStart > 0 ? inferDateline(text, bodyStart) : firstLineDateline;
  const creditMentions = inferCredits(text, dated ? dated.dateline.span[1] : bodyStart);
  if (dated?.credit && !creditMentions.some((c) => c.span[0] === dated.credit?.span[0])) {
    creditMentions.push(dated.credit);
    creditMentions.sort((a, b) => a.span[0] - b.span[0]);
  }
  const credits = [...new Set(creditMentions.map((c) => c.name))];
  return { title, byline, dateline: dated?.dateline ?? null, creditMentions, credits };
}

/**
 * Fills the fields of `meta` that the input did not give from `inferMeta(text)`, and lists them in
 * `meta.inferred`. Given values always win; credits found in the text are added to given ones.
 */
export function applyInferredMeta(meta: Partial<DocumentMeta>, text: string): Partial<DocumentMeta> {
  const found = inferMeta(text);
  const out: Partial<DocumentMeta> = { ...meta, inferred: [...(meta.inferred ?? [])] };
  const mark = (field: string) => {
    if (!out.inferred?.includes(field)) out.inferred?.push(field);
  };
  if (!out.title && found.title) {
    out.title = found.title.value;
    mark('title');
  }
  if (!out.byline && found.byline) {
    out.byline = found.byline.value;
    mark('byline');
  }
  if (!out.dateline && found.dateline) {
    out.dateline = found.dateline;
    mark('dateline');
  }
  const given = out.credits ?? [];
  const added = found.credits.filter((c) => !given.includes(c));
  if (added.length > 0) {
    out.credits = [...given, ...added];
    mark('credits');
  }
  return out;
}

function leadingSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && /\s/.test(text[i] as string)) i++;
  return i;
}
