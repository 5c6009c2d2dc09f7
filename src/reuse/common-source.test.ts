import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingest } from '../ingest/ingest.js';
import { openStore } from '../store/open-store.js';
import { compareDefaults } from './compare-texts.js';
import { otherSourceShare } from './containment.js';
import { prepareText } from './prepare.js';
import { updateReuse } from './update-reuse.js';

// A wire story on a court case in an invented town.
const wire = [
  'A builder from Brackenford was fined four thousand pounds yesterday for dumping rubble in a nature reserve.',
  'Magistrates heard that Owen Tarrant, 46, tipped three lorry loads of broken bricks beside the reservoir last spring.',
  'A warden found invoices with his company name among the rubble, the court was told.',
  'Tarrant admitted two charges of fly-tipping and was ordered to pay the cost of the clean-up.',
  'His solicitor said the business had been struggling since the loss of a large contract.',
  'The chairman of the bench said the damage to the nesting birds had been serious.',
].join(' ');
// A council statement that the wire story does not use.
const statement = [
  'The parks committee of Brackenford council welcomed the outcome and said the reserve had been closed for six weeks while volunteers removed the waste by hand.',
  'The committee will install new cameras at every gate of the reserve before the summer and will publish the names of anyone convicted of tipping there.',
  'Residents who see suspicious vehicles near the water are asked to call the council hotline at any hour of the day or night.',
].join(' ');
// Two papers written from the statement (with the facts of the case every report has) …
const fromStatement = [
  'Owen Tarrant, a builder from Brackenford, was fined four thousand pounds for dumping rubble in a nature reserve.',
  'He admitted two charges of fly-tipping and was ordered to pay the cost of the clean-up.',
  statement,
].join(' ');
const sister = [
  'A fly-tipper has been fined after the Brackenford reserve was spoilt by rubble.',
  statement,
  'Volunteers said the clean-up had cost them most of their weekends.',
].join(' ');
// … and one written from the wire story.
const fromWire = [
  'A Brackenford builder has been fined four thousand pounds for dumping rubble in a nature reserve.',
  'Owen Tarrant, 46, tipped three lorry loads of broken bricks beside the reservoir last spring, magistrates heard.',
  'A warden found invoices with his company name among the rubble.',
  'His solicitor said the business had been struggling since the loss of a large contract.',
].join(' ');

describe('otherSourceShare', () => {
  const w = prepareText(wire);
  it('is large for a story that shares with another report the wording its candidate source lacks', () => {
    const x = otherSourceShare(prepareText(fromStatement), w, [prepareText(sister)], 3);
    expect(x).toBeGreaterThanOrEqual(compareDefaults.maxOtherSourceShare);
  });
  it('is small for a story written from the candidate source, with the same other report', () => {
    const x = otherSourceShare(prepareText(fromWire), w, [prepareText(sister)], 3);
    expect(x).toBeLessThan(0.05);
  });
  it('is 0 without other reports', () => {
    expect(otherSourceShare(prepareText(fromStatement), w, [], 3)).toBe(0);
  });
});

describe('the common-source step of updateReuse', () => {
  const files: [string, string, string, string][] = [
    // name, text, outlet, published
    ['a-sister.txt', sister, 'Evening Lantern', '2001-05-02T23:00:00Z'],
    ['b-statement.txt', fromStatement, 'Morning Herald', '2001-05-02T23:00:00Z'],
    ['c-wire-copy.txt', fromWire, 'Daily Courier', '2001-05-02T23:00:00Z'],
    ['d-wire.txt', wire, 'Wire Service', '2001-05-02T12:00:00Z'],
  ];
  async function pairsOf(order: string[][], compare?: { maxOtherSourceShare: number }) {
    const dir = mkdtempSync(path.join(tmpdir(), 'corroborate-common-source-'));
    try {
      const store = openStore(path.join(dir, 'store'));
      for (const [k, names] of order.entries()) {
        const docs = path.join(dir, `run${k}`);
        mkdirSync(docs);
        const chosen = files.filter(([name]) => names.includes(name));
        for (const [name, text] of chosen) writeFileSync(path.join(docs, name), text);
        writeFileSync(
          path.join(docs, 'manifest.jsonl'),
          chosen
            .map(([name, , outlet, published]) => JSON.stringify({ path: name, outlet, published }))
            .join('\n'),
        );
        await ingest(store, [docs], { manifest: path.join(docs, 'manifest.jsonl') });
        updateReuse(store, { workers: 1, ...(compare ? { compare } : {}) });
      }
      const name = new Map([...store.documents.summaries()].map((d) => [d.id, path.basename(d.source)]));
      const out = updateReuse(store, { workers: 1, ...(compare ? { compare } : {}) })
        .pairs.map((p) => [name.get(p.a), name.get(p.b)].sort().join(' ~ '))
        .sort();
      store.close();
      return out;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const all = files.map(([name]) => name);

  it('drops the wire pair of a story written from a source it shares with a report of its time', async () => {
    const off = await pairsOf([all], { maxOtherSourceShare: 1 });
    // Without the step the wire story and the statement story are paired (shared facts).
    expect(off).toContain('b-statement.txt ~ d-wire.txt');
    const on = await pairsOf([all]);
    expect(on).not.toContain('b-statement.txt ~ d-wire.txt');
    // The story written from the wire keeps its pair; the two statement stories keep theirs.
    expect(on).toContain('c-wire-copy.txt ~ d-wire.txt');
    expect(on).toContain('a-sister.txt ~ b-statement.txt');
    expect(on).toEqual(off.filter((p) => p !== 'b-statement.txt ~ d-wire.txt'));
  });

  it('gives the same pairs in one run as in several', async () => {
    const one = await pairsOf([all]);
    expect(await pairsOf([all.slice(0, 2), all.slice(2)])).toEqual(one);
    expect(await pairsOf([all.slice(0, 1), all.slice(1, 3), all.slice(3)])).toEqual(one);
  });

  it('counts only reports indexed before the later text of the pair', async () => {
    // The sister report comes last: when the wire pair was decided it was not there.
    const late = await pairsOf([all.slice(1), all.slice(0, 1)]);
    expect(late).toContain('b-statement.txt ~ d-wire.txt');
  });
});
