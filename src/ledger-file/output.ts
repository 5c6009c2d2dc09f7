import fs from 'node:fs';
import {
  type BlockingPool,
  type StartingPool,
  spawnBlockingPool,
  WorkerJobError,
  workerModule,
} from '../workers/pool.js';

/** Where the sink's filled buffers go: `write` takes one and gives the buffer to fill next. */
export interface Output {
  first(): Buffer;
  write(buf: Buffer, length: number): Buffer;
  /** Waits until everything given is written. */
  finish(): void;
  /** `finish` after a failure: never throws. */
  close(): void;
}

export const writeAll = (fd: number, bytes: Uint8Array, length: number) => {
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

/** Previous files from this size on are written in a second thread. */
export const THREAD_FROM = 64 << 20;
const SLOTS = 4;
const SLOT_SIZE = 1 << 21;
/** How long to wait for the writing threads to start before writing in this thread. */
const WRITER_START_MS = 10_000;

/** A writing thread's job: write `length` bytes of shared slot `slot` to `fd`. */
export interface WriteJob {
  fd: number;
  slot: number;
  length: number;
}

/** What every writing thread is given: the shared slots. */
export interface WriterInit {
  data: SharedArrayBuffer;
  slotSize: number;
}

/**
 * Writing threads being started (`writer-worker`, one per file, a pool of one thread each so that
 * each file's buffers are written in order), and the shared slots they write from. Started before
 * the changed items are serialised, so that they are ready when the first buffer is.
 */
export class WritingThreads {
  private readonly data = new SharedArrayBuffer(SLOTS * SLOT_SIZE);
  private readonly starting: StartingPool<WriteJob, null>[];

  constructor(files: number) {
    const init: WriterInit = { data: this.data, slotSize: SLOT_SIZE };
    this.starting = Array.from({ length: files }, () =>
      spawnBlockingPool<WriteJob, null>(
        {
          module: workerModule(import.meta.url, './writer-worker'),
          name: 'ledger file writing',
          init,
          describe: (job) => `${job.length} bytes for file descriptor ${job.fd}`,
        },
        1,
        // One slot is being filled while the others are written.
        { inFlight: SLOTS - 1, startTimeoutMs: WRITER_START_MS },
      ),
    );
  }

  /** An output to `fds` (one per thread), or null when a thread did not start (then none is used). */
  output(fds: readonly number[]): ThreadOutput | null {
    const lanes = this.starting.map((s) => s.ready());
    if (lanes.length !== fds.length || lanes.some((l) => l === null)) {
      this.close();
      return null;
    }
    return new ThreadOutput(fds, lanes as BlockingPool<WriteJob, null>[], this.data);
  }

  close(): void {
    for (const s of this.starting) s.close();
  }
}

/** A write that failed in a writing thread, as the user reads it. */
function writeFailure(err: unknown): unknown {
  if (!(err instanceof WorkerJobError)) return err;
  return new Error(
    `Writing the ledger file failed (${err.code ?? 'unknown error'}): check the space and permissions there.`,
  );
}

/**
 * Hands each filled buffer to one writing thread per file and fills the next one meanwhile: the
 * writes (two files of hundreds of MB at 100k documents) overlap each other, the reads and the
 * hashing.
 */
export class ThreadOutput implements Output {
  private published = 0;
  private ended = false;

  constructor(
    private readonly fds: readonly number[],
    private readonly lanes: readonly BlockingPool<WriteJob, null>[],
    private readonly data: SharedArrayBuffer,
  ) {}

  first(): Buffer {
    return this.slot(0);
  }

  write(_buf: Buffer, length: number): Buffer {
    const slot = this.published % SLOTS;
    try {
      // Each lane takes the job once its write of the slot published SLOTS - 1 ago is done, so
      // the next slot (written SLOTS ago) is free when this returns.
      this.lanes.forEach((lane, k) => {
        lane.submit({ fd: this.fds[k] as number, slot, length });
      });
    } catch (err) {
      throw writeFailure(err);
    }
    this.published++;
    return this.slot(this.published % SLOTS);
  }

  finish(): void {
    if (this.ended) return;
    this.ended = true;
    try {
      for (const lane of this.lanes) lane.drain();
    } catch (err) {
      throw writeFailure(err);
    } finally {
      for (const lane of this.lanes) lane.close();
    }
  }

  /** Ends the threads after what they were given (also after a failure: the files are closed next). */
  close(): void {
    if (this.ended) return;
    this.ended = true;
    for (const lane of this.lanes) {
      try {
        lane.drain();
      } catch {
        // Reported by finish() or write() on the way that ended normally.
      }
      lane.close();
    }
  }

  private slot(i: number): Buffer {
    return Buffer.from(this.data, i * SLOT_SIZE, SLOT_SIZE);
  }
}
