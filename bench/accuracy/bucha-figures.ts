import type { ScoredLedger } from './ledger-shape.js';

/** Counts read off the bucha-2022 ledger: events, and events that carry a killed or injured figure. */
export interface EventCounts {
  documents: number;
  events: number;
  events_with_figures: number;
  quotes: number;
  claims: number;
}

export function countEvents(ledger: ScoredLedger): EventCounts {
  const events = ledger.events ?? [];
  return {
    documents: ledger.documents.length,
    events: events.length,
    events_with_figures: events.filter((e) => e.killed || e.injured).length,
    quotes: ledger.quotes?.length ?? 0,
    claims: ledger.claims?.length ?? 0,
  };
}
