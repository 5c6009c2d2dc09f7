import { describe, expect, it } from 'vitest';
import type { StoredDocument } from '../core/types.js';
import type { SerializedExtraction } from '../store/analysis-store.js';
import type { AsyncStore } from '../store/async-store.js';
import type { ExtractJob, Job, JobQueue } from '../store/job-queue.js';
import { memoryResults } from './__fixtures__/memory-results.js';
import { stalling } from './__fixtures__/stalling-stage.js';
import type { ExtractStage } from './extract-stage.js';
import { loadExtractStage } from './extract-stage.js';
import {
  EXPIRY_MARGIN_SECONDS,
  extractContinuedWork,
  extractRemotely,
  extractTimeoutWork,
  runExtractJob,
} from './remote-extract.js';

const texts: Record<string, string> = {
  d0: 'Two men were hurt when a crane fell on a depot in Eastbrook on Monday, officials said.',
  d1: 'A stall keeper in Westmoor was hurt when a van struck the market on Tuesday, police said.',
  d2: 'Three people were injured in a fire at a warehouse in Northholm on Friday, firefighters said.',
};

/** A shared store of the three documents holding the extractions its jobs write. */
function sharedStore() {
  const extractions = new Map<string, SerializedExtraction>();
  const shared = {
    documents: {
      listing: async () => Object.keys(texts).map((id) => ({ id })),
      getMany: async (ids: readonly string[]) =>
        new Map(
          ids.map((id) => [
            id,
            { id, text: texts[id], published: null, dateline: null } as unknown as StoredDocument,
          ]),
        ),
    },
    analysis: {
      extractedIds: async () => new Set(extractions.keys()),
      putSerializedExtractions: async (_: string, rows: readonly SerializedExtraction[]) => {
        for (const r of rows) extractions.set(r.documentId, r);
      },
    },
  } as unknown as AsyncStore;
  return { shared, extractions };
}

/** A job queue in memory whose `send` runs each extraction job at once, as a worker would. */
function fakeQueue(shared: AsyncStore, stage: () => ExtractStage) {
  const stored = new Map<string, Map<string, Buffer>>();
  const sent: Job[] = [];
  const queue: JobQueue = {
    async send(jobs) {
      sent.push(...jobs);
      for (const job of jobs) if (job.kind === 'extract') await runExtractJob(shared, queue, stage(), job);
      return jobs.map((_, k) => `job-${sent.length - jobs.length + k}`);
    },
    failures: async () => [],
    work: async () => {},
    ...memoryResults(stored),
    close: async () => {},
  };
  return { queue, sent, stored };
}

