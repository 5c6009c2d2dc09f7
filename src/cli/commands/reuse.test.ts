import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(path.join(tmpdir(), 'corroborate-reuse-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (...args: string[]) =>
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'src/cli/main.ts', '--store', path.join(dir, 'store'), ...args],
    {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    },
  );

const WIRE = `Floodwaters destroyed three bridges in the river town of Velmora on Feb. 12, local officials said, after two days of heavy rain.

Rescue crews evacuated 240 residents from the lower district overnight, and the regional governor said the town hospital had lost power.

The river rose faster than forecasters had expected, breaching an old levee near the railway station before dawn.`;

const COPY = `VELMORA (Wire) - Rescue crews evacuated 240 residents from the lower district overnight, and the regional governor said the town hospital had lost power.

Floodwaters destroyed three bridges in the river town of Velmora on Feb. 12, local officials said, after two days of heavy rain.

Our reporter saw families sleeping in the school gym.`;

const OTHER = `A new library opened in the harbour district on Saturday, with a reading room for children and a small cafe run by volunteers from the neighbourhood.`;

describe('reuse and compare commands', () => {
  it('prints the contract JSON and the aligned passages with plain markers', () => {
    const inputs = path.join(dir, 'in');
    execFileSync('mkdir', ['-p', inputs]);
    writeFileSync(path.join(inputs, 'wire.txt'), WIRE);
    writeFileSync(path.join(inputs, 'copy.txt'), COPY);
    writeFileSync(path.join(inputs, 'other.txt'), OTHER);
    cli('ingest', inputs);
    const json = JSON.parse(cli('reuse', '--json')) as {
      reuse: { a: string; b: string; relation: string; passages: { a: [number, number]; kind: string }[] }[];
      families: { documents: string[] }[];
    };
    expect(json.reuse.length).toBe(1);
    expect(json.reuse[0]?.relation).toBe('verbatim');
    expect(json.reuse[0]?.passages.length).toBe(2);
    expect(json.families.map((f) => f.documents.length).sort()).toEqual([1, 2]);
    const pair = json.reuse[0] as (typeof json.reuse)[number];
    const out = cli('compare', pair.a, pair.b);
    expect(out).toContain('verbatim:');
    expect(out).toMatch(/\[V1 /);
    expect(out).toMatch(/\[V2 /);
    expect(out).not.toContain('\x1b[');
  });
});
