import type { Command } from 'commander';
import { UsageError } from '../../core/errors.js';
import { prepareText } from '../../reuse/prepare.js';
import { renderPassageTable, renderSide } from '../../reuse/render-alignment.js';
import { comparePair } from '../../reuse/update-reuse.js';
import { printable, printableLines } from '../printable.js';
import { withReadStore } from '../with-read-store.js';

export function register(program: Command): void {
  program
    .command('compare')
    .description('Show the aligned passages of two stored documents (verbatim and paraphrase)')
    .argument('<id1>', 'first document id (see `corroborate documents`)')
    .argument('<id2>', 'second document id')
    .option('--json', 'print the pair as reuse JSON instead')
    .action(async (id1: string, id2: string, opts: { json?: boolean }, cmd: Command) => {
      await withReadStore(cmd.optsWithGlobals().store as string, (store) => {
        const [x, y] = [id1, id2].map((id) => {
          const doc = store.documents.get(id);
          if (!doc)
            throw new UsageError(
              `No document with id ${id} in the store.`,
              'List ids with `corroborate documents`.',
            );
          return doc;
        }) as [
          NonNullable<ReturnType<typeof store.documents.get>>,
          NonNullable<ReturnType<typeof store.documents.get>>,
        ];
        // Shown in the order asked for, whatever the stored pair order.
        const pair = comparePair(x, prepareText(x.text), y, prepareText(y.text));
        const flipped = pair !== null && pair.a !== x.id;
        const passages = (pair?.passages ?? []).map((p) => (flipped ? { ...p, a: p.b, b: p.a } : p));
        if (opts.json) {
          process.stdout.write(`${JSON.stringify(pair, null, 2)}\n`);
          return;
        }
        const color = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
        const out: string[] = [];
        if (!pair) out.push(`${x.id} and ${y.id}: no reuse found`);
        else {
          const [sa, sb] = flipped ? [pair.shared_b, pair.shared_a] : [pair.shared_a, pair.shared_b];
          const dir =
            pair.direction === 'unknown'
              ? 'unknown'
              : (pair.direction === 'a>b') !== flipped
                ? `${x.id} > ${y.id}`
                : `${y.id} > ${x.id}`;
          out.push(`${pair.relation}: ${pct(sa)} of ${x.id} and ${pct(sb)} of ${y.id} in reused passages`);
          out.push(`direction: ${dir} (${printable(flipped ? swapLetters(pair.reason) : pair.reason)})`);
          out.push('', renderPassageTable(passages));
        }
        const legend = color ? 'green = verbatim, yellow = paraphrase' : '[V1 …] verbatim, [P2 …] paraphrase';
        out.push(
          '',
          `── a: ${x.id} ${printable(x.title ?? x.source)} (${legend})`,
          renderSide(x.text, passages, 'a', { color, show: printableLines }),
        );
        out.push(
          '',
          `── b: ${y.id} ${printable(y.title ?? y.source)}`,
          renderSide(y.text, passages, 'b', { color, show: printableLines }),
        );
        process.stdout.write(`${out.join('\n')}\n`);
      });
    });
}

function pct(x: number): string {
  return `${Math.round(x * 100)}%`;
}

function swapLetters(reason: string): string {
  return reason.replace(/\b([ab])\b/g, (m) => (m === 'a' ? 'b' : 'a'));
}
