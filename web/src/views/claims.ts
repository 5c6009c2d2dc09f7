import type { LedgerClaim, Stance } from '../../../src/core/types.js';
import { route, type ViewContext } from '../app.js';
import { docShort } from '../data.js';
import { h } from '../dom.js';
import { pagedList } from '../paged-list.js';

interface Thread {
  id: string;
  /** The accusation, reported fact or event being answered. */
  target:
    | { kind: 'claim'; claim: LedgerClaim }
    | { kind: 'event'; id: string; summary: string }
    | { kind: 'missing'; id: string };
  answers: LedgerClaim[];
}

const STANCE_LABEL: Record<Stance, string> = {
  affirm: 'accuses / affirms',
  deny: 'denies',
  hedge: 'hedges',
  report: 'reports',
};

export function claimsView(ctx: ViewContext): HTMLElement {
  const { model, query } = ctx;
  const claims = model.data.ledger.claims;
  const byTarget = new Map<string, LedgerClaim[]>();
  for (const c of claims) {
    if (!c.answers || c.stance === 'affirm' || c.stance === 'report') continue;
    const list = byTarget.get(c.answers) ?? [];
    list.push(c);
    byTarget.set(c.answers, list);
  }
  const threads: Thread[] = [];
  for (const [target, answers] of byTarget) {
    const claim = model.claims.get(target);
    const event = model.events.get(target);
    threads.push({
      id: target,
      target: claim
        ? { kind: 'claim', claim }
        : event
          ? { kind: 'event', id: target, summary: event.summary }
          : { kind: 'missing', id: target },
      answers,
    });
  }
  const inThreads = new Set(threads.flatMap((t) => [t.id, ...t.answers.map((a) => a.id)]));
  const rest = claims.filter((c) => !inThreads.has(c.id));

  const mentionLinks = (c: LedgerClaim) =>
    h(
      'p',
      { class: 'muted' },
      'in ',
      // One link per document (the first mention in it).
      c.mentions
        .filter((m, i, all) => all.findIndex((x) => x.document === m.document) === i)
        .map((m, i) => [
          i ? ', ' : '',
          h(
            'a',
            { href: route(`document/${m.document}`, { at: String(m.span[0]) }) },
            docShort(model, m.document),
          ),
        ]),
    );
  const claimEl = (c: LedgerClaim) =>
    h(
      'div',
      { class: `claim ${c.stance}`, id: `claim-${c.id}` },
      h(
        'p',
        {},
        h('span', { class: `stance ${c.stance}` }, c.stance),
        ' ',
        h('strong', {}, c.claimant ?? 'Unattributed'),
        ` ${STANCE_LABEL[c.stance]}: `,
        h('q', {}, c.text),
      ),
      mentionLinks(c),
    );

  const threadEl = (t: Thread) =>
    h(
      'article',
      { class: 'thread card', 'data-id': t.id },
      t.target.kind === 'claim'
        ? claimEl(t.target.claim)
        : t.target.kind === 'event'
          ? h(
              'p',
              {},
              'Event: ',
              h('a', { href: route(`event/${t.target.id}`) }, t.target.summary || t.target.id),
            )
          : h('p', { class: 'muted' }, `Answers ${t.target.id}`),
      h('div', { class: 'answers', 'aria-label': 'Answered by' }, t.answers.map(claimEl)),
    );

  const stanceSel = h(
    'select',
    { 'aria-label': 'Stance' },
    h('option', { value: '' }, 'All stances'),
    (['affirm', 'deny', 'hedge', 'report'] as Stance[]).map((st) => h('option', { value: st }, st)),
  );
  stanceSel.value = query.get('stance') ?? '';
  const threadList = pagedList<Thread>({
    label: 'Accusations and the denials answering them',
    render: threadEl,
    id: (t) => t.id,
  });
  const restList = pagedList<LedgerClaim>({
    label: 'Other claims',
    render: (c) => h('article', { class: 'card' }, claimEl(c)),
    id: (c) => c.id,
  });
  const apply = () => {
    const st = stanceSel.value;
    threadList.setItems(
      threads.filter(
        (t) =>
          !st ||
          t.answers.some((a) => a.stance === st) ||
          (t.target.kind === 'claim' && t.target.claim.stance === st),
      ),
    );
    restList.setItems(rest.filter((c) => !st || c.stance === st));
  };
  stanceSel.addEventListener('change', apply);
  apply();
  ctx.setList(threadList);

  const focus = query.get('focus');
  if (focus) {
    queueMicrotask(() => {
      const el = document.getElementById(`claim-${focus}`);
      el?.classList.add('current');
      el?.scrollIntoView({ block: 'center' });
    });
  }

  return h(
    'div',
    { class: 'claims' },
    h('h1', {}, 'Claims'),
    h('div', { class: 'toolbar' }, stanceSel),
    h('h2', {}, `Accusations and the denials answering them (${threads.length})`),
    threads.length ? threadList.el : h('p', { class: 'muted' }, 'No denial or hedge answers another claim.'),
    h('h2', {}, `Other claims (${rest.length})`),
    restList.el,
  );
}
