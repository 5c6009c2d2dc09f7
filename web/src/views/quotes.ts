import type { LedgerQuote } from '../../../src/core/types.js';
import { route, type ViewContext } from '../app.js';
import { docShort } from '../data.js';
import { h } from '../dom.js';
import { pagedList } from '../paged-list.js';

/** Word-level diff (LCS) of a variant against the canonical text: removed and inserted words. */
export function wordDiff(base: string, variant: string): HTMLElement {
  const a = base.split(/\s+/).filter(Boolean);
  const b = variant.split(/\s+/).filter(Boolean);
  if (a.length * b.length > 250_000) return h('span', {}, variant);
  const dp: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      dp[i]![j] =
        a[i]!.toLowerCase() === b[j]!.toLowerCase()
          ? dp[i + 1]![j + 1]! + 1
          : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
  const out: (HTMLElement | string)[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i]!.toLowerCase() === b[j]!.toLowerCase()) {
      out.push(`${b[j]} `);
      i++;
      j++;
    } else if (j < b.length && (i >= a.length || dp[i]![j + 1]! >= dp[i + 1]![j]!)) {
      out.push(h('ins', {}, b[j]!), ' ');
      j++;
    } else {
      out.push(h('del', {}, a[i]!), ' ');
      i++;
    }
  }
  return h('span', { class: 'diff' }, out);
}

function flagged(q: LedgerQuote): boolean {
  return q.variants.some((v) => v.flag);
}

export function quotesView(ctx: ViewContext): HTMLElement {
  const { model, query } = ctx;
  const all = [...model.data.ledger.quotes].sort(
    (a, b) =>
      Number(flagged(b)) - Number(flagged(a)) ||
      b.variants.length - a.variants.length ||
      b.sources - a.sources ||
      a.id.localeCompare(b.id),
  );
  const filter = h('input', {
    type: 'search',
    placeholder: 'Filter by speaker or words',
    'aria-label': 'Filter quotes',
    value: query.get('q') ?? '',
  });

  const card = (q: LedgerQuote) =>
    h(
      'article',
      { class: flagged(q) ? 'quote card flagged' : 'quote card', id: `quote-${q.id}`, 'data-id': q.id },
      h(
        'header',
        {},
        h('h2', {}, speakerLabel(q)),
        q.speaker && q.speaker_role ? h('span', { class: 'muted role' }, ` ${q.speaker_role} `) : null,
        flagged(q) ? h('span', { class: 'badge warn' }, 'possible misquote') : null,
        h('span', { class: 'muted' }, ` ${q.sources} documents, ${q.independent_sources} independent`),
      ),
      // Only words the reports quote go in quotation marks; reported speech is the reporter's wording.
      q.kind === 'indirect'
        ? h('p', { class: 'reported' }, h('span', { class: 'muted' }, 'Reported speech: '), q.text)
        : h('blockquote', {}, `“${q.text}”`),
      q.other_speakers?.length
        ? h(
            'p',
            { class: 'other-speakers muted' },
            'Other reports give it to: ',
            q.other_speakers.map((o, i) => [
              i ? '; ' : '',
              o.speaker ?? `unnamed: ${o.role ?? 'speaker'}`,
              o.speaker && o.role ? `, ${o.role}` : '',
              ' (',
              o.documents.map((d, j) => [
                j ? ', ' : '',
                h('a', { href: route(`document/${d}`) }, docShort(model, d)),
              ]),
              ')',
            ]),
          )
        : null,
      h(
        'table',
        { class: 'variants', 'aria-label': `Variants of the quote by ${speakerLabel(q)}` },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ['Variant', 'Change', 'Documents'].map((c) => h('th', { scope: 'col' }, c)),
          ),
        ),
        h(
          'tbody',
          {},
          q.variants.map((v) =>
            h(
              'tr',
              { class: v.flag ? 'flagged' : undefined },
              h('td', {}, v.change === 'identical' ? v.text : wordDiff(q.text, v.text)),
              h('td', {}, v.change, v.flag ? h('div', { class: 'flag-note' }, '⚠ ', v.flag) : null),
              h(
                'td',
                {},
                v.documents.map((d, i) => [
                  i ? ', ' : '',
                  h('a', { href: route(`document/${d}`) }, docShort(model, d)),
                ]),
              ),
            ),
          ),
        ),
      ),
    );

  const list = pagedList<LedgerQuote>({ label: 'Quotes', render: card, id: (q) => q.id });
  const apply = () => {
    const words = filter.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const rows = all.filter((q) => {
      const hay = [q.id, q.speaker ?? '', q.text, ...q.variants.map((v) => v.text)].join(' ').toLowerCase();
      return words.every((w) => hay.includes(w));
    });
    list.setItems(rows);
    const p = new URLSearchParams();
    if (filter.value.trim()) p.set('q', filter.value.trim());
    ctx.setQuery(p);
  };
  filter.addEventListener('input', apply);
  apply();
  ctx.setList(list);
  return h(
    'div',
    { class: 'quotes' },
    h('h1', {}, 'Quotes'),
    h('div', { class: 'toolbar' }, filter),
    list.el,
  );
}

/** Who a quote is given to: the speaker, or the unnamed role the reports give. */
export function speakerLabel(q: Pick<LedgerQuote, 'speaker' | 'speaker_role'>): string {
  if (q.speaker) return q.speaker;
  return q.speaker_role ? `Unnamed: ${q.speaker_role}` : 'Unknown speaker';
}
