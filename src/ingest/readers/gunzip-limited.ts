import { constants, gunzipSync } from 'node:zlib';
import type { Diagnostic } from '../../core/types.js';
import { ratioFloorBytes } from '../limits.js';
import type { ReadLimits } from '../reader.js';
import { diagnostic, formatBytes, type Place } from './diagnostic.js';

export interface Gunzipped {
  /** The decompressed bytes; for a truncated stream, what could be decompressed; null when rejected. */
  bytes: Uint8Array | null;
  diagnostics: Diagnostic[];
}

/**
 * Decompresses gzip (any number of concatenated members, as in WARC.gz) under a hard output cap:
 * `min(maxDecompressedBytes, max(1 MiB, compressed × maxCompressionRatio))`. `gunzipSync` enforces
 * `maxOutputLength` while inflating, so a bomb stops at the cap instead of filling memory.
 * A truncated stream keeps what was decompressed (the reader then drops the incomplete last record)
 * and reports the truncation.
 */
export function gunzipLimited(bytes: Uint8Array, place: Place, limits: ReadLimits): Gunzipped {
  const cap = gunzipCap(bytes.length, limits);
  try {
    return { bytes: gunzipSync(bytes, { maxOutputLength: cap }), diagnostics: [] };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError)
      return bomb(place, cap, limits, bytes.length);
    if (code === 'Z_BUF_ERROR') return partial(bytes, place, cap);
    const salvaged = salvageMembers(bytes, place, cap, limits);
    if (salvaged) return salvaged;
    return {
      bytes: null,
      diagnostics: [
        diagnostic(
          place,
          'gzip-corrupt',
          'error',
          `Expected gzip data (the file starts with the gzip signature), found a corrupt stream: ${(error as Error).message}.`,
          'Check the file with `gzip -t`; re-download or re-export it.',
        ),
      ],
    };
  }
}

/** Most bytes `compressed` bytes of gzip may expand to: the size cap, or the ratio cap above 1 MiB. */
export function gunzipCap(compressed: number, limits: ReadLimits): number {
  return Math.min(
    limits.maxDecompressedBytes,
    Math.max(ratioFloorBytes, compressed * limits.maxCompressionRatio),
  );
}

function bomb(place: Place, cap: number, limits: ReadLimits, compressed: number): Gunzipped {
  return { bytes: null, diagnostics: [bombDiagnostic(place, cap, limits, compressed)] };
}

export function bombDiagnostic(
  place: Place,
  cap: number,
  limits: ReadLimits,
  compressed: number,
): Diagnostic {
  const which =
    cap === limits.maxDecompressedBytes
      ? `more than the ${formatBytes(cap)} limit (maxDecompressedBytes)`
      : `more than ${limits.maxCompressionRatio} times its compressed size of ${formatBytes(compressed)} (maxCompressionRatio)`;
  return diagnostic(
    place,
    'decompression-bomb',
    'error',
    `Rejected as a decompression bomb: the gzip data expands to ${which}; decompression was stopped at ${formatBytes(cap)}.`,
    'If the file is genuine, raise --max-decompressed-size or --max-compression-ratio.',
  );
}

/**
 * A corrupt stream of several gzip members (WARC.gz: one per record): decompress member by member,
 * skipping damaged ones. Member starts are found by the gzip signature `1f 8b 08`; since those
 * bytes can also occur inside compressed data, a piece that fails is retried joined with the next
 * few pieces before it is given up. Null when no member could be read.
 */
function salvageMembers(bytes: Uint8Array, place: Place, cap: number, limits: ReadLimits): Gunzipped | null {
  const starts: number[] = [];
  for (let i = bytes.indexOf(0x1f); i >= 0; i = bytes.indexOf(0x1f, i + 1)) {
    if (bytes[i + 1] === 0x8b && bytes[i + 2] === 0x08) starts.push(i);
  }
  if (starts.length < 2) return null;
  starts.push(bytes.length);
  const parts: Uint8Array[] = [];
  const damaged: number[] = [];
  let total = 0;
  let k = 0;
  while (k < starts.length - 1) {
    let next = -1;
    for (let j = k + 1; j < starts.length && j <= k + 4; j++) {
      try {
        const out = gunzipSync(bytes.subarray(starts[k], starts[j]), {
          maxOutputLength: Math.max(1, cap - total),
        });
        parts.push(out);
        total += out.length;
        next = j;
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
          return bomb(place, cap, limits, bytes.length);
        }
      }
    }
    if (next < 0) {
      damaged.push(starts[k] as number);
      k++;
    } else k = next;
  }
  if (parts.length === 0) return null;
  return {
    bytes: Buffer.concat(parts),
    diagnostics: [
      diagnostic(
        place,
        'gzip-corrupt',
        'warning',
        `${damaged.length} damaged gzip member(s) skipped (at byte ${damaged.slice(0, 5).join(', ')}${damaged.length > 5 ? ', …' : ''}); the other ${parts.length} member(s) were read.`,
        'Check the file with `gzip -t`; the records inside the damaged members are lost.',
      ),
    ],
  };
}

function partial(bytes: Uint8Array, place: Place, cap: number): Gunzipped {
  let out: Uint8Array;
  try {
    out = gunzipSync(bytes, { maxOutputLength: cap, finishFlush: constants.Z_SYNC_FLUSH });
  } catch {
    out = new Uint8Array(0);
  }
  return {
    bytes: out.length > 0 ? out : null,
    diagnostics: [
      diagnostic(
        place,
        'gzip-truncated',
        out.length > 0 ? 'warning' : 'error',
        `The gzip stream ends early (truncated file): ${formatBytes(out.length)} could be decompressed${out.length > 0 ? '; complete records in it are kept, the incomplete end is dropped' : ''}.`,
        'Re-download or re-copy the file; `gzip -t` confirms the truncation.',
      ),
    ],
  };
}
