import type { Family, LedgerClaim, LedgerEvent, LedgerQuote, ReusePair } from '../../src/core/types.js';
import type { DocumentPage, ReportData, ReportDocument } from '../../src/report/types.js';

/** Where the data comes from: embedded in the single-file report, or the live `serve` API. */
export interface Source {
  mode: 'report' | 'live';
  load(): Promise<ReportData>;
  page(id: string): Promise<DocumentPage>;
  /** Makes `text` present on every document (report mode); live mode searches on the server. */
  ensureTexts(): Promise<void>;
  /** Ids of the documents whose text contains every word (live mode). */
  searchTexts?(q: string): Promise<string[]>;
}

export const DATA_ELEMENT_ID = 'corroborate-data';
export const TEXTS_ELEMENT_ID = 'corroborate-texts';

/** Decodes the report's packed part: base64 → gzip → JSON `{ texts, custody }`. */
async function unpackExtras(el: HTMLElement): Promise<{ texts: string[]; custody: ReportData['custody'] }> {
  const bin = atob((el.textContent ?? '').trim());
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return JSON.parse(await new Response(stream).text()) as { texts: string[]; custody: ReportData['custody'] };
}

export function embeddedSource(el: HTMLElement, textsEl: HTMLElement | null): Source {
  const data = JSON.parse(el.textContent ?? '{}') as ReportData;
  if (data.packed) {
    data.ledger.documents = data.documents.map(
      ({ id, sha256, source, url, outlet, title, published, family }) => ({
        id,
        sha256,
        source,
        url,
        outlet,
        title,
        published,
        family,
      }),
    );
  }
  let texts: Promise<void> | null = null;
  const ensureTexts = () => {
    texts ??= (textsEl ? unpackExtras(textsEl) : Promise.resolve(null)).then((extras) => {
      if (!extras) return;
      data.documents.forEach((d, i) => {
        d.text ??= extras.texts[i] ?? '';
      });
      data.custody = extras.custody;
    });
    return texts;
  };
  return {
    mode: 'report',
    load: async () => data,
    ensureTexts,
    page: async (id) => {
      await ensureTexts();
      const document = data.documents.find((d) => d.id === id);
      if (!document) throw new Error(`No document ${id} in this report.`);
      return {
        document: { ...document, text: document.text ?? '' },
        highlights: data.highlights?.[id] ?? [],
        custody: data.custody.filter(
          (c) => c.document === id || (c.sha256 !== null && c.sha256 === document.sha256),
        ),
      };
    },
  };
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(body?.error?.message ?? `${url}: HTTP ${res.status}`);
  }
  return (await res.json()) as T;
}

export function liveSource(): Source {
  const pages = new Map<string, Promise<DocumentPage>>();
  return {
    mode: 'live',
    load: () => getJson<ReportData>('api/report'),
    ensureTexts: async () => undefined,
    searchTexts: async (q) =>
      (await getJson<{ documents: { id: string }[] }>(`api/search?q=${encodeURIComponent(q)}`)).documents.map(
        (d) => d.id,
      ),
    page: (id) => {
      let p = pages.get(id);
      if (!p) {
        p = getJson<DocumentPage>(`api/documents/${encodeURIComponent(id)}`);
        pages.set(id, p);
        p.catch(() => pages.delete(id));
      }
      return p;
    },
  };
}

/** The data with the indexes every view needs. */
export interface Model {
  source: Source;
  data: ReportData;
  docs: Map<string, ReportDocument>;
  events: Map<string, LedgerEvent>;
  quotes: Map<string, LedgerQuote>;
  claims: Map<string, LedgerClaim>;
  families: Map<string, Family>;
  /** Reuse pairs touching each document. */
  reuseByDoc: Map<string, ReusePair[]>;
}

export function buildModel(source: Source, data: ReportData): Model {
  const reuseByDoc = new Map<string, ReusePair[]>();
  for (const pair of data.ledger.reuse) {
    for (const id of [pair.a, pair.b]) {
      const list = reuseByDoc.get(id) ?? [];
      list.push(pair);
      reuseByDoc.set(id, list);
    }
  }
  return {
    source,
    data,
    docs: new Map(data.documents.map((d) => [d.id, d])),
    events: new Map(data.ledger.events.map((e) => [e.id, e])),
    quotes: new Map(data.ledger.quotes.map((q) => [q.id, q])),
    claims: new Map(data.ledger.claims.map((c) => [c.id, c])),
    families: new Map(data.ledger.families.map((f) => [f.id, f])),
    reuseByDoc,
  };
}

/** A short human name for a document: outlet and title, or its id. */
export function docLabel(model: Model, id: string): string {
  const d = model.docs.get(id);
  if (!d) return id;
  const name = d.outlet ?? fileName(d.source);
  return d.title ? `${name}: ${d.title}` : name;
}

export function docShort(model: Model, id: string): string {
  const d = model.docs.get(id);
  if (!d) return id;
  return d.outlet ?? d.title ?? fileName(d.source);
}

/** The last part of a path or URL: never show a machine's absolute paths. */
export function fileName(source: string): string {
  return source.split(/[\\/]/).filter(Boolean).pop() ?? source;
}
