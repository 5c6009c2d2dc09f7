import type { EventType, Ledger, LedgerEvent } from '../core/types.js';

/** ACLED-style columns, then UCDP-style ranges and our source counts (documented in docs/ledger.md). */
export const CSV_COLUMNS = [
  'event_id_cnty',
  'event_date',
  'year',
  'time_precision',
  'disorder_type',
  'event_type',
  'sub_event_type',
  'actor1',
  'actor2',
  'country',
  'admin1',
  'location',
  'latitude',
  'longitude',
  'geo_precision',
  'source',
  'notes',
  'fatalities',
  'killed_low',
  'killed_best',
  'killed_high',
  'injured_low',
  'injured_best',
  'injured_high',
  'sources',
  'independent_sources',
] as const;

const DISORDER: Record<EventType, string> = {
  Battles: 'Political violence',
  'Explosions/Remote violence': 'Political violence',
  'Violence against civilians': 'Political violence',
  Protests: 'Demonstrations',
  Riots: 'Demonstrations',
  'Strategic developments': 'Strategic developments',
  'Disasters and accidents': '',
  Other: '',
};

/** RFC 4180 quoting: fields with a comma, quote, line break or edge space are quoted, quotes doubled. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const s = String(value);
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function timePrecision(e: LedgerEvent): number | null {
  if (!e.date) return null;
  return e.date.precision === 'day' ? 1 : e.date.precision === 'week' ? 2 : 3;
}

function geoPrecision(e: LedgerEvent): number | null {
  if (!e.place) return null;
  switch (e.place.precision) {
    case 'exact':
    case 'town':
      return 1;
    case 'near':
      return 2;
    case 'region':
    case 'country':
      return 3;
  }
}

/** Notes: the summary, then every disputed figure with its documents. */
export function eventNotes(e: LedgerEvent): string {
  const parts = [e.summary];
  for (const c of e.conflicts) {
    parts.push(
      `${c.field} disputed: ${c.values.map((v) => `${v.value} (${v.documents.join(', ')})`).join(' vs ')}`,
    );
  }
  if (e.origins.length > 0) parts.push(`original sources: ${e.origins.join('; ')}`);
  return parts.join(' | ');
}

/** The events as CSV; multiple values in one cell are separated by `|` (Uwazi's convention). */
export function toCsv(ledger: Ledger): string {
  const outlets = new Map(ledger.documents.map((d) => [d.id, d.outlet ?? d.source]));
  const rows = [CSV_COLUMNS.join(',')];
  for (const e of ledger.events) {
    const docs = [...new Set(e.mentions.map((m) => m.document))];
    const sources = [...new Set(docs.map((d) => outlets.get(d) ?? d))].sort();
    const names = (roles: string[]) =>
      [...new Set(e.actors.filter((a) => roles.includes(a.role)).map((a) => a.name))].join('|');
    const values: (string | number | null)[] = [
      e.id,
      e.date?.start ?? null,
      e.date ? Number(e.date.start.slice(0, 4)) : null,
      timePrecision(e),
      DISORDER[e.type],
      e.type,
      e.subtype,
      names(['perpetrator']),
      names(['target', 'victim']),
      e.place?.country ?? null,
      e.place?.admin1 ?? null,
      e.place?.name ?? null,
      e.place?.lat ?? null,
      e.place?.lon ?? null,
      geoPrecision(e),
      sources.join('|'),
      eventNotes(e),
      e.killed?.best ?? 0,
      e.killed?.low ?? null,
      e.killed?.best ?? null,
      e.killed?.high ?? null,
      e.injured?.low ?? null,
      e.injured?.best ?? null,
      e.injured?.high ?? null,
      e.sources,
      e.independent_sources,
    ];
    rows.push(values.map(csvField).join(','));
  }
  return `${rows.join('\n')}\n`;
}
