import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs, { createReadStream } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { StoreError } from '../core/errors.js';
import { isAlive, OriginalPacks } from './original-packs.js';

const execFileAsync = promisify(execFile);

/** How many files are written and fsynced at once (fsyncs in flight overlap in the kernel's journal). */
const WRITE_CONCURRENCY = 32;
const TEMP_DIR = '.tmp';
const SMALL_FILE = 8 * 1024 * 1024;
/** Originals at least this large are kept as loose files rather than packed (8 MiB). */
export const LOOSE_MIN_BYTES = SMALL_FILE;

/**
 * The folder of original bytes, shared by every store backend (the database only refers to
 * hashes and pack locations). Originals are kept two ways:
 * - in pack files, `<dir>/originals/packs/<name>.pack`, one per ingest batch (`OriginalPacks`):
 *   the usual case;
 * - as loose files, `<dir>/originals/ab/cdef…` where `abcdef…` is the SHA-256 of the bytes: large
 *   originals (over `LOOSE_MIN_BYTES`), and every original of stores written before packs existed.
 * Nothing is rewritten in place; a new file appears atomically by rename.
 */
export class OriginalsFolder {
  readonly root: string;
  readonly packs: OriginalPacks;
  private readonly tempRoot: string;

  constructor(storeDir: string) {
    this.root = path.join(storeDir, 'originals');
    this.tempRoot = path.join(this.root, TEMP_DIR);
    fs.mkdirSync(this.tempRoot, { recursive: true });
    this.packs = new OriginalPacks(this.root, this.tempRoot);
    this.removeStaleTemps();
  }

  pathOf(sha256: string): string {
    return path.join(this.root, sha256.slice(0, 2), sha256.slice(2));
  }

  exists(sha256: string): boolean {
    return fs.existsSync(this.pathOf(sha256));
  }

  read(sha256: string): Buffer {
    return fs.readFileSync(this.pathOf(sha256));
  }

