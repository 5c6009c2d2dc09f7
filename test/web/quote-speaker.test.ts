import { describe, expect, it } from 'vitest';
import { speakerLabel } from '../../web/src/views/quotes.js';

describe('speakerLabel', () => {
  it.each([
    [{ speaker: 'Ida Marsh', speaker_role: 'harbour master' }, 'Ida Marsh'],
    [
      { speaker: null, speaker_role: 'spokesman for the harbour board' },
      'Unnamed: spokesman for the harbour board',
    ],
    [{ speaker: null, speaker_role: null }, 'Unknown speaker'],
  ])('%o → %s', (quote, label) => {
    expect(speakerLabel(quote)).toBe(label);
  });
});
