/**
 * Converts ECB+ (token-level XML, `../shared/corpora/ecbplus`) into JSON Lines that `corroborate ingest`
 * reads, one document per line, and optionally writes the corpus' event coreference annotation as
 * character offsets into the rebuilt texts.
 *
 * Usage:
 *   npx tsx scripts/ecbplus-to-jsonl.ts [--in ../shared/corpora/ecbplus] [--out FILE] [--gold FILE]
 *                                       [--topic N]...
 *
 * Documents: `{ id, topic, subtopic, series, title, url, text }` — `id` is the file name without `.xml`
 * (`1_10ecb`), `subtopic` is `ecb` (the original ECB texts) or `ecbplus` (the texts added by ECB+, a
 * second, similar incident per topic), `series` is the topic. The text is rebuilt from the tokens, one
 * sentence per line; see `rebuildText` for the spacing rules. In `ecbplus` files sentence 0 is the
 * page URL: it becomes `url` and is left out of the text.
 *
 * Gold (`--gold`): one JSON line per event mention (every markable whose tag starts with `ACTION_` or
 * `NEG_ACTION_` and that is anchored on tokens): `{ doc, topic, subtopic, m_id, type, tokens, span, text,
 * sentence, chain, chain_kind, descriptor, validated }` and `parts` when the tokens are not
 * contiguous. `span` is `[start, end)` into the document's `text`, and `text` equals that slice.
 * `chain` is the ECB+ instance id for cross-document chains (CROSS_DOC_COREF), `intra:<doc>:<m_id>` for
 * within-document chains (INTRA_DOC_COREF) and `singleton:<doc>:<m_id>` for mentions in no relation.
 * `validated` is true when the mention's sentence is listed in ECBplus_coreference_sentences.csv, the
 * sentences the annotators were asked to annotate fully; the README advises evaluating on those only.
 */
import { createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Span = [start: number, end: number];

export interface EcbToken {
  id: number;
  sentence: number;
  text: string;
}

export interface EcbDocument {
  id: string;
  topic: string;
  subtopic: 'ecb' | 'ecbplus';
  series: string;
  title: string | null;
  url: string | null;
  text: string;
}

export interface EcbMention {
  doc: string;
  topic: string;
  subtopic: 'ecb' | 'ecbplus';
  m_id: string;
  type: string;
  /** The token ids (`t_id`) the mention is anchored on, in order. */
  tokens: number[];
  span: Span;
  text: string;
  /** Present when the mention's tokens are not contiguous: one span per run of adjacent tokens. */
  parts?: Span[];
  sentence: number;
  chain: string;
  chain_kind: 'cross' | 'intra' | 'singleton';
  /** The annotators' name for the instance (`t1_checking_into_betty_ford`), when the chain has one. */
  descriptor: string | null;
  validated: boolean;
}

export interface ConvertedDocument {
  document: EcbDocument;
  mentions: EcbMention[];
  /** Event mentions that could not be placed in the text (anchored only in an ecbplus URL line). */
  dropped: number;
}

// ---------------------------------------------------------------------------------------------
// Spacing

/** Tokens written without a space before them. */
const noSpaceBefore = new Set([
  ',',
  '.',
  ';',
  '!',
  '?',
  '%',
  ')',
  ']',
  '}',
  '...',
  '…',
  "''",
  '”',
  "n't",
  "N'T",
]);
/** Tokens written without a space after them. */
const noSpaceAfter = new Set(['(', '[', '{', '``', '“', '‘', '$', '#']);
/** Clitics split off by Penn Treebank tokenisation (`'s`, `'re`, ...). */
const clitic = /^['’](s|re|ve|d|ll|m|t)$/i;
/** What follows an apostrophe token that is really part of a contraction or possessive (`’ s`). */
const cliticTail = /^(s|re|ve|d|ll|m|t)$/i;
const alnumEnd = /[\p{L}\p{N}]$/u;
const alnumStart = /^[\p{L}\p{N}]/u;
const digitsOnly = /^\p{N}+$/u;
const singleLetterDot = /^\p{L}\.$/u;
const singleLetter = /^\p{L}$/u;

/** Surface form of a token in the rebuilt text: PTB quote pairs become typographic quotes. */
export function surface(token: string): string {
  if (token === '``') return '“';
  if (token === "''") return '”';
  return token;
}

/**
 * Rebuilds a text from tokens with the spacing a reader expects: no space before closing punctuation
 * or clitics, none after opening brackets and quotes, straight double quotes paired by position and
 * parity, hyphenated compounds and times (`sci - fi`, `10 : 33`) joined where the tokenizer split
 * them, one sentence per line. `splitHyphens` says whether a standalone `-` between two words is a
 * split hyphen (ECB+ texts) rather than a dash (original ECB texts, which keep `break-in` whole).
 * Returns the text and each token's `[start, end)`.
 */
export function rebuildText(
  tokens: readonly EcbToken[],
  options: { splitHyphens: boolean },
): { text: string; spans: Map<number, Span> } {
  const spans = new Map<number, Span>();
  const gaps = tokens.map((_token, i) => (i === 0 ? '' : gapBefore(tokens, i, options.splitHyphens)));
  let text = '';
  let doubleQuoteOpen = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as EcbToken;
    let gap = gaps[i] as string;
    if (token.text === '"') {
      const opening = isOpeningStraightQuote(tokens, i, doubleQuoteOpen);
      doubleQuoteOpen = opening;
      // An opening quote sticks to what follows, a closing one to what precedes.
      if (!opening && gap === ' ') gap = '';
      if (opening && i + 1 < tokens.length && gaps[i + 1] === ' ') gaps[i + 1] = '';
    } else if (token.text.includes('"')) {
      // Quotes glued to words (`"The`, `said,"`) still count for pairing the standalone ones.
      if ((token.text.split('"').length - 1) % 2 === 1) doubleQuoteOpen = !doubleQuoteOpen;
    }
    if (i > 0 && gap !== '\n' && token.sentence !== (tokens[i - 1] as EcbToken).sentence) gap = '\n';
    // PTB's closing `''` sometimes arrives as two `'` tokens: write one closing quote for the pair.
    let form = surface(token.text);
    if (token.text === "'" && isQuotePair(tokens, i)) form = '”';
    else if (token.text === "'" && isQuotePair(tokens, i - 1)) {
      form = '';
      gap = '';
    }
    text += gap;
    spans.set(token.id, [text.length, text.length + form.length]);
    text += form;
  }
  return { text, spans };
}

function isQuotePair(tokens: readonly EcbToken[], i: number): boolean {
  const first = tokens[i];
  const second = tokens[i + 1];
  return (
    first?.text === "'" &&
    second?.text === "'" &&
    first.sentence === second.sentence &&
    tokens[i - 1]?.text !== "'"
  );
}

function isOpeningStraightQuote(tokens: readonly EcbToken[], i: number, open: boolean): boolean {
  const token = tokens[i] as EcbToken;
  const prev = tokens[i - 1];
  const next = tokens[i + 1];
  const firstInSentence = prev === undefined || prev.sentence !== token.sentence;
  const lastInSentence = next === undefined || next.sentence !== token.sentence;
  if (firstInSentence && !lastInSentence) return true;
  if (lastInSentence && !firstInSentence) return false;
  if (next !== undefined && noSpaceBefore.has(next.text)) return false;
  return !open;
}

function gapBefore(tokens: readonly EcbToken[], i: number, splitHyphens: boolean): string {
  const prev = tokens[i - 1] as EcbToken;
  const token = tokens[i] as EcbToken;
  const next = tokens[i + 1];
  if (prev.sentence !== token.sentence) return '\n';
  const p = prev.text;
  const t = token.text;
  if (noSpaceAfter.has(p) || noSpaceBefore.has(t) || clitic.test(t)) return '';
  // `’ s`, `' s`: an apostrophe split from its clitic joins both neighbours.
  if (
    (t === '’' || t === "'") &&
    next !== undefined &&
    next.sentence === token.sentence &&
    cliticTail.test(next.text)
  ) {
    return '';
  }
  if ((p === '’' || p === "'") && cliticTail.test(t) && alnumEnd.test(tokens[i - 2]?.text ?? '')) return '';
  // Closing single quotes and plural possessives (`victims '`) attach to the word before.
  if (t === '’' || t === "'") return '';
  if (p === '‘') return '';
  // `p. m.`, `a. m.`: initialisms split letter by letter.
  if (singleLetterDot.test(p) && singleLetterDot.test(t)) return '';
  if (p === '.' && singleLetter.test(t) && singleLetter.test(tokens[i - 2]?.text ?? '') && next?.text === '.')
    return '';
  if (t === ':' && digitsOnly.test(p) && next !== undefined && digitsOnly.test(next.text)) return '';
  if (p === ':' && digitsOnly.test(t) && digitsOnly.test(tokens[i - 2]?.text ?? '')) return '';
  if (t === ':') return '';
  // Numbers split at their separators: `2 . 6 million`, `30 , 000`.
  const beforePrev = tokens[i - 2]?.text ?? '';
  if (p === '.' && /\d$/.test(beforePrev) && /^\d/.test(t)) return '';
  if (p === ',' && /(^|\D)\d{1,3}$/.test(beforePrev) && /^\d{3}(?!\d)/.test(t)) return '';
  if (t === '/' && alnumEnd.test(p) && next !== undefined && alnumStart.test(next.text)) return '';
  if (p === '/' && alnumStart.test(t) && alnumEnd.test(tokens[i - 2]?.text ?? '')) return '';
  if (splitHyphens) {
    if (t === '-' && joinsHyphen(tokens, i)) return '';
    if (p === '-' && joinsHyphen(tokens, i - 1)) return '';
  }
  // `- -` is a dash written as two tokens: keep it together, spaced from the words.
  if (t === '-' && p === '-') return '';
  return ' ';
}

function joinsHyphen(tokens: readonly EcbToken[], i: number): boolean {
  const prev = tokens[i - 1];
  const next = tokens[i + 1];
  const here = tokens[i] as EcbToken;
  if (prev === undefined || next === undefined) return false;
  if (prev.sentence !== here.sentence || next.sentence !== here.sentence) return false;
  return alnumEnd.test(prev.text) && alnumStart.test(next.text);
}

// ---------------------------------------------------------------------------------------------
// Parsing

// ECB+ files are machine-written and regular (one element per line, attributes in double quotes), so a
// small scanner reads them about five times faster than a general XML parser, which matters for tests
// that convert all 982 files.

const tagPattern = /<(\/?)([A-Za-z_]+)((?:\s+[\w:-]+="[^"]*")*)\s*(\/?)>/g;
const attributePattern = /([\w:-]+)="([^"]*)"/g;
const tokenPattern = /<token\b((?:\s+[\w:-]+="[^"]*")*)\s*>([^<]*)<\/token>/g;

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, entity: string) => {
    const name = entity.toLowerCase();
    if (name === 'amp') return '&';
    if (name === 'lt') return '<';
    if (name === 'gt') return '>';
    if (name === 'quot') return '"';
    if (name === 'apos') return "'";
    return String.fromCodePoint(
      name.startsWith('#x') ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)),
    );
  });
}

