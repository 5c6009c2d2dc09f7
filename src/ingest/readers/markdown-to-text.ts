import type { DocumentMeta } from '../../core/types.js';
import { normalizeDate } from './normalize-date.js';

/**
 * Markdown → plain text, keeping every word and dropping only markup syntax:
 * - YAML front matter (`---` … `---` at the top) is removed; its `title`, `date`/`published`,
 *   `author`/`byline`, `url`, `outlet`/`source`/`publisher` become metadata.
 * - Heading marks (`# `, setext underlines), blockquote `>`, list markers, horizontal rules, code
 *   fences and link reference definitions are removed; fenced code is kept as written.
 * - Inline: `[text](url)` → text, `![alt](src)` → alt, `<https://x>` → the URL, emphasis and
 *   strike marks, backticks and inline HTML tags are removed; backslash escapes are resolved.
 * - The first heading, when the document starts with one, is the title (unless front matter gave it).
 * Line structure is kept: paragraphs stay separated by blank lines.
 */
export function markdownToText(markdown: string): { text: string; meta: Partial<DocumentMeta> } {
  const meta: Partial<DocumentMeta> = {};
  let lines = markdown.split('\n');
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((line, i) => i > 0 && i < 200 && /^(---|\.\.\.)\s*$/.test(line));
    if (end > 0) {
      readFrontMatter(lines.slice(1, end), meta);
      lines = lines.slice(end + 1);
    }
  }
  const out: string[] = [];
  let fence: string | null = null;
  let seenText = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1]?.[0] === fence[0] && (fenceMatch[1]?.length ?? 0) >= fence.length)
        fence = null;
      else out.push(line);
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1] as string;
      continue;
    }
    const next = lines[i + 1];
    const setext = next !== undefined && line.trim() !== '' && /^\s{0,3}(=+|-+)\s*$/.test(next);
    if (/^\s{0,3}(=+)\s*$/.test(line) || /^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) {
      out.push('');
      continue;
    }
    if (
      /^\s{0,3}\[[^\]]+\]:\s*\S+/.test(line) ||
      /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line)
    ) {
      continue;
    }
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    let text = heading ? (heading[2] as string) : line;
    text = text.replace(/^\s{0,3}(?:>\s?)+/, '').replace(/^(\s*)(?:[-*+]|\d{1,9}[.)])\s+/, '$1');
    text = inline(text);
    if (!seenText && text.trim() !== '') {
      seenText = true;
      if ((heading || setext) && !meta.title) meta.title = text.trim();
    }
    out.push(text);
  }
  return {
    text: out
      .join('\n')
      .replace(/^\n+/, '')
      .replace(/\n{3,}/g, '\n\n'),
    meta,
  };
}

// Backslash escapes are set aside first (as private-use characters) so that an escaped `*` or `_`
// is never read as emphasis, then restored as the plain character. A line that already holds such
// characters skips this step, so they are never rewritten.
const escapeBase = 0xe000;

function inline(line: string): string {
  const protect = !/[\ue000-\ue07f]/.test(line);
  const escaped = /\\([\\`*_{}[\]()#+\-.!|>~])/g;
  const text = protect
    ? line.replace(escaped, (_, c: string) => String.fromCharCode(escapeBase + c.charCodeAt(0)))
    : line.replace(escaped, '$1');
  const out = text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<((?:https?|mailto):[^>\s]+)>/g, '$1')
    .replace(/<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g, '')
    .replace(/(`+)(.+?)\1/g, '$2')
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])/g, '$1')
    .replace(/(?<!\w)_(?=\S)(.+?)(?<=\S)_(?!\w)/g, '$1')
    .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, '$1');
  return protect
    ? out.replace(/[\ue000-\ue07f]/g, (c) => String.fromCharCode(c.charCodeAt(0) - escapeBase))
    : out;
}

function readFrontMatter(lines: string[], meta: Partial<DocumentMeta>): void {
  for (const line of lines) {
    const m = /^([A-Za-z_]+)\s*:\s*(.+?)\s*$/.exec(line);
    if (!m) continue;
    const key = (m[1] as string).toLowerCase();
    const value = (m[2] as string).replace(/^(["'])(.*)\1$/, '$2');
    if (key === 'title') meta.title ??= value;
    else if (key === 'date' || key === 'published') meta.published ??= normalizeDate(value);
    else if (key === 'author' || key === 'byline') meta.byline ??= value;
    else if (key === 'url') meta.url ??= value;
    else if (key === 'outlet' || key === 'source' || key === 'publisher') meta.outlet ??= value;
  }
}
