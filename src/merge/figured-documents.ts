import type { ClusterRecord } from './cluster-mentions.js';
import { givesFigure } from './join-incidents.js';

/**
 * Whether a document has an event with figures other than a given one (`figuredDocument` of the
 * incident joins), read by index: the first two such events of each document are found once, so
 * a report of thousands of events is not read whole for each of its events. What is asked of
 * one document is the same for every event it is asked about, whichever is left out, so two
 * events are enough: at least one of them is not the one left out. The events' records must not
 * change while the answers are used (the incident joins read them, they do not write them).
 *
 * @example
 * const figured = figuredDocuments((d) => docs.get(d)?.clusters ?? [], clusters.cluster);
 * figured('report-1', 12); // report-1 tells an event with figures other than event 12
 */
export function figuredDocuments(
  clustersOf: (document: string) => readonly number[],
  cluster: (n: number) => ClusterRecord,
): (document: string, except?: number) => boolean {
  const firstTwo = new Map<string, number[]>();
  return (document, except) => {
    let found = firstTwo.get(document);
    if (!found) {
      found = [];
      for (const c of clustersOf(document)) {
        if (!givesFigure(cluster(c))) continue;
        found.push(c);
        if (found.length === 2) break;
      }
      firstTwo.set(document, found);
    }
    return found.some((c) => c !== except);
  };
}
