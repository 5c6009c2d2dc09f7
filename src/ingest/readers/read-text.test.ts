import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../core/random.js';
import { decodeText } from '../canonical-text.js';
import { defaultLimits } from '../limits.js';
import { decodeWholeText, readText } from './read-text.js';

const place = { source: 'a.txt' };

/** What the general decoder gives: the quick path must give exactly the same text. */
function expected(bytes: Uint8Array): string | null {
  const decoded = decodeText(bytes, place);
  return decoded.ok && decoded.text.trim() !== '' ? decoded.text : null;
}

function actual(bytes: Uint8Array): string | null {
  const decoded = decodeWholeText(bytes, place, defaultLimits);
  return 'text' in decoded ? decoded.text : null;
}

describe('plain-text decoding', () => {
  it.each([
    ['ASCII', 'Flood hits the valley\n\nKYIV, April 3 (AP) — Water rose.\n'],
    ['CRLF line endings', 'Line one\r\nLine two\rLine three\n'],
    ['a byte-order mark', '\uFEFFTitle\n\nBody.'],
    ['two byte-order marks', '\uFEFF\uFEFFTitle'],
    ['precomposed letters', 'Café in Kraków, Zürich'],
    ['a combining accent (NFC composes it)', 'Cafe\u0301 and re\u0301sume\u0301'],
    ['punctuation NFC keeps', 'He said “no” — twice… ‘a’ ‰ € ⁞'],
    ['a space NFC replaces', 'en\u2000quad'],
    ['the Ångström sign', 'A \u212B unit'],
    ['Hangul jamo (NFC composes them)', '\u1100\u1161 and \uAC00'],
    ['a control character', 'bell\u0007 rings'],
    ['Cyrillic and Arabic', 'Київ, 3 квітня — مرحبا'],
  ])('gives the canonical text for %s', (_name, text) => {
    const bytes = Buffer.from(text);
    expect(actual(bytes)).toBe(expected(bytes));
    expect(actual(bytes)).toBe(
      text
        .replace(/^\uFEFF/, '')
        .replace(/\r\n?/g, '\n')
        .normalize('NFC')
        .replace(/^\uFEFF/, ''),
    );
  });

  it('matches the general decoder on seeded random text', () => {
    const random = seededRandom(42);
    const pick = (): number => {
      const r = random();
      if (r < 0.5) return 0x20 + Math.floor(random() * 0x2e0);
      if (r < 0.8) return 0x2000 + Math.floor(random() * 0xb0);
      return 0x20 + Math.floor(random() * 0xd7d0);
    };
    for (let n = 0; n < 5000; n++) {
      const bytes = Buffer.from(String.fromCharCode(...Array.from({ length: 8 }, pick)));
      expect(actual(bytes)).toBe(expected(bytes));
    }
  });

  it('still rejects invalid UTF-8 and UTF-16 without a declaration goes through the general decoder', () => {
    const invalid = readText(Buffer.from([0x41, 0xc3, 0x28, 0x42]), {
      source: 'bad.txt',
      limits: defaultLimits,
    });
    expect(invalid.records).toEqual([]);
    expect(invalid.diagnostics[0]?.rule).toBe('ingest/invalid-utf8');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Hello', 'utf16le')]);
    expect(actual(utf16)).toBe('Hello');
  });
});
