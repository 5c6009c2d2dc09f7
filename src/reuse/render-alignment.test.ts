import { describe, expect, it } from 'vitest';
import type { Passage } from '../core/types.js';
import { renderSide } from './render-alignment.js';

const passage = (a: [number, number], kind: Passage['kind'] = 'verbatim'): Passage => ({
  a,
  b: a,
  kind,
  score: 1,
});
const shout = (run: string) => run.toUpperCase();

describe('renderSide', () => {
  it.each([
    ['no passage', 'a quiet road', [], {}, 'a quiet road'],
    ['one verbatim passage', 'a quiet road', [passage([2, 7])], {}, 'a [V1 quiet] road'],
    ['a passage to the end', 'a quiet road', [passage([8, 12], 'paraphrase')], {}, 'a quiet [P1 road]'],
    ['runs shown through show()', 'a quiet road', [passage([2, 7])], { show: shout }, 'A [V1 QUIET] ROAD'],
    [
      'markers are never passed to show()',
      'ab',
      [passage([0, 1]), passage([1, 2])],
      { show: shout },
      '[V1 A][V2 B]',
    ],
  ] as const)('%s', (_name, text, passages, extra, expected) => {
    expect(renderSide(text, passages, 'a', { color: false, ...extra })).toBe(expected);
  });
});