function attributes(source: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const m of source.matchAll(attributePattern))
    result.set(m[1] as string, decodeEntities(m[2] as string));
  return result;
}

export interface ParsedXml {
  tokens: EcbToken[];
  /** Markables anchored on tokens, with their tag. */
  anchored: Array<{ mId: string; type: string; tokenIds: number[] }>;
  /** Instance markables (no tokens) by m_id: the annotators' descriptor and instance id. */
  instances: Map<string, { descriptor: string | null; instance: string | null }>;
  relations: Array<{
    kind: 'cross' | 'intra';
    note: string | null;
    sources: string[];
    target: string | null;
  }>;
}

function section(xml: string, name: string): string {
  const start = xml.indexOf(`<${name}>`);
  if (start < 0) return '';
  const end = xml.indexOf(`</${name}>`, start);
  return xml.slice(start + name.length + 2, end < 0 ? xml.length : end);
}

/** Tokens, markables and coreference relations of one ECB+ XML file. */
export function parseEcbXml(xml: string, fileName: string): ParsedXml {
  if (!xml.includes('<Document')) throw new Error(`ECB+ file ${fileName}: no <Document> element`);
  const tokens: EcbToken[] = [];
  for (const m of xml.matchAll(tokenPattern)) {
    const attrs = attributes(m[1] as string);
    tokens.push({
      id: Number(attrs.get('t_id')),
      sentence: Number(attrs.get('sentence')),
      text: decodeEntities(m[2] as string),
    });
  }

  const anchored: ParsedXml['anchored'] = [];
  const instances: ParsedXml['instances'] = new Map();
  let open: { mId: string; type: string; tokenIds: number[] } | null = null;
  for (const m of section(xml, 'Markables').matchAll(tagPattern)) {
    const [, closing, tag, attrText, selfClosing] = m as unknown as [string, string, string, string, string];
    if (tag === 'token_anchor') {
      const id = attributes(attrText).get('t_id');
      if (open && id !== undefined) open.tokenIds.push(Number(id));
    } else if (closing) {
      if (open && open.tokenIds.length > 0) anchored.push(open);
      open = null;
    } else {
      const attrs = attributes(attrText);
      const mId = attrs.get('m_id');
      if (mId === undefined) continue;
      if (selfClosing) {
        instances.set(mId, {
          descriptor: attrs.get('TAG_DESCRIPTOR') ?? null,
          instance: attrs.get('instance_id') || null,
        });
      } else {
        open = { mId, type: tag, tokenIds: [] };
      }
    }
  }

  const relations: ParsedXml['relations'] = [];
  let relation: ParsedXml['relations'][number] | null = null;
  for (const m of section(xml, 'Relations').matchAll(tagPattern)) {
    const [, closing, tag, attrText] = m as unknown as [string, string, string, string];
    if (tag === 'CROSS_DOC_COREF' || tag === 'INTRA_DOC_COREF') {
      if (closing) {
        if (relation) relations.push(relation);
        relation = null;
      } else {
        relation = {
          kind: tag === 'CROSS_DOC_COREF' ? 'cross' : 'intra',
          note: attributes(attrText).get('note') ?? null,
          sources: [],
          target: null,
        };
      }
    } else if (relation && (tag === 'source' || tag === 'target')) {
      const mId = attributes(attrText).get('m_id');
      if (mId === undefined) continue;
      if (tag === 'source') relation.sources.push(mId);
      else relation.target = mId;
    }
  }
  return { tokens, anchored, instances, relations };
}

