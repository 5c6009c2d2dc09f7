import type {
  LedgerClaim,
  LedgerEvent,
  LedgerQuote,
  Mention,
  Range,
  ReusePair,
} from '../../../src/core/types.js';
import type { Highlight } from '../../../src/report/types.js';
import { route, type ViewContext } from '../app.js';
import { docLabel, docShort, type Model } from '../data.js';
import { fmtNumber, fmtPercent, h } from '../dom.js';
import { dateRange, placeLabel, relatedToEvent } from '../facts.js';
import { snippet } from '../highlight.js';
import { speakerLabel } from './quotes.js';

/** One group of documents that counts as one source, and why. */
export interface IndependentGroup {
  documents: string[];
  why: string;
}

/**
 * The independent groups of an event: the ledger's own when it records them, otherwise the
 * documents grouped by family of copies (documents of one family count once).
 */
export function independentGroups(
  model: Model,
  e: LedgerEvent,
): { groups: IndependentGroup[]; recorded: boolean } {
  const recorded = (e as LedgerEvent & { independent_groups?: IndependentGroup[] }).independent_groups;
  if (Array.isArray(recorded)) return { groups: recorded, recorded: true };
  const docs = [...new Set(e.mentions.map((m) => m.document))];
  const byFamily = new Map<string, string[]>();
  for (const id of docs) {
    const f = model.docs.get(id)?.family ?? `solo:${id}`;
    const list = byFamily.get(f) ?? [];
    list.push(id);
    byFamily.set(f, list);
  }
  const groups = [...byFamily.entries()].map(([f, documents]) => {
    const origin = model.families.get(f)?.origin;
    return {
      documents,
      why:
        documents.length > 1
          ? `These documents belong to one family of copies${origin ? ` (origin: ${docShort(model, origin)})` : ''}, so they count once.`
          : 'No other document reporting this event shares text with this one.',
    };
  });
  return { groups, recorded: false };
}

/** Pairs of documents reporting the event that copy one another. */
function dependentPairs(model: Model, e: LedgerEvent): ReusePair[] {
  const docs = new Set(e.mentions.map((m) => m.document));
  const out = new Map<string, ReusePair>();
  for (const id of docs)
    for (const p of model.reuseByDoc.get(id) ?? [])
      if (docs.has(p.a) && docs.has(p.b)) out.set(`${p.a} ${p.b}`, p);
  return [...out.values()];
}

interface Evidence {
  value: string;
  mention: Mention;
  text: string | null;
  figure: Highlight | null;
}

const FIGURE = (field: string) => new RegExp(`\\b${field} (\\d[\\d,]*(?:–\\d[\\d,]*)?)`);

/** The sentences that give a figure of the event: incidents in its mentions whose label carries it. */
async function figureEvidence(
  model: Model,
  e: LedgerEvent,
  field: 'killed' | 'injured',
): Promise<Evidence[]> {
  const out: Evidence[] = [];
  for (const m of e.mentions) {
    let page: Awaited<ReturnType<Model['source']['page']>> | null = null;
    try {
      page = await model.source.page(m.document);
    } catch {
      page = null;
    }
    const highlights = page?.highlights ?? model.data.highlights?.[m.document] ?? [];
    for (const hl of highlights) {
      if (hl.kind !== 'incident' || hl.span[0] >= m.span[1] || hl.span[1] <= m.span[0]) continue;
      const hit = FIGURE(field).exec(hl.label);
      if (!hit?.[1]) continue;
      const figure =
        highlights.find(
          (q) =>
            q.kind === 'quantity' &&
            q.span[0] >= m.span[0] &&
            q.span[1] <= m.span[1] &&
            q.label.startsWith(hit[1]?.split('–')[0] ?? '\u0000'),
        ) ?? null;
      out.push({ value: hit[1], mention: m, text: page?.document.text ?? null, figure });
    }
  }
  return out;
}

