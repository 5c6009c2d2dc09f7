import { describe, expect, it } from 'vitest';
import { isRoleOnly, parseSpeaker } from './parse-speaker.js';

describe('parseSpeaker', () => {
  it.each([
    // [phrase, speaker, role, kind]
    ['Westford Mayor Ann Cole', 'Ann Cole', 'Westford Mayor', 'person'],
    // A title `of` a place before a name: the last two words are the name, the rest the role.
    ['Recorder of Westford Tom Brame', 'Tom Brame', 'Recorder of Westford', 'person'],
    ['Chief Constable of North Fenshire Ann Cole', 'Ann Cole', 'Chief Constable of North Fenshire', 'person'],
    ['Innocent Mbafele', 'Innocent Mbafele', null, 'person'],
    // Punctuation cut from the running text around a name is not part of it.
    ['Innocent Mbafele,', 'Innocent Mbafele', null, 'person'],
    ['  Innocent Mbafele ; ', 'Innocent Mbafele', null, 'person'],
    ['“Didier Kalonji', 'Didier Kalonji', null, 'person'],
    // A leading label before a colon says who the speaker speaks for: it becomes the role.
    ['LALF: Innocent Mbafele,', 'Innocent Mbafele', 'LALF', 'person'],
    ['Red Cross: Spokesman Ewan Watson', 'Ewan Watson', 'Red Cross Spokesman', 'person'],
    ['Reuters: the ministry', 'the ministry', null, 'description'],
    // Parentheses belong to the name.
    ['Lake Albert Liberation Front (LALF)', 'Lake Albert Liberation Front (LALF)', null, 'organisation'],
    // After a preposition the capitalised words name an organisation, with or without an article.
    ['A spokesman for LALF', 'A spokesman for LALF', null, 'description'],
    ['A spokesman for the LALF', 'A spokesman for the LALF', null, 'description'],
    ['he', 'he', null, 'pronoun'],
    // A participle or hyphenated adjective before a name is a role, not part of the name.
    ['Defending Mary Stone', 'Mary Stone', 'Defending', 'person'],
    ['Grief-stricken Tom Pike', 'Tom Pike', 'Grief-stricken', 'person'],
    // So are a participial adjective and a popular paper's label.
    ['Horrified Tom Pike', 'Tom Pike', 'Horrified', 'person'],
    ['Sad Ann', 'Ann', 'Sad', 'person'],
    ['Tourist Ann Cole', 'Ann Cole', 'Tourist', 'person'],
    // Post-nominal letters are a role; so is an occupation word before the name.
    ['Helen Marsh QC', 'Helen Marsh', 'QC', 'person'],
    ['QC Helen Marsh', 'Helen Marsh', 'QC', 'person'],
    ['Barrister Helen Marsh', 'Helen Marsh', 'Barrister', 'person'],
    // A kicker in capitals before a written name is not part of it.
    ['SPORT Ian Birch', 'Ian Birch', null, 'person'],
    ['Miss Webb', 'Webb', null, 'person'],
    // A surname that is also an organisation's word is a name after an honorific or a given name.
    ['Mrs Cross', 'Cross', null, 'person'],
    ['Tom Bank', 'Tom Bank', null, 'person'],
    ['Red Cross', 'Red Cross', null, 'organisation'],
    // A preposition opening the sentence is not the first word of the name after it.
    ['Despite Fenn', 'Fenn', null, 'person'],
    ['Like Ann Cole', 'Ann Cole', null, 'person'],
    // A capitalised occupation before a given name is a role.
    ['Songwriter Ann', 'Ann', 'Songwriter', 'person'],
    ['Drummer Tom Vale', 'Tom Vale', 'Drummer', 'person'],
    ['Westland Bank', 'Westland Bank', null, 'organisation'],
    // A doctor's title is a role, as an editor reads it: kept as the role when nothing else is.
    ['Dr Ann Pike', 'Ann Pike', 'Dr', 'person'],
    ['Dr. Ann Pike', 'Ann Pike', 'Dr.', 'person'],
    ['Coroner Dr Tom Vell', 'Tom Vell', 'Coroner', 'person'],
    ['Independent surgeon Dr Tom Vell', 'Tom Vell', 'Independent surgeon', 'person'],
    ['a surgeon Dr Vell', 'Vell', 'a surgeon', 'person'],
    // A surname particle between a first name (or a title) and the surname belongs to the name.
    ['Prof Ida van Lorne', 'Ida van Lorne', 'Prof', 'person'],
    ['Prof van Lorne', 'van Lorne', 'Prof', 'person'],
    ['Tomas de la Gaal', 'Tomas de la Gaal', null, 'person'],
    // Kin, an occupation or a possessive before a name is the person's role.
    ['his mother Ruth', 'Ruth', 'his mother', 'person'],
    ['Her daughter Ruth Marsh', 'Ruth Marsh', 'Her daughter', 'person'],
    ['neighbour Tom Pike', 'Tom Pike', 'neighbour', 'person'],
    ["Mrs Pike's son Owen", 'Owen', "Pike's son", 'person'],
    // A rank before a name, and where the person serves after it, are the role.
    ['Private Owen Pike', 'Owen Pike', 'Private', 'person'],
    [
      'Detective Inspector Ruth Marsh of Westshire police',
      'Ruth Marsh',
      'Detective Inspector, of Westshire police',
      'person',
    ],
    // A peer's style before a full name is the role, as `Dr` is; before a surname alone it is how
    // the peer is named and stays; a style inside an office (`Lord Justice`) stays in the office.
    ['Lord Fenwick', 'Lord Fenwick', null, 'person'],
    ['Baroness Keel', 'Baroness Keel', null, 'person'],
    ['Lord Tom Fenwick', 'Tom Fenwick', 'Lord', 'person'],
    ['Baroness Ann Keel', 'Ann Keel', 'Baroness', 'person'],
    ['Viscountess Ann Keel', 'Ann Keel', 'Viscountess', 'person'],
    ['Lord Justice Fenwick', 'Fenwick', 'Lord Justice', 'person'],
    ['the lady', 'the lady', null, 'description'],
    // A role word alone is a description, never a name.
    ['The coroner', 'The coroner', null, 'description'],
    ['Solicitor', 'Solicitor', null, 'description'],
  ])('%s', (phrase, speaker, role, kind) => {
    expect(parseSpeaker(phrase)).toEqual({ speaker, role, kind });
  });
});

describe('isRoleOnly', () => {
  it.each([
    ['the judge', true],
    ['The defence counsel', true],
    ['Solicitor', true],
    // An unnamed witness or resident is the source a report gives: a speaker, not a bare role.
    ['the witness', false],
    ['a resident', false],
    ['Judge Ann Cole', false],
    ['the mayor of Tarn', false],
  ])('%s', (phrase, expected) => {
    expect(isRoleOnly(phrase)).toBe(expected);
  });
});
