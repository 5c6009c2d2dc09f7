import type { JobQueue, WorkResult } from '../../store/job-queue.js';

type ResultStore = Pick<JobQueue, 'putResults' | 'known' | 'results' | 'forget' | 'works' | 'drop'>;

/**
 * The result rows of a job queue, held in memory for tests: `stored` maps a work name to its rows
 * by key; a row already stored is kept (as the queue's table keeps the first write), and each new
 * row is counted through `onWrite`.
 */
export function memoryResults(
  stored: Map<string, Map<string, Buffer>>,
  onWrite: () => void = () => {},
): ResultStore {
  return {
    async putResults(work: string, rows: readonly WorkResult[]) {
      const of = stored.get(work) ?? new Map<string, Buffer>();
      stored.set(work, of);
      for (const r of rows) {
        if (of.has(r.key)) continue;
        of.set(r.key, r.value);
        onWrite();
      }
    },
    known: async (work, keys) => new Set(keys.filter((k) => stored.get(work)?.has(k))),
    results: async (work, keys) =>
      new Map(
        keys.flatMap((k) => (stored.get(work)?.has(k) ? [[k, stored.get(work)?.get(k) as Buffer]] : [])),
      ),
    forget: async (work, keys) => {
      for (const k of keys) stored.get(work)?.delete(k);
    },
    works: async (prefix) =>
      [...stored.keys()].filter((w) => w.startsWith(prefix) && (stored.get(w)?.size ?? 0) > 0).sort(),
    drop: async (work) => {
      stored.delete(work);
    },
  };
}
