/**
 * Seeded generator of news-like corpora with planted reuse, for bench/reuse. Document `i` is a
 * pure function of (seed, i), so workers regenerate any document on demand instead of sharing it.
 *
 * Every 20 documents: 1 verbatim copy (half exact duplicates, half with a new header line),
 * 1 light edit (about 4% of words replaced, one sentence dropped, one added), 1 splice (own text
 * with three consecutive paragraphs of the source inserted), 1 paraphrase (synonym substitution
 * from the lexicon's groups and outside it, clause reordering, spelled-out numbers, dropped
 * sentences); the other 16 are originals. Originals fall into 500 topics that share names,
 * places and figures: same-topic originals are the "same facts, own words" negatives.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hashString, mulberry32 } from '../../src/reuse/hash.js';

/**
 * The random stream of one document: sfc32 (128 bits of state) seeded from four hashes of its
 * name. Not mulberry32: its state is a 32-bit counter, so two documents seeded differently draw
 * the same sequence shifted by a few steps whenever their seeds fall close on the counter's cycle;
 * at a million documents of ~2,000 draws each, about half of the cycle is in use and many
 * "unrelated" documents shared long identical word runs (genuine copies made by the generator).
 */
export function stream(name: string, seed: number): () => number {
  let a = hashString(name, seed ^ 0x243f6a88);
  let b = hashString(name, seed ^ 0x85a308d3);
  let c = hashString(name, seed ^ 0x13198a2e);
  let d = hashString(name, seed ^ 0x03707344);
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let k = 0; k < 12; k++) next();
  return next;
}

export type PlantKind = 'verbatim' | 'light-edit' | 'splice' | 'paraphrase';
export const KINDS: readonly PlantKind[] = ['verbatim', 'light-edit', 'splice', 'paraphrase'];

export interface GeneratedDoc {
  text: string;
  kind: PlantKind | 'original';
  /** Index of the document this one was derived from, or -1. */
  source: number;
  topic: number;
}

const TOPICS = 500;
const SYLLABLES =
  'ba be bi bo bu da de di do ka ke ki ko la le li lo ma me mi mo na ne ni no ra re ri ro sa se si so ta te ti to va ve vi vo za ze'.split(
    ' ',
  );
const STOP =
  'the the the a a of of in in to to and and on for with at by from as that was were has had is it its their after before over'.split(
    ' ',
  );

interface Vocabulary {
  content: string[];
  synonymGroups: string[][];
  groupOf: Map<string, string[]>;
  numberWords: Map<string, string>;
}

function vocabulary(seed: number): Vocabulary {
  const file = fileURLToPath(new URL('../../data/reuse-lexicon.json', import.meta.url));
  const lexicon = JSON.parse(readFileSync(file, 'utf8')) as {
    synonyms: string[][];
    numbers: Record<string, number>;
  };
  const synonymGroups = lexicon.synonyms
    .map((g) => g.filter((w) => !w.includes(' ')))
    .filter((g) => g.length > 1);
  const groupOf = new Map<string, string[]>();
  for (const g of synonymGroups) for (const w of g) if (!groupOf.has(w)) groupOf.set(w, g);
  const rand = mulberry32(seed ^ 0x5eed);
  const pseudo = new Set<string>();
  while (pseudo.size < 30000) {
    let w = '';
    const n = 2 + Math.floor(rand() * 3);
    for (let k = 0; k < n; k++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
    pseudo.add(w);
  }
  // Real words (with synonyms) first: they are the frequent ranks of the Zipf draw.
  const real = [...groupOf.keys()];
  const numberWords = new Map<string, string>();
  for (const [w, v] of Object.entries(lexicon.numbers))
    if (v >= 2 && v <= 12 && !numberWords.has(String(v))) numberWords.set(String(v), w);
  return { content: [...interleave(real, [...pseudo])], synonymGroups, groupOf, numberWords };
}

function* interleave(a: string[], b: string[]): Generator<string> {
  // One real word for every four invented ones, so that synonyms are common but not everything.
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length) yield a[i++] as string;
    for (let k = 0; k < 4 && j < b.length; k++) yield b[j++] as string;
  }
}

/** Topic of original document `i` (a derived document takes its source's topic). */
export function topicOf(i: number, seed: number): number {
  return hashString(`t${i}`, seed) % TOPICS;
}

export interface CorpusGenerator {
  doc(i: number): GeneratedDoc;
}

