import type { Passage } from '../core/types.js';

export interface RenderOptions {
  /** ANSI colours (verbatim green, paraphrase yellow) instead of plain `[V1 … ]` markers. */
  color: boolean;
  /** How a run of the text is shown (the CLI escapes control characters); the text as it is by default. */
  show?: (text: string) => string;
}

/**
 * Marks the passages of one side (`a` or `b`) inside its text. Each passage is numbered in the
 * order given; where passages overlap, the first one listed wins. Plain mode writes `[V1 ` and
 * `[P2 ` before a passage and `]` after it, so the output stays readable in a file.
 */
export function renderSide(
  text: string,
  passages: readonly Passage[],
  side: 'a' | 'b',
  options: RenderOptions,
): string {
  const label = new Int32Array(text.length).fill(-1);
  passages.forEach((p, k) => {
    const [s, e] = p[side];
    for (let i = s; i < e; i++) if (label[i] === -1) label[i] = k;
  });
  const show = options.show ?? ((run: string) => run);
  let out = '';
  let current = -1;
  let runStart = 0;
  for (let i = 0; i <= text.length; i++) {
    const l = i < text.length ? (label[i] as number) : -1;
    if (l !== current || i === text.length) {
      // Markers go between runs, so an escaped run never splits a marker or a colour code.
      out += show(text.slice(runStart, i));
      runStart = i;
    }
    if (l !== current) {
      if (current >= 0) out += options.color ? '\x1b[0m' : ']';
      if (l >= 0) {
        const p = passages[l] as Passage;
        out += options.color
          ? p.kind === 'verbatim'
            ? '\x1b[42;30m'
            : '\x1b[43;30m'
          : `[${p.kind === 'verbatim' ? 'V' : 'P'}${l + 1} `;
      }
      current = l;
    }
  }
  return out;
}

/** One line per passage: number, kind, score and the spans on both sides. */
export function renderPassageTable(passages: readonly Passage[]): string {
  return passages
    .map(
      (p, k) =>
        `${String(k + 1).padStart(3)}  ${p.kind.padEnd(10)} ${p.score.toFixed(2)}  a[${p.a[0]},${p.a[1]})  b[${p.b[0]},${p.b[1]})`,
    )
    .join('\n');
}
