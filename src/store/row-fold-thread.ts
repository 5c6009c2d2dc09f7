import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';

/**
 * The MuHash work of a `RowFold` (see row-fold.ts) on a worker thread: a run that writes many
 * merge-state rows (hundreds of thousands in a from-scratch merge, about 10 µs each) hands their
 * SHA-256 values over in chunks and goes on merging, while the worker expands each value to 3072
 * bits and multiplies it in on the core the merge leaves free. Reading the digest waits for the
 * worker (it has usually finished) and takes back its two products.
 *
 * The worker is plain JavaScript (it runs from src and dist alike) and repeats the arithmetic of
 * row-fold.ts: the SHAKE256 expansion of a hash, the prime 2^3072 − 1103717, the reduction;
 * row-fold.test.ts checks that both give the same digest.
 */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const C = 1103717n;
const BITS = 3072n;
const MASK = (1n << BITS) - 1n;
const P = (1n << BITS) - C;
function reduce(x) {
  x = (x >> BITS) * C + (x & MASK);
  x = (x >> BITS) * C + (x & MASK);
  return x >= P ? x - P : x;
}
function element(hash) {
  let x = BigInt('0x' + createHash('shake256', { outputLength: 384 }).update(hash).digest('hex'));
  if (x >= P) x -= P;
  return x === 0n ? 1n : x;
}
const { port, signal } = workerData;
let numerator = 1n;
let denominator = 1n;
port.on('message', (m) => {
  try {
    fold(m);
  } catch (err) {
    port.postMessage({ error: String((err && err.stack) || err) });
    Atomics.store(signal, 0, 2);
    Atomics.notify(signal, 0);
  }
});
function fold(m) {
  if (m.add) for (let i = 0; i < m.add.length; i += 32) numerator = reduce(numerator * element(m.add.subarray(i, i + 32)));
  if (m.remove) for (let i = 0; i < m.remove.length; i += 32) denominator = reduce(denominator * element(m.remove.subarray(i, i + 32)));
  if (m.finish) {
    port.postMessage({ numerator: numerator.toString(16), denominator: denominator.toString(16) });
    Atomics.store(signal, 0, 1);
    Atomics.notify(signal, 0);
    port.close();
  }
}
`;

/** Hashes (32 bytes each) folded on a worker thread: `send` them in chunks, then `finish` once. */
export class FoldThread {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));

  constructor() {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { port: port2, signal: this.signal },
      transferList: [port2],
      name: 'corroborate-row-fold',
    });
    // An abandoned fold (a run that failed) keeps neither the process nor the thread busy.
    this.worker.unref();
    this.port.unref();
  }

  /** Hands over chunks of hashes; each must be a view of its own ArrayBuffer (it is transferred). */
  send(add: Uint8Array | null, remove: Uint8Array | null): void {
    const transfer: ArrayBuffer[] = [];
    for (const b of [add, remove]) if (b) transfer.push(b.buffer as ArrayBuffer);
    this.port.postMessage({ add, remove }, transfer);
  }

  discard(): void {
    void this.worker.terminate();
  }

  /** The products of every hash sent (added, taken out); blocks until the worker has them. */
  finish(): { numerator: bigint; denominator: bigint } {
    this.port.postMessage({ finish: true });
    while (Atomics.load(this.signal, 0) === 0) Atomics.wait(this.signal, 0, 0, 1000);
    const reply = receiveMessageOnPort(this.port)?.message as
      | { numerator: string; denominator: string; error?: undefined }
      | { error: string }
      | undefined;
    void this.worker.terminate();
    if (!reply || reply.error !== undefined)
      throw new Error(`the row-fold thread failed: ${reply?.error ?? 'no result'}`);
    return { numerator: BigInt(`0x${reply.numerator}`), denominator: BigInt(`0x${reply.denominator}`) };
  }
}