const eventTag = /^(NEG_)?ACTION_/;
const dateLike =
  /\b(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sept?(ember)?|oct(ober)?|nov(ember)?|dec(ember)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday|updated|gmt|[ap]\.?m\.?)\b/i;

/** A line that is a date/time stamp rather than a headline (`4 August 2013 Last updated at 19:47 GMT`). */
function looksLikeDateLine(line: string): boolean {
  return /\d/.test(line) && dateLike.test(line) && line.split(/\s+/).length <= 12;
}

/**
 * Parses one ECB+ XML file. `validatedSentences` holds the sentence numbers listed for this file in
 * ECBplus_coreference_sentences.csv.
 */
export function convertDocument(
  xml: string,
  fileName: string,
  validatedSentences: ReadonlySet<number>,
): ConvertedDocument {
  const id = fileName.replace(/\.xml$/, '');
  const match = /^(\d+)_\d+(ecbplus|ecb)$/.exec(id);
  if (!match)
    throw new Error(`ECB+ file name ${fileName}: expected <topic>_<n>ecb.xml or <topic>_<n>ecbplus.xml`);
  const topic = match[1] as string;
  const subtopic = match[2] as 'ecb' | 'ecbplus';
  const parsed = parseEcbXml(xml, fileName);
  const allTokens = parsed.tokens.filter((t) => t.text !== '').sort((a, b) => a.id - b.id);

  const urlTokens = subtopic === 'ecbplus' ? allTokens.filter((t) => t.sentence === 0) : [];
  const textTokens = subtopic === 'ecbplus' ? allTokens.filter((t) => t.sentence !== 0) : allTokens;
  const { text, spans } = rebuildText(textTokens, { splitHyphens: subtopic === 'ecbplus' });
  const url = urlTokens.length > 0 ? urlTokens.map((t) => t.text).join('') : null;
  const lines = text.split('\n');
  const title =
    subtopic === 'ecbplus'
      ? (lines.slice(0, 2).find((line) => !looksLikeDateLine(line)) ?? lines[0] ?? null)
      : null;

  const anchored = parsed.anchored
    .filter((m) => eventTag.test(m.type))
    .map((m) => ({ ...m, tokenIds: [...m.tokenIds].sort((a, b) => a - b) }));
  const chainOf = new Map<string, { chain: string; kind: 'cross' | 'intra'; descriptor: string | null }>();
  // Cross-document chains first: the release removed intra-document links that duplicate them.
  for (const kind of ['cross', 'intra'] as const) {
    for (const relation of parsed.relations) {
      if (relation.kind !== kind || relation.target === null) continue;
      const info = parsed.instances.get(relation.target);
      const chain =
        kind === 'cross'
          ? (info?.instance ?? relation.note ?? `cross:${id}:${relation.target}`)
          : `intra:${id}:${relation.target}`;
      for (const mId of relation.sources) {
        if (!chainOf.has(mId)) chainOf.set(mId, { chain, kind, descriptor: info?.descriptor ?? null });
      }
    }
  }

  const sentenceOf = new Map(allTokens.map((t) => [t.id, t.sentence]));
  const mentions: EcbMention[] = [];
  let dropped = 0;
  for (const markable of anchored) {
    const parts = tokenRuns(markable.tokenIds, spans);
    if (parts === null) {
      dropped++;
      continue;
    }
    const span: Span = [(parts[0] as Span)[0], (parts[parts.length - 1] as Span)[1]];
    const sentence = sentenceOf.get(markable.tokenIds[0] as number) ?? -1;
    const chain = chainOf.get(markable.mId);
    mentions.push({
      doc: id,
      topic,
      subtopic,
      m_id: markable.mId,
      type: markable.type,
      tokens: markable.tokenIds,
      span,
      text: text.slice(span[0], span[1]),
      ...(parts.length > 1 ? { parts } : {}),
      sentence,
      chain: chain?.chain ?? `singleton:${id}:${markable.mId}`,
      chain_kind: chain?.kind ?? 'singleton',
      descriptor: chain?.descriptor ?? null,
      validated: validatedSentences.has(sentence),
    });
  }
  mentions.sort((a, b) => a.span[0] - b.span[0] || a.span[1] - b.span[1] || Number(a.m_id) - Number(b.m_id));

  return { document: { id, topic, subtopic, series: topic, title, url, text }, mentions, dropped };
}

