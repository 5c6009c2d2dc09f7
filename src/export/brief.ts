import type { Ledger, LedgerEvent } from '../core/types.js';
import { splitSentences } from '../extract/split-sentences.js';
import { contentWords, overlapCoefficient } from '../merge/words.js';

export interface BriefOptions {
  /** Word budget for the quoted sentences (citations not counted). Default 150. */
  words?: number;
  /** Text of a document by id, to widen the chosen mention to its whole sentence. */
  textOf?: (documentId: string) => string | null;
}

/**
 * The sentence around `[start, end)`, by the extraction stage's sentence splitter (which knows
 * abbreviations such as "Dr."); a mention spanning sentences keeps all of them.
 */
export function sentenceAround(text: string, start: number, end: number): string {
  const sentences = splitSentences(text);
  const first = sentences.find((x) => x.span[0] <= start && x.span[1] > start);
  const last = sentences.find((x) => x.span[0] < end && x.span[1] >= end);
  if (first && last) return text.slice(first.span[0], last.span[1]).replace(/\s+/g, ' ').trim();
  return naiveSentenceAround(text, start, end);
}

function naiveSentenceAround(text: string, start: number, end: number): string {
  let s = start;
  while (s > 0 && !/[.!?\n]/.test(text[s - 1] ?? '')) s--;
  let e = end;
  while (e < text.length && !/[.!?\n]/.test(text[e - 1] ?? '')) e++;
  while (e < text.length && /["'”’)]/.test(text[e] ?? '')) e++;
  return text.slice(s, e).replace(/\s+/g, ' ').trim();
}

function bestSentence(e: LedgerEvent, textOf: BriefOptions['textOf']): string {
  const summary = e.summary.replace(/…$/, '');
  const mention =
    e.mentions.find((m) => m.text.replace(/\s+/g, ' ').trim().startsWith(summary.slice(0, 40))) ??
    e.mentions[0];
  const text = mention && textOf ? textOf(mention.document) : null;
  return mention && text ? sentenceAround(text, mention.span[0], mention.span[1]) : e.summary;
}

/**
 * What the corpus establishes, in sentences taken verbatim from the reports: the best-supported
 * sentence of each of the most corroborated events (one per reused passage), ordered by date,
 * each followed by its citations and any conflict or denial. Only the labels are ours.
 */
export function formatBrief(ledger: Ledger, options: BriefOptions = {}): string {
  const budget = options.words ?? 150;
  const names = new Map(ledger.documents.map((d) => [d.id, d.outlet ?? d.title ?? d.source]));
  const chosen: { event: LedgerEvent; sentence: string }[] = [];
  let used = 0;
  for (const event of ledger.events) {
    const sentence = bestSentence(event, options.textOf);
    const words = sentence.split(/\s+/).length;
    const cw = contentWords(sentence);
    if (chosen.some((c) => overlapCoefficient(contentWords(c.sentence), cw) >= 0.8)) continue;
    if (chosen.length > 0 && used + words > budget) continue;
    chosen.push({ event, sentence });
    used += words;
    if (used >= budget) break;
  }
  chosen.sort(
    (a, b) =>
      (a.event.date?.start ?? '9999').localeCompare(b.event.date?.start ?? '9999') ||
      a.event.id.localeCompare(b.event.id),
  );
  const denials = ledger.claims.filter((c) => c.stance === 'deny');
  const paragraphs = chosen.map(({ event, sentence }) => {
    const docs = [...new Set(event.mentions.map((m) => m.document))];
    const cited = docs.map((d) => names.get(d) ?? d).join('; ');
    const lines = [
      `${sentence} [${event.sources} ${event.sources === 1 ? 'document' : 'documents'}: ${cited}; ${event.independent_sources} independent ${event.independent_sources === 1 ? 'source' : 'sources'}]`,
    ];
    for (const c of event.conflicts) {
      lines.push(
        `  Disputed ${c.field}: ${c.values.map((v) => `${v.value} (${v.documents.map((d) => names.get(d) ?? d).join('; ')})`).join(' vs ')}.`,
      );
    }
    for (const d of denials.filter((x) => x.answers === event.id)) {
      lines.push(`  Denied by ${d.claimant ?? 'an unnamed source'}: ${d.text}`);
    }
    return lines.join('\n');
  });
  return paragraphs.length > 0 ? `${paragraphs.join('\n\n')}\n` : 'The ledger has no events yet.\n';
}
