import type {
  Ledger,
  LedgerClaim,
  LedgerDocument,
  LedgerEvent,
  LedgerQuote,
  Mention,
  Sentence,
  Span,
} from '../core/types.js';
import { splitSentences } from '../extract/split-sentences.js';
import { contentWords, overlapCoefficient } from '../merge/words.js';
import { incidentTelling } from './tell-incident.js';

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
  return sentenceIn(text, splitSentences(text), start, end);
}

/** `sentenceAround` with the text's sentences split once by the caller. */
function sentenceIn(text: string, sentences: readonly Sentence[], start: number, end: number): string {
  const span = sentenceSpan(sentences, start, end);
  if (span) return text.slice(span[0], span[1]).replace(/\s+/g, ' ').trim();
  return naiveSentenceAround(text, start, end);
}

/** The span of the sentences holding `[start, end)`, or null when the splitter finds none. */
function sentenceSpan(sentences: readonly Sentence[], start: number, end: number): Span | null {
  const first = sentences.find((x) => x.span[0] <= start && x.span[1] > start);
  const last = sentences.find((x) => x.span[0] < end && x.span[1] >= end);
  return first && last ? [first.span[0], last.span[1]] : null;
}

/** The texts of the documents a brief reads, each read and split into sentences once. */
interface Texts {
  textOf: ((documentId: string) => string | null) | undefined;
  /** The sentence around a mention (the mention's own words when its text is not at hand). */
  sentence(m: Mention): string | null;
  /** The span of the sentences around a mention (the mention's own span without the text). */
  span(m: Mention): Span;
  /** A document's text with whitespace collapsed. */
  flat(text: string): string;
}

function createTexts(read: BriefOptions['textOf']): Texts {
  const texts = new Map<string, string | null>();
  const splits = new Map<string, Sentence[]>();
  const flats = new Map<string, string>();
  const textOf = read
    ? (d: string) => {
        if (!texts.has(d)) texts.set(d, read(d));
        return texts.get(d) ?? null;
      }
    : undefined;
  const split = (d: string, text: string) => {
    let sentences = splits.get(d);
    if (!sentences) {
      sentences = splitSentences(text);
      splits.set(d, sentences);
    }
    return sentences;
  };
  return {
    textOf,
    sentence: (m) => {
      const text = textOf?.(m.document);
      return text ? sentenceIn(text, split(m.document, text), m.span[0], m.span[1]) : null;
    },
    span: (m) => {
      const text = textOf?.(m.document);
      return (text ? sentenceSpan(split(m.document, text), m.span[0], m.span[1]) : null) ?? m.span;
    },
    flat: (text) => {
      let f = flats.get(text);
      if (f === undefined) {
        f = flat(text);
        flats.set(text, f);
      }
      return f;
    },
  };
}