/** Spans of runs of consecutive token ids; null when a token is not in the text. */
function tokenRuns(tokenIds: readonly number[], spans: ReadonlyMap<number, Span>): Span[] | null {
  const runs: Span[] = [];
  let previous = Number.NaN;
  for (const id of tokenIds) {
    const span = spans.get(id);
    if (span === undefined) return null;
    const last = runs[runs.length - 1];
    if (last !== undefined && id === previous + 1) last[1] = span[1];
    else runs.push([span[0], span[1]]);
    previous = id;
  }
  return runs.length > 0 ? runs : null;
}

// ---------------------------------------------------------------------------------------------
// Corpus

/** Sentence numbers per document id from ECBplus_coreference_sentences.csv (`Topic,File,Sentence Number`). */
export function readValidatedSentences(csvPath: string): Map<string, Set<number>> {
  const result = new Map<string, Set<number>>();
  if (!existsSync(csvPath)) return result;
  const lines = readFileSync(csvPath, 'utf8').split(/\r?\n/);
  for (const line of lines.slice(1)) {
    const [topic, file, sentence] = line.split(',').map((c) => c.trim());
    if (!topic || !file || sentence === undefined || sentence === '') continue;
    const id = `${topic}_${file}`;
    let set = result.get(id);
    if (!set) {
      set = new Set();
      result.set(id, set);
    }
    set.add(Number(sentence));
  }
  return result;
}

