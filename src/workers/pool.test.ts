import { afterEach, describe, expect, it } from 'vitest';
import type { TestInit, TestJob } from './__fixtures__/test-worker.js';
import {
  type BlockingPool,
  inThreadPool,
  type PoolSpec,
  startBlockingPool,
  startPool,
  WorkerJobError,
  workerModule,
} from './pool.js';

const spec = (init: TestInit, accept?: (ready: unknown) => void): PoolSpec<TestJob> => ({
  module: workerModule(import.meta.url, './__fixtures__/test-worker'),
  name: 'test',
  init,
  describe: (job) => `number ${job.n}`,
  ...(accept ? { accept } : {}),
});
const ok = spec({ version: 'v1' });
// Early jobs slower than later ones, so that answers come back out of order.
const jobs: TestJob[] = [40, 0, 25, 0, 10, 0, 0, 5].map((spin, n) => ({ n, spin }));

describe('the worker module path', () => {
  it.each([
    ['file:///p/dist/reuse/pool.js', './reuse-worker', 'file:///p/dist/reuse/reuse-worker.js'],
    ['file:///p/src/reuse/pool.ts', './reuse-worker', 'file:///p/src/reuse/reuse-worker.ts'],
  ])('from %s', (from, relative, expected) => {
    expect(workerModule(from, relative).href).toBe(expected);
  });
});

describe('blocking pool', () => {
  let pool: BlockingPool<TestJob, number> | null = null;
  afterEach(() => pool?.close());

  it('hands out results in the order of the jobs, whatever order they finish in', () => {
    pool = startBlockingPool<TestJob, number>(ok, 2);
    expect(pool?.size).toBe(2);
    const seen: [number, number][] = [];
    pool?.run(jobs, (result, index) => seen.push([index, result]));
    expect(seen).toEqual(jobs.map((j, i) => [i, j.n * 2]));
  });

  it('waits for a worker that answers asynchronously, several jobs at once, in the jobs’ order', () => {
    pool = startBlockingPool<TestJob, number>(ok, 1, { inFlight: 8 });
    const waits = [300, 0, 200, 100, 0, 250];
    const seen: number[] = [];
    const started = Date.now();
    pool?.run(
      waits.map((wait, n) => ({ n, wait })),
      (r) => seen.push(r),
    );
    expect(seen).toEqual(waits.map((_, n) => n * 2));
    // The waits overlap (one after the other would take 850 ms).
    expect(Date.now() - started).toBeLessThan(800);
  });

  it('reports a job whose asynchronous answer fails, naming it', () => {
    pool = startBlockingPool<TestJob, number>(ok, 1, { inFlight: 4 });
    expect(() =>
      pool?.run(
        [
          { n: 1, wait: 0 },
          { n: 2, wait: 5, fail: true },
        ],
        () => {},
      ),
    ).toThrow(/number 2: .*cannot take 2 later/);
  });

  it('gives submitted jobs their results in order, at the latest on drain', () => {
    pool = startBlockingPool<TestJob, number>(ok, 2, { inFlight: 1 });
    const seen: number[] = [];
    for (const job of jobs) pool?.submit(job, (r) => seen.push(r));
    pool?.drain();
    expect(seen).toEqual(jobs.map((j) => j.n * 2));
  });

  it('names the failing input and keeps the error code', () => {
    pool = startBlockingPool<TestJob, number>(ok, 2);
    let error: unknown;
    try {
      pool?.run([{ n: 1 }, { n: 7, fail: true }, { n: 3 }], () => {});
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(WorkerJobError);
    expect((error as WorkerJobError).message).toMatch(
      /^Test failed in a worker thread on number 7: .*cannot take 7/s,
    );
    expect((error as WorkerJobError).code).toBe('ETEST');
  });

  it('hands out the results before a failed job, lets every job answer, then refuses more', () => {
    pool = startBlockingPool<TestJob, number>(ok, 2, { inFlight: 4 });
    const seen: number[] = [];
    const record = (r: number) => seen.push(r);
    pool?.submit({ n: 1 }, record);
    pool?.submit({ n: 2, fail: true }, record);
    pool?.submit({ n: 3, spin: 300 }, record);
    expect(() => pool?.drain()).toThrow(/on number 2: /);
    expect(seen).toEqual([2]);
    expect(() => pool?.submit({ n: 4 }, record)).toThrow(/on number 2: /);
  });

  it('fails, naming the input, when a worker ends in the middle of a job', () => {
    pool = startBlockingPool<TestJob, number>(ok, 1);
    expect(() => pool?.run([{ n: 4, exit: true }], () => {})).toThrow(
      /A test worker stopped before answering \(the oldest job waiting: number 4\)/,
    );
  });

  it.each([
    ['a setup that fails', spec({ version: 'v1', failSetup: true })],
    [
      'a worker refused by accept',
      spec({ version: 'v2' }, (v) => {
        if (v !== 'v1') throw new Error('wrong version');
      }),
    ],
    [
      'a worker module that does not exist',
      { ...ok, module: workerModule(import.meta.url, './__fixtures__/none') },
    ],
  ])('does not start with %s (the caller works in its own thread)', (_, s) => {
    expect(startBlockingPool<TestJob, number>(s, 2)).toBeNull();
  });

  it('runs the same jobs in the calling thread with the same results', () => {
    const here = inThreadPool((job: TestJob) => job.n * 2);
    const seen: [number, number][] = [];
    here.run(jobs, (result, index) => seen.push([index, result]));
    expect(seen).toEqual(jobs.map((j, i) => [i, j.n * 2]));
  });
});

describe('asynchronous pool', () => {
  it('runs jobs on the least busy worker, grows, and rejects what is pending when closed', async () => {
    const pool = await startPool<TestJob, number>(ok, 1);
    try {
      await pool.grow(1);
      expect(pool.size).toBe(2);
      expect(await Promise.all(jobs.map((j) => pool.run(j)))).toEqual(jobs.map((j) => j.n * 2));
      const pending = expect(pool.run({ n: 9, spin: 2000 })).rejects.toThrow(/test pool was closed/);
      await pool.close();
      await pending;
    } finally {
      await pool.close();
    }
  });

  it('rejects a failing job naming its input, and a worker that ends', async () => {
    const pool = await startPool<TestJob, number>(ok, 2);
    try {
      await expect(pool.run({ n: 5, fail: true })).rejects.toThrow(/on number 5: .*cannot take 5/s);
      expect(await pool.run({ n: 6 })).toBe(12);
      await expect(pool.run({ n: 8, exit: true })).rejects.toThrow(/A test worker stopped \(exit code 3\)/);
    } finally {
      await pool.close();
    }
  });

  it('does not start when a worker is refused or fails to set up', async () => {
    const refuse = (v: unknown) => {
      throw new Error(`runs ${String(v)}, not v9`);
    };
    await expect(startPool(spec({ version: 'v1' }, refuse), 2)).rejects.toThrow(/runs v1, not v9/);
    await expect(startPool(spec({ version: 'v1', failSetup: true }), 1)).rejects.toThrow(
      /A test worker did not start: .*the setup failed on purpose/s,
    );
  });
});
