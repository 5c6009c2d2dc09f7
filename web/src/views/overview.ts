import { route, type ViewContext } from '../app.js';
import { docShort } from '../data.js';
import { fmtDate, fmtNumber, h, shortHash } from '../dom.js';

export function overviewView({ model }: ViewContext): HTMLElement {
  const { ledger, custody } = model.data;
  const counts: [string, number, string][] = [
    ['documents', ledger.documents.length, '#/documents'],
    ['families', ledger.families.length, '#/graph'],
    ['reuse pairs', ledger.reuse.length, '#/graph'],
    ['events', ledger.events.length, '#/events'],
    ['quotes', ledger.quotes.length, '#/quotes'],
    ['claims', ledger.claims.length, '#/claims'],
  ];

  const conflicts = ledger.events.filter((e) => e.conflicts.length > 0);
  const altered = ledger.quotes.filter((q) => q.variants.some((v) => v.flag));
  const denials = ledger.claims.filter((c) => c.stance === 'deny');

  const families = ledger.families
    .filter((f) => f.documents.length > 1)
    .sort((a, b) => b.documents.length - a.documents.length || a.id.localeCompare(b.id))
    .slice(0, 12);
  const singles = ledger.families.filter((f) => f.documents.length <= 1).length;
  const maxSize = families[0]?.documents.length ?? 1;

  const flag = <T>(title: string, items: T[], render: (t: T) => HTMLElement, cls: string) =>
    h(
      'section',
      { class: `card flag ${cls}`, 'aria-labelledby': `flag-${cls}` },
      h('h3', { id: `flag-${cls}` }, `${title} `, h('span', { class: 'badge' }, String(items.length))),
      items.length
        ? h(
            'ul',
            {},
            items.slice(0, 8).map((i) => h('li', {}, render(i))),
          )
        : h('p', { class: 'muted' }, 'None found.'),
      items.length > 8 ? h('p', { class: 'muted' }, `and ${items.length - 8} more`) : null,
    );

  const lastEntries = custody.slice(-5).reverse();
  const bySha = new Map(model.data.documents.map((d) => [d.sha256, d.id]));
  const custodyDocument = (doc: string | null, sha: string | null) => {
    const id = doc ?? (sha ? bySha.get(sha) : undefined);
    return id ? h('a', { href: route(`document/${id}`) }, docShort(model, id)) : '–';
  };

  return h(
    'div',
    { class: 'overview' },
    h('h1', {}, 'Overview'),
    h('p', { class: 'muted' }, `Generated ${fmtDate(model.data.generated)}`),
    h(
      'ul',
      { class: 'counts', 'aria-label': 'Counts' },
      counts.map(([label, n, href]) =>
        h('li', {}, h('a', { href }, h('strong', {}, fmtNumber(n)), h('span', {}, label))),
      ),
    ),
    h(
      'div',
      { class: 'grid2' },
      h(
        'section',
        { class: 'card custody', 'aria-labelledby': 'custody-h' },
        h('h2', { id: 'custody-h' }, 'Custody checkpoint'),
        h(
          'dl',
          { class: 'meta' },
          h('dt', {}, 'Entries'),
          h('dd', { 'data-testid': 'custody-entries' }, fmtNumber(ledger.custody.entries)),
          h('dt', {}, 'Head hash'),
          h(
            'dd',
            {},
            h('code', { class: 'hash', 'data-testid': 'custody-head' }, ledger.custody.head || '–'),
          ),
        ),
        lastEntries.length
          ? h(
              'table',
              { class: 'small', 'aria-label': 'Latest custody entries' },
              h(
                'thead',
                {},
                h(
                  'tr',
                  {},
                  ['#', 'action', 'document', 'sha256', 'at'].map((c) => h('th', { scope: 'col' }, c)),
                ),
              ),
              h(
                'tbody',
                {},
                lastEntries.map((c) =>
                  h(
                    'tr',
                    {},
                    h('td', { class: 'num' }, String(c.seq)),
                    h('td', {}, c.action),
                    h('td', {}, custodyDocument(c.document, c.sha256)),
                    h('td', {}, h('code', {}, shortHash(c.sha256))),
                    h('td', {}, fmtDate(c.at)),
                  ),
                ),
              ),
            )
          : null,
      ),
      h(
        'section',
        { class: 'card families', 'aria-labelledby': 'fam-h' },
        h('h2', { id: 'fam-h' }, 'Families at a glance'),
        families.length
          ? h(
              'ul',
              { class: 'bars' },
              families.map((f) => {
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
        h('p', { class: 'muted' }, `${fmtNumber(singles)} independent documents (families of one).`),
      ),
    ),
    h('h2', {}, 'Flags'),
    h(
      'div',
      { class: 'grid3' },
      flag(
        'Conflicting figures',
        conflicts,
        (e) =>
          h(
            'a',
            { href: route(`event/${e.id}`) },
            e.summary || e.id,
            ' — ',
            e.conflicts.map((c) => `${c.field}: ${c.values.map((v) => v.value).join(' vs ')}`).join('; '),
          ),
        'conflicts',
      ),
      flag(
        'Altered quotes',
        altered,
        (q) =>
          h(
            'a',
            { href: route('quotes', { q: q.id }) },
            q.speaker ? `${q.speaker}: ` : '',
            `“${q.text}”`,
            ' — ',
            q.variants
              .filter((v) => v.flag)
              .map((v) => v.flag)
              .join('; '),
          ),
        'altered',
      ),
      flag(
        'Denials',
        denials,
        (c) =>
          h('a', { href: route('claims', { focus: c.id }) }, c.claimant ?? 'Someone', ' denies: ', c.text),
        'denials',
      ),
    ),
  );
}
