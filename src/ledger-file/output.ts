import fs from 'node:fs';
import { getSystemErrorName } from 'node:util';
import { Worker } from 'node:worker_threads';

/** Where the sink's filled buffers go: `write` takes one and gives the buffer to fill next. */
export interface Output {
  first(): Buffer;
  write(buf: Buffer, length: number): Buffer;
  /** Waits until everything given is written. */
  finish(): void;
  /** `finish` after a failure: never throws. */
  close(): void;
}

const writeAll = (fd: number, bytes: Uint8Array, length: number) => {
  for (let done = 0; done < length; ) done += fs.writeSync(fd, bytes, done, length - done);
};

/** Writes each buffer to every file in this thread. */
export class DirectOutput implements Output {
  constructor(
    private readonly fds: readonly number[],
    private readonly buf: Buffer,
  ) {}
  first(): Buffer {
    return this.buf;
  }
  write(buf: Buffer, length: number): Buffer {
    for (const fd of this.fds) writeAll(fd, buf, length);
    return buf;
  }
  finish(): void {}
  close(): void {}
}

/**
 * A writing thread: writes the slots the main thread publishes, in order, to its files.
 * control: [0] slots published, [1] slots written, [2] 1 when a write failed, [3] who writes
 * (0 not started, 1 this thread, 2 the main thread, which gave up waiting; 3 this thread ended),
 * [4] the errno.
 * A slot of size -1 ends it.
 */
const WRITER_SOURCE = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { control, sizes, data, fds, slotSize } = workerData;
if (Atomics.compareExchange(control, 3, 0, 1) === 0) {
  try {
    for (let done = 0; ; done++) {
      while (Atomics.load(control, 0) === done) Atomics.wait(control, 0, done);
      const slot = done % sizes.length;
      const n = sizes[slot];
      if (n < 0) break;
      const bytes = new Uint8Array(data, slot * slotSize, n);
      for (const fd of fds) for (let w = 0; w < n; ) w += fs.writeSync(fd, bytes, w, n - w);
      Atomics.store(control, 1, done + 1);
      Atomics.notify(control, 1);
    }
  } catch (err) {
    Atomics.store(control, 4, typeof err.errno === 'number' ? err.errno : 0);
    Atomics.store(control, 2, 1);
  } finally {
    Atomics.store(control, 3, 3);
    Atomics.notify(control, 1);
  }
}
`;

const SLOTS = 4;
/** Previous files from this size on are written in a second thread. */
export const THREAD_FROM = 64 << 20;
const SLOT_SIZE = 1 << 21;
/** How long to wait for the writing thread to start before writing in this thread. */
const WRITER_START_MS = 10_000;

/**
 * Hands each filled buffer to one writing thread per file and fills the next one meanwhile: the
 * writes (two files of hundreds of MB at 100k documents) overlap each other, the reads and the
 * hashing.
 */
export class ThreadOutput implements Output {
  private readonly sizes = new Int32Array(new SharedArrayBuffer(SLOTS * 4));
  private readonly data = new SharedArrayBuffer(SLOTS * SLOT_SIZE);
  /** One writing thread per file, each with its `control`. */
  private readonly lanes: { fd: number; control: Int32Array }[];
  private published = 0;
  private ended = false;

  constructor(fds: readonly number[]) {
    this.lanes = fds.map((fd) => {
      const control = new Int32Array(new SharedArrayBuffer(5 * 4));
      const worker = new Worker(WRITER_SOURCE, {
        eval: true,
        workerData: { control, sizes: this.sizes, data: this.data, fds: [fd], slotSize: SLOT_SIZE },
      });
      // Failures are reported through `control`; the thread ends after the last slot.
      worker.on('error', () => {});
      worker.unref();
      return { fd, control };
    });
  }

  first(): Buffer {
    return this.slot(0);
  }

  write(_buf: Buffer, length: number): Buffer {
    this.publish(length);
    // The next slot is free once the write of the slot published SLOTS ago is done.
    this.waitFor(this.published - SLOTS + 1);
    return this.slot(this.published % SLOTS);
  }

  /** Ends the threads after what they were given (also after a failure: the files are closed next). */
  close(): void {
    try {
      this.finish();
    } catch {
      // Reported by finish() on the way that ended normally.
    }
  }

  finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.publish(-1);
    this.waitFor(this.published - 1);
  }

  private slot(i: number): Buffer {
    return Buffer.from(this.data, i * SLOT_SIZE, SLOT_SIZE);
  }

  private publish(length: number): void {
    this.sizes[this.published % SLOTS] = length;
    this.published++;
    for (const lane of this.lanes) {
      if (Atomics.load(lane.control, 3) === 2) this.writeHere(lane);
      Atomics.store(lane.control, 0, this.published);
      Atomics.notify(lane.control, 0);
    }
  }

  private waitFor(written: number): void {
    for (const lane of this.lanes) {
      const { control } = lane;
      const start = Date.now();
      for (;;) {
        if (Atomics.load(control, 2) === 1) {
          const errno = Atomics.load(control, 4);
          const code = errno < 0 ? getSystemErrorName(errno) : 'unknown error';
          throw new Error(`Writing the ledger file failed (${code}): check the space and permissions there.`);
        }
        const done = Atomics.load(control, 1);
        if (done >= written) break;
        if (Atomics.load(control, 3) === 3 && Atomics.load(control, 1) < written) {
          throw new Error('The ledger file writing thread ended before the file was written (a bug).');
        }
        if (Date.now() - start > WRITER_START_MS && Atomics.compareExchange(control, 3, 0, 2) === 0) {
          this.writeHere(lane);
          break;
        }
        Atomics.wait(control, 1, done, 100);
      }
    }
  }

  /** The lane's thread never started: writes its published slots not written yet in this thread. */
  private writeHere(lane: { fd: number; control: Int32Array }): void {
    for (let k = Atomics.load(lane.control, 1); k < this.published; k++) {
      const length = this.sizes[k % SLOTS] ?? -1;
      if (length >= 0) writeAll(lane.fd, this.slot(k % SLOTS), length);
    }
    Atomics.store(lane.control, 1, this.published);
  }
}
