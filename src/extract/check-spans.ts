import type { Span } from '../core/types.js';

interface Spanned {
  span: Span;
  text: string;
}

/**
 * Lists every record (and nested span/text pair) whose `text` differs from the slice of the
 * document at its `span`. Extractor tests assert that the list is empty.
 */
export function findSpanMismatches(text: string, records: readonly unknown[]): string[] {
  const problems: string[] = [];
  const visit = (value: unknown, path: string): void => {
    if (value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        visit(item, `${path}[${index}]`);
      });
      return;
    }
    const record = value as Partial<Spanned> & Record<string, unknown>;
    if (Array.isArray(record.span) && typeof record.text === 'string') {
      const [start, end] = record.span as Span;
      const slice = text.slice(start, end);
      if (!(start >= 0 && end >= start && end <= text.length) || slice !== record.text) {
        problems.push(
          `${path}: span [${start}, ${end}) slices to ${JSON.stringify(slice)}, text is ${JSON.stringify(record.text)}`,
        );
      }
    }
    for (const [key, child] of Object.entries(record)) {
      if (key !== 'span' && typeof child === 'object') visit(child, `${path}.${key}`);
    }
  };
  records.forEach((record, index) => {
    visit(record, `[${index}]`);
  });
  return problems;
}
