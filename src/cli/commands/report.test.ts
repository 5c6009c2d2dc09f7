import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../analyze/analyze.js';
import { openStore } from '../../store/open-store.js';
import { register } from './report.js';

describe('corroborate report', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'corroborate-report-cli-'));
    const store = openStore(join(dir, 'store'));
    try {
      await analyze(store, ['examples/corpus'], { manifest: 'examples/corpus/manifest.jsonl' });
    } finally {
      store.close();
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the single-file report and records it in the custody log', async () => {
    const program = new Command().option('--store <dir>').exitOverride();
    register(program);
    const out = join(dir, 'report.html');
    await program.parseAsync(['--store', join(dir, 'store'), 'report', '--out', out], { from: 'user' });
    const html = readFileSync(out, 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('Content-Security-Policy');
    expect(html).toContain('id="corroborate-data"');
    const store = openStore(join(dir, 'store'));
    try {
      const last = [...store.custody.entries()].at(-1);
      expect(last?.kind).toBe('export');
      expect(last?.details).toMatchObject({
        format: 'report-html',
        file: out,
        sha256: createHash('sha256').update(html).digest('hex'),
      });
    } finally {
      store.close();
    }
  });
});
