import { describe, expect, it } from 'vitest';
import { doc, incident, qty } from './__fixtures__/records.js';
import { isPassingMention } from './passing-mention.js';

describe('passing mentions', () => {
  const d = doc(
    'd',
    'The suspect was charged in the shooting. Gunmen killed four guards at the depot on Monday. ' +
      'A car park became a shelter for families fleeing the port. Two people were hurt.',
  );
  it.each([
    ['a back-reference with no date or toll', 'The suspect was charged in the shooting', null, null, true],
    [
      'something that happened somewhere, undated',
      'A car park became a shelter for families',
      null,
      null,
      true,
    ],
    ['a toll without a date', 'Two people were hurt', null, qty(2), false],
    [
      'a dated clause without a toll',
      'Gunmen killed four guards at the depot on Monday',
      '2024-05-06',
      null,
      false,
    ],
    [
      'a dated clause with a toll',
      'Gunmen killed four guards at the depot on Monday',
      '2024-05-06',
      qty(4),
      false,
    ],
  ] as const)('%s', (_, clause, date, toll, passing) => {
    const m = incident(d, 1, clause, {
      date,
      ...(clause.includes('hurt') ? { injured: toll } : { killed: toll }),
    });
    expect(isPassingMention(m)).toBe(passing);
  });

  it('treats the report date filled in for an undated clause as no date of its own', () => {
    const m = incident(d, 1, 'The suspect was charged in the shooting');
    const implied = { ...(m.date as NonNullable<typeof m.date>), span: [0, 0] as [number, number] };
    expect(isPassingMention({ ...m, date: implied })).toBe(true);
    expect(isPassingMention(m)).toBe(false);
  });
});
