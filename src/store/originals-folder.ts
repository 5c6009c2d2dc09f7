import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { StoreError } from '../core/errors.js';

/** How many files are written and fsynced at once (fsyncs in flight overlap in the kernel's journal). */
const WRITE_CONCURRENCY = 32;
const TEMP_DIR = '.tmp';

/**
 * The content-addressed folder of original bytes: `<dir>/originals/ab/cdef…` where `abcdef…` is
 * the SHA-256 of the bytes. Shared by every store backend: the database only refers to hashes.
 * Files are never rewritten in place; a new original appears atomically by rename.
 */
export class OriginalsFolder {
  readonly root: string;
  private readonly tempRoot: string;

  constructor(storeDir: string) {
    this.root = path.join(storeDir, 'originals');
    this.tempRoot = path.join(this.root, TEMP_DIR);
    fs.mkdirSync(this.tempRoot, { recursive: true });
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
   * Writes originals durably: each to a temp file which is fsynced, renamed into place, then every
   * touched directory is fsynced. When the returned promise resolves, the files survive a crash or
   * power loss, so a database transaction may refer to them.
   */
  async writeDurably(items: readonly { sha256: string; bytes: Uint8Array }[]): Promise<void> {
    const dirs = new Set<string>();
    const newDirs = new Set<string>();
    for (const item of items) {
      const dir = path.dirname(this.pathOf(item.sha256));
      if (!dirs.has(dir) && !fs.existsSync(dir)) {
        fs.mkdirSync(dir, { recursive: true });
        newDirs.add(dir);
      }
      dirs.add(dir);
    }
    await mapLimit(items, WRITE_CONCURRENCY, async (item) => {
      const temp = path.join(this.tempRoot, `${item.sha256}.${process.pid}.${randomBytes(4).toString('hex')}`);
      const handle = await fsp.open(temp, 'wx');
      try {
        await handle.writeFile(item.bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fsp.rename(temp, this.pathOf(item.sha256));
    });
    if (newDirs.size > 0) dirs.add(this.root);
    await mapLimit([...dirs], WRITE_CONCURRENCY, syncDirectory);
  }

  /** Streams the file through SHA-256; null when it is missing. */
  async hash(sha256: string): Promise<string | null> {
    const file = this.pathOf(sha256);
    const hasher = createHash('sha256');
    try {
      for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) hasher.update(chunk as Buffer);
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

async function syncDirectory(dir: string): Promise<void> {
  const handle = await fsp.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runs `fn` over `items` with at most `limit` in flight. */
export async function mapLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
