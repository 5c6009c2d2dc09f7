import type { DocumentExtraction } from './types.js';

/** An extraction that found nothing: what a refused report stores, and what tests start from. */
export function emptyExtraction(
  documentId: string,
  reference: DocumentExtraction['reference'] = { date: null, from: 'none' },
): DocumentExtraction {
  return {
    documentId,
    reference,
    sentences: [],
    quantities: [],
    dates: [],
    places: [],
    actors: [],
    incidents: [],
    quotes: [],
    attributions: [],
    claims: [],
    diagnostics: [],
  };
}
