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
  const byRatio = Math.max(ratioFloorBytes, bytes.length * limits.maxCompressionRatio);
  const cap = Math.min(limits.maxDecompressedBytes, byRatio);
  try {
    return { bytes: gunzipSync(bytes, { maxOutputLength: cap }), diagnostics: [] };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
      const which =
        cap === limits.maxDecompressedBytes
          ? `more than the ${formatBytes(cap)} limit (maxDecompressedBytes)`
          : `more than ${limits.maxCompressionRatio} times its compressed size of ${formatBytes(bytes.length)} (maxCompressionRatio)`;
      return {
        bytes: null,
        diagnostics: [
          diagnostic(
            place,
            'decompression-bomb',
            'error',
            `Rejected as a decompression bomb: the gzip data expands to ${which}; decompression was stopped at ${formatBytes(cap)}.`,
            'If the file is genuine, raise --max-decompressed-size or --max-compression-ratio.',
          ),
        ],
      };
    }
    if (code === 'Z_BUF_ERROR') return partial(bytes, place, cap);
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