  /**
   * Writes originals durably, as a group: every file goes to a temp file, the temp files are
   * flushed to disk together, renamed into place, and the renames (directory entries) are flushed
   * together. When the returned promise resolves, the files survive a crash or power loss, so a
   * database transaction may refer to them; a crash before that leaves at most temp files (removed
   * on next open) or complete, unreferenced originals.
   *
   * Flushing uses one `syncfs(2)` per step (through coreutils `sync -f`), which costs about as
   * much as a single fsync instead of one per file; where that is unavailable it falls back to
   * fsync of every file and directory.
   */
  async writeDurably(items: readonly { sha256: string; bytes: Uint8Array }[]): Promise<void> {
    if (items.length === 0) return;
    const dirs = new Set<string>();
    let newDir = false;
    for (const item of items) {
      const dir = path.dirname(this.pathOf(item.sha256));
      if (!dirs.has(dir) && !fs.existsSync(dir)) {
        fs.mkdirSync(dir, { recursive: true });
        newDir = true;
      }
      dirs.add(dir);
    }
    if (newDir) dirs.add(this.root);
    const groupSync = this.groupSync !== false;
    const temps = items.map((item) => ({
      ...item,
      temp: path.join(this.tempRoot, `${item.sha256}.${process.pid}.${randomBytes(4).toString('hex')}`),
    }));
    if (groupSync) {
      // Plain synchronous writes are cheapest here: the flush below makes them durable at once.
      for (const item of temps) fs.writeFileSync(item.temp, item.bytes, { flag: 'wx' });
      if (!(await this.syncFileSystem()))
        await mapLimit(temps, WRITE_CONCURRENCY, (item) => syncPath(item.temp));
    } else {
      await mapLimit(temps, WRITE_CONCURRENCY, async (item) => {
        const handle = await fsp.open(item.temp, 'wx');
        try {
          await handle.writeFile(item.bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
      });
    }
    for (const item of temps) fs.renameSync(item.temp, this.pathOf(item.sha256));
    if (!(this.groupSync !== false && (await this.syncFileSystem()))) {
      await mapLimit([...dirs], WRITE_CONCURRENCY, syncPath);
    }
  }

  /**
   * Writes one original piece by piece (an input too large to hold): the pieces go to a temp file
   * and are hashed as they come; `finish` flushes the file, checks its hash and size, renames it
   * into place and flushes the folder, so that a transaction may refer to it. `abort` removes it.
   */
  openLoose(sha256: string): LooseWriter {
    const temp = path.join(this.tempRoot, `${sha256}.${process.pid}.${randomBytes(4).toString('hex')}`);
    const fd = fs.openSync(temp, 'wx', 0o644);
    const hasher = createHash('sha256');
    let size = 0;
    let open = true;
    const close = (): void => {
      if (!open) return;
      open = false;
      fs.closeSync(fd);
    };
    return {
      write: (chunk) => {
        hasher.update(chunk);
        size += chunk.byteLength;
        let done = 0;
        while (done < chunk.byteLength) done += fs.writeSync(fd, chunk, done, chunk.byteLength - done);
      },
      finish: async (expected) => {
        const actual = hasher.digest('hex');
        if (actual !== sha256 || size !== expected) {
          close();
          fs.rmSync(temp, { force: true });
          throw new StoreError(
            `The input changed while it was read: ${size} bytes hashing to ${actual}, not the ${expected} bytes hashing to ${sha256} checked first.`,
            'Ingest it again once nothing writes to it.',
          );
        }
        fs.fsyncSync(fd);
        close();
        const target = this.pathOf(sha256);
        const dir = path.dirname(target);
        const newDir = !fs.existsSync(dir);
        if (newDir) fs.mkdirSync(dir, { recursive: true });
        fs.renameSync(temp, target);
        await syncPath(dir);
        if (newDir) await syncPath(this.root);
      },
      abort: () => {
        close();
        fs.rmSync(temp, { force: true });
      },
    };
  }

  /** Whether `sync -f` works here; null until first tried. */
  private groupSync: boolean | null = null;

  /** Flushes the whole file system holding the folder (syncfs); false when unavailable. */
  private async syncFileSystem(): Promise<boolean> {
    if (this.groupSync === false) return false;
    try {
      await execFileAsync('sync', ['-f', this.root]);
      this.groupSync = true;
      return true;
    } catch {
      this.groupSync = false;
      return false;
    }
  }

  /** Streams the file through SHA-256; null when it is missing. */
  async hash(sha256: string): Promise<string | null> {
    const file = this.pathOf(sha256);
    const hasher = createHash('sha256');
    try {
      const handle = await fsp.open(file, 'r');
      try {
        // Small files (the common case) in one read; large ones streamed below.
        const { size } = await handle.stat();
        if (size <= SMALL_FILE) return hasher.update(await handle.readFile()).digest('hex');
      } finally {
        await handle.close();
      }
      for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 }))
        hasher.update(chunk as Buffer);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new StoreError(
        `Cannot read the original ${file}: ${(err as Error).message}`,
        'Check the permissions of the store folder.',
      );
    }
    return hasher.digest('hex');
  }

  /** Every hash that has a file in the folder (for finding unreferenced originals). */
  *listHashes(): IterableIterator<string> {
    for (const prefix of fs.readdirSync(this.root).sort()) {
      if (prefix.length !== 2) continue;
      for (const rest of fs.readdirSync(path.join(this.root, prefix)).sort()) yield prefix + rest;
    }
  }

  /** Temp files of a process that no longer runs are leftovers of a crash: remove them. */
  private removeStaleTemps(): void {
    for (const name of fs.readdirSync(this.tempRoot)) {
      const pid = Number(name.split('.')[1]);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) continue;
      if (pid === process.pid) continue;
      fs.rmSync(path.join(this.tempRoot, name), { force: true });
    }
  }
}

/** An original written piece by piece (`OriginalsFolder.openLoose`). */
export interface LooseWriter {
  write(chunk: Uint8Array): void;
  /** Flushes, checks the hash and `size`, and renames the file into place (durably). */
  finish(size: number): Promise<void>;
  abort(): void;
}

/** fsync of one file or directory. */
async function syncPath(file: string): Promise<void> {
  const handle = await fsp.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Runs `fn` over `items` with at most `limit` in flight. */
export async function mapLimit<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
