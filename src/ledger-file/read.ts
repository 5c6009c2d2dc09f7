import type { Ledger } from '../core/types.js';
import type { Store } from '../store/store.js';
import { LEDGER_SECTIONS } from './sections.js';

/** Below this size a ledger is parsed as one string; above, section by section (see `parseLedger`). */
const ONE_STRING = 64 * 1024 * 1024;

/**
 * The ledger of the latest `analyze` run on this store, or null when there was none. A large
 * store's ledger (hundreds of MB) is parsed item by item from the inflated bytes: it is never one
 * JavaScript string, which V8 limits to about 512 MB.
 */
export function loadLedger(store: Store): Ledger | null {
  const bytes = store.analysis.latestLedgerBytes();
  return bytes ? parseLedger(bytes) : null;
}

/** Bytes of items parsed with one `JSON.parse`. */
const CHUNK = 4 * 1024 * 1024;
const SECTIONS = new Set<string>(LEDGER_SECTIONS);
const NL = 0x0a;
const SPACE = 0x20;
const COMMA = 0x2c;
const CLOSE = 0x7d;

/**
 * Parses ledger JSON from bytes. Small ledgers go through `JSON.parse`. A larger one must be laid
 * out as `writeLedgerFile` (and `toLedgerJson`) write it — two-space indentation, each item of a
 * section starting with a `    {` line and ending with a `    }` line — and is parsed one item at
 * a time (an item's JSON never holds a raw line break, so the lines are unambiguous).
 */
export function parseLedger(bytes: Buffer, oneString = ONE_STRING): Ledger {
  if (bytes.length <= oneString) return JSON.parse(bytes.toString('utf8')) as Ledger;
  const ledger: Record<string, unknown> = {};
  const line = (start: number, end: number) => bytes.toString('utf8', start, end);
  let pos = 0;
  const next = (): [number, number] | null => {
    if (pos >= bytes.length) return null;
    let end = bytes.indexOf(NL, pos);
    if (end < 0) end = bytes.length;
    const range: [number, number] = [pos, end];
    pos = end + 1;
    return range;
  };
  const fail = (what: string): never => {
    throw new Error(
      `ledger JSON is not laid out as analyze writes it (${what}); cannot parse it piece by piece`,
    );
  };
  const first = next();
  if (!first || line(...first) !== '{') fail('first line');
  for (let r = next(); r; r = next()) {
    const text = line(...r);
    if (text === '}') return ledger as unknown as Ledger;
    const section = /^ {2}"(\w+)": \[(\]?),?$/.exec(text);
    if (section && SECTIONS.has(section[1] as string)) {
      const items: unknown[] = [];
      ledger[section[1] as string] = items;
      if (section[2] === ']') continue;
      // Consecutive items are parsed together, a few MB at a time: `[item,\n item]` is JSON.
      let chunk = -1;
      let start = -1;
      let last = -1;
      const flush = () => {
        if (chunk < 0) return;
        for (const x of JSON.parse(`[${bytes.toString('utf8', chunk, last)}]`) as unknown[]) items.push(x);
        chunk = -1;
      };
      for (let s = next(); s; s = next()) {
        // Only lines of four spaces and a brace matter; the others are inside an item.
        const length = s[1] - s[0];
        if (start < 0) {
          const t = line(s[0], Math.min(s[1], s[0] + 6));
          if (t === '  ]' || t === '  ],') break;
          if (t !== '    {') fail(`item start in ${section[1]}`);
          start = s[0];
          if (chunk < 0) chunk = start;
        } else if (
          (length === 5 || (length === 6 && bytes[s[0] + 5] === COMMA)) &&
          bytes[s[0] + 4] === CLOSE &&
          bytes[s[0] + 3] === SPACE
        ) {
          last = s[0] + 5;
          start = -1;
          if (last - chunk >= CHUNK) flush();
        }
      }
      flush();
      continue;
    }
    // A header field (schema, custody): one line, or an object up to its closing `  }`.
    const field = /^ {2}"(\w+)": (.*?),?$/.exec(text);
    if (!field) fail(`line ${text.slice(0, 40)}`);
    const [, key, value] = field as RegExpExecArray;
    if (value === '{') {
      const start = r[0] + text.indexOf('{');
      for (let s = next(); s; s = next()) {
        const t = line(...s);
        if (t === '  }' || t === '  },') {
          ledger[key as string] = JSON.parse(bytes.toString('utf8', start, s[0] + 3));
          break;
        }
      }
    } else ledger[key as string] = JSON.parse(value as string);
  }
  return fail('no closing brace');
}
