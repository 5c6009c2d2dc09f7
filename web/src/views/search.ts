import { route, type ViewContext } from '../app.js';
import { docLabel } from '../data.js';
import { h } from '../dom.js';

const LIMIT = 50;

export async function searchView({ model, query, setList }: ViewContext): Promise<HTMLElement> {
  await model.source.ensureTexts();
  const q = (query.get('q') ?? '').trim();
  // Live mode holds no texts in the page: the server searches them.
  const fullText = q && model.source.mode === 'live' ? await model.source.searchTexts?.(q) : undefined;
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const hit = (...parts: (string | null | undefined)[]) => {
    const hay = parts.filter(Boolean).join(' ').toLowerCase();
    return words.every((w) => hay.includes(w));
  };
  const { ledger } = model.data;
  const sections: [string, { href: string; text: string }[]][] = words.length
    ? [
        [
          'Events',
          ledger.events
            .filter((e) =>
              hit(
                e.summary,
                e.type,
                e.subtype,
                e.place?.name,
                e.place?.country,
                ...e.actors.map((a) => a.name),
                ...e.mentions.map((m) => m.text),
              ),
            )
            .map((e) => ({
              href: route(`event/${e.id}`),
              text: `${e.summary || e.type} — ${e.place?.name ?? 'unknown place'}, ${e.date?.start ?? 'undated'}`,
            })),
        ],
        [
          'Quotes',
          ledger.quotes
            .filter((x) => hit(x.speaker, x.text, ...x.variants.map((v) => v.text)))
            .map((x) => ({
              href: route('quotes', { q: x.id }),
              text: `${x.speaker ?? 'Unknown'}: “${x.text}”`,
            })),
        ],
        [
          'Claims',
          ledger.claims
            .filter((c) => hit(c.claimant, c.text))
            .map((c) => ({
              href: route('claims', { focus: c.id }),
              text: `${c.claimant ?? 'Unattributed'} (${c.stance}): ${c.text}`,
            })),
        ],
        [
          'Documents',
          (
            fullText ??
            model.data.documents
              .filter((d) => hit(d.title, d.outlet, d.source, d.id, d.text))
              .map((d) => d.id)
          ).map((id) => ({
            href: route(`document/${id}`),
            text: docLabel(model, id),
          })),
        ],
      ]
    : [];
  const links: HTMLAnchorElement[] = [];
  let active = -1;
  setList({
    move(d) {
      if (!links.length) return;
      active = Math.max(0, Math.min(links.length - 1, active + d));
      links[active]?.focus();
    },
    open() {
      links[active]?.click();
    },
  });
  return h(
    'div',
    { class: 'search-view' },
    h('h1', {}, q ? `Search: ${q}` : 'Search'),
    words.length ? null : h('p', { class: 'muted' }, 'Type in the search box (press /) and Enter.'),
    sections.map(([title, items]) =>
      h(
        'section',
        { 'aria-label': title },
        h('h2', {}, `${title} (${items.length})`),
        items.length
          ? h(
              'ul',
              {},
              items.slice(0, LIMIT).map((i) => {
                const a = h('a', { href: i.href }, i.text);
                links.push(a);
                return h('li', {}, a);
              }),
            )
          : h('p', { class: 'muted' }, 'No match.'),
      ),
    ),
  );
}
