import v8 from 'node:v8';

/**
 * How far V8 lets the heap grow past what survived the last full collection, in percent. V8's
 * own factor rises to 4× while a program allocates fast, which is what extraction and the merge
 * of one long report do: its peak memory was about three times the live heap (713 MiB for a
 * 1.6 MB report of short paragraphs, over the 512 MiB goal), most of it garbage not yet
 * collected. 50 was chosen by measuring that report: peak 456–465 MiB with the same CPU time
 * (13.0 s user); it only changes when collections run, never what a run computes.
 */
export const HEAP_GROWING_PERCENT = 50;

/**
 * Caps the heap's growth between full collections for this process and its worker threads (V8
 * flags are per process). Called once, first thing, by the CLI (and so by `serve`).
 */
export function limitHeapGrowth(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
