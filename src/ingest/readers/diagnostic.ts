import type { Diagnostic, Severity } from '../../core/types.js';

/** Where a problem was found: the input, and the record inside it when there is one. */
export interface Place {
  source: string;
  record?: string;
}

/** Builds an `ingest/<rule>` diagnostic naming the input (and record). */
export function diagnostic(
  place: Place,
  rule: string,
  severity: Severity,
  message: string,
  hint?: string,
): Diagnostic {
  const d: Diagnostic = { rule: `ingest/${rule}`, severity, message, source: place.source };
  if (place.record) d.record = place.record;
  if (hint) d.hint = hint;
  return d;
}

/** Formats a byte count for messages: `16 MiB`, `1.5 KiB`, `12 bytes`. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MiB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KiB`;
  return `${n} bytes`;
}
