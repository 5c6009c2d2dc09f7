import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeCorpus, corpusPaths, REPO, sharedFolder } from '../../bench/accuracy/corpora.js';
import { scoreGva } from '../../bench/accuracy/score-gva.js';
import { scoreMeter } from '../../bench/accuracy/score-meter.js';

/**
 * The accuracy ratchet: the real development corpora are analysed by the built CLI and every
 * figure recorded in bench/accuracy/floors.json must stay within 0.02 of its floor. Raise a floor
 * when a figure rises (`npm run bench:accuracy` prints them); never lower one to make this pass.
 */
const floors = JSON.parse(readFileSync(join(REPO, 'bench', 'accuracy', 'floors.json'), 'utf8')) as Record<
  string,
  Record<string, number> | string
>;
const TOLERANCE = 0.02;
const shared = sharedFolder();
const skipReason =
  'the shared corpora (../shared/corpora beside the repository, or CORROBORATE_SHARED) are absent';

function expectAtFloors(corpus: string, figures: Record<string, unknown>): void {
  const wanted = floors[corpus];
  if (typeof wanted !== 'object') throw new Error(`bench/accuracy/floors.json has no floors for ${corpus}`);
  const below = Object.entries(wanted)
    .filter(
      ([figure, floor]) =>
        !(typeof figures[figure] === 'number' && (figures[figure] as number) >= floor - TOLERANCE),
    )
    .map(([figure, floor]) => `${figure}: ${String(figures[figure])} < floor ${floor} − ${TOLERANCE}`);
  expect(below, `${corpus} figures below their floors`).toEqual([]);
}

describe.skipIf(!shared)(
  `accuracy ratchet on the development corpora${shared ? '' : ` (skipped: ${skipReason})`}`,
  () => {
    const root = shared ?? '';
    it.skipIf(!corpusPaths(root, 'gva-dev'))(
      'gva-dev: figures, places, dates and incident clustering stay at their floors',
      () => {
        const paths = corpusPaths(root, 'gva-dev');
        if (!paths) return;
        const run = analyzeCorpus(paths.input);
        try {
          expectAtFloors('gva-dev', { ...scoreGva(paths.dir, run.ledger) });
        } finally {
          run.dispose();
        }
      },
      900_000,
    );

    it.skipIf(!corpusPaths(root, 'meter-dev'))(
      'meter-dev: wire-copy reuse stays at its floors',
      () => {
        const paths = corpusPaths(root, 'meter-dev');
        if (!paths) return;
        const run = analyzeCorpus(paths.input);
        try {
          expectAtFloors('meter-dev', { ...scoreMeter(paths.dir, run.ledger) });
        } finally {
          run.dispose();
        }
      },
      900_000,
    );
  },
);
