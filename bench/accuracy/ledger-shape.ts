/**
 * The few ledger fields the accuracy scorers read, typed loosely: the scorers read a ledger file
 * as the reference Python scorers do, whatever wrote it.
 */
export interface ScoredFigure {
  best?: number | null;
}
export interface ScoredEvent {
  id: string;
  killed?: ScoredFigure | null;
  injured?: ScoredFigure | null;
  place?: { name?: string | null } | null;
  date?: { start?: string | null } | null;
  mentions?: { document: string }[];
}
export interface ScoredLedger {
  documents: { id: string; source?: string | null }[];
  events?: ScoredEvent[];
  reuse?: { a: string; b: string }[];
  quotes?: unknown[];
  claims?: unknown[];
}

/** The file name of a document's source, as the reference scorers key documents (os.path.basename). */
export function baseName(source: string | null | undefined): string {
  const s = source ?? '';
  const k = s.lastIndexOf('/');
  return k >= 0 ? s.slice(k + 1) : s;
}

/** Documents by the file name of their source; a later document with the same name wins, as in a Python dict. */
export function documentsByFile(ledger: ScoredLedger): Map<string, string> {
  const byFile = new Map<string, string>();
  for (const d of ledger.documents) byFile.set(baseName(d.source), d.id);
  return byFile;
}
