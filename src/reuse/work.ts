import type { ReusePair } from '../core/types.js';
import type { CompareOptions } from './compare-texts.js';
import { comparePair, type PairDocument } from './pair.js';
import { type PreparedText, prepareText } from './prepare.js';
import { createSketcher, type Sketcher, type SketchOptions } from './sketch.js';

/**
 * The two pieces of CPU work of the reuse stage, as plain functions of plain data, so that they
 * run the same in a worker thread (`reuse-worker.ts`) and in the calling thread: sketching new
 * documents and verifying candidate pairs. Results depend only on the inputs, never on which
 * thread ran them or in which order.
 */
export type ReuseJob =
  | {
      type: 'sketch';
      sketch: SketchOptions;
      texts: string[];
      /** The texts' document ids (for a runner that sends the job elsewhere by ids). */
      ids?: string[];
    }
  | {
      type: 'verify';
      compare: Omit<CompareOptions, 'meta'>;
      docs: PairDocument[];
      /** Index pairs into `docs`: `pairs[2k]`, `pairs[2k + 1]`. */
      pairs: Int32Array;
    };

/** Sketches of `texts` in flat arrays; `sentenceStart[k] .. sentenceStart[k + 1]` are text k's keys. */
export interface SketchBatch {
  duplicate: Uint32Array;
  signatures: Uint32Array;
  bandKeys: Uint32Array;
  sentenceKeys: Uint32Array;
  sentenceStart: Int32Array;
  anchorKeys: Uint32Array;
  /** `anchorStart[k] .. anchorStart[k + 1]` are text k's anchors. */
  anchorStart: Int32Array;
  /** Words of each text (a brief's candidates, `enoughBriefAnchors`). */
  words: Uint32Array;
}

export type ReuseJobResult = SketchBatch | (ReusePair | null)[];

/** Per-thread state: sketchers by parameters and a bounded cache of prepared texts by id. */
export interface WorkState {
  sketchers: Map<string, Sketcher>;
  prepared: Map<string, PreparedText>;
}

export function createWorkState(): WorkState {
  return { sketchers: new Map(), prepared: new Map() };
}

/** Prepared texts kept per thread between jobs (a text takes part in several pairs). */
const PREPARED_CACHE = 2000;

export function runJob(job: ReuseJob, state: WorkState): ReuseJobResult {
  if (job.type === 'sketch') return sketchTexts(job.texts, job.sketch, state);
  const out: (ReusePair | null)[] = [];
  const prepared = (d: PairDocument) => {
    // Least recently used out first (a Map iterates in insertion order).
    let p = state.prepared.get(d.id);
    if (p) {
      state.prepared.delete(d.id);
      state.prepared.set(d.id, p);
      return p;
    }
    if (state.prepared.size >= PREPARED_CACHE)
      state.prepared.delete(state.prepared.keys().next().value as string);
    p = prepareText(d.text);
    state.prepared.set(d.id, p);
    return p;
  };
  for (let k = 0; k < job.pairs.length; k += 2) {
    const x = job.docs[job.pairs[k] as number] as PairDocument;
    const y = job.docs[job.pairs[k + 1] as number] as PairDocument;
    out.push(comparePair(x, prepared(x), y, prepared(y), job.compare));
  }
  return out;
}

function sketchTexts(texts: string[], options: SketchOptions, state: WorkState): SketchBatch {
  const id = JSON.stringify(options);
  let sketch = state.sketchers.get(id);
  if (!sketch) {
    sketch = createSketcher(options);
    state.sketchers.set(id, sketch);
  }
  const n = texts.length;
  const duplicate = new Uint32Array(n);
  const words = new Uint32Array(n);
  const parts = texts.map((t, k) => {
    const p = prepareText(t);
    words[k] = p.tokens.length;
    return (sketch as Sketcher)(p);
  });
  const width = parts[0]?.signature.length ?? 0;
  const bands = parts[0]?.bandKeys.length ?? 0;
  const signatures = new Uint32Array(n * width);
  const bandKeys = new Uint32Array(n * bands);
  const sentenceStart = new Int32Array(n + 1);
  const anchorStart = new Int32Array(n + 1);
  parts.forEach((s, k) => {
    anchorStart[k + 1] = (anchorStart[k] as number) + s.anchorKeys.length;
    duplicate[k] = s.duplicate;
    signatures.set(s.signature, k * width);
    bandKeys.set(s.bandKeys, k * bands);
    sentenceStart[k + 1] = (sentenceStart[k] as number) + s.sentenceKeys.length;
  });
  const sentenceKeys = new Uint32Array(sentenceStart[n] as number);
  parts.forEach((s, k) => {
    sentenceKeys.set(s.sentenceKeys, sentenceStart[k] as number);
  });
  const anchors = new Uint32Array(anchorStart[n] as number);
  parts.forEach((s, k) => {
    anchors.set(s.anchorKeys, anchorStart[k] as number);
  });
  return {
    duplicate,
    signatures,
    bandKeys,
    sentenceKeys,
    sentenceStart,
    anchorKeys: anchors,
    anchorStart,
    words,
  };
}

/** Buffers of a result that can be moved to another thread instead of copied. */
export function transferables(result: ReuseJobResult): ArrayBuffer[] {
  if (Array.isArray(result)) return [];
  return [
    result.duplicate.buffer,
    result.signatures.buffer,
    result.bandKeys.buffer,
    result.sentenceKeys.buffer,
    result.sentenceStart.buffer,
    result.anchorKeys.buffer,
    result.anchorStart.buffer,
    result.words.buffer,
  ] as ArrayBuffer[];
}
