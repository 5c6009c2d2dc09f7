import type { Ledger } from '../core/types.js';
import { custodyFor } from '../report/load-report-data.js';
import type { DocumentPage, ReportData, ReportDocument } from '../report/types.js';
import type { ServerBackend } from './backend.js';
import { HttpError } from './http-error.js';

export interface ApiRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  body: Uint8Array | null;
}

export type ApiHandler = (backend: ServerBackend, req: ApiRequest) => unknown | Promise<unknown>;

const withoutText = ({ text: _text, ...doc }: ReportDocument): ReportDocument => doc;

function intParam(query: URLSearchParams, name: string, fallback: number, max: number): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  if (!/^\d{1,9}$/.test(raw))
    throw new HttpError(
      400,
      'bad-parameter',
      `Query parameter ${name} must be a whole number; found "${raw.slice(0, 40)}".`,
    );
  return Math.min(Number(raw), max);
}

function page<T>(
  items: T[],
  query: URLSearchParams,
): { total: number; offset: number; limit: number; items: T[] } {
  const offset = intParam(query, 'offset', 0, Number.MAX_SAFE_INTEGER);
  const limit = intParam(query, 'limit', 1000, 10_000);
  return { total: items.length, offset, limit, items: items.slice(offset, offset + limit) };
}

function find<T extends { id: string }>(items: T[], id: string, what: string): T {
  const item = items.find((i) => i.id === id);
  if (!item) throw new HttpError(404, 'not-found', `No ${what} with id "${id.slice(0, 80)}".`);
  return item;
}

export function overview(data: ReportData) {
  const l: Ledger = data.ledger;
  return {
    counts: {
      documents: l.documents.length,
      families: l.families.length,
      reuse: l.reuse.length,
      events: l.events.length,
      quotes: l.quotes.length,
      claims: l.claims.length,
    },
    custody: l.custody,
    families: [...l.families]
      .sort((a, b) => b.documents.length - a.documents.length || a.id.localeCompare(b.id))
      .slice(0, 20),
    flags: {
      conflicts: l.events
        .filter((e) => e.conflicts.length)
        .map((e) => ({ id: e.id, summary: e.summary, conflicts: e.conflicts })),
      altered_quotes: l.quotes
        .filter((q) => q.variants.some((v) => v.flag))
        .map((q) => ({
          id: q.id,
          speaker: q.speaker,
          text: q.text,
          flags: q.variants.filter((v) => v.flag),
        })),
      denials: l.claims
        .filter((c) => c.stance === 'deny')
        .map((c) => ({ id: c.id, claimant: c.claimant, text: c.text, answers: c.answers })),
    },
  };
}

function search(data: ReportData, q: string) {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length)
    throw new HttpError(400, 'bad-parameter', 'Query parameter q is required, e.g. /api/search?q=market.');
  const hit = (...parts: (string | null | undefined)[]) => {
    const hay = parts.filter(Boolean).join(' ').toLowerCase();
    return words.every((w) => hay.includes(w));
  };
  const l = data.ledger;
  const cap = <T>(xs: T[]) => xs.slice(0, 100);
  return {
    q,
    events: cap(
      l.events
        .filter((e) =>
          hit(e.summary, e.type, e.subtype, e.place?.name, e.place?.country, ...e.actors.map((a) => a.name)),
        )
        .map((e) => ({
          id: e.id,
          summary: e.summary,
          place: e.place?.name ?? null,
          date: e.date?.start ?? null,
        })),
    ),
    quotes: cap(
      l.quotes
        .filter((x) => hit(x.speaker, x.text, ...x.variants.map((v) => v.text)))
        .map((x) => ({ id: x.id, speaker: x.speaker, text: x.text })),
    ),
    claims: cap(
      l.claims
        .filter((c) => hit(c.claimant, c.text))
        .map((c) => ({ id: c.id, claimant: c.claimant, stance: c.stance, text: c.text })),
    ),
    documents: cap(
      data.documents
        .filter((d) => hit(d.title, d.outlet, d.source, d.id, d.text))
        .map((d) => ({ id: d.id, title: d.title, outlet: d.outlet, published: d.published })),
    ),
  };
}

/** GET routes: `:name` segments become params. */
export const getRoutes: [string, ApiHandler][] = [
  ['/api/overview', (b) => overview(b.data())],
  [
    '/api/report',
    (b) => {
      const d = b.data();
      return { ...d, documents: d.documents.map(withoutText) };
    },
  ],
  ['/api/documents', (b, r) => page(b.data().documents.map(withoutText), r.query)],
  [
    '/api/documents/:id',
    (b, r): DocumentPage => {
      const data = b.data();
      const doc = find(data.documents, r.params.id ?? '', 'document');
      return {
        document: { ...doc, text: doc.text ?? '' },
        highlights: data.highlights?.[doc.id] ?? [],
        custody: custodyFor(data, doc),
      };
    },
  ],
  ['/api/families', (b) => b.data().ledger.families],
  [
    '/api/reuse',
    (b, r) => {
      const doc = r.query.get('document');
      const pairs = b.data().ledger.reuse;
      return page(doc ? pairs.filter((p) => p.a === doc || p.b === doc) : pairs, r.query);
    },
  ],
  ['/api/events', (b, r) => page(b.data().ledger.events, r.query)],
  ['/api/events/:id', (b, r) => find(b.data().ledger.events, r.params.id ?? '', 'event')],
  ['/api/quotes', (b, r) => page(b.data().ledger.quotes, r.query)],
  ['/api/claims', (b, r) => page(b.data().ledger.claims, r.query)],
  ['/api/search', (b, r) => search(b.data(), (r.query.get('q') ?? '').slice(0, 200))],
  ['/api/custody', (b, r) => ({ checkpoint: b.data().ledger.custody, ...page(b.data().custody, r.query) })],
];

/** `POST /api/documents?name=report.html` with the file's bytes as the body. */
export const uploadRoute: ApiHandler = async (b, r) => {
  if (!b.upload) throw new HttpError(405, 'read-only', 'This server does not accept uploads.');
  const name = r.query.get('name');
  if (!name)
    throw new HttpError(
      400,
      'bad-parameter',
      'Query parameter name (the file name, e.g. report.html) is required.',
      'The name picks the reader: .txt, .md, .html, .json, .jsonl, .warc, .xml.',
    );
  if (!r.body || r.body.byteLength === 0)
    throw new HttpError(400, 'empty-body', 'The request body is empty; send the file bytes as the body.');
  return b.upload({ name, bytes: r.body });
};

export function matchRoute(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split('/');
  const s = path.split('/');
  if (p.length !== s.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    const seg = p[i] as string;
    const val = s[i] as string;
    if (seg.startsWith(':')) {
      if (!val) return null;
      try {
        params[seg.slice(1)] = decodeURIComponent(val);
      } catch {
        return null;
      }
    } else if (seg !== val) return null;
  }
  return params;
}
