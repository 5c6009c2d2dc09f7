/**
 * Worker thread of the reuse stage (see `pool.ts`): runs `ReuseJob`s and answers on the port it
 * was given, then bumps the shared counter so that the waiting thread wakes up.
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { createWorkState, type ReuseJob, runJob, transferables } from './work.js';

const { port, signal } = workerData as { port: MessagePort; signal: Int32Array };
const state = createWorkState();

function answer(message: unknown, transfer: ArrayBuffer[] = []): void {
  port.postMessage(message, transfer);
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
}

parentPort?.on('message', (message: { id: number; job: ReuseJob }) => {
  try {
    const result = runJob(message.job, state);
    answer({ id: message.id, result }, transferables(result));
  } catch (error) {
    answer({
      id: message.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});

answer({ ready: true });
