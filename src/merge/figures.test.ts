import { describe, expect, it } from 'vitest';
import type { IncidentMention, Quantity } from '../core/types.js';
import { reconcileFigure } from './figures.js';

const count = (best: number, implicit = false): Quantity => ({
  span: [0, 1],
  text: String(best),
  low: best,
  best,
  high: best,
  qualifier: 'exact',
  percent: false,
  counted: 'person',
  ...(implicit ? { implicit: true as const } : {}),
});

const mention = (injured: Quantity | null, id: string): IncidentMention => ({
  id,
  documentId: id,
  span: [0, 1],
  text: 'x',
  sentence: [0, 1],
  kind: 'shooting',
  type: 'Violence against civilians',
  subtype: 'Attack',
  trigger: { span: [0, 1], text: 'x' },
  killed: null,
  injured,
  counts: [],
  date: null,
  place: null,
  actors: [],
  modality: 'fact',
  origin: null,
});

describe('reconcileFigure', () => {
  it.each([
    // A written count decides over people named one by one ("the 19-year-old was shot in the leg").
    [[count(4), count(1, true)], 4],
    [[count(1, true), count(2)], 2],
    // With no written count, the people named count.
    [[count(1, true), count(2, true)], 1],
    // Written counts keep the conservative rule.
    [[count(3), count(5)], 3],
  ])('%j → best %i', (figures, best) => {
    const mentions = figures.map((q, i) => mention(q, `d${i}`));
    expect(reconcileFigure('injured', mentions).range?.best).toBe(best);
  });
});
