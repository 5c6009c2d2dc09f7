import { seededRandom } from '../../src/core/random.js';
import type { EventType, Ledger, LedgerEvent, LedgerQuote, ReusePair } from '../../src/core/types.js';
import type { ReportCustodyEntry, ReportData, ReportDocument } from '../../src/report/types.js';

const rng = seededRandom;

const COMMON =
  'the a of in to and said at least people killed injured market town police officials report on was were by with from that for'.split(
    ' ',
  );
const SYLLABLES =
  'ka lo mi ne ru sa ti vo be da fe gi ho ju ke la mo ni pe qu ri so tu va we xi yo ze an el in on ur st tr pl gr br ch sh th'.split(
    ' ',
  );

/** A vocabulary of 6,000 pseudo-words so that texts compress about as well as real news (~3×). */
function vocabulary(r: () => number): string[] {
  const words = new Set<string>();
  while (words.size < 6000)
    words.add(
      Array.from(
        { length: 2 + Math.floor(r() * 3) },
        () => SYLLABLES[Math.floor(r() * SYLLABLES.length)],
      ).join(''),
    );
  return [...words];
}
const TYPES: EventType[] = [
  'Battles',
  'Explosions/Remote violence',
  'Violence against civilians',
  'Protests',
  'Riots',
  'Strategic developments',
  'Disasters and accidents',
];
const hex = (r: () => number, n: number) =>
  Array.from({ length: n }, () => Math.floor(r() * 16).toString(16)).join('');

/** A seeded report of `n` documents with proportionate events, reuse pairs, quotes and claims. */
export function syntheticReport(n: number, seed = 42): ReportData {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)] as T;
  const vocab = vocabulary(r);
  // Zipf-like: common words half the time, the rest skewed towards the head of the vocabulary.
  const word = () => (r() < 0.45 ? pick(COMMON) : (vocab[Math.floor(vocab.length * r() ** 2.5)] as string));
  const sentence = () => {
    const len = 8 + Math.floor(r() * 16);
    const w = Array.from({ length: len }, word);
    w[0] = (w[0] ?? 'the').replace(/^./, (c) => c.toUpperCase());
    return `${w.join(' ')}.`;
  };
  const documents: ReportDocument[] = [];
  const custody: ReportCustodyEntry[] = [];
  const families: Ledger['families'] = [];
  for (let i = 0; i < n; i++) {
    const id = `doc${String(i).padStart(5, '0')}`;
    const text = Array.from({ length: 4 + Math.floor(r() * 6) }, () =>
      Array.from({ length: 3 + Math.floor(r() * 3) }, sentence).join(' '),
    ).join('\n\n');
    const sha256 = hex(r, 64);
    const day = 1 + Math.floor(r() * 28);
    documents.push({
      id,
      sha256,
      source: `corpus/${id}.txt`,
      url: `https://outlet${i % 97}.example/${id}`,
      outlet: `Outlet ${i % 97}`,
      title: sentence().slice(0, 70),
      published: `2024-03-${String(day).padStart(2, '0')}T${String(Math.floor(r() * 24)).padStart(2, '0')}:00:00Z`,
      family: null,
      capturedAt: '2024-04-01T00:00:00Z',
      reader: 'text',
      byline: null,
      credits: [],
      length: text.length,
      text,
    });
    custody.push({
      seq: i + 1,
      action: 'ingest',
      document: null,
      sha256,
      source: `corpus/${id}.txt`,
      at: '2024-04-01T00:00:00Z',
      hash: hex(r, 64),
    });
  }
  // Families: runs of 1–6 consecutive documents; the first is the origin and the others copy it.
  const reuse: ReusePair[] = [];
  for (let i = 0; i < n; ) {
    const size = 1 + Math.floor(r() * 6);
    const members = documents.slice(i, i + size);
    const fid = `fam${i}`;
    for (const d of members) d.family = fid;
    families.push({ id: fid, documents: members.map((d) => d.id), origin: members[0]?.id ?? null });
    const origin = members[0]!;
    for (const copy of members.slice(1)) {
      const len = Math.min(origin.length, copy.length, 200);
      reuse.push({
        a: origin.id,
        b: copy.id,
        relation: r() < 0.7 ? 'verbatim' : 'paraphrase',
        shared_a: r(),
        shared_b: r(),
        direction: r() < 0.8 ? 'a>b' : 'unknown',
        reason: 'a was published first',
        passages: [{ a: [0, len], b: [0, len], kind: r() < 0.7 ? 'verbatim' : 'paraphrase', score: r() }],
      });
    }
    i += size;
  }
  const events: LedgerEvent[] = Array.from({ length: Math.round(n / 5) }, (_, i) => {
    const docs = Array.from({ length: 1 + Math.floor(r() * 4) }, () => pick(documents));
    const killed = r() < 0.6 ? Math.floor(r() * 50) : null;
    return {
      id: `ev${i}`,
      type: pick(TYPES),
      subtype: 'Attack',
      date: { start: '2024-03-10', end: '2024-03-10', precision: 'day' },
      place: {
        name: `Town ${i % 300}`,
        admin1: null,
        country: 'Testland',
        lat: -30 + r() * 80,
        lon: -120 + r() * 240,
        precision: 'town',
      },
      actors: [],
      killed: killed === null ? null : { low: killed, best: killed, high: killed + Math.floor(r() * 5) },
      injured: null,
      summary: sentence(),
      mentions: docs.map((d) => ({ document: d.id, span: [0, 20], text: (d.text ?? '').slice(0, 20) })),
      sources: docs.length,
      independent_sources: 1,
      origins: [],
      conflicts:
        r() < 0.1
          ? [
              {
                field: 'killed',
                values: [
                  { value: 3, documents: [docs[0]!.id] },
                  { value: 5, documents: [docs[0]!.id] },
                ],
              },
            ]
          : [],
    };
  });
  const quotes: LedgerQuote[] = Array.from({ length: Math.round(n / 10) }, (_, i) => {
    const text = sentence();
    const d = pick(documents);
    return {
      id: `q${i}`,
      speaker: `Speaker ${i % 50}`,
      speaker_role: null,
      kind: 'direct',
      text,
      mentions: [{ document: d.id, span: [0, 10], text: (d.text ?? '').slice(0, 10) }],
      variants: [
        { text, documents: [d.id], change: 'identical', flag: null },
        ...(r() < 0.05
          ? [{ text: `${text} indeed`, documents: [d.id], change: 'extension' as const, flag: 'words added' }]
          : []),
      ],
      sources: 1,
      independent_sources: 1,
    };
  });
  const claims: Ledger['claims'] = Array.from({ length: Math.round(n / 20) }, (_, i) => ({
    id: `c${i}`,
    claimant: `Claimant ${i % 30}`,
    stance: i % 4 === 1 ? 'deny' : 'affirm',
    text: sentence(),
    answers: i % 4 === 1 ? `c${i - 1}` : null,
    mentions: [],
  }));
  const ledger: Ledger = {
    schema: 'corroborate.ledger/1',
    documents: documents.map(({ id, sha256, source, url, outlet, title, published, family }) => ({
      id,
      sha256,
      source,
      url,
      outlet,
      title,
      published,
      family,
    })),
    families,
    reuse,
    events,
    quotes,
    claims,
    custody: { entries: custody.length, head: custody.at(-1)?.hash ?? '' },
  };
  return { schema: 'corroborate.report/1', generated: '2024-04-02T00:00:00Z', ledger, documents, custody };
}