export function createGenerator(seed: number): CorpusGenerator {
  const v = vocabulary(seed);
  const lnN = Math.log(v.content.length);
  const zipf = (r: () => number) =>
    v.content[Math.min(v.content.length - 1, Math.floor(Math.exp(r() * lnN)) - 1)] as string;
  // A topic's facts are a pure function of (seed, topic): drawn once per topic, then reused.
  const factsCache = new Map<number, ReturnType<typeof drawFacts>>();
  const topicFacts = (t: number) => {
    let f = factsCache.get(t);
    if (!f) {
      f = drawFacts(t);
      factsCache.set(t, f);
    }
    return f;
  };
  const drawFacts = (t: number) => {
    const r = stream(`topic${t}`, seed);
    const name = () => {
      const w = zipf(r);
      return w[0]?.toUpperCase() + w.slice(1);
    };
    return {
      names: Array.from({ length: 8 }, () => `${name()} ${name()}`),
      places: Array.from({ length: 4 }, name),
      numbers: Array.from({ length: 5 }, () => String(2 + Math.floor(r() * 500))),
    };
  };
  const clause = (r: () => number, facts: ReturnType<typeof topicFacts>, words: number): string => {
    // Concatenation (a rope flattened once when read) costs less than an array and a join.
    let out = '';
    for (let k = 0; k < words; k++) {
      const x = r();
      const w =
        x < 0.38
          ? (STOP[Math.floor(r() * STOP.length)] as string)
          : x < 0.42
            ? (facts.names[Math.floor(r() * facts.names.length)] as string)
            : x < 0.44
              ? (facts.places[Math.floor(r() * facts.places.length)] as string)
              : x < 0.46
                ? (facts.numbers[Math.floor(r() * facts.numbers.length)] as string)
                : zipf(r);
      out = k === 0 ? w : `${out} ${w}`;
    }
    return out;
  };
  const sentence = (r: () => number, facts: ReturnType<typeof topicFacts>): string => {
    const s = `${clause(r, facts, 6 + Math.floor(r() * 7))}, ${clause(r, facts, 5 + Math.floor(r() * 7))}`;
    return `${s[0]?.toUpperCase()}${s.slice(1)}.`;
  };
  const article = (r: () => number, topic: number): string[][] => {
    const facts = topicFacts(topic);
    const paragraphs = 8 + Math.floor(r() * 5);
    return Array.from({ length: paragraphs }, () =>
      Array.from({ length: 2 + Math.floor(r() * 2) }, () => sentence(r, facts)),
    );
  };
  const render = (paras: string[][]) => paras.map((p) => p.join(' ')).join('\n\n');
  const topicOf = (i: number) => hashString(`t${i}`, seed) % TOPICS;

  const original = (i: number): string[][] => article(stream(`doc${i}`, seed), topicOf(i));

  const paraphraseSentence = (r: () => number, s: string): string => {
    const body = s.slice(0, -1);
    let clauses = body.split(', ');
    if (clauses.length === 2 && r() < 0.6) clauses = [clauses[1] as string, clauses[0] as string];
    const words = clauses
      .join(', ')
      .split(' ')
      .map((w) => {
        const bare = w.replace(/,$/, '');
        const comma = w.endsWith(',') ? ',' : '';
        const lower = bare.toLowerCase();
        const group = v.groupOf.get(lower);
        if (group && r() < 0.8) return (group[Math.floor(r() * group.length)] as string) + comma;
        const spelled = v.numberWords.get(bare);
        if (spelled && r() < 0.7) return spelled + comma;
        // Synonyms the lexicon does not know: an invented word for another.
        if (!group && /^[a-z]+$/.test(bare) && bare.length > 4 && r() < 0.1) return zipf(r) + comma;
        return w;
      });
    const out = words.join(' ');
    return `${out[0]?.toUpperCase()}${out.slice(1)}.`;
  };

  return {
    doc(i: number): GeneratedDoc {
      const slot = i % 20;
      if (slot < 1 || slot > 4)
        return { text: render(original(i)), kind: 'original', source: -1, topic: topicOf(i) };
      const r = stream(`derive${i}`, seed);
      const base = i - slot;
      const source = Math.max(0, base - 20 * Math.floor(r() * 50));
      const src = original(source);
      const topic = topicOf(source);
      const kind = KINDS[slot - 1] as PlantKind;
      let paras: string[][];
      switch (kind) {
        case 'verbatim':
          paras =
            i % 40 < 20 ? src : [[`${zipf(r).toUpperCase()}, ${1 + Math.floor(r() * 28)} March -`], ...src];
          break;
        case 'light-edit': {
          const facts = topicFacts(topic);
          paras = src.map((p) =>
            p.map((s) =>
              s
                .split(' ')
                .map((w) => (r() < 0.04 && /^[a-z]+$/.test(w) ? zipf(r) : w))
                .join(' '),
            ),
          );
          const k = Math.floor(r() * paras.length);
          paras[k] = (paras[k] as string[]).slice(1);
          paras.push([sentence(r, facts)]);
          break;
        }
        case 'splice': {
          const own = article(r, topic);
          const start = Math.floor(r() * Math.max(1, src.length - 3));
          const at = Math.floor(r() * own.length);
          paras = [...own.slice(0, at), ...src.slice(start, start + 3), ...own.slice(at)];
          break;
        }
        case 'paraphrase':
          paras = src
            .map((p) => p.filter(() => r() > 0.1).map((s) => paraphraseSentence(r, s)))
            .filter((p) => p.length > 0);
          break;
      }
      return { text: render(paras), kind, source, topic };
    },
  };
}
