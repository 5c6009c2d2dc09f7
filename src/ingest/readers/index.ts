/** The ingest readers: one per format, and `readInput` choosing among them. */
export { readInput, readerFor, type ReadInputOptions } from './read-input.js';
export { readText } from './read-text.js';
export { readMarkdown } from './read-markdown.js';
export { readHtml } from './read-html.js';
export { readJson } from './read-json.js';
export { readJsonl } from './read-jsonl.js';
export { readWarc } from './read-warc.js';
export { readFeed } from './read-feed.js';
export { defaultLimits, resolveLimits } from '../limits.js';
export { detectFormat, type InputFormat } from '../detect-format.js';
export { canonicalText } from '../canonical-text.js';
