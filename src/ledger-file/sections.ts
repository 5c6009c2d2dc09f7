import type { Ledger } from '../core/types.js';

/** The item sections of a ledger, in the order ledger.json lists them. */
export const LEDGER_SECTIONS = ['documents', 'families', 'reuse', 'events', 'quotes', 'claims'] as const;

export type Section = (typeof LEDGER_SECTIONS)[number];
/** The sections the merge takes as input (ordered by key); the others are the merge's output. */
export type InputSection = 'documents' | 'families' | 'reuse';
export type Item = Ledger[Section][number];

export const hasSig = (section: Section): section is InputSection =>
  section === 'documents' || section === 'families' || section === 'reuse';

/** Bytes of an input item's content digest (SHA-1 of its JSON) in the file's index. */
export const SIG = 20;