describe('extraction jobs within a time budget', () => {
  it('stops the report that runs over on the worker, stores the others, and the next run tries it again', async () => {
    const { stage: published } = await loadExtractStage();
    // The lexicons load on the first report (about a second on a busy machine): not in the budget.
    published.extract({ id: 'warm', text: texts.d0 as string, published: null, dateline: null });
    const { shared, extractions } = sharedStore();
    let stage = stalling(published);
    const { queue, sent, stored } = fakeQueue(shared, () => stage);

    const first = await extractRemotely(shared, queue, published.version, { seconds: 1, pollMs: 1 });
    expect(first.timedOut).toEqual(['d1']);
    expect([...extractions.keys()].sort()).toEqual(['d0', 'd2']);
    // The budget travels with the job, and the worker marks what it stopped, with the budget.
    expect((sent[0] as ExtractJob).seconds).toBe(1);
    expect(stored.get(extractTimeoutWork(published.version))?.get('d1')?.toString()).toBe('1');

    // The next run queues the stopped report again; its old mark does not count as this run's.
    stage = published;
    const second = await extractRemotely(shared, queue, published.version, { seconds: 1, pollMs: 1 });
    expect(second).toMatchObject({ queued: 1, timedOut: [] });
    expect([...extractions.keys()].sort()).toEqual(['d0', 'd1', 'd2']);
    expect(stored.get(extractTimeoutWork(published.version))?.has('d1')).toBe(false);
  }, 60_000);

  it('gives a job of an earlier release, without a budget, the default', async () => {
    const { stage } = await loadExtractStage();
    const { shared, extractions } = sharedStore();
    const { queue } = fakeQueue(shared, () => stage);
    const n = await runExtractJob(shared, queue, stage, {
      kind: 'extract',
      version: stage.version,
      ids: ['d0'],
    });
    expect(n).toBe(1);
    expect([...extractions.keys()]).toEqual(['d0']);
  }, 60_000);

  it('starts no report without its budget left before the job expires: stores what it did and queues the rest', async () => {
    const { stage } = await loadExtractStage();
    const { shared, extractions } = sharedStore();
    const { queue, sent, stored } = fakeQueue(shared, () => stage);
    const job: ExtractJob = { kind: 'extract', version: stage.version, ids: ['d0', 'd1', 'd2'], seconds: 2 };
    // A clock that moves a second each time it is read: before the second report 0 s have
    // passed, before the third 1 s; the lease leaves room for two reports' budgets, not three.
    let reads = 0;
    const lease = {
      id: 'job-held',
      expiresAt: (2 + EXPIRY_MARGIN_SECONDS) * 1000 + 500,
      now: () => 1000 * reads++,
    };
    const n = await runExtractJob(shared, queue, stage, job, lease);
    expect(n).toBe(2);
    // The third report went back to the queue as a job of its own (run at once by this fake
    // queue), with the same budget, and is linked to the job it came from.
    expect(sent).toEqual([{ ...job, ids: ['d2'] }]);
    expect([...extractions.keys()].sort()).toEqual(['d0', 'd1', 'd2']);
    expect(stored.get(extractContinuedWork(stage.version))?.get('job-held')?.toString()).toBe('job-0');
  }, 60_000);

  it('queues the rest of a job once when the job is run again after the rest was linked', async () => {
    const { stage } = await loadExtractStage();
    const { shared } = sharedStore();
    const { queue, sent } = fakeQueue(shared, () => stage);
    const job: ExtractJob = { kind: 'extract', version: stage.version, ids: ['d0', 'd1', 'd2'], seconds: 2 };
    // The same job run twice under one lease id, as after a worker died before completing it.
    for (let run = 0; run < 2; run++) {
      let reads = 0;
      const lease = {
        id: 'job-rerun',
        expiresAt: (2 + EXPIRY_MARGIN_SECONDS) * 1000 + 500,
        now: () => 1000 * reads++,
      };
      expect(await runExtractJob(shared, queue, stage, job, lease)).toBe(2);
    }
    expect(sent).toEqual([{ ...job, ids: ['d2'] }]);
  }, 60_000);

  it('reads the texts of a job under a lease a few at a time, not those of the reports it leaves', async () => {
    const { stage } = await loadExtractStage();
    const { shared } = sharedStore();
    const read: number[] = [];
    const getMany = shared.documents.getMany.bind(shared.documents);
    const counting = {
      ...shared,
      documents: {
        ...shared.documents,
        getMany: async (ids: readonly string[]) => {
          read.push(ids.length);
          return getMany(ids.map((_, k) => `d${k % 3}`)).then(
            (docs) => new Map(ids.map((id, k) => [id, docs.get(`d${k % 3}`) as StoredDocument])),
          );
        },
      },
    } as unknown as AsyncStore;
    const { queue, sent } = fakeQueue(shared, () => stage);
    const ids = Array.from({ length: 40 }, (_, k) => `r${k}`);
    const job: ExtractJob = { kind: 'extract', version: stage.version, ids, seconds: 2 };
    let reads = 0;
    const warned: string[] = [];
    const lease = {
      id: 'job-long',
      // A second later than above: the check of the lease's room reads the clock once first.
      expiresAt: (2 + EXPIRY_MARGIN_SECONDS) * 1000 + 1500,
      now: () => 1000 * reads++,
      onShortLease: (m: string) => warned.push(m),
    };
    const queued = {
      ...queue,
      send: async (jobs: Job[]) => {
        sent.push(...jobs);
        return ['job-next'];
      },
    };
    expect(await runExtractJob(counting, queued, stage, job, lease)).toBe(2);
    expect(read.reduce((a, b) => a + b, 0)).toBeLessThan(ids.length / 2);
    expect(sent).toEqual([{ ...job, ids: ids.slice(2) }]);
    // Room for one report's budget and the margin, not two: said.
    expect(warned).toHaveLength(1);
  }, 60_000);

  it('always extracts the first report of a job, so a job with too short a lease still moves on', async () => {
    const { stage } = await loadExtractStage();
    const { shared, extractions } = sharedStore();
    const { queue, sent } = fakeQueue(shared, () => stage);
    const job: ExtractJob = { kind: 'extract', version: stage.version, ids: ['d0', 'd1'], seconds: 1 };
    expect(await runExtractJob(shared, queue, stage, job, { id: 'job-short', expiresAt: 0 })).toBe(1);
    expect(sent.map((j) => (j as ExtractJob).ids)).toEqual([['d1']]);
    expect([...extractions.keys()].sort()).toEqual(['d0', 'd1']);
  }, 60_000);

  it('stops waiting with the error of a job a worker queued in place of one it ended early', async () => {
    const { stage } = await loadExtractStage();
    const { shared } = sharedStore();
    let next = 0;
    const queue: JobQueue = {
      async send(jobs) {
        const ids = jobs.map(() => `job-${next++}`);
        // The first job is run by a worker whose lease is already short: it extracts its first
        // report and queues the rest as job-1, which this queue then reports failed for good.
        if (ids[0] === 'job-0') {
          await runExtractJob(shared, queue, stage, jobs[0] as ExtractJob, { id: 'job-0', expiresAt: 0 });
        }
        return ids;
      },
      failures: async (ids) =>
        ids.filter((id) => id === 'job-1').map((id) => ({ id, message: 'the queued rest broke' })),
      work: async () => {},
      ...memoryResults(new Map()),
      close: async () => {},
    };
    await expect(extractRemotely(shared, queue, stage.version, { pollMs: 1 })).rejects.toThrow(
      'the queued rest broke',
    );
  }, 60_000);
});
