import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingest } from '../ingest/ingest.js';
import { openStore } from '../store/open-store.js';
import { compareDefaults } from './compare-texts.js';
import { containment, unionContainment } from './containment.js';
import { MIN_SOURCE_SHARE } from './joint-sources.js';
import { prepareText } from './prepare.js';
import { updateReuse } from './update-reuse.js';

// Two wire takes of one day on an invented leak, and a paper that takes a little from each.
const firstTake = [
  'A chemical works on the edge of Tollbridge was evacuated yesterday afternoon after a tank of chlorine began to leak into the loading yard.',
  'Firefighters wearing breathing apparatus sealed the valve within an hour, the county fire service said.',
  'Eleven workers were checked by paramedics and two were taken to hospital with breathing problems.',
  'Residents of the nearby streets were told to keep their windows shut until the evening.',
  'The company said it would cooperate fully with the safety inspectors.',
].join(' ');
const secondTake = [
  'The owners of the Tollbridge chemical works said last night that a faulty seal on a delivery tanker caused the leak.',
  'A spokeswoman said the seal had passed an inspection only last month and that the firm would review its contracts with the haulier.',
  'The two workers taken to hospital were later discharged.',
  'The safety executive confirmed that inspectors had visited the site and taken samples from the yard.',
  'A union official called for an independent inquiry into the safety culture at the plant.',
].join(' ');
const paper = [
  'Panic at chemical plant.',
  'Residents near a Tollbridge factory were told to keep their windows closed after a toxic cloud escaped on Tuesday.',
  'Crews in masks stopped the leak, which left two staff in hospital.',
  'Bosses blamed a faulty seal on a delivery tanker and said they will look again at their contracts.',
  'Neighbours told of a sharp smell that hung over the gardens for hours.',
  'Local councillors want answers.',
].join(' ');

describe('unionContainment', () => {
  it('counts the wording found in any of the sources, each once', () => {
    const p = prepareText(paper);
    const a = prepareText(firstTake);
    const b = prepareText(secondTake);
    const inA = containment(p, a, 3);
    const inB = containment(p, b, 3);
    const together = unionContainment(p, [a, b], 3);
    expect(together).toBeGreaterThan(Math.max(inA, inB));
    expect(together).toBeLessThanOrEqual(inA + inB);
    expect(unionContainment(p, [a], 3)).toBe(inA);
    expect(unionContainment(p, [], 3)).toBe(0);
  });
});

describe('the joint-sources step of updateReuse', () => {
  async function pairsOf(compare: { minJointContainment?: number }) {
    const dir = mkdtempSync(path.join(tmpdir(), 'corroborate-joint-'));
    try {
      const docs = path.join(dir, 'docs');
      mkdirSync(docs);
      const files: [string, string, string, string][] = [
        ['a-take.txt', firstTake, 'Wire Service', '2031-05-04T12:00:00Z'],
        ['b-take.txt', secondTake, 'Wire Service', '2031-05-04T18:00:00Z'],
        ['c-paper.txt', paper, 'Daily Lamp', '2031-05-04T23:00:00Z'],
      ];
      for (const [name, text] of files) writeFileSync(path.join(docs, name), text);
      const manifest = path.join(docs, 'manifest.jsonl');
      writeFileSync(
        manifest,
        files
          .map(([name, , outlet, published]) => JSON.stringify({ path: name, outlet, published }))
          .join('\n'),
      );
      const store = openStore(path.join(dir, 'store'));
      await ingest(store, [docs], { manifest });
      const name = new Map([...store.documents.summaries()].map((d) => [d.id, path.basename(d.source)]));
      const out = updateReuse(store, { workers: 1, compare }).pairs.map((p) => ({
        pair: [name.get(p.a), name.get(p.b)].sort().join(' ~ '),
        reason: p.reason,
      }));
      store.close();
      return out.sort((x, y) => (x.pair < y.pair ? -1 : 1));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('relates a paper to two takes that hold enough of its wording only together', async () => {
    const p = prepareText(paper);
    const each = [firstTake, secondTake].map((t) => containment(p, prepareText(t), 3));
    for (const share of each) {
      expect(share).toBeGreaterThanOrEqual(MIN_SOURCE_SHARE);
      expect(share).toBeLessThan(compareDefaults.minDerivedContainment);
    }
    // Off by default: neither take alone relates the paper.
    expect(await pairsOf({})).toEqual([]);
    const on = await pairsOf({ minJointContainment: compareDefaults.minDerivedContainment });
    expect(on.map((x) => x.pair)).toEqual(['a-take.txt ~ c-paper.txt', 'b-take.txt ~ c-paper.txt']);
    for (const x of on) expect(x.reason).toMatch(/written from several sources: \d+% of .* together/);
  });

  it('does not relate the paper when the takes together hold less than the threshold', async () => {
    expect(await pairsOf({ minJointContainment: 0.5 })).toEqual([]);
  });
});
