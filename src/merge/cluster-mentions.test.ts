import { describe, expect, it } from 'vitest';
import { doc, extraction, incident, qty, town } from './__fixtures__/records.js';
import {
  assignMentions,
  type ClusterRecord,
  type ClusterState,
  itemsOf,
  partsReached,
} from './cluster-mentions.js';
import type { MentionItem } from './compatibility.js';
import { type RareKeys, rareKeys } from './rare-keys.js';

/** A merge state's clusters held in memory. */
function memoryClusters(): ClusterState & { items: Map<string, MentionItem> } {
  const clusters: ClusterRecord[] = [];
  const postings = new Map<string, number[]>();
  const items = new Map<string, MentionItem>();
  return {
    items,
    cluster: (n) => clusters[n] as ClusterRecord,
    addCluster: (record) => clusters.push(record) - 1,
    item: (id) => items.get(id) as MentionItem,
    postings: (k) => postings.get(k) ?? [],
    setPostings: (k, list) => postings.set(k, list),
    touch: () => undefined,
    placed: () => undefined,
    prefetch: () => undefined,
  };
}

/** One report of a shelling in a town on a day, with its toll; its incident mention as merged. */
function report(id: string, place: string, day: string, killed: number): MentionItem {
  const d = doc(id, `Shelling of ${place} on ${day} killed ${killed} people near the grain depot.`);
  const m = incident(d, 0, d.text, { place: town(place), date: day, killed: qty(killed) });
  return itemsOf(extraction(d, { incidents: [m] }))[0] as MentionItem;
}

describe('partsReached', () => {
  /** Two stored reports of one incident, and what a new one reaches with `budget`. */
  const reach = (newcomer: MentionItem, budget: number) => {
    const state = memoryClusters();
    const stored = [
      report('doc-b', 'Ashford', '2024-05-01', 12),
      report('doc-c', 'Ashford', '2024-05-01', 12),
    ];
    for (const i of [...stored, newcomer]) state.items.set(i.mention.id, i);
    const df = new Map<string, number>();
    assignMentions(
      state,
      stored,
      rareKeys(
        stored.map((i) => i.words),
        3,
        df,
      ),
    );
    const rare = rareKeys([newcomer.words], 3, df);
    const counted = { get: (w: string) => df.get(w), set: () => undefined };
    return partsReached(
      state,
      [newcomer],
      rare,
      (i) => rareKeys([i.words], 3, counted)[0] as RareKeys,
      budget,
    );
  };

  it('reaches the stored cluster of the incident a new report tells, with its members', () => {
    expect(reach(report('doc-a', 'Ashford', '2024-05-01', 12), 10)).toEqual([0]);
  });

  it('leaves a part with more stored mentions than the budget', () => {
    expect(reach(report('doc-a', 'Ashford', '2024-05-01', 12), 1)).toEqual([]);
  });

  it('reaches nothing from a report of another town and day', () => {
    expect(reach(report('doc-a', 'Brinkley', '2024-07-09', 3), 10)).toEqual([]);
  });
});
