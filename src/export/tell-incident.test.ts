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
    // A number that counts no one is no casualty count; a reference stays a reference.
    ['The envoy said the killings on 9 June amounted to a crime against Dunmore.', 0],
    ['Farmers were killed on 14 March near Tarrow, officials said.', 1],
    ['Rescuers recovered the bodies of 14 herders near Quillan.', 2],
    // History and running tolls are no incident happening, whatever their count.
    ['The 1987 massacre of 3,000 herders was recalled by the elders of Brisk.', 0],
    ['Since Oct. 3, thousands of herders have been killed across the valley.', 0],
    ['At least 900 people have been shot since January in Orlen County.', 0],
  ])('%s → %i', (sentence, expected) => {
    expect(incidentTelling(sentence)).toBe(expected);
  });
});