/** The corpus' XML files, ordered by topic, then ecb before ecbplus, then document number. */
export function listEcbFiles(inDir: string, topics?: ReadonlySet<string>): string[] {
  const root = join(inDir, 'ECB+');
  if (!existsSync(root))
    throw new Error(`ECB+ corpus: expected a folder ${root} (the unzipped ECB+ release)`);
  const files: string[] = [];
  for (const topic of readdirSync(root)) {
    if (!/^\d+$/.test(topic) || (topics && !topics.has(topic))) continue;
    for (const name of readdirSync(join(root, topic)))
      if (name.endsWith('.xml')) files.push(join(root, topic, name));
  }
  const key = (path: string): [number, number, number] => {
    const m = /(\d+)_(\d+)(ecbplus|ecb)\.xml$/.exec(path);
    return m ? [Number(m[1]), m[3] === 'ecb' ? 0 : 1, Number(m[2])] : [0, 0, 0];
  };
  return files.sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return ka[0] - kb[0] || ka[1] - kb[1] || ka[2] - kb[2];
  });
}

/** Converts the corpus (or some topics), document by document. */
export function* convertCorpus(
  inDir: string,
  options: { topics?: ReadonlySet<string> } = {},
): Generator<ConvertedDocument> {
  const validated = readValidatedSentences(join(inDir, 'ECBplus_coreference_sentences.csv'));
  for (const path of listEcbFiles(inDir, options.topics)) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    yield convertDocument(
      readFileSync(path, 'utf8'),
      name,
      validated.get(name.replace(/\.xml$/, '')) ?? new Set(),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// CLI

interface CliOptions {
  inDir: string;
  out: string | null;
  gold: string | null;
  topics: Set<string> | undefined;
}

function parseArgs(argv: string[]): CliOptions {
  const options: CliOptions = {
    inDir: '../shared/corpora/ecbplus',
    out: null,
    gold: null,
    topics: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag === '--help' || flag === '-h') {
      process.stdout.write(
        'Usage: npx tsx scripts/ecbplus-to-jsonl.ts [--in DIR] [--out FILE] [--gold FILE] [--topic N]...\n',
      );
      process.exit(0);
    }
    if (value === undefined || value.startsWith('--'))
      throw new Error(`${flag}: expected a value after the flag`);
    if (flag === '--in') options.inDir = value;
    else if (flag === '--out') options.out = value;
    else if (flag === '--gold') options.gold = value;
    else if (flag === '--topic') {
      options.topics = options.topics ?? new Set();
      options.topics.add(value);
    } else throw new Error(`unknown option ${flag}: expected --in, --out, --gold or --topic`);
    i++;
  }
  return options;
}

async function main(argv: string[]): Promise<void> {
  const options = parseArgs(argv);
  const docsOut = options.out ? createWriteStream(resolve(options.out)) : process.stdout;
  const goldOut = options.gold ? createWriteStream(resolve(options.gold)) : null;
  let documents = 0;
  let mentions = 0;
  let dropped = 0;
  const write = (stream: NodeJS.WritableStream, line: string): Promise<void> =>
    new Promise((done) => (stream.write(line) ? done() : stream.once('drain', () => done())));
  for (const converted of convertCorpus(options.inDir, { topics: options.topics })) {
    documents++;
    dropped += converted.dropped;
    await write(docsOut, `${JSON.stringify(converted.document)}\n`);
    if (goldOut) {
      for (const mention of converted.mentions) await write(goldOut, `${JSON.stringify(mention)}\n`);
    }
    mentions += converted.mentions.length;
  }
  const closing: Array<Promise<void>> = [];
  for (const stream of [options.out ? docsOut : null, goldOut]) {
    if (stream && stream !== process.stdout) closing.push(new Promise((done) => stream.end(done)));
  }
  await Promise.all(closing);
  process.stderr.write(
    `ecbplus-to-jsonl: ${documents} documents${options.out ? ` → ${options.out}` : ''}` +
      (goldOut ? `, ${mentions} event mentions → ${options.gold}` : '') +
      (dropped > 0 ? ` (${dropped} mentions anchored only in URL lines left out)` : '') +
      '\n',
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`ecbplus-to-jsonl: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  });
}
