import { describe, expect, it } from 'vitest';
import { canonicalText, decodeText, firstInvalidUtf8, looksBinary } from './canonical-text.js';

const place = { source: 'x' };
const utf8 = (s: string) => new TextEncoder().encode(s);

describe('canonicalText', () => {
  it.each([
    ['\ufeffBOM stripped', 'BOM stripped'],
    ['a\r\nb\rc\n', 'a\nb\nc\n'],
    ['Cafe\u0301', 'Café'],
    ['  spaces\t and\u00a0nbsp kept  ', '  spaces\t and\u00a0nbsp kept  '],
  ])('%j → %j', (input, output) => {
    expect(canonicalText(input)).toBe(output);
  });
});

describe('decodeText', () => {
  it.each([
    ['UTF-8 BOM', Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8('hi')]), null, 'hi'],
    ['UTF-16LE BOM', Uint8Array.from([0xff, 0xfe, 0x68, 0, 0x69, 0]), null, 'hi'],
    ['declared windows-1252', Uint8Array.from([0x93, 0x61, 0x94, 0x20, 0x80]), 'windows-1252', '“a” €'],
    ['declared iso-8859-1 is read as windows-1252', Uint8Array.from([0x96]), 'ISO-8859-1', '–'],
    ['declared koi8-r', Uint8Array.from([0xf0, 0xd2, 0xc9]), 'koi8-r', 'При'],
  ])('%s', (_, bytes, charset, text) => {
    expect(decodeText(bytes, place, charset)).toEqual({ ok: true, text });
  });

  it('rejects invalid UTF-8 naming the offset', () => {
    const result = decodeText(Uint8Array.from([0x61, 0x62, 0xc3, 0x28]), place);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diagnostic).toMatchObject({ rule: 'ingest/invalid-utf8', source: 'x' });
    if (!result.ok) expect(result.diagnostic.message).toContain('byte 2 (0xc3 28)');
  });

  it('rejects an unknown charset', () => {
    const result = decodeText(utf8('x'), place, 'x-no-such-charset');
    expect(result.ok || result.diagnostic.rule).toBe('ingest/unknown-charset');
  });
});

describe('firstInvalidUtf8', () => {
  it.each([
    [[0x61, 0x62], -1],
    [[0xe2, 0x80, 0x93], -1],
    [[0xf0, 0x9f, 0x98, 0x80], -1],
    [[0x61, 0xff], 1],
    [[0xc0, 0x80], 0],
    [[0xed, 0xa0, 0x80], 0],
    [[0x61, 0xe2, 0x80], 1],
  ])('%j → %i', (bytes, at) => {
    expect(firstInvalidUtf8(Uint8Array.from(bytes))).toBe(at);
  });
});

describe('looksBinary', () => {
  it.each([
    ['text', utf8('Plain text\twith tabs\r\n'), false],
    ['NUL byte', Uint8Array.from([0x61, 0, 0x62]), true],
    ['control bytes', Uint8Array.from({ length: 100 }, (_, i) => (i % 3 === 0 ? 0x01 : 0x61)), true],
    ['UTF-16 with BOM', Uint8Array.from([0xff, 0xfe, 0x61, 0]), false],
  ])('%s → %s', (_, bytes, binary) => {
    expect(looksBinary(bytes)).toBe(binary);
  });
});