function naiveSentenceAround(text: string, start: number, end: number): string {
  let s = start;
  while (s > 0 && !/[.!?\n]/.test(text[s - 1] ?? '')) s--;
  let e = end;
  while (e < text.length && !/[.!?\n]/.test(text[e - 1] ?? '')) e++;
  while (e < text.length && /["'”’)]/.test(text[e] ?? '')) e++;
  return text.slice(s, e).replace(/\s+/g, ' ').trim();
}

const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The sentences an event can be told by, best first: the sentence of its summary's mention, then
 * those of its other mentions (the summary alone when no text is at hand).
 */
function candidateSentences(e: LedgerEvent, texts: Texts): string[] {
  const summary = e.summary.replace(/…$/, '');
  const lead = e.mentions.find((m) => flat(m.text).startsWith(summary.slice(0, 40)));
  const ordered = lead ? [lead, ...e.mentions.filter((m) => m !== lead)] : [...e.mentions];
  const out: string[] = [];
  for (const m of ordered) {
    const sentence = texts.sentence(m);
    if (sentence && !out.includes(sentence)) out.push(sentence);
    if (out.length >= MAX_CANDIDATES) break;
  }
  return out.length > 0 ? out : [e.summary];
}

/** Sentences of one event compared for support (bounded cost on large events). */
const MAX_CANDIDATES = 12;

/**
 * Events examined for the brief, most corroborated first: a brief of 150 words tells a handful,
 * and reading every document of a large store for it would cost minutes.
 */
const MAX_EVENTS = 200;

/**
 * The event's documents whose text states `sentence` word for word (whitespace aside); none
 * when no document does (the sentence is then not told: a brief cites only what states it).
 */
function stating(e: LedgerEvent, sentence: string, texts: Texts): string[] {
  const docs = [...new Set(e.mentions.map((m) => m.document))];
  const wanted = flat(sentence).replace(/…$/, '');
  return docs.filter((d) => {
    const text = texts.textOf ? texts.textOf(d) : null;
    if (text) return texts.flat(text).includes(wanted);
    return e.mentions.some((m) => m.document === d && flat(m.text).includes(wanted));
  });
}

/** The file name of a source (a path or URL), never the machine path around it. */
function fileName(source: string): string {
  const last = source.split(/[\\/]/).filter(Boolean).pop() ?? source;
  return last.split(/[?#]/)[0] || last;
}

/**
 * How a document is cited: its outlet, date and title (or file name), so that two reports of
 * one outlet are told apart and no machine path is printed.
 *
 * @example
 * citation({ outlet: 'Wire', published: '2024-05-02T10:00Z', title: 'Town shelled', source: '/data/a.txt' })
 * // 'Wire, 2024-05-02, "Town shelled"'
 */
export function citation(
  d: Pick<LedgerDocument, 'outlet' | 'published' | 'title' | 'source'> & { url?: string | null },
): string {
  const title = d.title?.trim();
  // Without a title, the page's own address names it better than the file it was read from
  // (the records of one JSON Lines file or archive share that file's name).
  const parts = [
    d.outlet?.trim(),
    d.published?.slice(0, 10),
    title ? `"${title}"` : fileName(d.url || d.source),
  ];
  return parts.filter((p): p is string => !!p).join(', ');
}

/**
 * The whole sentence a denial is told in, as most of its documents have it, with the documents
 * whose text holds it word for word; never the claim's clause alone, which can end before its
 * object ("X told", "Y called the … in the town"). Without texts, the claim's own words.
 */
function denialSentence(
  claim: LedgerClaim,
  texts: Texts,
  flagged: string[],
): { sentence: string; documents: string[] } | null {
  const documents = [...new Set(claim.mentions.map((m) => m.document))];
  const { textOf, flat: flatText } = texts;
  if (!textOf) return { sentence: flat(claim.text), documents };
  const sentences: string[] = [];
  for (const m of claim.mentions) {
    const sentence = texts.sentence(m);
    if (sentence && !sentences.includes(sentence) && !flagged.some((f) => sentence.includes(f)))
      sentences.push(sentence);
  }
  const holding = (sentence: string) =>
    documents.filter((d) => {
      const text = textOf(d);
      return text !== null && flatText(text).includes(sentence);
    });
  let best: { sentence: string; documents: string[] } | null = null;
  for (const sentence of sentences) {
    const docs = holding(sentence);
    if (docs.length > 0 && (!best || docs.length > best.documents.length))
      best = { sentence, documents: docs };
  }
  return best;
}

/**
 * A quotation altered by some report (a variant the ledger flags), told by its original
 * wording: the unflagged variant most documents give, citing those whose text holds it.
 */
function misquote(
  q: LedgerQuote,
  texts: Texts,
): { altered: string[]; flag: string; original: string; documents: string[] } | null {
  const flaggedVariant = q.variants.find((v) => v.flag);
  if (!flaggedVariant?.flag) return null;
  const { textOf, flat: flatText } = texts;
  const originals = q.variants
    .filter((v) => !v.flag)
    .map((v) => {
      const original = flat(v.text);
      const documents = v.documents.filter((d) => {
        const text = textOf ? textOf(d) : null;
        return text !== null && flatText(text).includes(original);
      });
      return { original, documents };
    })
    .filter((v) => v.original.length > 0 && v.documents.length > 0)
    .sort((a, b) => b.documents.length - a.documents.length);
  const best = originals[0];
  if (!best) return null;
  return { altered: flaggedVariant.documents, flag: flaggedVariant.flag, ...best };
}

/** Characters between two spans (0 when they overlap). */
const gap = (a: Span, b: Span) => Math.max(0, b[0] - a[1], a[0] - b[1]);

/**
 * The event each flagged quotation is told with: of the events told, the one with a mention's
 * sentence nearest to one of the quotation's mentions in the same document (ties: the event told
 * first); a quotation in no document of theirs is told with none. Sharing a document is not
 * enough: a report tells several incidents, and the quotation belongs to the one it is told by.
 */
function ownersOfMisquotes(
  quotes: LedgerQuote[],
  told: LedgerEvent[],
  texts: Texts,
): Map<string, LedgerEvent> {
  const sentences = told.map((event) => {
    const byDocument = new Map<string, Span[]>();
    for (const m of event.mentions) {
      const spans = byDocument.get(m.document) ?? [];
      spans.push(texts.span(m));
      byDocument.set(m.document, spans);
    }
    return { event, byDocument };
  });
  const owners = new Map<string, LedgerEvent>();
  for (const q of quotes) {
    if (!q.variants.some((v) => v.flag)) continue;
    let best: { event: LedgerEvent; distance: number } | null = null;
    for (const { event, byDocument } of sentences) {
      for (const m of q.mentions) {
        for (const span of byDocument.get(m.document) ?? []) {
          const distance = gap(m.span, span);
          if (!best || distance < best.distance) best = { event, distance };
        }
      }
    }
    if (best) owners.set(q.id, best.event);
  }
  return owners;
}

/** Each document's citation; two that would read alike are told apart by their document ids. */
export function distinctCitations(documents: LedgerDocument[]): Map<string, string> {
  const cited = documents.map((d) => [d.id, citation(d)] as const);
  const seen = new Map<string, number>();
  for (const [, c] of cited) seen.set(c, (seen.get(c) ?? 0) + 1);
  return new Map(cited.map(([id, c]) => [id, (seen.get(c) ?? 0) > 1 ? `${c}, document ${id}` : c]));
}

/** Events with figures first (the incidents themselves, not reactions), each group most corroborated first. */
function compareForBrief(a: LedgerEvent, b: LedgerEvent): number {
  const counted = (e: LedgerEvent) => (e.killed || e.injured ? 1 : 0);
  return (
    counted(b) - counted(a) ||
    b.independent_sources - a.independent_sources ||
    b.sources - a.sources ||
    a.id.localeCompare(b.id)
  );
}

/**
 * What the corpus establishes, in sentences taken verbatim from the reports: a sentence of each
 * of the most corroborated incidents (one per reused passage), most corroborated first, each
 * citing exactly the documents that state it, then any conflict and the denials answering it.
 * A sentence holding a quotation flagged as altered is not repeated as fact. Only the labels
 * are ours.
 */
export function formatBrief(ledger: Ledger, options: BriefOptions = {}): string {
  const budget = options.words ?? 150;
  const names = distinctCitations(ledger.documents);
  const name = (d: string) => names.get(d) ?? d;
  const flagged = ledger.quotes
    .flatMap((q) => q.variants)
    .filter((v) => v.flag)
    .map((v) => flat(v.text))
    .filter((t) => t.length > 0);
  const chosen: { event: LedgerEvent; sentence: string }[] = [];
  let used = 0;
  const texts = createTexts(options.textOf);
  for (const event of [...ledger.events].sort(compareForBrief).slice(0, MAX_EVENTS)) {
    // Of the sentences that tell the incident happening (a casualty clause with its count before
    // one without), the one most of the event's documents state (ties: the summary's first). An
    // event only referred to, reacted to or called about is not told at all.
    const candidates = candidateSentences(event, texts).filter(
      (x) => !flagged.some((f) => flat(x).includes(f)),
    );
    const telling = new Map(candidates.map((x) => [x, incidentTelling(x)]));
    const support = new Map(candidates.map((x) => [x, stating(event, x, texts).length]));
    const sentence = candidates
      .filter((x) => (telling.get(x) ?? 0) > 0 && (support.get(x) ?? 0) > 0)
      .sort(
        (a, b) =>
          (telling.get(b) ?? 0) - (telling.get(a) ?? 0) || (support.get(b) ?? 0) - (support.get(a) ?? 0),
      )[0];
    if (!sentence) continue;
    const words = sentence.split(/\s+/).length;
    const cw = contentWords(sentence);
    if (chosen.some((c) => overlapCoefficient(contentWords(c.sentence), cw) >= 0.8)) continue;
    if (chosen.length > 0 && used + words > budget) continue;
    chosen.push({ event, sentence });
    used += words;
    if (used >= budget) break;
  }
  const claims = new Map(ledger.claims.map((c) => [c.id, c]));
  // A denial answers an event directly, or the accusation (a claim) that answers it.
  const answersEvent = (c: LedgerClaim, event: string) =>
    c.answers === event || (c.answers !== null && claims.get(c.answers)?.answers === event);
  const denials = ledger.claims.filter((c) => c.stance === 'deny');
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  // Every sentence is printed once: a denial answering two events, or one that is also an
  // incident's sentence, is not repeated.
  const printed = new Set(chosen.map((c) => c.sentence));
  const owners = ownersOfMisquotes(
    ledger.quotes,
    chosen.map((c) => c.event),
    texts,
  );
  const paragraphs = chosen.map(({ event, sentence }) => {
    const docs = stating(event, sentence, texts);
    const lines = [
      `${sentence} [${docs.map(name).join('; ')}] (the incident: ${plural(event.sources, 'document')}, ${plural(event.independent_sources, 'independent source')})`,
    ];
    for (const c of event.conflicts) {
      lines.push(
        `  Disputed ${c.field}: ${c.values.map((v) => `${v.value} (${v.documents.map(name).join('; ')})`).join(' vs ')}.`,
      );
    }
    for (const q of ledger.quotes) {
      if (owners.get(q.id) !== event) continue;
      const told = misquote(q, texts);
      if (!told || printed.has(told.original)) continue;
      printed.add(told.original);
      lines.push(
        `  Misquoted [${told.altered.map(name).join('; ')}] (${told.flag}); the words as the other reports quote them: "${told.original}" [${told.documents.map(name).join('; ')}]`,
      );
    }
    for (const d of denials.filter((x) => answersEvent(x, event.id))) {
      const told = denialSentence(d, texts, flagged);
      if (!told || printed.has(told.sentence)) continue;
      printed.add(told.sentence);
      const cited = told.documents.map(name).join('; ');
      lines.push(
        `  Denied by ${d.claimant ?? 'an unnamed source'}: ${told.sentence}${cited ? ` [${cited}]` : ''}`,
      );
    }
    return lines.join('\n');
  });
  if (paragraphs.length > 0) return `${paragraphs.join('\n\n')}\n`;
  if (ledger.events.length === 0) return 'The ledger has no events yet.\n';
  const n = ledger.events.length;
  return `None of the ledger's ${n} event${n === 1 ? '' : 's'} has a sentence telling an incident happening (only reactions or references to one).\n`;
}
