import type { Command } from 'commander';
import type { ReusePair } from '../../core/types.js';
import { updateReuse } from '../../reuse/update-reuse.js';
import { openStore } from '../../store/open-store.js';
import { printableLines } from '../printable.js';

export function register(program: Command): void {
  program
    .command('reuse')
    .description('Find reuse between stored documents (new ones only) and print families and pairs')
    .option('--json', 'print the reuse and families JSON of the ledger contract on stdout')
    .action((opts: { json?: boolean }, cmd: Command) => {
      const store = openStore(cmd.optsWithGlobals().store as string, { mustExist: true });
      try {
        const progress = process.stderr.isTTY
          ? (done: number, total: number) => {
              if (done % 100 === 0 || done === total) process.stderr.write(`\rindexing ${done}/${total}`);
              if (done === total) process.stderr.write('\n');
            }
          : undefined;
        const result = updateReuse(store, progress ? { onProgress: progress } : {});
        if (opts.json) {
          process.stdout.write(
            `${JSON.stringify({ reuse: result.pairs, families: result.families }, null, 2)}\n`,
          );
          return;
        }
        const names = new Map<string, string>();
        for (const d of store.documents.summaries())
          names.set(d.id, d.title ?? d.source.split(/[\\/]/).pop() ?? d.source);
        const label = (id: string) => `${id} ${clip(names.get(id) ?? '', 40)}`;
        const byDoc = new Map<string, ReusePair[]>();
        for (const p of result.pairs) byDoc.set(p.a, [...(byDoc.get(p.a) ?? []), p]);
        const out: string[] = [];
        const groups = result.families.filter((f) => f.documents.length > 1);
        const singles = result.families.filter((f) => f.documents.length === 1);
        out.push(
          `${groups.length} famil${groups.length === 1 ? 'y' : 'ies'} of related reports, ${singles.length} independent report${singles.length === 1 ? '' : 's'}, ${result.pairs.length} pair${result.pairs.length === 1 ? '' : 's'}`,
        );
        for (const f of groups) {
          out.push(
            '',
            `${f.id}: ${f.documents.length} documents, origin ${f.origin ? label(f.origin) : 'not evident'}`,
          );
          for (const id of f.documents) out.push(`  ${label(id)}`);
          const members = new Set(f.documents);
          for (const p of result.pairs.filter((q) => members.has(q.a))) {
            const dir =
              p.direction === 'a>b'
                ? `${p.a} > ${p.b}`
                : p.direction === 'b>a'
                  ? `${p.b} > ${p.a}`
                  : 'unknown';
            out.push(
              `  ${p.a} ~ ${p.b}  ${p.relation.padEnd(10)} shared ${pct(p.shared_a)} / ${pct(p.shared_b)}  ${p.passages.length} passages  direction ${dir}: ${p.reason}`,
            );
          }
        }
        if (singles.length > 0)
          out.push(
            '',
            'independent (in no family):',
            ...singles.map((f) => `  ${label(f.documents[0] as string)}`),
          );
        const weak = result.pairs.filter(
          (p) => !groups.some((f) => f.documents.includes(p.a) && f.documents.includes(p.b)),
        );
        if (weak.length > 0)
          out.push('', `${weak.length} pair(s) below the family threshold (see docs/reuse.md)`);
        process.stdout.write(`${printableLines(out.join('\n'))}\n`);
      } finally {
        store.close();
      }
    });
}

function pct(x: number): string {
  return `${Math.round(x * 100)}%`;
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
