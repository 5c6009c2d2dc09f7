import type { ReportCustodyEntry } from '../../../src/report/types.js';
import { route, type ViewContext } from '../app.js';
import { docShort } from '../data.js';
import { fmtDate, fmtNumber, h, shortHash } from '../dom.js';
import { createVirtualTable } from '../virtual-table.js';

/** The chain of custody: the checkpoint and every entry of the append-only log. */
export async function custodyView(ctx: ViewContext): Promise<HTMLElement> {
  const { model } = ctx;
  // The report keeps the full log in its packed part; this loads it.
  await model.source.ensureTexts();
  const { ledger, custody } = model.data;
  const bySha = new Map(model.data.documents.map((d) => [d.sha256, d.id]));
  const docOf = (c: ReportCustodyEntry) => c.document ?? (c.sha256 ? bySha.get(c.sha256) : undefined);
  const table = createVirtualTable<ReportCustodyEntry>({
    label: 'Custody log',
    rowId: (c) => String(c.seq),
    onOpen: (c) => {
      const id = docOf(c);
      if (id) location.hash = route(`document/${id}`);
    },
    initialSort: { key: 'seq', dir: -1 },
    columns: [
      { key: 'seq', label: '#', numeric: true, width: '7%', sort: (c) => c.seq, cell: (c) => String(c.seq) },
      { key: 'action', label: 'Action', width: '13%', sort: (c) => c.action, cell: (c) => c.action },
      {
        key: 'document',
        label: 'Document',
        width: '30%',
        sort: (c) => docOf(c) ?? '',
        cell: (c) => {
          const id = docOf(c);
          return id ? h('a', { href: route(`document/${id}`) }, docShort(model, id)) : '–';
        },
      },
      {
        key: 'sha',
        label: 'SHA-256',
        width: '18%',
        cell: (c) => h('code', { title: c.sha256 ?? '' }, shortHash(c.sha256)),
      },
      { key: 'at', label: 'At', width: '18%', sort: (c) => c.at, cell: (c) => fmtDate(c.at) },
      {
        key: 'hash',
        label: 'Entry hash',
        width: '14%',
        cell: (c) => h('code', { title: c.hash }, shortHash(c.hash, 10)),
      },
    ],
  });
  table.setRows(custody);
  ctx.setList(table);
  return h(
    'div',
    { class: 'custody-page' },
    h('h1', {}, 'Chain of custody'),
    h(
      'p',
      { class: 'lede' },
      'Every original is kept byte for byte and addressed by its SHA-256; each capture and analysis is appended to a hash-chained log, so any later change to a document or to the log shows. ',
      h('code', {}, 'corroborate verify'),
      ' re-checks all of it.',
    ),
    h(
      'dl',
      { class: 'meta' },
      h('dt', {}, 'Entries'),
      h('dd', { 'data-testid': 'custody-entries' }, fmtNumber(ledger.custody.entries)),
      h('dt', {}, 'Head hash'),
      h('dd', {}, h('code', { class: 'hash', 'data-testid': 'custody-head' }, ledger.custody.head || '–')),
    ),
    table.el,
  );
}
