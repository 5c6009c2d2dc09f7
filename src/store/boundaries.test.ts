import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Only `src/store/` may reach into a backend's folder (`src/store/<backend>/`): every other module
 * goes through the interfaces in `src/store/*.ts`, so that each backend can replace the other.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const STORE = path.join(ROOT, 'src', 'store');
const BACKENDS = fs
  .readdirSync(STORE, { withFileTypes: true })
  .filter((e) => e.isDirectory() && e.name !== 'contract')
  .map((e) => path.join(STORE, e.name));

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx|mts)$/.test(e.name)) out.push(full);
  }
  return out;
}

/** Module specifiers of static imports, re-exports and dynamic imports. */
function importsOf(source: string): string[] {
  const out: string[] = [];
  const re = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"]+)\1/g;
  for (const m of source.matchAll(re)) out.push(m[2] as string);
  return out;
}

/** The backend folder a relative import from `file` lands in, or null. */
function backendReached(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = path.resolve(path.dirname(file), specifier);
  return BACKENDS.find((b) => target === b || target.startsWith(b + path.sep)) ?? null;
}

describe('store boundaries', () => {
  it('finds the import forms it checks', () => {
    const cases: [string, string[]][] = [
      ["import { a } from './x.js';", ['./x.js']],
      ["import type { B } from '../y.js';", ['../y.js']],
      ["export { c } from './z.js';", ['./z.js']],
      ["const m = await import('./w.js');", ['./w.js']],
      ["import './side-effect.js';", ['./side-effect.js']],
    ];
    for (const [source, expected] of cases) expect(importsOf(source)).toEqual(expected);
  });

  it('has at least one backend folder to guard', () => {
    expect(BACKENDS.map((b) => path.basename(b))).toContain('sqlite');
  });

  it('no module outside src/store imports a backend folder', () => {
    const offenders: string[] = [];
    for (const folder of ['src', 'test', 'bench', 'scripts', 'web']) {
      for (const file of sourceFiles(path.join(ROOT, folder))) {
        if (file.startsWith(STORE + path.sep)) continue;
        const text = fs.readFileSync(file, 'utf8');
        for (const spec of importsOf(text)) {
          const backend = backendReached(file, spec);
          if (backend) offenders.push(`${path.relative(ROOT, file)} imports ${spec}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
