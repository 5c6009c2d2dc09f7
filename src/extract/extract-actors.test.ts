import { describe, expect, it } from 'vitest';
import { extractActors } from './extract-actors.js';

describe('extractActors', () => {
  it.each([
    ['Russian troops entered the town.', 'Russian troops', 'Russian forces', 'military'],
    ['Russian soldiers shot a man.', 'Russian soldiers', 'Russian forces', 'military'],
    ["Moscow's forces shelled the city.", "Moscow's forces", 'Russian forces', 'military'],
    ["Ukraine's military said it repelled the attack.", "Ukraine's military", 'Ukrainian forces', 'military'],
    ['Syrian government forces bombed the market.', 'Syrian government', 'Syrian government', 'government'],
    ['Nigerian police dispersed the crowd.', 'Nigerian police', 'Nigerian police', 'police'],
    ['Residents said the water was cut.', 'Residents', 'civilians', 'civilians'],
    ['Civilians fled the area.', 'Civilians', 'civilians', 'civilians'],
    ['Police arrested two men.', 'Police', 'police', 'police'],
    ['Gunmen stormed a church.', 'Gunmen', 'unidentified gunmen', 'armed-group'],
    ['Human Rights Watch documented the case.', 'Human Rights Watch', 'Human Rights Watch', 'organisation'],
    ['Fighters of Islamic State attacked.', 'Islamic State', 'Islamic State', 'armed-group'],
    [
      'Russia-backed separatists have been fighting.',
      'Russia-backed separatists',
      'Russian-backed separatists',
      'armed-group',
    ],
  ])('normalises %s', (text, surface, name, kind) => {
    const actor = extractActors(text).find((a) => a.text === surface);
    expect(actor?.name).toBe(name);
    expect(actor?.kind).toBe(kind);
  });

  it('resolves "the invaders" to the document\'s state force', () => {
    const actors = extractActors('Russian troops entered Bucha. The invaders left in March.');
    expect(actors.find((a) => a.text === 'The invaders')?.name).toBe('Russian forces');
  });

  it('keeps spans equal to text', () => {
    const text = "Moscow's forces and Russian soldiers fired at residents.";
    for (const a of extractActors(text)) expect(text.slice(a.span[0], a.span[1])).toBe(a.text);
  });
});
