import type { Ledger, LedgerEvent, Range } from '../core/types.js';

export interface SummaryOptions {
  /** Most events listed; the rest are counted. */
  maxEvents?: number;
  /** Most families listed (a large store has thousands); the rest are counted. Default 20. */
  maxFamilies?: number;
}

export function formatRange(r: Range | null): string {
  if (!r || r.best === null) return '–';
  const lo = r.low ?? r.best;
  const hi = r.high;
  if (lo === r.best && hi === r.best) return String(r.best);
  return `${r.best} (${lo}–${hi ?? '?'})`;
}

function when(e: LedgerEvent): string {
  if (!e.date) return 'date unknown';
  return e.date.start === e.date.end ? e.date.start : `${e.date.start}..${e.date.end}`;
}

function where(e: LedgerEvent): string {
  if (!e.place) return 'place unknown';
  const region = e.place.admin1 && e.place.admin1 !== e.place.name ? `, ${e.place.admin1}` : '';
  return `${e.place.name}${region} (${e.place.precision})`;
}

/**
 * The plain-text summary `analyze` prints: events by independent sources with place, date,
 * killed/injured and conflict flags; families; flagged quote changes; denials.
 */
export function formatSummary(ledger: Ledger, options: SummaryOptions = {}): string {
  const max = options.maxEvents ?? 20;
  const lines: string[] = [];
  lines.push(
    `${ledger.documents.length} documents, ${ledger.families.length} families, ${ledger.events.length} events, ${ledger.quotes.length} quotes, ${ledger.claims.length} claims`,
  );
  lines.push('', 'Events (by independent sources)');
  for (const e of ledger.events.slice(0, max)) {
    const flags = e.conflicts.map((c) => `! ${c.field} disputed`).join(' ');
    lines.push(
      `  [${e.independent_sources} indep / ${e.sources} docs] ${e.subtype || e.type} — ${where(e)} — ${when(e)} — killed ${formatRange(e.killed)}, injured ${formatRange(e.injured)}${flags ? ` ${flags}` : ''}`,
    );
    lines.push(`      ${e.summary}`);
  }
  if (ledger.events.length > max) lines.push(`  … and ${ledger.events.length - max} more events`);

  lines.push('', 'Families (documents that depend on each other)');
  if (ledger.families.length === 0) lines.push('  none');
  const maxFamilies = options.maxFamilies ?? 20;
  for (const f of ledger.families.slice(0, maxFamilies)) {
    lines.push(`  ${f.id}: ${f.documents.join(', ')}${f.origin ? ` (origin ${f.origin})` : ''}`);
  }
  if (ledger.families.length > maxFamilies)
    lines.push(`  … and ${ledger.families.length - maxFamilies} more families (see ledger.json)`);

  const flagged = ledger.quotes.flatMap((q) => q.variants.filter((v) => v.flag).map((v) => ({ q, v })));
  lines.push('', 'Flagged quote changes');
  if (flagged.length === 0) lines.push('  none');
  for (const { q, v } of flagged) {
    lines.push(
      `  ${q.speaker ?? 'unknown speaker'}: "${q.text}" → "${v.text}" in ${v.documents.join(', ')}: ${v.flag}`,
    );
  }

  const denials = ledger.claims.filter((c) => c.stance === 'deny');
  lines.push('', 'Denials');
  if (denials.length === 0) lines.push('  none');
  const events = new Map(ledger.events.map((e) => [e.id, e]));
  const claims = new Map(ledger.claims.map((c) => [c.id, c]));
  const describe = (id: string | null): string => {
    if (!id) return '';
    const event = events.get(id);
    if (event) return `${event.id} (${event.subtype || event.type}, ${where(event)})`;
    const claim = claims.get(id);
    if (claim)
      return `${claim.claimant ?? 'unknown'}: "${claim.text}"${claim.answers ? ` → ${describe(claim.answers)}` : ''}`;
    return id;
  };
  for (const d of denials) {
    const answers = d.answers ? ` → answers ${describe(d.answers)}` : '';
    lines.push(`  ${d.claimant ?? 'unknown'}: ${d.text}${answers}`);
  }
  return `${lines.join('\n')}\n`;
}
