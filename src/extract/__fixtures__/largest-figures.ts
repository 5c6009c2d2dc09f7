import type { DocumentExtraction } from '../../core/types.js';
import { createExtractor } from '../index.js';

const extract = createExtractor();

/**
 * Extracts one test sentence (published 2024-05-06, no dateline) and gives the largest killed and
 * injured figure over its incidents (0 when none), with the extraction for further checks.
 */
export function largestFigures(text: string): {
  killed: number;
  injured: number;
  extraction: DocumentExtraction;
} {
  const extraction = extract({ id: 'd', text, published: '2024-05-06', dateline: null });
  let killed = 0;
  let injured = 0;
  for (const i of extraction.incidents) {
    killed = Math.max(killed, i.killed?.best ?? 0);
    injured = Math.max(injured, i.injured?.best ?? 0);
  }
  return { killed, injured, extraction };
}
