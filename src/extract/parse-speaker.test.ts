import { describe, expect, it } from 'vitest';
import { parseSpeaker } from './parse-speaker.js';

describe('parseSpeaker', () => {
  it.each([
    // [phrase, speaker, role, kind]
    ['Kyiv Mayor Vitali Klitschko', 'Vitali Klitschko', 'Kyiv Mayor', 'person'],
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
  ])('%s', (phrase, speaker, role, kind) => {
    expect(parseSpeaker(phrase)).toEqual({ speaker, role, kind });
  });
});