function figureSection(
  model: Model,
  e: LedgerEvent,
  label: string,
  field: 'killed' | 'injured',
  r: Range | null,
  evidence: Evidence[],
): HTMLElement {
  const conflict = e.conflicts.find((c) => c.field === field);
  return h(
    'section',
    { class: 'figure card', 'aria-label': label },
    h(
      'h3',
      {},
      `${label}: `,
      r ? `${fmtNumber(r.best ?? r.low ?? r.high)}` : 'not reported',
      r && r.low !== null && r.high !== null && r.low !== r.high
        ? h('span', { class: 'muted' }, ` (between ${fmtNumber(r.low)} and ${fmtNumber(r.high)})`)
        : null,
      conflict ? h('span', { class: 'dispute' }, ' — disputed') : null,
    ),
    conflict
      ? h(
          'ul',
          { class: 'conflict-values' },
          conflict.values.map((v) =>
            h(
              'li',
              {},
              h('strong', {}, String(v.value)),
              ' according to ',
              v.documents.map((d, j) => [
                j ? ', ' : '',
                h('a', { href: route(`document/${d}`) }, docLabel(model, d)),
              ]),
            ),
          ),
        )
      : null,
    evidence.length
      ? h(
          'ul',
          { class: 'evidence' },
          evidence.map((ev) =>
            h(
              'li',
              {},
              h('strong', {}, ev.value),
              ' — ',
              h(
                'a',
                { href: route(`document/${ev.mention.document}`, { at: String(ev.mention.span[0]) }) },
                docLabel(model, ev.mention.document),
              ),
              ev.text !== null
                ? snippet(ev.text, ev.figure?.span ?? ev.mention.span, 'hl quantity')
                : h('blockquote', { class: 'snippet' }, ev.mention.text),
            ),
          ),
        )
      : r
        ? h('p', { class: 'muted' }, 'The sentences giving this figure are among the mentions below.')
        : null,
  );
}

function quoteItem(q: LedgerQuote): HTMLElement {
  const flags = q.variants.filter((v) => v.flag).map((v) => v.flag);
  return h(
    'li',
    {},
    h(
      'a',
      { href: route('quotes', { q: q.id }) },
      q.speaker || q.speaker_role ? `${speakerLabel(q)}: ` : 'Unattributed: ',
      `“${q.text}”`,
    ),
    ` — ${q.independent_sources} independent of ${q.sources}`,
    flags.length ? h('span', { class: 'dispute' }, ` — changed: ${flags.join('; ')}`) : null,
  );
}

function claimItem(model: Model, c: LedgerClaim): HTMLElement {
  const answered = c.answers ? model.claims.get(c.answers) : undefined;
  return h(
    'li',
    { class: `claim-item ${c.stance}` },
    h('span', { class: `stance ${c.stance}` }, c.stance === 'deny' ? 'denial' : c.stance),
    ' ',
    h('a', { href: route('claims', { focus: c.id }) }, c.claimant ?? 'Someone', ': ', c.text),
    answered
      ? h(
          'span',
          { class: 'answers-note' },
          ` — answering ${answered.claimant ?? 'a claim'}: “${answered.text}”`,
        )
      : null,
  );
}

