import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyTrash, moveToTrash } from './trash.js';

describe('moveToTrash and emptyTrash', () => {
  let dir: string;
  let trash: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-trash-'));
    trash = path.join(dir, 'trash');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const file = (name: string, text: string) => {
    const f = path.join(dir, name);
    fs.writeFileSync(f, text);
    return f;
  };
  const held = () => (fs.existsSync(trash) ? fs.readdirSync(trash).sort() : []);

  it('moves a file into the trash folder, two files of one name under two names', () => {
    moveToTrash(file('ledger.json', 'first'), trash);
    moveToTrash(file('ledger.json', 'second'), trash);
    expect(fs.existsSync(path.join(dir, 'ledger.json'))).toBe(false);
    expect(held()).toHaveLength(2);
    const texts = held().map((n) => fs.readFileSync(path.join(trash, n), 'utf8'));
    expect(texts.sort()).toEqual(['first', 'second']);
  });

  it('deletes the file when the trash folder cannot be made, and ignores a missing file', () => {
    fs.writeFileSync(trash, 'a file where the folder would go');
    const f = file('old.json', 'x');
    moveToTrash(f, trash);
    expect(fs.existsSync(f)).toBe(false);
    expect(() => moveToTrash(path.join(dir, 'missing.json'), path.join(dir, 'other'))).not.toThrow();
  });

  it('empties what the trash held when called, and leaves what is moved in afterwards', async () => {
    moveToTrash(file('a.json', 'a'), trash);
    moveToTrash(file('b.json', 'b'), trash);
    const emptying = emptyTrash(trash);
    moveToTrash(file('c.json', 'c'), trash);
    await emptying;
    expect(held()).toHaveLength(1);
    expect(fs.readFileSync(path.join(trash, held()[0] as string), 'utf8')).toBe('c');
    await emptyTrash(trash);
    expect(held()).toEqual([]);
  });

  it('resolves when there is no trash folder', async () => {
    await expect(emptyTrash(path.join(dir, 'none'))).resolves.toBeUndefined();
  });
});
