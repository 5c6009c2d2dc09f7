import type { DocumentExtraction, Span } from '../core/types.js';

interface Mark {
  span: Span;
  label: string;
  color: number;
}

const COLORS = { place: 36, incident: 31, quote: 32, date: 35, quantity: 33, actor: 34 } as const;

/**
 * Renders a document's extraction for a terminal: with `color`, the text with extractions
 * highlighted (ANSI) and a legend; without, a plain listing one extraction per line with its span.
 */
export function formatExtraction(text: string, x: DocumentExtraction, color: boolean): string {
  const lines: string[] = [];
  const fig = (q: { best: number | null; low: number | null; high: number | null } | null): string =>
    q
      ? q.low !== q.best || q.high !== q.best
        ? `${q.low ?? '?'}/${q.best ?? '?'}/${q.high ?? '?'}`
        : String(q.best)
      : '-';
  lines.push(`document ${x.documentId}  reference ${x.reference.date ?? 'none'} (${x.reference.from})`);
  for (const i of x.incidents) {
    lines.push(
      `incident ${i.id} [${i.span[0]},${i.span[1]}) ${i.type} / ${i.subtype} (${i.kind}, "${i.trigger.text}") killed ${fig(i.killed)} injured ${fig(i.injured)}` +
        ` place ${i.place ? `${i.place.name} (${i.place.precision})` : '-'} date ${i.date?.start ?? '-'} ${i.modality}` +
        `${i.origin ? ` origin ${i.origin}` : ''}${i.actors.length ? ` actors ${i.actors.map((a) => `${a.role}:${a.name}`).join(', ')}` : ''}`,
    );
  }
  for (const p of x.places)
    lines.push(
      `place [${p.span[0]},${p.span[1]}) "${p.text}" → ${p.name}${p.admin1 ? `, ${p.admin1}` : ''}${p.country ? `, ${p.country}` : ''} (${p.precision}) ${p.lat?.toFixed(3)},${p.lon?.toFixed(3)}`,
    );
  for (const a of x.actors)
    lines.push(`actor [${a.span[0]},${a.span[1]}) "${a.text}" → ${a.name} (${a.kind})`);
  for (const d of x.dates)
    lines.push(
      `date [${d.span[0]},${d.span[1]}) "${d.text}" → ${d.start ?? 'unresolved'} (${d.precision ?? '-'}) ${d.reason}`,
    );
  for (const q of x.quantities)
    lines.push(
      `quantity [${q.span[0]},${q.span[1]}) "${q.text}" → ${fig(q)}${q.counted ? ` ${q.counted}` : ''}`,
    );
  for (const q of x.quotes)
    lines.push(`quote [${q.span[0]},${q.span[1]}) ${q.speaker ?? '(unknown speaker)'}: ${q.text}`);
  for (const c of x.claims)
    lines.push(`claim [${c.span[0]},${c.span[1]}) ${c.stance} ${c.claimant ?? '-'}: ${c.text}`);
  for (const d of x.diagnostics)
    lines.push(`diagnostic ${d.rule} ${d.span ? `[${d.span[0]},${d.span[1]}) ` : ''}${d.message}`);
  if (!color) return `${lines.join('\n')}\n`;

  const marks: Mark[] = [
    ...x.quotes.map((q) => ({ span: q.span, label: 'quote', color: COLORS.quote })),
    ...x.incidents.map((i) => ({ span: i.trigger.span, label: 'incident', color: COLORS.incident })),
    ...x.places.map((p) => ({ span: p.span, label: 'place', color: COLORS.place })),
    ...x.dates.map((d) => ({ span: d.span, label: 'date', color: COLORS.date })),
    ...x.quantities.map((q) => ({ span: q.span, label: 'quantity', color: COLORS.quantity })),
    ...x.actors.map((a) => ({ span: a.span, label: 'actor', color: COLORS.actor })),
  ].filter((m) => m.span[1] > m.span[0]);
  // Innermost wins: paint per character, later (smaller) marks over earlier ones.
  const paint = new Array<number>(text.length).fill(0);
  for (const m of marks) for (let k = m.span[0]; k < m.span[1]; k++) paint[k] = m.color;
  let out = '';
  let current = 0;
  for (let k = 0; k < text.length; k++) {
    const c = paint[k] ?? 0;
    if (c !== current) {
      out += c ? `\u001b[${c}m` : '\u001b[0m';
      current = c;
    }
    out += text[k];
  }
  if (current) out += '\u001b[0m';
  const legend = Object.entries(COLORS)
    .map(([name, c]) => `\u001b[${c}m${name}\u001b[0m`)
    .join(' ');
  return `${out}\n\n${legend}\n${lines.join('\n')}\n`;
}
