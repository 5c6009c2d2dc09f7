import { describe, expect, it } from 'vitest';
import { governmentRole, speakerFault } from './check-speaker.js';

describe('speakerFault', () => {
  const report = 'Mr Brindle said the town would recover. Ann Moncton spoke next.';
  it.each([
    // [speaker phrase, fault]
    ['Tom Pike', null],
    ['A spokesman for the Harbour Trust', null],
    ['the neighbour who asked not to be named', null],
    ['Residents', null],
    ['local teachers', null],
    ['The specialist', null],
    ['her lawyer', null],
    // A country or a national capital stands for its government.
    ['Iceland', null],
    ['Copenhagen', null],
    // An abstract noun opening an idiom or an event is not who spoke.
    ['Legend', 'thing'],
    ['Outrage', 'thing'],
    // A street suffix cut from an address is not who spoke; a court or Downing Street with its name is a body.
    ['Street', 'place'],
    ['the Court of Appeal', null],
    // A possessive names whose, not who.
    ["the council's", 'possessive'],
    ["some of the minister's", 'possessive'],
    // A cut clause: a pronoun, an auxiliary, a subordinator or a cue inside the phrase.
    ['the board it was a fair vote', 'clause'],
    ['Westshire which', 'clause'],
    ['the panel that the money had gone', 'clause'],
    ['Said Owen', 'clause'],
    ['the two judges in weighing the evidence', 'clause'],
    // A thing, not a person or a body.
    ['charges', 'thing'],
    ['the verdict', 'thing'],
    ['A hospital statement', 'thing'],
    ['the letter', 'thing'],
    ['the murder', 'thing'],
    ['the corridor', 'thing'],
    ['Grace May', null],
    ['Will Fenn', null],
    ['Edwin Said', null],
    ['US officials', null],
    ['IT staff', null],
    ['It was a trick', 'clause'],
    ['I', 'clause'],
    ['The carpenter', null],
    // A programme's or a work's title never speaks; an outlet does.
    ['Late Night Show', 'thing'],
    ['The Sunday Crime Series', 'thing'],
    ['Westford Evening News', null],
    ['Tom Show', null],
    // A nationality adjective alone.
    ['Danish', 'demonym'],
    // A singular role word cut from its phrase; a plural or a collective speaks on its own.
    ['doctor', 'role'],
    ['police', null],
    // A city or a region that is not a capital.
    ['Laredo', 'place'],
    ['Saskatchewan', 'place'],
  ])('%s → %s', (speaker, fault) => {
    expect(speakerFault(speaker, report)).toBe(fault);
  });

  it('keeps a place name the report writes as a person name', () => {
    expect(speakerFault('Moncton', report)).toBe(null);
    expect(speakerFault('Moncton', 'Moncton said the result was fair.')).toBe('place');
  });
});

describe('governmentRole', () => {
  it.each([
    // [speaker, report, role]
    ['Iceland', 'Iceland said the quota was final.', 'government'],
    ['Copenhagen', 'Copenhagen said the treaty stood.', 'government of Denmark'],
    // A city that is not a national capital is never a government.
    ['Laredo', 'Laredo said the bridge was shut.', null],
    ['Tom Pike', 'Tom Pike said so.', null],
    // A capital the report also writes as a person's name is that person.
    ['Copenhagen', 'Ann Copenhagen, a neighbour, said she heard shots.', null],
  ])('%s in %j → %s', (speaker, report, role) => {
    expect(governmentRole(speaker, report)).toBe(role);
  });
});
