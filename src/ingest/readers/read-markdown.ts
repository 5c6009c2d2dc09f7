import { canonicalText } from '../canonical-text.js';
import type { Reader } from '../reader.js';
import { diagnostic } from './diagnostic.js';
import { markdownToText } from './markdown-to-text.js';
import { decodeWholeText } from './read-text.js';

/** Markdown → one record: text with markup syntax removed (see `markdownToText`), front matter as metadata. */
export const readMarkdown: Reader = (bytes, { source, limits, encoding }) => {
  const decoded = decodeWholeText(bytes, { source }, limits, encoding);
  if ('diagnostic' in decoded) return { reader: 'markdown', records: [], diagnostics: [decoded.diagnostic] };
  const { text, meta } = markdownToText(decoded.text);
  if (text.trim() === '') {
    return {
      reader: 'markdown',
      records: [],
      diagnostics: [
        diagnostic(
          { source },
          'no-text',
          'error',
          'The Markdown file has front matter or markup but no text.',
        ),
      ],
    };
  }
  return {
    reader: 'markdown',
    records: [{ recordKey: '', text: canonicalText(text), meta }],
    diagnostics: [],
  };
};
