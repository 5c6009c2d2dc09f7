import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { StoreError } from '../core/errors.js';

/** Where one original's bytes sit inside a pack file. */
export interface PackedOriginal {
  sha256: string;
  offset: number;
  length: number;
}

/** A pack as it was written: its name, total size and the originals it holds in order. */
export interface WrittenPack {
  name: string;
  size: number;
  entries: PackedOriginal[];
}

const PACK_DIR = 'packs';
const PACK_EXTENSION = '.pack';

/**
 * Pack files of originals: `<store>/originals/packs/<name>.pack`, each the plain concatenation of
 * the original bytes of one ingest batch. The database maps every sha256 to (pack, offset,
 * length); a pack is written once, durably (temp file, fsync, rename, directory fsync), before the
 * transaction that refers to it, and never changed afterwards.
 *
 * One file per batch instead of one per original is what makes bulk ingest cheap: creating,
 * writing and renaming a file costs the kernel far more than appending a few kilobytes. A pack no
 * row refers to (its batch was killed before the transaction committed) is an orphan: `verify`
 * counts it as unreferenced, and the next ingest removes it once the process that wrote it is gone.
 */
export class OriginalPacks {
  readonly dir: string;
  /** Packs this instance wrote, by content digest: the next one of the same digest gets the next number. */
  private readonly written = new Map<string, number>();

  constructor(
    originalsRoot: string,
    private readonly tempRoot: string,
  ) {
    this.dir = path.join(originalsRoot, PACK_DIR);
  }

  pathOf(name: string): string {
    return path.join(this.dir, `${name}${PACK_EXTENSION}`);
  }

  /**
   * Writes one pack durably and returns where each original landed. The name carries the writer's
   * process id, so an orphan can be told from a pack whose transaction is still to come, then a
   * digest of the originals it holds and this folder's count of packs written with that digest
   * ({@link packContent}): the same batches give the same names in any store, so the custody
   * entries that bind packs do not depend on when or where they ran.
   */
  async write(items: readonly { sha256: string; bytes: Uint8Array }[]): Promise<WrittenPack> {
    const digest = createHash('sha256')
      .update(items.map((item) => item.sha256).join('\n'))
      .digest('hex')
      .slice(0, 24);
    let n = this.written.get(digest) ?? 0;
    while (fs.existsSync(this.pathOf(`${process.pid}-${digest}-${n}`))) n++;
    this.written.set(digest, n + 1);
    const name = `${process.pid}-${digest}-${n}`;
    const temp = path.join(this.tempRoot, `pack.${process.pid}.${name}`);
    const entries: PackedOriginal[] = [];
    let size = 0;
    if (!fs.existsSync(this.dir)) {
      fs.mkdirSync(this.dir, { recursive: true });
      syncDirectory(path.dirname(this.dir));
    }
    const fd = fs.openSync(temp, 'wx');
    try {
      // Gathered writes of up to 1,024 buffers per call; `writevSync` returns what it wrote.
      for (let i = 0; i < items.length; i += 1024) {
        const group = items.slice(i, i + 1024);
        const buffers = group.map((item) => item.bytes);
        let want = 0;
        for (const item of group) {
          entries.push({ sha256: item.sha256, offset: size + want, length: item.bytes.byteLength });
          want += item.bytes.byteLength;
        }
        const written = fs.writevSync(fd, buffers, size);
        if (written < want) {
          const tail = Buffer.concat(buffers).subarray(written);
          for (let at = 0; at < tail.length; )
            at += fs.writeSync(fd, tail, at, tail.length - at, size + written + at);
        }
        size += want;
      }
      // The flushes wait in the thread pool, so that ingest goes on reading the next batch.
      await fsyncAsync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, this.pathOf(name));
    const dirFd = fs.openSync(this.dir, 'r');
    try {
      await fsyncAsync(dirFd);
    } finally {
      fs.closeSync(dirFd);
    }
    return { name, size, entries };
  }

  /** The bytes of one packed original (as stored: `verify` says whether they still match). */
  read(name: string, offset: number, length: number): Buffer {
    const fd = this.open(name);
    try {
      return readAt(fd, offset, length);
    } finally {
      fs.closeSync(fd);
    }
  }

  /**
   * Re-hashes the originals of one pack; the result holds, per sha256, the hash of the bytes found
   * (null when the pack is missing). One open and one read per original, in file order.
   */
  hashAll(name: string, entries: readonly PackedOriginal[]): Map<string, string | null> {
    const out = new Map<string, string | null>();
    let fd: number;
    try {
      fd = fs.openSync(this.pathOf(name), 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw cannotRead(this.pathOf(name), err);
      for (const e of entries) out.set(e.sha256, null);
      return out;
    }
    try {
      for (const e of entries)
        out.set(
          e.sha256,
          createHash('sha256')
            .update(readAt(fd, e.offset, e.length))
            .digest('hex'),
        );
    } finally {
      fs.closeSync(fd);
    }
    return out;
  }

  /** Names of the pack files on disk, sorted. */
  list(): string[] {
    if (!fs.existsSync(this.dir)) return [];
    return fs
      .readdirSync(this.dir)
      .filter((f) => f.endsWith(PACK_EXTENSION))
      .map((f) => f.slice(0, -PACK_EXTENSION.length))
      .sort();
  }

  /**
   * Removes packs that no row refers to and whose writer is no longer running: the leftovers of an
   * ingest killed between writing its pack and committing its transaction. Returns how many.
   */
  removeOrphans(isReferenced: (name: string) => boolean): number {
    let removed = 0;
    for (const name of this.list()) {
      const pid = Number(name.split('-')[0]);
      if (isReferenced(name)) continue;
      if (Number.isInteger(pid) && (pid === process.pid || isAlive(pid))) continue;
      fs.rmSync(this.pathOf(name), { force: true });
      removed++;
    }
    return removed;
  }

  private open(name: string): number {
    try {
      return fs.openSync(this.pathOf(name), 'r');
    } catch (err) {
      throw cannotRead(this.pathOf(name), err);
    }
  }
}

/** Reads exactly `length` bytes at `offset`, or fewer when the file was cut short. */
function readAt(fd: number, offset: number, length: number): Buffer {
  const buffer = Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const n = fs.readSync(fd, buffer, got, length - got, offset + got);
    if (n === 0) break;
    got += n;
  }
  return got === length ? buffer : buffer.subarray(0, got);
}

const fsyncAsync = promisify(fs.fsync);

function syncDirectory(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function cannotRead(file: string, err: unknown): StoreError {
  return new StoreError(
    `Cannot read the pack of originals ${file}: ${(err as Error).message}`,
    'Check that the store folder is complete and readable; `corroborate verify` lists what is missing.',
  );
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The content digest of a pack's name (the part after the writer's process id). */
export function packContent(name: string): string {
  const k = name.indexOf('-');
  return k >= 0 ? name.slice(k + 1) : name;
}
