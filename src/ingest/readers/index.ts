/** The ingest readers: one per format, and `readInput` choosing among them. */

export { canonicalText } from '../canonical-text.js';
export { detectFormat, type InputFormat } from '../detect-format.js';
export { defaultLimits, resolveLimits } from '../limits.js';
export { readFeed } from './read-feed.js';
export { readHtml } from './read-html.js';
export { type ReadInputOptions, readerFor, readInput } from './read-input.js';
export { readJson } from './read-json.js';
export { readJsonl } from './read-jsonl.js';
export { readMarkdown } from './read-markdown.js';
export { readText } from './read-text.js';
export { readWarc } from './read-warc.js';
