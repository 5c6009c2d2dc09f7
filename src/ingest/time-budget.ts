import vm from 'node:vm';

/** One piece of synchronous work and the size of the input it reads (to group small ones). */
export interface BudgetTask<T> {
  run: () => T;
  bytes: number;
}

/** A task's outcome: its value, or that it ran out of time and was stopped. */
export type BudgetOutcome<T> = { value: T } | { timedOut: true };

/** Small inputs share one budgeted run up to this many bytes… */
const SHARED_BYTES = 1024 * 1024;
/** …or this many inputs. */
const SHARED_TASKS = 256;

// One context and one script for every run: `vm`'s timeout starts a watchdog that stops whatever
// JavaScript runs on this thread when it expires, including functions defined outside the context
// and regular expressions. The script only calls the function it is handed.
const context = vm.createContext({ work: null as (() => void) | null });
const script = new vm.Script('work()', { filename: 'corroborate-time-budget' });

function withinBudget(work: () => void, ms: number): boolean {
  context.work = work;
  try {
    script.runInContext(context, { timeout: ms });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return false;
    throw error;
  } finally {
    context.work = null;
  }
}

/** The longest budget `vm` accepts, in ms (2^32 − 1, about 49 days). */
const MAX_BUDGET_MS = 2 ** 32 - 1;

/**
 * Runs synchronous tasks, each stopped once it has run `seconds` (a per-input time budget): a task
 * stopped leaves `{ timedOut: true }` and the others their values, in order. Small inputs run
 * together under one budget (a watchdog costs about 0.2 ms to start); when such a group runs out
 * of time, each of its tasks runs again alone under its own budget, so only a slow input is
 * stopped. A task that throws makes this throw, as it would unguarded.
 *
 * A stopped task ends at an arbitrary point: it must not leave state behind that later work reads
 * (the readers build their results in local variables only).
 *
 * @example
 * const [read] = runWithTimeBudget([{ run: () => readInput(bytes, options), bytes: bytes.length }], 60);
 * if ('timedOut' in read) reject(); else use(read.value);
 */
export function runWithTimeBudget<T>(tasks: readonly BudgetTask<T>[], seconds: number): BudgetOutcome<T>[] {
  // `vm` takes a timeout of at most 2^32 − 1 ms (about 49 days); a longer budget is that one.
  const ms = Math.min(MAX_BUDGET_MS, Math.max(1, Math.round(seconds * 1000)));
  const outcomes: BudgetOutcome<T>[] = new Array(tasks.length);
  let start = 0;
  while (start < tasks.length) {
    let end = start + 1;
    let bytes = tasks[start]?.bytes ?? 0;
    while (end < tasks.length && end - start < SHARED_TASKS) {
      const next = tasks[end]?.bytes ?? 0;
      if (bytes + next > SHARED_BYTES) break;
      bytes += next;
      end++;
    }
    const values: T[] = [];
    const completed = withinBudget(() => {
      for (let i = start; i < end; i++) values.push((tasks[i] as BudgetTask<T>).run());
    }, ms);
    if (completed) {
      for (let i = start; i < end; i++) outcomes[i] = { value: values[i - start] as T };
    } else if (end - start === 1) {
      outcomes[start] = { timedOut: true };
    } else {
      // Which input was slow is not known: the ones that finished keep their values, and the
      // rest run again one by one.
      for (let i = start; i < end; i++) {
        if (i - start === values.length && values.length === 0) {
          // The first task was running when the budget ran out: it had the whole budget alone.
          outcomes[i] = { timedOut: true };
          continue;
        }
        if (i - start < values.length) {
          outcomes[i] = { value: values[i - start] as T };
          continue;
        }
        const task = tasks[i] as BudgetTask<T>;
        let value: T | undefined;
        outcomes[i] = withinBudget(() => {
          value = task.run();
        }, ms)
          ? { value: value as T }
          : { timedOut: true };
      }
    }
    start = end;
  }
  return outcomes;
}
