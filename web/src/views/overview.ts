import type { LedgerEvent } from '../../../src/core/types.js';
import { route, type ViewContext } from '../app.js';
import { docShort } from '../data.js';
import { fmtNumber, fmtPercent, h } from '../dom.js';
import { corpusCopiedShare, dateRange, disputed, GLOSSARY, placeLabel, rangeText } from '../facts.js';

const TOP = 8;

/** Most corroborated first: independent sources, then documents, then deaths. */
export function byCorroboration(a: LedgerEvent, b: LedgerEvent): number {
  return (
    b.independent_sources - a.independent_sources ||
    b.sources - a.sources ||
    (b.killed?.best ?? 0) - (a.killed?.best ?? 0) ||
    a.id.localeCompare(b.id)
  );
}

/** The glossary of the words the interface uses, as a definition list. */
export function glossary(): HTMLElement {
  return h(
    'section',
    { class: 'card glossary', 'aria-labelledby': 'glossary-h' },
    h('h2', { id: 'glossary-h' }, 'What the words mean'),
    h(
      'dl',
      {},
      GLOSSARY.map(([term, text]) => [h('dt', {}, term), h('dd', {}, text)]),
    ),
  );
}

function figureCell(e: LedgerEvent, field: 'killed' | 'injured'): HTMLElement {
  const c = disputed(e, field);
  return h(
    'span',
    {},
    rangeText(e[field]),
    c
      ? h(
          'span',
          { class: 'dispute' },
          ` disputed: ${c.values.map((v) => `${v.value} (${v.documents.length} doc.)`).join(' vs ')}`,
        )
      : null,
  );
}

