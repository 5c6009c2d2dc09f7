/**
 * What the pool (`pool.ts`) and its workers (`serve.ts`) say to each other. Each worker gets a
 * `MessagePort` and a shared `signal`; the pool posts `{ id, job }` on the port, the worker answers
 * with one `Reply` per message and then bumps `signal[ANSWERS]`, so that a calling thread blocked
 * in `Atomics.wait` wakes up and reads the answer with `receiveMessageOnPort`.
 */
import type { MessagePort } from 'node:worker_threads';

/** `workerData` of a pool's worker. */
export interface Boot {
  port: MessagePort;
  signal: Int32Array;
  init: unknown;
}

/** Index in `signal` of the count of answers posted, by every worker of the pool. */
export const ANSWERS = 0;
/** Index in `signal` of the count of workers that ended. */
export const ENDED = 1;
export const SIGNAL_LENGTH = 2;

/** An error as it crosses threads: its message and stack, and a system error's code and errno. */
export interface WireError {
  message: string;
  stack?: string;
  code?: string;
  errno?: number;
}

export type Reply =
  | { ready: unknown }
  | { failed: WireError }
  | { id: number; result: unknown }
  | { id: number; error: WireError };

export function toWire(err: unknown): WireError {
  if (!(err instanceof Error)) return { message: String(err) };
  const e = err as NodeJS.ErrnoException;
  return {
    message: e.message,
    ...(e.stack !== undefined ? { stack: e.stack } : {}),
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.errno === 'number' ? { errno: e.errno } : {}),
  };
}

/** Wakes a calling thread blocked on `signal`. */
export function bump(signal: Int32Array, index: number): void {
  if (index !== ANSWERS) Atomics.add(signal, index, 1);
  Atomics.add(signal, ANSWERS, 1);
  Atomics.notify(signal, ANSWERS);
}
