import { readFileSync } from 'node:fs';

let sections: Set<string> | null = null;

function sectionNames(): Set<string> {
  sections ??= new Set(
    (
      JSON.parse(
        readFileSync(new URL('../../../data/feed-title-sections.json', import.meta.url), 'utf8'),
      ) as { sections: string[] }
    ).sections,
  );
  return sections;
}

const separators = [' – ', ' — ', ' - ', ' | ', ': ', ' :: ', ' » '];

/**
 * The outlet's name in a feed's channel title: `Lakeside Radio – News` → `Lakeside Radio`,
 * `Latest News | Harbour Times` → `Harbour Times`. Only generic section names
 * (data/feed-title-sections.json) are removed; any other title is kept whole.
 */
export function outletFromFeedTitle(title: string): string {
  for (const sep of separators) {
    const at = title.lastIndexOf(sep);
    if (at > 0) {
      const left = title.slice(0, at).trim();
      const right = title.slice(at + sep.length).trim();
      if (left && sectionNames().has(right.toLowerCase())) return left;
      if (right && sectionNames().has(left.toLowerCase())) return right;
    }
  }
  return title;
}

/** A page title without a trailing or leading `| Outlet` when it names the given outlet. */
export function titleWithoutOutlet(title: string, outlet: string | undefined): string {
  if (!outlet) return title;
  const lower = title.toLowerCase();
  const name = outlet.toLowerCase();
  for (const sep of separators) {
    if (lower.endsWith(`${sep}${name}`.toLowerCase()) && title.length > sep.length + name.length) {
      return title.slice(0, title.length - sep.length - name.length).trim();
    }
    if (lower.startsWith(`${name}${sep}`.toLowerCase()) && title.length > sep.length + name.length) {
      return title.slice(name.length + sep.length).trim();
    }
  }
  return title;
}
