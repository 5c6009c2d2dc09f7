import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../core/random.js';
import { INGEST_VERSION, ingest } from '../ingest/ingest.js';
import { resolveLimits } from '../ingest/limits.js';
import type { Job, JobQueue, ReadJob } from '../store/job-queue.js';
import { openStore } from '../store/open-store.js';
import { memoryResults } from './__fixtures__/memory-results.js';
import { readThroughQueue, runReadJob } from './remote-ingest.js';

let dir: string;
const clock = () => new Date('2026-04-02T08:00:00.000Z');
const write = (rel: string, content: string | Uint8Array): void => {
  const file = path.join(dir, 'in', rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
};

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-remote-ingest-'));
  // Invented reports in several formats, a copy of one of them, and inputs that are refused.
  const story =
    'LOWMERE, March 3 (Coastline Wire) – Two ferries collided off the harbour of Lowmere on Sunday, and four passengers were injured, the port office said.';
  write('a-wire.txt', story);
  write('b-copy.txt', story);
  write(
    'c-page.html',
    '<html><head><title>Ferry crash</title><meta property="og:site_name" content="Lowmere Courier"></head><body><article><p>Four passengers were hurt when two ferries collided near Lowmere on Sunday, the port office said.</p><p>The harbour reopened in the evening.</p></article></body></html>',
  );
  write(
    'd-items.jsonl',
    `${JSON.stringify({ text: 'A storm closed the pass above Dunhollow for a day.', outlet: 'Valley Post' })}\n${JSON.stringify({ text: 'Dunhollow council met to discuss the road repairs.' })}\n`,
  );
  write('e-broken.txt', Buffer.from([0x41, 0xff, 0xfe, 0x42]));
  write('f-empty.txt', '');
  for (let i = 0; i < 7; i++) {
    write(
      `g-${i}.md`,
      `# Notice ${i}\n\nThe bridge at Fernby will close for repairs on day ${i + 2} of the month.`,
    );
  }
  // The same bytes as an earlier input, far enough to be in another group.
  write('h-again.txt', story);
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A job queue in memory whose jobs a "worker" runs after a seeded delay, so that jobs sent
 * together finish in any order.
 */
function delayedQueue(seed: number) {
  const stored = new Map<string, Map<string, Buffer>>();
  const sent: Job[] = [];
  const random = seededRandom(seed);
  const running: Promise<unknown>[] = [];
  const queue: JobQueue = {
    async send(jobs) {
      sent.push(...jobs);
      for (const job of jobs) {
        const wait = Math.floor(random() * 20);
        running.push(
          new Promise((resolve) => setTimeout(resolve, wait)).then(() => runReadJob(queue, job as ReadJob)),
        );
      }
      return jobs.map((_, k) => `job-${sent.length - jobs.length + k}`);
    },
    failures: async () => [],
    work: async () => {},
    ...memoryResults(stored),
    close: async () => {},
  };
  const rows = () => [...stored.values()].reduce((n, m) => n + m.size, 0);
  return { queue, sent, stored, rows, settled: () => Promise.all(running) };
}

async function ingestInto(name: string, queue: JobQueue | null, window = 3) {
  const store = openStore(path.join(dir, name), { clock });
  try {
    const summary = await ingest(store, [path.join(dir, 'in')], {
      clock,
      ...(queue ? { remoteRead: { ...readThroughQueue(queue, { batch: 2, window, pollMs: 2 }) } } : {}),
    });
    return {
      summary: { ...summary, checkpoint: null },
      documents: store.documents.list(),
      custody: [...store.custody.entries()],
    };
  } finally {
    store.close();
  }
}

describe('ingest with its inputs read in jobs', () => {
  it.each([1, 2, 3])(
    'stores the documents and custody entries a local ingest stores (seed %i)',
    async (seed) => {
      const local = await ingestInto('local', null);
      const { queue, sent, rows, settled } = delayedQueue(seed);
      const remote = await ingestInto(`remote-${seed}`, queue);
      expect(local.documents.length).toBe(11);
      expect(local.summary.rejected).toBe(2);
      expect(remote).toEqual(local);
      // Inputs in jobs of two; the copies of the first input are read too (nothing was stored yet
      // when their groups were sent).
      expect(sent.length).toBeGreaterThan(4);
      await settled();
      // The staged bytes and the outcomes are removed once read back.
      expect(rows()).toBe(0);
    },
  );

  it('reads nothing that the store holds already', async () => {
    const { queue } = delayedQueue(1);
    await ingestInto('again', queue);
    const second = delayedQueue(2);
    const again = await ingestInto('again', second.queue);
    // The two inputs refused are read again (nothing of them is stored); every other input is known.
    const read = second.sent.flatMap((j) =>
      j.kind === 'read' ? j.inputs.map((i) => path.basename(i.source)) : [],
    );
    expect(read.sort()).toEqual(['e-broken.txt', 'f-empty.txt']);
    expect(again.summary.documents.new).toBe(0);
  });

  it('stores nothing new when a job is run twice, and nothing once its ingest has read it back', async () => {
    const { queue, sent, stored } = delayedQueue(4);
    // Jobs held back: the test runs them.
    const held: ReadJob[] = [];
    const holding: JobQueue = {
      ...queue,
      async send(jobs) {
        held.push(...(jobs as ReadJob[]));
        sent.push(...jobs);
        return jobs.map((_, k) => `held-${k}`);
      },
    };
    const store = openStore(path.join(dir, 'held'), { clock });
    const running = ingest(store, [path.join(dir, 'in', 'c-page.html')], {
      clock,
      remoteRead: readThroughQueue(holding, { pollMs: 2 }),
    });
    while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    const job = held[0] as ReadJob;
    expect(await runReadJob(queue, job)).toBe(1);
    const value = stored.get(job.work)?.get(job.inputs[0]?.key ?? '');
    // Run again (its first worker was taken for dead): nothing new.
    expect(await runReadJob(queue, job)).toBe(0);
    expect(stored.get(job.work)?.get(job.inputs[0]?.key ?? '')).toBe(value);
    const summary = await running;
    store.close();
    expect(summary.documents.new).toBe(1);
    // Run once more after the ingest read it back: its bytes are gone, and only a mark that they
    // were missing is stored (left for the sweep of abandoned runs).
    expect(await runReadJob(queue, job)).toBe(1);
    expect(
      stored
        .get(job.work)
        ?.get(job.inputs[0]?.key ?? '')
        ?.toString(),
    ).toBe('{"missing":true}');
  });

  it('reads an input itself when its staged bytes were gone before a worker read them', async () => {
    const { queue, stored } = delayedQueue(6);
    // Every other job finds its bytes removed (as by a sweep, or another group's cleanup).
    let n = 0;
    const losing: JobQueue = {
      ...queue,
      async send(jobs) {
        for (const job of jobs as ReadJob[]) if (n++ % 2 === 0) stored.delete(job.stage);
        return queue.send(jobs);
      },
    };
    const local = await ingestInto('local', null);
    const remote = await ingestInto('losing', losing);
    expect(n).toBeGreaterThan(2);
    expect(remote).toEqual(local);
  }, 10_000);

  it('removes the staged rows of runs abandoned long ago, and keeps those of recent runs', async () => {
    const { queue, stored } = delayedQueue(5);
    const row = [{ key: 'k', value: Buffer.from('x') }];
    // Left by ingests killed 8 days and 1 day before this one, and another computation's results.
    await queue.putResults('ingest-bytes:20260325T080000Z:old', row);
    await queue.putResults('ingest-read:20260325T080000Z:old', row);
    await queue.putResults('ingest-bytes:20260401T080000Z:recent', row);
    await queue.putResults('sketch:7:abc', row);
    const store = openStore(path.join(dir, 'sweep'), { clock });
    try {
      await ingest(store, [path.join(dir, 'in', 'a-wire.txt')], {
        clock,
        remoteRead: readThroughQueue(queue, { pollMs: 2, now: clock }),
      });
    } finally {
      store.close();
    }
    expect([...stored.keys()].filter((w) => (stored.get(w)?.size ?? 0) > 0).sort()).toEqual([
      'ingest-bytes:20260401T080000Z:recent',
      'sketch:7:abc',
    ]);
  });

  it('refuses a job whose limits are missing or not positive, or whose rows are not an ingest run', async () => {
    const { queue, stored } = delayedQueue(1);
    const limits = resolveLimits();
    const job = (over: Partial<ReadJob>): ReadJob => ({
      kind: 'read',
      version: INGEST_VERSION,
      stage: 'ingest-bytes:20260402T080000Z:run',
      work: 'ingest-read:20260402T080000Z:run',
      limits,
      inputs: [{ key: '0', sha256: 'a'.repeat(64), source: 'x.txt' }],
      ...over,
    });
    await expect(runReadJob(queue, job({ limits: {} }))).rejects.toThrow(/limits must give every/);
    await expect(runReadJob(queue, job({ limits: { ...limits, maxFileBytes: 0 } }))).rejects.toThrow(
      /maxFileBytes/,
    );
    await expect(runReadJob(queue, job({ work: 'sketch:7:abc' }))).rejects.toThrow(/must name its run/);
    await expect(runReadJob(queue, job({ stage: 'sketch:7:abc' }))).rejects.toThrow(/must name its run/);
    await expect(runReadJob(queue, job({ work: 'ingest-read:20260402T080000Z:other' }))).rejects.toThrow(
      /must name its run/,
    );
    expect(stored.size).toBe(0);
    // A well-formed job whose bytes are gone stores its missing mark.
    expect(await runReadJob(queue, job({}))).toBe(1);
  });

  it('refuses staged bytes that do not match their sha256', async () => {
    const { queue, stored } = delayedQueue(1);
    const good = Buffer.from('Rain flooded the square of Ashbury overnight, the town hall said.');
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    const stage = 'ingest-bytes:20260402T080000Z:run';
    const work = 'ingest-read:20260402T080000Z:run';
    await queue.putResults(stage, [
      { key: sha(good), value: good },
      { key: 'b'.repeat(64), value: good },
    ]);
    const n = await runReadJob(queue, {
      kind: 'read',
      version: INGEST_VERSION,
      stage,
      work,
      limits: resolveLimits(),
      inputs: [
        { key: '0', sha256: sha(good), source: 'good.txt' },
        { key: '1', sha256: 'b'.repeat(64), source: 'altered.txt' },
      ],
    });
    expect(n).toBe(2);
    const outcome = (key: string) => JSON.parse(stored.get(work)?.get(key)?.toString() ?? 'null');
    expect(outcome('0')).toHaveProperty('value');
    expect(outcome('1').error).toMatch(/altered\.txt.*do not match its sha256/);
  });

  it('stops the groups still being read when the ingest fails, and removes what they staged', async () => {
    const { queue, stored } = delayedQueue(7);
    let sent = 0;
    let polls = 0;
    // No job is ever run; the first fails for good.
    const failing: JobQueue = {
      ...queue,
      async send(jobs) {
        return jobs.map(() => `job-${sent++}`);
      },
      failures: async (ids) =>
        ids.includes('job-0') ? [{ id: 'job-0', message: 'the reader ran out of memory' }] : [],
      known: async (work, keys) => {
        polls++;
        return queue.known(work, keys);
      },
    };
    const store = openStore(path.join(dir, 'failing'), { clock });
    try {
      await expect(
        ingest(store, [path.join(dir, 'in')], {
          clock,
          remoteRead: readThroughQueue(failing, { batch: 2, window: 3, pollMs: 2 }),
        }),
      ).rejects.toThrow(/1 ingest reading job\(s\) failed for good; the first: the reader ran out of memory/);
    } finally {
      store.close();
    }
    expect(sent).toBeGreaterThan(1);
    expect([...stored.values()].reduce((n, m) => n + m.size, 0)).toBe(0);
    const after = polls;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(polls).toBe(after);
  });

  it('finishes an ingest whose outcomes were read when removing them fails, and says so', async () => {
    const { queue } = delayedQueue(8);
    const flaky: JobQueue = {
      ...queue,
      forget: async () => {
        throw new Error('connection reset');
      },
    };
    const told: string[] = [];
    const store = openStore(path.join(dir, 'flaky'), { clock });
    try {
      const summary = await ingest(store, [path.join(dir, 'in', 'a-wire.txt')], {
        clock,
        remoteRead: readThroughQueue(flaky, { pollMs: 2, onCleanupError: (e) => told.push(e.message) }),
      });
      expect(summary.documents.new).toBe(1);
    } finally {
      store.close();
    }
    expect(told.length).toBe(2);
    expect(told[0]).toMatch(/connection reset.*removes them after 7 days/);
  });

  it('refuses a job of another ingest version', async () => {
    const { queue } = delayedQueue(1);
    await expect(
      runReadJob(queue, {
        kind: 'read',
        version: `${INGEST_VERSION}-other`,
        stage: 's',
        work: 'w',
        limits: {},
        inputs: [],
      }),
    ).rejects.toThrow(/Run the same Corroborate version/);
  });
});
