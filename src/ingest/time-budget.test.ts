import { describe, expect, it } from 'vitest';
import { runWithTimeBudget } from './time-budget.js';

/** Keeps the thread busy for `ms` milliseconds (a reader stuck in slow work). */
function busy(ms: number): number {
  const end = performance.now() + ms;
  let n = 0;
  while (performance.now() < end) n++;
  return n;
}

/** Never returns unless stopped (a reader in an endless loop). */
function forever(): number {
  let n = 0;
  for (;;) n = (n + 1) % 7;
}

describe('runWithTimeBudget', () => {
  it('returns every value in order when each task finishes in time', () => {
    const tasks = [1, 2, 3].map((v) => ({ run: () => v * 10, bytes: 100 }));
    expect(runWithTimeBudget(tasks, 5)).toEqual([{ value: 10 }, { value: 20 }, { value: 30 }]);
  });

  it('stops a task that never ends and keeps the values of the others', () => {
    const tasks = [
      { run: () => 'first', bytes: 10 },
      { run: () => String(forever()), bytes: 10 },
      { run: () => 'third', bytes: 10 },
    ];
    const out = runWithTimeBudget(tasks, 0.2);
    expect(out).toEqual([{ value: 'first' }, { timedOut: true }, { value: 'third' }]);
  });

  it('gives each input of a shared group its own budget: slow-but-within inputs all pass', () => {
    // Together they exceed the budget; each alone is within it.
    const tasks = [0, 1, 2, 3].map((i) => ({ run: () => busy(120) * 0 + i, bytes: 10 }));
    const out = runWithTimeBudget(tasks, 0.3);
    expect(out).toEqual([0, 1, 2, 3].map((value) => ({ value })));
  });

  it('runs a large input alone, so a slow neighbour does not count against it', () => {
    const tasks = [
      { run: () => String(forever()), bytes: 10 },
      { run: () => 'large', bytes: 4 * 1024 * 1024 },
    ];
    expect(runWithTimeBudget(tasks, 0.1)).toEqual([{ timedOut: true }, { value: 'large' }]);
  });

  it('stops a catastrophic regular expression', () => {
    const input = `${'a'.repeat(40)}b`;
    const out = runWithTimeBudget([{ run: () => /^(a+)+$/.test(input), bytes: input.length }], 0.1);
    expect(out).toEqual([{ timedOut: true }]);
  });

  it('passes on an error thrown by a task', () => {
    const tasks = [{ run: () => JSON.parse('{'), bytes: 1 }];
    expect(() => runWithTimeBudget(tasks, 1)).toThrow(SyntaxError);
  });
});

describe('runWithTimeBudget with a budget longer than the watchdog can count', () => {
  it('runs the task instead of throwing', () => {
    const [out] = runWithTimeBudget([{ run: () => 42, bytes: 1 }], 1e9);
    expect(out).toEqual({ value: 42 });
  });
});
