import { describe, expect, it } from 'vitest';
import { isUnnamedRole } from './is-unnamed-role.js';

describe('isUnnamedRole', () => {
  it.each([
    ['One witness', true],
    ['the witness', true],
    ['The girl', true],
    ['Another woman in the town', true],
    ['a spokesman', true],
    ['A spokeswoman for the Fenn Trust', true],
    ['The head of the agency', true],
    ['The mayor of Dunmore', true],
    ['The Westford police chief', true],
    ['the resident who refused to be named', true],
    ['A Fenmoor Hospital spokesman', true],
    ['A Department for Roads spokesman', true],
    ['the group’s spokesman', true],
    ['Her Paris-based agent', true],
    ['two women', true],
    ['local residents', true],
    ['witnesses', true],
    // Bodies speak for themselves.
    ['the Foreign Ministry', false],
    ['the Kremlin', false],
    ['the ministry', false],
    ['The Royal Society of Fenmoor', false],
    ['the Court of Appeal', false],
    ['police', false],
    ['staff', false],
    // Part of a group of people, unnamed, is a role; the group alone is a body.
    ['her staff', true],
    ['some people', true],
    ['the staff', false],
    ['the government', false],
    // Names are not roles, and a bare singular is a cut phrase check-speaker handles.
    ['Tom Pike', false],
    ['doctor', false],
    ['The Westford Association which represents farmers', false],
    ['the doctor earlier', true],
    // A role phrase without a determiner: a singular head with more words is a role too.
    ['ferry service spokesman', true],
    ['solicitor for Ann Doe', true],
    ['chairman of the Westford Angling Club', true],
    // Unnamed bodies in the plural are a role; a named or collective body is not.
    ['authorities', true],
    ['health authorities', true],
    ['police', false],
    ['Westford Council', false],
  ])('%s → %s', (phrase, expected) => {
    expect(isUnnamedRole(phrase)).toBe(expected);
  });

  it.each([
    // A capitalised plural of a listed person word or title opening a sentence is a role.
    ['Doctors', true, true],
    ['Prosecutors', true, true],
    ['Colleagues', true, true],
    ['Authorities', true, true],
    ['Commissioners', true, true],
    ['Hospital doctors', true, true],
    ['Kelby councillors', false, true],
    ['Kelby authorities', false, true],
    // A singular person word or title opening a sentence before its preposition is a role.
    ['Counsel for the mother', true, true],
    ['Witness for the defence', true, true],
    ['Counsel for Ann Fenn', true, true],
    // Inside a sentence, or before a name, it is part of a name or a title.
    ['Counsel for the mother', false, false],
    ['Judge Ann Fenn', true, false],
    // Not at a sentence's start, it is written as a name.
    ['Doctors', false, false],
    // A surname in -s and a family name with a singular noun are not plurals of person words.
    ['Rogers', true, false],
    ['Nolan family', true, false],
    ['Police', true, false],
  ])('%s opening a sentence (%s) → %s', (phrase, opensSentence, expected) => {
    expect(isUnnamedRole(phrase, opensSentence)).toBe(expected);
  });
});
