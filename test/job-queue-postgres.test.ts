import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Job, type JobQueue, openJobQueue } from '../src/store/job-queue.js';

/**
 * The job queue on PostgreSQL (pg-boss): jobs by priority, retries up to a failure for good, and
 * the results table (a key keeps its first value). Needs CORROBORATE_TEST_PG (set by .ci/run).
 */
const url = process.env.CORROBORATE_TEST_PG ?? '';
if (!url) process.stderr.write('skipping the job queue test: CORROBORATE_TEST_PG is not set\n');
const schemas: string[] = [];

function location(): string {
  const schema = `queue_${crypto.randomBytes(6).toString('hex')}`;
  schemas.push(`${schema}_jobs`);
  const u = new URL(url);
  u.searchParams.set('schema', schema);
  return u.toString();
}

async function until(test: () => Promise<boolean> | boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!url)('job queue on PostgreSQL', () => {
  const open: JobQueue[] = [];
  afterAll(async () => {
    for (const q of open) await q.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (const s of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    await admin.end();
  });

  it('keeps the first value of a result key, and tells which keys have results', async () => {
    const where = location();
    // Two processes opening a new queue at once both get it.
    const [queue, other] = await Promise.all([openJobQueue(where), openJobQueue(where)]);
    open.push(queue, other);
    await queue.putResults('w1', [
      { key: 'a', value: Buffer.from([1, 2, 3]) },
      { key: 'b', value: Buffer.from('second') },
    ]);
    // A job run again writes its keys again: the stored values stay.
    await other.putResults('w1', [{ key: 'a', value: Buffer.from([9]) }]);
    await queue.putResults('w2', [{ key: 'a', value: Buffer.from('other work') }]);
    expect([...(await other.known('w1', ['a', 'b', 'c']))].sort()).toEqual(['a', 'b']);
    const got = await other.results('w1', ['b', 'a', 'c']);
    expect([...got.keys()].sort()).toEqual(['a', 'b']);
    expect(got.get('a')).toEqual(Buffer.from([1, 2, 3]));
    expect(got.get('b')?.toString()).toBe('second');
    expect((await other.results('w2', ['a'])).get('a')?.toString()).toBe('other work');
    // Forgetting removes only the keys named, of the work named.
    await queue.forget('w1', ['a', 'c']);
    expect([...(await other.known('w1', ['a', 'b']))]).toEqual(['b']);
    expect([...(await other.known('w2', ['a']))]).toEqual(['a']);
    // The computations by prefix (w1, w2; not x1), and dropping one whole.
    await queue.putResults('x1', [{ key: 'a', value: Buffer.from([1]) }]);
    expect(await other.works('w')).toEqual(['w1', 'w2']);
    await other.drop('w2');
    expect(await queue.works('w')).toEqual(['w1']);
    expect(await queue.works('x')).toEqual(['x1']);
  });

  it('opens a new queue from several processes at once without a deadlock', async () => {
    // Installing pg-boss, creating its queue and the results table from several processes at
    // once could deadlock (about one opening in four, two at a time); the opening is serialised.
    for (let round = 0; round < 8; round++) {
      const where = location();
      const queues = await Promise.all([openJobQueue(where), openJobQueue(where), openJobQueue(where)]);
      open.push(...queues);
      for (const [i, q] of queues.entries())
        await q.putResults('w', [{ key: `k${i}`, value: Buffer.from([i]) }]);
      expect([...(await queues[0].known('w', ['k0', 'k1', 'k2']))].sort()).toEqual(['k0', 'k1', 'k2']);
    }
  });

  it('runs reading before verification before sketching before extraction, and reports a job that fails for good', async () => {
    const where = location();
    const queue = await openJobQueue(where, { checkSeconds: 1 });
    open.push(queue);
    const jobs: Job[] = [
      { kind: 'extract', version: 'v', ids: ['d1'] },
      { kind: 'sketch', work: 'w', options: {}, ids: ['d1'] },
      { kind: 'verify', work: 'w', options: {}, pairs: [['d1', 'd2']] },
      { kind: 'extract', version: 'v', ids: ['bad'] },
      { kind: 'read', version: 'v', stage: 's', work: 'w', limits: {}, inputs: [] },
    ];
    const ids = await queue.send(jobs);
    expect(ids).toHaveLength(5);
    const worker = await openJobQueue(where, { checkSeconds: 1 });
    open.push(worker);
    const seen: string[] = [];
    let tries = 0;
    await worker.work(async (job) => {
      if (job.kind === 'extract' && job.ids[0] === 'bad') {
        tries++;
        throw new Error('this input cannot be read');
      }
      seen.push(job.kind);
    });
    await until(async () => (await queue.failures(ids)).length > 0);
    expect(seen).toEqual(['read', 'verify', 'sketch', 'extract']);
    // The first try and 5 retries.
    expect(tries).toBe(6);
    expect(await queue.failures(ids)).toEqual([{ id: ids[3], message: 'this input cannot be read' }]);
  }, 120_000);

  it("hands each job's worker the time the job expires, from the timeout of the process that queued it", async () => {
    const where = location();
    const queue = await openJobQueue(where, { jobTimeoutSeconds: 90 });
    open.push(queue);
    // The worker's own timeout differs: the job's is the one that counts.
    const worker = await openJobQueue(where, { jobTimeoutSeconds: 600 });
    open.push(worker);
    const before = Date.now();
    await queue.send([{ kind: 'extract', version: 'v', ids: ['d1'] }]);
    let expiresAt = 0;
    await worker.work(async (_job, _id, lease) => {
      expiresAt = lease.expiresAt;
    });
    await until(() => expiresAt > 0);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 90_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 90_000);
  }, 60_000);
});
