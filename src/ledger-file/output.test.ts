import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectOutput, type Output, WritingThreads } from './output.js';

/** The writer's outputs: the same bytes in this thread and in writing threads; failures reported. */
describe('ledger file outputs', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-output-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Fills and writes `chunks` buffers of `size` bytes, each byte its chunk's number. */
  const pour = (output: Output, chunks: number, size: number) => {
    let buf = output.first();
    for (let k = 0; k < chunks; k++) {
      buf.fill(k + 1, 0, size);
      buf = output.write(buf, size);
    }
    output.finish();
  };
  const expected = (chunks: number, size: number) =>
    Buffer.concat(Array.from({ length: chunks }, (_, k) => Buffer.alloc(size, k + 1)));

  it('writes every buffer, in order, to every file, in this thread and in two writing threads', () => {
    const files = ['a', 'b', 'c', 'd'].map((f) => path.join(dir, f));
    const fds = files.map((f) => fs.openSync(f, 'w'));
    const threads = new WritingThreads(2);
    try {
      pour(new DirectOutput(fds.slice(0, 2), Buffer.alloc(1000)), 11, 1000);
      const output = threads.output(fds.slice(2));
      expect(output).not.toBeNull();
      pour(output as Output, 11, 1000);
    } finally {
      threads.close();
      for (const fd of fds) fs.closeSync(fd);
    }
    for (const f of files) expect(fs.readFileSync(f).equals(expected(11, 1000))).toBe(true);
  });

  it.runIf(fs.existsSync('/dev/full'))(
    'reports a write that fails in a writing thread with its error code',
    () => {
      const fd = fs.openSync('/dev/full', 'w');
      const threads = new WritingThreads(1);
      try {
        const output = threads.output([fd]);
        expect(output).not.toBeNull();
        expect(() => pour(output as Output, 6, 1000)).toThrow(
          'Writing the ledger file failed (ENOSPC): check the space and permissions there.',
        );
        output?.close();
      } finally {
        threads.close();
        fs.closeSync(fd);
      }
    },
  );
});