/** The Overview: what the pile of reports says, and how much of it is copy. */
export function overviewView({ model }: ViewContext): HTMLElement {
  const { ledger } = model.data;
  const outlets = new Set(model.data.documents.map((d) => d.outlet).filter(Boolean)).size;
  const share = corpusCopiedShare(model);
  const families = ledger.families
    .filter((f) => f.documents.length > 1)
    .sort((a, b) => b.documents.length - a.documents.length || a.id.localeCompare(b.id));
  const inFamilies = families.reduce((n, f) => n + f.documents.length, 0);
  const top = [...ledger.events].sort(byCorroboration).slice(0, TOP);
  const altered = ledger.quotes.filter((q) => q.variants.some((v) => v.flag));
  const claims = model.claims;
  const denials = ledger.claims.filter((c) => c.stance === 'deny');

  const more = (n: number, href: string, what: string) =>
    n > TOP ? h('p', {}, h('a', { href }, `All ${fmtNumber(n)} ${what}`)) : null;

  const incidents = h(
    'section',
    { class: 'card findings', 'aria-labelledby': 'top-h' },
    h('h2', { id: 'top-h' }, 'Most corroborated incidents'),
    top.length
      ? h(
          'ol',
          { class: 'incidents' },
          top.map((e) => {
            const place = placeLabel(e.place);
            return h(
              'li',
              { class: 'incident' },
              h('a', { href: route(`event/${e.id}`), class: 'what' }, e.summary || `${e.type} event`),
              h(
                'dl',
                { class: 'facts' },
                h('dt', {}, 'Where'),
                h(
                  'dd',
                  {},
                  place.name,
                  place.precision ? h('span', { class: 'muted' }, ` (${place.precision})`) : null,
                ),
                h('dt', {}, 'When'),
                h('dd', {}, dateRange(e.date)),
                h('dt', {}, 'Killed'),
                h('dd', {}, figureCell(e, 'killed')),
                h('dt', {}, 'Injured'),
                h('dd', {}, figureCell(e, 'injured')),
                h('dt', {}, 'Sources'),
                h(
                  'dd',
                  {},
                  h('strong', {}, `${fmtNumber(e.independent_sources)} independent`),
                  ` of ${fmtNumber(e.sources)} document(s)`,
                ),
              ),
            );
          }),
        )
      : h('p', { class: 'muted' }, 'No incident was found in these documents.'),
    more(ledger.events.length, route('events'), 'events'),
  );

  const quotes = h(
    'section',
    { class: 'card flag altered', 'aria-labelledby': 'altered-h' },
    h(
      'h2',
      { id: 'altered-h' },
      'Quotes changed between reports ',
      h('span', { class: 'badge' }, String(altered.length)),
    ),
    altered.length
      ? h(
          'ul',
          {},
          altered.slice(0, TOP).map((q) =>
            h(
              'li',
              {},
              h(
                'a',
                { href: route('quotes', { q: q.id }) },
                q.speaker ? `${q.speaker}: ` : '',
                `“${q.text}”`,
              ),
              h(
                'span',
                { class: 'flag-note' },
                ' — ',
                q.variants
                  .filter((v) => v.flag)
                  .map((v) => v.flag)
                  .join('; '),
              ),
            ),
          ),
        )
      : h('p', { class: 'muted' }, 'No quote was changed between reports.'),
  );

  const denialCard = h(
    'section',
    { class: 'card flag denials', 'aria-labelledby': 'denials-h' },
    h('h2', { id: 'denials-h' }, 'Denials ', h('span', { class: 'badge' }, String(denials.length))),
    denials.length
      ? h(
          'ul',
          {},
          denials.slice(0, TOP).map((c) => {
            const answered = c.answers ? claims.get(c.answers) : undefined;
            return h(
              'li',
              {},
              h(
                'a',
                { href: route('claims', { focus: c.id }) },
                c.claimant ?? 'Someone',
                ' denies: ',
                c.text,
              ),
              answered
                ? h(
                    'span',
                    { class: 'answers-note' },
                    ' — answering ',
                    answered.claimant ?? 'a claim',
                    `: “${answered.text}”`,
                  )
                : null,
            );
          }),
        )
      : h('p', { class: 'muted' }, 'No denial was found.'),
    more(denials.length, route('claims'), 'claims'),
  );

  const maxSize = families[0]?.documents.length ?? 1;
  const familyCard = h(
    'section',
    { class: 'card families', 'aria-labelledby': 'fam-h' },
    h('h2', { id: 'fam-h' }, 'Who copied whom'),
    h(
      'p',
      { class: 'copy-share', 'data-testid': 'copy-share' },
      h('strong', {}, fmtPercent(share)),
      ' of the text is copied from another document of the corpus; ',
      `${fmtNumber(inFamilies)} of ${fmtNumber(ledger.documents.length)} documents belong to ${fmtNumber(families.length)} famil${families.length === 1 ? 'y' : 'ies'} of copies.`,
    ),
    families.length
      ? h(
          'ul',
          { class: 'bars' },
          families.slice(0, TOP).map((f) => {
            const bar = h('span', { class: 'bar' });
            bar.style.width = `${Math.max(4, (f.documents.length / maxSize) * 100)}%`;
            return h(
              'li',
              {},
              h(
                'a',
                { href: route('graph', { family: f.id }) },
                `${f.documents.length} documents`,
                ' · origin: ',
                f.origin ? docShort(model, f.origin) : 'unknown',
              ),
              bar,
            );
          }),
        )
      : h('p', { class: 'muted' }, 'No document copies another.'),
  );

  return h(
    'div',
    { class: 'overview' },
    h('h1', {}, 'What these reports say'),
    h(
      'p',
      { class: 'lede' },
      `${fmtNumber(ledger.documents.length)} documents${outlets ? ` from ${fmtNumber(outlets)} outlet(s)` : ''}: `,
      h('a', { href: '#/events' }, `${fmtNumber(ledger.events.length)} events`),
      ', ',
      h('a', { href: '#/quotes' }, `${fmtNumber(ledger.quotes.length)} quotes`),
      ', ',
      h('a', { href: '#/claims' }, `${fmtNumber(ledger.claims.length)} claims`),
      '. ',
      h('a', { href: '#/custody' }, 'Chain of custody'),
      '.',
    ),
    h('div', { class: 'grid-main' }, incidents, h('div', { class: 'stack' }, familyCard, quotes, denialCard)),
    glossary(),
  );
}
