import { describe, expect, it } from 'vitest';
import { isToldDeath } from './words.js';

describe('isToldDeath', () => {
  it('reads a death told as having happened', () => {
    expect(isToldDeath('died', 'The man ', ' at the hospital.')).toBe(true);
    expect(isToldDeath('died', 'A man standing near the car ', ' later.')).toBe(true);
    expect(isToldDeath('died', 'In May, the boy ', '.')).toBe(true);
    expect(isToldDeath('death', 'Police said the cause of ', ' was a gunshot wound.')).toBe(true);
  });

  it('does not read an unrealised or denied death', () => {
    expect(isToldDeath('died', 'The officer said the man may have ', '.')).toBe(false);
    expect(isToldDeath('killed', 'He was nearly ', ' in the crash.')).toBe(false);
    expect(isToldDeath('died', 'No one ', '.')).toBe(false);
    expect(isToldDeath('death', 'She received ', ' threats.')).toBe(false);
  });
});
