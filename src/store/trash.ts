import fs from 'node:fs';
import path from 'node:path';

/**
 * Files a run replaces (the previous ledger file of hundreds of MB, the `--out` copy it overwrote)
 * are moved into a trash folder instead of being deleted at once, and the next run deletes them
 * in the background while it merges. Deleting a large file waits on the file system: about 0.5–0.7 s
 * for each ~350 MB file on the benchmark machine (ext4 mounted with `discard`, measured with a
 * bare `unlink`), almost none of it CPU time, which every +100 run on a 100k store paid twice
 * before it could exit. A rename is instant. The cost is disk: the files one run replaced stay
 * until the next run starts.
 */

let moved = 0;

/**
 * Moves `file` into `trash` (created if need be) under a name no other move takes. With no trash
 * folder, or when it cannot be moved there (another file system, a permission), it is deleted at
 * once. A missing file is no error.
 */
export function moveToTrash(file: string, trash: string | undefined): void {
  const name = `${process.pid}-${Date.now()}-${moved++}-${path.basename(file)}`;
  try {
    if (trash === undefined) throw new Error('no trash folder');
    fs.mkdirSync(trash, { recursive: true });
    fs.renameSync(file, path.join(trash, name));
  } catch {
    fs.rmSync(file, { force: true });
  }
}

/**
 * Deletes what `trash` holds now, in the background (libuv's thread pool): the returned promise
 * settles when done and never rejects (what cannot be deleted now is tried again next time).
 * Files moved in after the call are left for the next one.
 */
export function emptyTrash(trash: string): Promise<void> {
  let names: string[];
  try {
    names = fs.readdirSync(trash);
  } catch {
    return Promise.resolve();
  }
  return Promise.all(
    names.map((n) => fs.promises.rm(path.join(trash, n), { force: true, recursive: true }).catch(() => {})),
  ).then(() => {});
}
