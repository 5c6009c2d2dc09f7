import type { ExtractInput, ExtractStage } from '../extract-stage.js';

/** The published stage, except that a report containing `stall` never finishes. */
export function stalling(stage: ExtractStage): ExtractStage {
  return {
    version: stage.version,
    prepare: stage.prepare,
    extract: (doc: ExtractInput) => {
      if (doc.text.includes('stall')) for (;;);
      return stage.extract(doc);
    },
  };
}
