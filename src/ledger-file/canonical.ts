import type { Ledger, LedgerDocument, Mention } from '../core/types.js';

const mention = (m: Mention): Mention => ({
  document: m.document,
  span: [m.span[0], m.span[1]],
  text: m.text,
});

/** A ledger document with its keys in contract order (the fields of the stored document, then its family). */
export function canonicalDocument(d: Omit<LedgerDocument, 'family'>, family: string | null): LedgerDocument {
  return {
    id: d.id,
    sha256: d.sha256,
    source: d.source,
    url: d.url,
    outlet: d.outlet,
    title: d.title,
    published: d.published,
    family,
  };
}

/**
 * The ledger with every object's keys in contract order, so that the JSON is byte-identical for
 * the same ledger whatever built it.
 */
export function canonicalLedger(ledger: Ledger): Ledger {
  return {
    schema: 'corroborate.ledger/1',
    documents: ledger.documents.map((d) => canonicalDocument(d, d.family)),
    families: ledger.families.map((f) => ({ id: f.id, documents: [...f.documents], origin: f.origin })),
    reuse: ledger.reuse.map((p) => ({
      a: p.a,
      b: p.b,
      relation: p.relation,
      shared_a: p.shared_a,
      shared_b: p.shared_b,
      direction: p.direction,
      reason: p.reason,
      passages: p.passages.map((s) => ({
        a: [s.a[0], s.a[1]],
        b: [s.b[0], s.b[1]],
        kind: s.kind,
        score: s.score,
      })),
    })),
    events: ledger.events.map((e) => ({
      id: e.id,
      type: e.type,
      subtype: e.subtype,
      date: e.date
        ? {
            start: e.date.start,
            end: e.date.end,
            precision: e.date.precision,
            ...(e.date.reason ? { reason: e.date.reason } : {}),
          }
        : null,
      place: e.place
        ? {
            name: e.place.name,
            ...(e.place.levels ? { levels: [...e.place.levels] } : {}),
            admin1: e.place.admin1,
            country: e.place.country,
            lat: e.place.lat,
            lon: e.place.lon,
            precision: e.place.precision,
            ...(e.place.reason ? { reason: e.place.reason } : {}),
          }
        : null,
      actors: e.actors.map((a) => ({ role: a.role, name: a.name })),
      killed: e.killed ? { low: e.killed.low, best: e.killed.best, high: e.killed.high } : null,
      injured: e.injured ? { low: e.injured.low, best: e.injured.best, high: e.injured.high } : null,
      summary: e.summary,
      mentions: e.mentions.map(mention),
      sources: e.sources,
      independent_sources: e.independent_sources,
      ...(e.independent_groups
        ? {
            independent_groups: e.independent_groups.map((g) => ({
              documents: [...g.documents],
              why: g.why,
              ...(g.credit === undefined ? {} : { credit: g.credit }),
            })),
          }
        : {}),
      origins: [...e.origins],
      conflicts: e.conflicts.map((c) => ({
        field: c.field,
        values: c.values.map((v) => ({ value: v.value, documents: [...v.documents] })),
      })),
    })),
    quotes: ledger.quotes.map((q) => ({
      id: q.id,
      speaker: q.speaker,
      speaker_role: q.speaker_role,
      ...(q.other_speakers === undefined
        ? {}
        : {
            other_speakers: q.other_speakers.map((o) => ({
              speaker: o.speaker,
              role: o.role,
              documents: [...o.documents],
            })),
          }),
      kind: q.kind,
      text: q.text,
      mentions: q.mentions.map(mention),
      variants: q.variants.map((v) => ({
        text: v.text,
        documents: [...v.documents],
        change: v.change,
        flag: v.flag,
      })),
      sources: q.sources,
      independent_sources: q.independent_sources,
    })),
    claims: ledger.claims.map((c) => ({
      id: c.id,
      claimant: c.claimant,
      stance: c.stance,
      text: c.text,
      answers: c.answers,
      mentions: c.mentions.map(mention),
      ...(c.sources !== undefined ? { sources: c.sources } : {}),
      ...(c.independent_sources !== undefined ? { independent_sources: c.independent_sources } : {}),
    })),
    custody: { entries: ledger.custody.entries, head: ledger.custody.head },
  };
}

/** The ledger as JSON (`corroborate.ledger/1`), two-space indented, with a final newline. */
export function toLedgerJson(ledger: Ledger): string {
  return `${JSON.stringify(canonicalLedger(ledger), null, 2)}\n`;
}
