import { describe, expect, it } from 'vitest';
import { incidentTelling } from './tell-incident.js';

describe('incidentTelling', () => {
  it.each([
    ['Gunmen killed four farmers near the ford at Alderby on Tuesday.', 2],
    ['Thirty-two people were wounded when the bridge at Fennick was shelled.', 2],
    ['Rescuers found the bodies of 9 villagers in a ditch outside Harrowgate.', 2],
    ['At least two shells landed near the granary, witnesses said.', 1],
    ['Militiamen shelled the outskirts of Corbin overnight.', 1],
    ['Several mayors said the killings in the valley amounted to crimes against the region.', 0],
    ['He said they were funding these raids.', 0],
    ['The governor condemned the shelling of the port.', 0],
    ['The militia has shifted its offensive toward the northern ridge.', 0],
    ['A council meeting discussed the market budget on Monday.', 0],
  ])('%s → %i', (sentence, expected) => {
    expect(incidentTelling(sentence)).toBe(expected);
  });
});
