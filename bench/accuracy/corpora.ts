import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScoredLedger } from './ledger-shape.js';

/** The repository's root folder. */
export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The shared corpora folder: `CORROBORATE_SHARED` when set, else `../shared` beside the repository
 * (where CI lays it). Null when absent.
 */
export function sharedFolder(): string | null {
  const dir = process.env.CORROBORATE_SHARED ?? join(REPO, '..', 'shared');
  return existsSync(join(dir, 'corpora')) ? dir : null;
}

/** The labelled corpora the accuracy figures are computed on, with the folder `analyze` reads. */
export const CORPORA = {
  'gva-dev': { input: 'docs', gold: 'gold.json' },
  'meter-dev': { input: 'docs', gold: 'gold.json' },
  'bucha-2022': { input: '.', gold: null },
} as const;
export type CorpusName = keyof typeof CORPORA;

/** A corpus' folder and the folder given to `analyze`, or null when it is not in the shared folder. */
export function corpusPaths(shared: string, name: CorpusName): { dir: string; input: string } | null {
  const dir = join(shared, 'corpora', name);
  const input = join(dir, CORPORA[name].input);
  return existsSync(input) ? { dir, input } : null;
}

/** What one `corroborate analyze` run over a corpus gave. */
export interface AnalyzedCorpus {
  ledger: ScoredLedger;
  ledgerPath: string;
  seconds: number;
  /** Removes the run's temporary store and output. */
  dispose: () => void;
}

/**
 * Runs the built CLI (`dist/cli/main.js analyze`) over a corpus folder into a fresh temporary
 * store, as a user would, and reads the ledger it wrote. Exit 3 (some inputs rejected) is accepted;
 * any other failure throws with the CLI's stderr.
 */
export function analyzeCorpus(input: string, workers?: number): AnalyzedCorpus {
  const cli = join(REPO, 'dist', 'cli', 'main.js');
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`npm run build\` first`);
  const tmp = mkdtempSync(join(tmpdir(), 'corroborate-accuracy-'));
  const out = join(tmp, 'out');
  const args = [cli, 'analyze', input, '--store', join(tmp, 'store'), '--out', out, '--json'];
  if (workers !== undefined) args.push('--workers', String(workers));
  const t0 = performance.now();
  const run = spawnSync(process.execPath, args, {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    env: { ...process.env, TZ: 'UTC', NO_COLOR: '1' },
  });
  const seconds = (performance.now() - t0) / 1000;
  if (run.status !== 0 && run.status !== 3) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(`analyze ${input} exited ${run.status}: ${run.stderr.slice(-2000)}`);
  }
  const ledgerPath = join(out, 'ledger.json');
  const ledger = JSON.parse(readFileSync(ledgerPath, 'utf8')) as ScoredLedger;
  return { ledger, ledgerPath, seconds, dispose: () => rmSync(tmp, { recursive: true, force: true }) };
}

/** The reference Python scorer's JSON output for a ledger, or null when python3 is not available. */
export function referenceScores(
  script: string,
  corpusDir: string,
  ledgerPath: string,
): Record<string, unknown> | null {
  try {
    const out = execFileSync('python3', [script, corpusDir, ledgerPath], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    return JSON.parse(out) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
