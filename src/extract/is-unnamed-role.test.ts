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
    ['her staff', false],
    ['the government', false],
    // Names are not roles, and a bare singular is a cut phrase check-speaker handles.
    ['Tom Pike', false],
    ['doctor', false],
    ['The Westford Association which represents farmers', false],
    ['the doctor earlier', true],
  ])('%s → %s', (phrase, expected) => {
    expect(isUnnamedRole(phrase)).toBe(expected);
  });
});
