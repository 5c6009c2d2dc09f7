import type { DocumentExtraction, Quantity, Range } from '../core/types.js';
import type { Store } from '../store/store.js';
import type { Highlight } from './types.js';

function figure(q: Quantity | Range | null): string {
  if (!q) return '?';
  if (q.low !== null && q.high !== null && q.low !== q.high) return `${q.low}–${q.high}`;
  return String(q.best ?? q.low ?? q.high ?? '?');
}

/**
 * What the Document view highlights in a text, from its stored extraction: incidents (with their
 * figures), quantities, dates, places, actors, quotes and claims, each with a short label.
 */
export function highlightsFromExtraction(x: DocumentExtraction): Highlight[] {
  const out: Highlight[] = [];
  for (const i of x.incidents) {
    const figures = [
      i.killed ? `killed ${figure(i.killed)}` : '',
      i.injured ? `injured ${figure(i.injured)}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    out.push({
      kind: 'incident',
      span: i.trigger.span,
      label: `${i.kind} (${i.type}${figures ? `; ${figures}` : ''})`,
    });
  }
  for (const q of x.quantities)
    out.push({
      kind: 'quantity',
      span: q.span,
      label: `${figure(q)}${q.counted ? ` ${q.counted}` : ''} (${q.qualifier})`,
    });
  for (const d of x.dates)
    out.push({
      kind: 'date',
      span: d.span,
      label: d.start
        ? `${d.start}${d.end && d.end !== d.start ? ` – ${d.end}` : ''} (${d.precision ?? '?'})`
        : 'unresolved date',
    });
  for (const p of x.places)
    out.push({
      kind: 'place',
      span: p.span,
      label: `${[p.name, p.admin1, p.country].filter(Boolean).join(', ')} (${p.precision})`,
    });
  for (const a of x.actors) out.push({ kind: 'actor', span: a.span, label: `${a.name} (${a.kind})` });
  for (const q of x.quotes)
    out.push({
      kind: 'quote',
      span: q.span,
      label: `quote by ${q.speaker ?? 'unknown speaker'}${q.cue ? ` (${q.cue})` : ''}`,
    });
  for (const c of x.claims)
    out.push({ kind: 'claim', span: c.span, label: `${c.stance} by ${c.claimant ?? 'unknown'}` });
  return out.sort((a, b) => a.span[0] - b.span[0] || b.span[1] - a.span[1] || a.kind.localeCompare(b.kind));
}

/** Highlights of every document extracted by `version` (documents without one are left out). */
export function loadHighlights(
  store: Store,
  version: string,
  ids: Iterable<string>,
): Record<string, Highlight[]> {
  const analysis = store.analysis;
  const out: Record<string, Highlight[]> = {};
  for (const id of ids) {
    const x = analysis.getExtraction(id, version);
    if (x) out[id] = highlightsFromExtraction(x);
  }
  return out;
}
