import type { ScoredLedger } from './ledger-shape.js';

/** Counts read off the bucha-2022 ledger: events, events that carry a killed or injured figure, and claims. */
export interface EventCounts {
  documents: number;
  events: number;
  events_with_figures: number;
  claims: number;
}

export function countEvents(ledger: ScoredLedger): EventCounts {
  const events = ledger.events ?? [];
  return {
    documents: ledger.documents.length,
    events: events.length,
    events_with_figures: events.filter((e) => e.killed || e.injured).length,
    claims: ledger.claims?.length ?? 0,
  };
}