export async function eventView({ model, params }: ViewContext): Promise<HTMLElement> {
  const id = params[0] ?? '';
  const e = model.events.get(id);
  if (!e) return h('p', { class: 'error', role: 'alert' }, `No event with id ${id}.`);

  const figure = (label: string, r: Range | null) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, label),
      h('td', { class: 'num' }, fmtNumber(r?.low)),
      h('td', { class: 'num' }, fmtNumber(r?.best)),
      h('td', { class: 'num' }, fmtNumber(r?.high)),
    );

  const mentions = await Promise.all(
    e.mentions.map(async (m) => {
      let body: HTMLElement;
      try {
        const page = await model.source.page(m.document);
        body = snippet(page.document.text, m.span, 'hl incident');
      } catch {
        body = h('blockquote', { class: 'snippet' }, h('mark', { class: 'hl incident' }, m.text));
      }
      return h(
        'li',
        { class: 'mention' },
        h(
          'a',
          { href: route(`document/${m.document}`, { at: String(m.span[0]) }) },
          docLabel(model, m.document),
        ),
        body,
      );
    }),
  );
  const [killedEv, injuredEv] = await Promise.all([
    figureEvidence(model, e, 'killed'),
    figureEvidence(model, e, 'injured'),
  ]);

  const place = placeLabel(e.place);
  const { groups, recorded } = independentGroups(model, e);
  const pairs = dependentPairs(model, e);
  const related = relatedToEvent(model, e);
  const denials = related.claims.filter((c) => c.stance === 'deny');
  const otherClaims = related.claims.filter((c) => c.stance !== 'deny');

  return h(
    'article',
    { class: 'event-page' },
    h('p', {}, h('a', { href: '#/events' }, '← Events')),
    h('h1', {}, e.summary || `${e.type} event`),
    h(
      'p',
      { class: 'lede' },
      h('strong', {}, `${e.independent_sources} independent source(s)`),
      ` among ${e.sources} document(s) report this.`,
    ),
    h(
      'dl',
      { class: 'meta' },
      h('dt', {}, 'What'),
      h('dd', {}, `${e.type} — ${e.subtype}`),
      h('dt', {}, 'When'),
      h(
        'dd',
        {},
        dateRange(e.date),
        e.date ? h('span', { class: 'muted' }, ` (known to the ${e.date.precision})`) : null,
        e.date?.reason ? h('div', { class: 'muted reason' }, `Why: ${e.date.reason}`) : null,
      ),
      h('dt', {}, 'Where'),
      h(
        'dd',
        {},
        place.name,
        place.precision ? h('span', { class: 'muted' }, ` (precision: ${place.precision})`) : null,
        e.place?.lat != null && e.place.lon != null
          ? h('span', { class: 'muted' }, ` ${e.place.lat.toFixed(3)}, ${e.place.lon.toFixed(3)}`)
          : null,
        e.place?.reason ? h('div', { class: 'muted reason' }, `Why: ${e.place.reason}`) : null,
      ),
      h('dt', {}, 'Who'),
      h('dd', {}, e.actors.length ? e.actors.map((a) => `${a.name} (${a.role})`).join('; ') : '–'),
      h('dt', {}, 'First said by'),
      h('dd', {}, e.origins.length ? e.origins.join('; ') : '–'),
    ),
    h('h2', {}, 'Figures and where they come from'),
    h(
      'table',
      { class: 'figures', 'aria-label': 'Figures' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('td', {}),
          h('th', { scope: 'col' }, 'low'),
          h('th', { scope: 'col' }, 'best'),
          h('th', { scope: 'col' }, 'high'),
        ),
      ),
      h('tbody', {}, figure('Killed', e.killed), figure('Injured', e.injured)),
    ),
    h(
      'div',
      { class: 'grid2' },
      figureSection(model, e, 'Killed', 'killed', e.killed, killedEv),
      figureSection(model, e, 'Injured', 'injured', e.injured, injuredEv),
    ),
    e.conflicts.length
      ? h(
          'ul',
          { class: 'conflicts', 'aria-label': 'Disputed values' },
          e.conflicts.map((c) =>
            h(
              'li',
              {},
              h('strong', {}, c.field),
              ': ',
              c.values.map((v, i) => [
                i ? ' vs ' : '',
                h('span', { class: 'value' }, String(v.value)),
                ` (${v.documents.length} document${v.documents.length === 1 ? '' : 's'})`,
              ]),
            ),
          ),
        )
      : h('p', { class: 'muted' }, 'The sources agree on the figures.'),
    h('h2', { id: 'groups-h' }, `Independent sources (${groups.length})`),
    recorded
      ? null
      : h('p', { class: 'muted' }, 'Grouped by family of copies; documents of one family count once.'),
    h(
      'ol',
      { class: 'groups', 'aria-labelledby': 'groups-h' },
      groups.map((g) =>
        h(
          'li',
          { class: 'group' },
          h(
            'ul',
            {},
            g.documents.map((d) => h('li', {}, h('a', { href: route(`document/${d}`) }, docLabel(model, d)))),
          ),
          h('p', { class: 'why' }, g.why),
        ),
      ),
    ),
    pairs.length
      ? [
          h('h2', {}, 'Reports that copy one another'),
          h(
            'ul',
            { class: 'pairs' },
            pairs.map((p) =>
              h(
                'li',
                {},
                h(
                  'a',
                  { href: route(`compare/${p.a}/${p.b}`) },
                  `Compare ${docShort(model, p.a)} and ${docShort(model, p.b)}`,
                ),
                ` — ${p.relation}, ${fmtPercent(Math.max(p.shared_a, p.shared_b))} shared`,
              ),
            ),
          ),
        ]
      : null,
    h('h2', {}, `Denials (${denials.length})`),
    denials.length
      ? h(
          'ul',
          { class: 'event-denials' },
          denials.map((c) => claimItem(model, c)),
        )
      : h('p', { class: 'muted' }, 'No denial is reported next to this event.'),
    h('h2', {}, `Quotes (${related.quotes.length})`),
    related.quotes.length
      ? h('ul', { class: 'event-quotes' }, related.quotes.map(quoteItem))
      : h('p', { class: 'muted' }, 'No quote is reported next to this event.'),
    h('h2', {}, `Claims (${otherClaims.length})`),
    otherClaims.length
      ? h(
          'ul',
          { class: 'event-claims' },
          otherClaims.map((c) => claimItem(model, c)),
        )
      : h('p', { class: 'muted' }, 'No other claim is reported next to this event.'),
    h('h2', {}, `Mentions (${e.mentions.length})`),
    h('ol', { class: 'mentions' }, mentions),
  );
}
