import { describe, expect, it } from 'vitest';
import { largestFigures } from './__fixtures__/largest-figures.js';

/** The largest killed and injured figure over a document's incidents (0 when none). */
function figures(text: string): { killed: number; injured: number } {
  const { killed, injured } = largestFigures(text);
  return { killed, injured };
}

// Sentences written for these tests; every name and place is invented.
// A count of wounds, shots, bullets, rounds or times says how one person was hurt, not how many
// people were; a count of people beside it still counts.
const cases: [string, number, number][] = [
  // The rule fires: the count is of wounds or shots, so one person is the figure.
  ['Jon Pell died of two gunshot wounds at the hospital.', 1, 0],
  ['The man died from three gunshot wounds to the chest.', 1, 0],
  ['Officers found a woman with two gunshot wounds; she was rushed to a clinic.', 0, 1],
  ['A man suffered two gunshot wounds to the leg.', 0, 1],
  ['Two men were hit by 12 pellets from a shotgun and were hurt.', 0, 2],
  ['A clerk was wounded by four bullets and survived.', 0, 1],
  ['Gunmen fired 15 rounds into the house, killing one man.', 1, 0],
  ['The boy was shot three times and died.', 1, 0],
  ['Witnesses heard five gunshots before a woman was found dead.', 1, 0],
  // The rule must not fire: the count is of people, with wounds named after it.
  ['Three people suffered gunshot wounds.', 0, 3],
  ['Officers found two people with gunshot wounds.', 0, 2],
  ['Five people were wounded by the bullets.', 0, 5],
  // Part of those hurt died: the rest are still injured.
  ['Two people were shot, one of them died.', 1, 1],
  ['Deputies found two men who had been shot, one of whom died.', 1, 1],
  ['Officers answered a call of gunfire and found two victims, one of whom died.', 1, 1],
  ['Deputies found three victims, one of them died.', 1, 2],
  // Not the rest of those hurt: all of them died, or the clause says who one of them was.
  ['Officers found two victims, one of whom was a teen, and both died.', 2, 0],
  ['Two men were found dead, one of whom was a teen.', 2, 0],
  ['Four people were killed, one of whom died later.', 4, 0],
];

describe('counts of wounds and shots, and the rest of those found', () => {
  it.each(cases)('%s → killed %i, injured %i', (text, killed, injured) => {
    expect(figures(text)).toEqual({ killed, injured });
  });
});
