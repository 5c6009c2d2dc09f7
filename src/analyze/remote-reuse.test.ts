import { describe, expect, it } from 'vitest';
import type { ReusePair, StoredDocument } from '../core/types.js';
import { pairDocument } from '../reuse/pair.js';
import { sketchDefaults } from '../reuse/sketch.js';
import { createWorkState, runJob, type SketchBatch, type ReuseJob as ThreadJob } from '../reuse/work.js';
import type { AsyncStore } from '../store/async-store.js';
import type { Job, JobQueue } from '../store/job-queue.js';
import { memoryResults } from './__fixtures__/memory-results.js';
import { packSketch, reuseWork, runReuseJob, runThreadJob, unpackSketches } from './remote-reuse.js';

const wire = [
  'The harbour authority closed the northern quay on Tuesday after a crane collapsed onto two trucks.',
  'Three dock workers were taken to the regional clinic with cuts and bruises, the authority said.',
  'Inspectors from the transport ministry arrived in the afternoon to examine the crane’s base.',
  'The quay handles about a fifth of the port’s container traffic and will stay shut until Friday.',
  'A spokesman for the operator said the crane had passed its last inspection in the spring.',
  'Shipping agents warned that vessels waiting offshore could face delays of several days.',
].join(' ');
const texts: Record<string, string> = {
  d000000000001: wire,
  // A copy of the wire story with a new opening sentence.
  d000000000002: `Local traders fear for their deliveries. ${wire}`,
  // Half of it, rewritten in places.
  d000000000003: [
    'A crane fell onto two trucks at the harbour on Tuesday, and the northern quay was closed.',
    'Three dock workers were taken to the regional clinic with cuts and bruises, the authority said.',
    'Inspectors from the transport ministry arrived in the afternoon to examine the crane’s base.',
  ].join(' '),
  // Unrelated.
  d000000000004:
    'The library board approved a longer opening schedule for the summer months. Volunteers will staff the reading room on Sundays, and the children’s corner gets new shelves.',
};

const documents = new Map<string, StoredDocument>(
  Object.entries(texts).map(([id, text]) => [
    id,
    { id, text, published: '2026-01-05', credits: [], outlet: null } as unknown as StoredDocument,
  ]),
);
const shared = {
  documents: {
    getMany: async (ids: readonly string[]) =>
      new Map(
        ids.flatMap((id) => (documents.has(id) ? [[id, documents.get(id)]] : [])) as [
          string,
          StoredDocument,
        ][],
      ),
  },
} as unknown as AsyncStore;

/** A job queue in memory whose `send` runs each job at once, as a worker would. */
function fakeQueue() {
  const stored = new Map<string, Map<string, Buffer>>();
  const sent: Job[] = [];
  let writes = 0;
  const queue: JobQueue = {
    async send(jobs) {
      sent.push(...jobs);
      for (const job of jobs)
        if (job.kind === 'sketch' || job.kind === 'verify') await runReuseJob(shared, queue, job);
      return jobs.map((_, k) => `job-${sent.length - jobs.length + k}`);
    },
    failures: async () => [],
    work: async () => {},
    ...memoryResults(stored, () => {
      writes++;
    }),
    close: async () => {},
  };
  return { queue, sent, writes: () => writes };
}

const ids = Object.keys(texts);
const sketchJob: ThreadJob = {
  type: 'sketch',
  sketch: sketchDefaults,
  texts: ids.map((id) => texts[id] as string),
  ids,
};
const pairs: [number, number][] = [
  [0, 1],
  [0, 2],
  [1, 2],
  [0, 3],
];
const verifyJob: ThreadJob = {
  type: 'verify',
  compare: {},
  docs: ids.map((id) => pairDocument(documents.get(id) as StoredDocument)),
  pairs: Int32Array.from(pairs.flat()),
};

describe('reuse jobs on other machines', () => {
  it('packs each document’s sketch so that the packed sketches of a batch unpack to the batch', () => {
    const together = runJob(sketchJob, createWorkState()) as SketchBatch;
    const packed = ids.map((_, k) => packSketch(together, k));
    expect(unpackSketches(packed)).toEqual(together);
    // Sketched one by one (as separate jobs may), the documents give the same batch.
    const alone = ids.map((id) => {
      const one = runJob(
        { type: 'sketch', sketch: sketchDefaults, texts: [texts[id] as string] },
        createWorkState(),
      );
      return packSketch(one as SketchBatch, 0);
    });
    expect(unpackSketches(alone)).toEqual(together);
  });

  it.each([
    ['sketching', sketchJob],
    ['verification', verifyJob],
  ])('gives %s the results of the calling thread, and sends no job for stored results', async (_, job) => {
    const local = runJob(job, createWorkState());
    const { queue, sent, writes } = fakeQueue();
    expect(await runThreadJob(queue, job)).toEqual(local);
    expect(sent).toHaveLength(1);
    const written = writes();
    expect(written).toBe(job.type === 'sketch' ? ids.length : pairs.length);
    // Asked again (another run, another machine): the stored results, no job.
    expect(await runThreadJob(queue, job)).toEqual(local);
    expect(sent).toHaveLength(1);
    // The same job run again (its first worker died after writing): nothing new is written.
    await runReuseJob(shared, queue, sent[0] as Extract<Job, { kind: 'sketch' | 'verify' }>);
    expect(writes()).toBe(written);
  });

  it('finds the copy and the partial rewrite, and no reuse with the unrelated document', async () => {
    const verdicts = (await runThreadJob(fakeQueue().queue, verifyJob)) as (ReusePair | null)[];
    expect(verdicts.map((v) => v !== null)).toEqual([true, true, true, false]);
  });

  it.each([
    ['another index version', 'sketch:0:0000000000000000'],
    ['other options', reuseWork('sketch', { ...sketchDefaults, seed: 2 })],
  ])('refuses a job computed with %s', async (_, work) => {
    const { queue } = fakeQueue();
    await expect(
      runReuseJob(shared, queue, { kind: 'sketch', work, options: sketchDefaults, ids }),
    ).rejects.toThrow(/Run the same Corroborate version/);
  });

  it('refuses a job naming a document the store does not hold', async () => {
    const { queue } = fakeQueue();
    const work = reuseWork('sketch', sketchDefaults);
    await expect(
      runReuseJob(shared, queue, { kind: 'sketch', work, options: sketchDefaults, ids: ['d0000000000ff'] }),
    ).rejects.toThrow(/does not hold/);
  });
});
