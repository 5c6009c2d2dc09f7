import { expect } from 'vitest';
import type { Ledger } from '../../src/core/types.js';
import { distinctCitations } from '../../src/export/brief.js';

const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

/** A printed line of the brief: an incident's sentence or a denial, with the documents it cites. */
const LINE = /^(?: {2}Denied by [^:]+: )?(.*) \[([^\]]*)\](?: \(the incident: [^)]*\))?$/;

/**
 * Checks a brief against its ledger and the documents' texts: every sentence printed (an
 * incident's or a denial's) is a whole sentence in the text of every document it cites, and no quotation the
 * ledger flags as altered is printed. Returns the number of sentences checked.
 */
export function checkBrief(
  brief: string,
  ledger: Ledger,
  textOf: (id: string) => string | undefined,
): number {
  // The names the brief prints (two documents cited alike are told apart there), each to its document.
  const byName = new Map([...distinctCitations(ledger.documents)].map(([id, name]) => [name, id]));
  let checked = 0;
  for (const line of brief.split('\n')) {
    if (line.trim() === '' || line.startsWith('  Disputed ')) continue;
    const quoted = /^ {2}Misquoted \[[^\]]*\] .*: "(.*)" \[([^\]]*)\]$/.exec(line);
    if (quoted) {
      for (const name of (quoted[2] ?? '').split('; ')) {
        const text = flat(textOf(byName.get(name) ?? '') ?? '');
        expect(text.includes(flat(quoted[1] ?? '')), `${name} does not quote: ${quoted[1]}`).toBe(true);
      }
      checked++;
      continue;
    }
    const m = LINE.exec(line);
    expect(m, `a line without citations: ${line}`).not.toBeNull();
    const sentence = flat(m?.[1] ?? '');
    const ids: string[] = [];
    for (const name of (m?.[2] ?? '').split('; ')) {
      const id = byName.get(name);
      if (id) ids.push(id);
      expect(id, `a citation of no document: ${name}`).toBeDefined();
      expect(flat(textOf(id as string) ?? '').includes(sentence), `${name} does not state: ${sentence}`).toBe(
        true,
      );
    }
    // A whole sentence (or a whole line, such as a headline), never a clause cut before its end.
    const whole =
      /[.!?]["'”’)]*$/.test(sentence) ||
      ids.some((id) => (textOf(id) ?? '').split('\n').some((l) => flat(l) === sentence));
    expect(whole, `a fragment: ${sentence}`).toBe(true);
    checked++;
  }
  for (const v of ledger.quotes.flatMap((q) => q.variants)) {
    if (v.flag) expect(brief).not.toContain(flat(v.text));
  }
  return checked;
}
