import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { markupDepth } from './markup-depth.js';

/** Depth of the tree the HTML parser actually builds, below <html>. */
function treeDepth(markup: string): number {
  const { document } = parseHTML(markup);
  let max = 0;
  const walk = (node: Element, depth: number): void => {
    if (depth > max) max = depth;
    for (const child of Array.from(node.children)) walk(child, depth + 1);
  };
  walk(document.documentElement, 1);
  return max;
}

const n = 300;

describe('the HTML nesting pre-scan counts what the parser builds', () => {
  it.each([
    ['<div/> is a start tag in HTML', `${'<div/>'.repeat(n)}x`],
    ['end tags of elements not open close nothing', `${'<div></span>'.repeat(n)}x`],
    ['caption start tags do not close each other', `<table>${'<caption>'.repeat(n)}x`],
    ['colgroup start tags do not close each other', `<table>${'<colgroup><div>'.repeat(n)}x`],
    ['noscript content is parsed as markup', `<noscript>${'<div>'.repeat(n)}</noscript>`],
    ['nested sections', `${'<section>'.repeat(n)}x`],
  ])('a deep tree: %s', (_, markup) => {
    const depth = treeDepth(markup);
    expect(depth).toBeGreaterThanOrEqual(n);
    // The scan passes the limit (the parser's depth, less the <html> and <body> it adds).
    expect(markupDepth(markup, 'html', n - 5)).toBeGreaterThan(n - 5);
  });

  it.each([
    ['unclosed list items', `<ul>${'<li>item'.repeat(n)}</ul>`],
    ['unclosed paragraphs', `${'<p>para'.repeat(n)}`],
    ['paragraphs closed by blocks', `${'<p>para<div>block</div>'.repeat(n)}`],
    ['table rows and cells without end tags', `<table>${'<tr><td>a<td>b'.repeat(n)}</table>`],
    [
      'void elements and svg self-closing children',
      `${'<br><img src=x><hr/>'.repeat(n)}<svg>${'<path d="M0"/>'.repeat(n)}</svg>`,
    ],
    ['script text that looks like markup', `<script>${'<div>'.repeat(n)}</script>`],
  ])('a shallow tree: %s', (_, markup) => {
    const depth = treeDepth(markup);
    expect(depth).toBeLessThan(10);
    expect(markupDepth(markup, 'html', 20)).toBeLessThanOrEqual(20);
  });

  it('stops at the limit in time linear in the input (300k <div/>)', () => {
    const markup = `<html><body>${'<div/>'.repeat(300_000)}</body></html>`;
    const t = performance.now();
    expect(markupDepth(markup, 'html', 512)).toBe(513);
    expect(performance.now() - t).toBeLessThan(2000);
  });
});
