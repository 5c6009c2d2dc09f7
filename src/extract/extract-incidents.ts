import { spanIndex } from '../core/span-index.js';
import type {
  ActorMention,
  ActorRole,
  Attribution,
  DateMention,
  EventType,
  IncidentKind,
  IncidentMention,
  PlaceMention,
  Quantity,
  Quote,
  Sentence,
  Span,
} from '../core/types.js';
import {
  leadDate,
  narrowToTown,
  pick,
  pickDate,
  previousDate,
  previousPlace,
  reportedPart,
} from './choose-incident-place.js';
import { atWordStarts, execAll, matchedGroup, ruleGroups } from './exec-all.js';
import { AGES_APPOSITION } from './extract-quantities.js';
import { findImplicitVictim, oneShootingDeath, peopleAfterCount } from './find-implicit-victims.js';
import { loadLexicon } from './load-lexicon.js';

/**
 * What a casualty trigger counts: people killed, people injured, or people shot (`shot`: the
 * killed among them are not injured, so a count of the shot is an injured figure only once the
 * document's dead are taken out of it).
 */
type Casualty = 'killed' | 'injured' | 'shot';

export { standsForActor } from './choose-incident-place.js';

interface TriggerLexicon {
  triggers: {
    kind: IncidentKind;
    pattern: string;
    casualty?: Casualty;
    subtype?: string;
    onlyCounted?: boolean;
    victimAfter?: boolean;
  }[];
  blockers: {
    before: string;
    claimObject: string;
    ongoing: { kinds: IncidentKind[]; before: string; after: string };
    background: {
      kinds: IncidentKind[];
      before: string;
      cumulative: string;
      undatedState: IncidentKind[];
      activeSiege: string;
    };
    idioms: string;
    subset: string;
    subsetBefore: string;
    laterDeath: string;
    conflictToll: string;
    otherIncident: { pattern: string };
    roundUp: { pattern: string };
    severalPlaces: { pattern: string; notKinds: IncidentKind[] };
    reaction: { pattern: string };
    runningTollAfter: { pattern: string };
    campaignToll: { pattern: string };
    fireFromAttack: { kinds: IncidentKind[] };
  };
  perpetratorSuicide: { after: string; included: string; named: string; otherShooter: string };
}
interface Mapping {
  type: EventType;
  subtype: string;
  armedTarget?: { type: EventType; subtype: string };
}
interface TaxonomyLexicon {
  kinds: Record<IncidentKind, Mapping>;
  contexts: {
    kinds: IncidentKind[];
    negatedBefore: string;
    rules: { pattern: string; type: EventType; subtype: string }[];
  };
  suicideBomb: { pattern: string; subtype: string };
  priority: IncidentKind[];
}

interface Compiled {
  /** What a number measures rather than counts ("500 km", "magnitude 5.6"), or things never a casualty ("five counts of"). */
  measures: Set<string>;
  /** Every trigger, tried at word starts (`atWordStarts`). */
  pattern: RegExp;
  /** Capture-group number of each rule's `t<i>` group. */
  groups: number[];
  rules: TriggerLexicon['triggers'];
  blockBefore: RegExp;
  claimObject: RegExp;
  ongoing: { kinds: Set<IncidentKind>; before: RegExp; after: RegExp };
  /** War nouns that name signs, a strategy or a condition, and sieges told as a state (see the lexicon). */
  background: {
    kinds: Set<IncidentKind>;
    before: RegExp;
    cumulative: RegExp;
    undatedState: Set<IncidentKind>;
    /** "encircled the town": a siege begun, an action even when undated. */
    activeSiege: RegExp;
  };
  idioms: RegExp;
  taxonomy: TaxonomyLexicon;
  priority: Map<IncidentKind, number>;
  suicideBomb: RegExp;
  /** How the report qualifies a shooting or killing ("accidentally shot", "officer-involved shooting"). */
  contexts: {
    kinds: Set<IncidentKind>;
    /** Words before a qualification that deny it: "ruled out an accidental shooting". */
    negatedBefore: RegExp;
    rules: { pattern: RegExp; type: EventType; subtype: string }[];
  };
  hedges: RegExp;
  subset: RegExp;
  subsetBefore: RegExp;
  laterDeath: RegExp;
  conflictToll: RegExp;
  /** A clause that tells of another incident than the report's ("in a separate shooting", "last year"). */
  otherIncident: RegExp;
  /** A clause whose count sums several separate incidents ("three wounded in two shootings"). */
  roundUp: RegExp;
  /** A count over several places ("killed in attacks on two towns"): a sum, unless the sentence splits it. */
  severalPlaces: { pattern: RegExp; notKinds: Set<IncidentKind> };
  /** A reaction or call that names an incident ("called on nations to …, saying they funded the killings"). */
  reaction: RegExp;
  /** After a trigger, a period up to the report: "have been shot since January". */
  runningTollAfter: RegExp;
  /** Before a trigger, a campaign as the subject: "weeks of shelling have killed". */
  campaignToll: RegExp;
  /** Attacks whose fire, told in their sentence or the next, is their damage, not a disaster. */
  fireFromAttack: Set<IncidentKind>;
  /** A word that is a casualty trigger other than a death ("wounded", "shot"). */
  notKilled: RegExp;
  /** "… and then himself": the perpetrator killed themself after the victims counted before. */
  selfAfter: RegExp;
  /** "including the gunman": the perpetrator is already in the count. */
  selfIncluded: RegExp;
  /** "a murder-suicide": a killing whose perpetrator then died by their own hand. */
  selfNamed: RegExp;
  /** Another person named as the one who shot himself (see `withPerpetrator`). */
  otherShooter: RegExp;
  /** One person, then "and", just before a count of others: "she and (three others)". */
  companion: RegExp;
  /**
   * One person opening the sentence, then a comma, just before a count of people: a headline's
   * list "Grandfather, (4 grandsons) hurt", "Sheriff: Hunter, (3 children) killed".
   */
  leadCompanion: RegExp;
  /** The person nouns of `counted-nouns.json` ("adult", "woman"): what a count of people counts. */
  personWords: Set<string>;
}

let compiled: Compiled | undefined;
function compile(): Compiled {
  if (compiled) return compiled;
  const lex = loadLexicon<TriggerLexicon>('incident-triggers');
  const taxonomy = loadLexicon<TaxonomyLexicon>('incident-taxonomy');
  const stance = loadLexicon<{ hedge?: string[] }>('stance-cues');
  const nouns = loadLexicon<{
    measures: string[];
    things: { words: string[] };
    persons: { words: string[] };
  }>('counted-nouns');
  const persons = nouns.persons.words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const hedges = (stance.hedge ?? []).map((h) => h.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // Tried only at word starts, which is several times faster than scanning every position.
  const pattern = atWordStarts(lex.triggers.map((t, i) => `(?<t${i}>(?:${t.pattern})\\b)`).join('|'), 'gi');
  compiled = {
    measures: new Set([...nouns.measures, ...nouns.things.words]),
    pattern,
    groups: ruleGroups(pattern.source, 't'),
    rules: lex.triggers,
    blockBefore: new RegExp(lex.blockers.before, 'i'),
    claimObject: new RegExp(lex.blockers.claimObject, 'i'),
    ongoing: {
      kinds: new Set(lex.blockers.ongoing.kinds),
      before: new RegExp(lex.blockers.ongoing.before, 'i'),
      after: new RegExp(lex.blockers.ongoing.after, 'i'),
    },
    background: {
      kinds: new Set(lex.blockers.background.kinds),
      before: new RegExp(lex.blockers.background.before, 'i'),
      cumulative: new RegExp(lex.blockers.background.cumulative, 'i'),
      undatedState: new Set(lex.blockers.background.undatedState),
      activeSiege: new RegExp(lex.blockers.background.activeSiege, 'u'),
    },
    idioms: new RegExp(`\\b(?:${lex.blockers.idioms})\\b`, 'gi'),
    taxonomy,
    priority: new Map(taxonomy.priority.map((k, i) => [k, i])),
    suicideBomb: new RegExp(taxonomy.suicideBomb.pattern, 'i'),
    contexts: {
      kinds: new Set(taxonomy.contexts.kinds),
      negatedBefore: new RegExp(taxonomy.contexts.negatedBefore, 'i'),
      rules: taxonomy.contexts.rules.map((r) => ({
        pattern: new RegExp(r.pattern, 'gi'),
        type: r.type,
        subtype: r.subtype,
      })),
    },
    subset: new RegExp(lex.blockers.subset, 'i'),
    subsetBefore: new RegExp(lex.blockers.subsetBefore, 'i'),
    laterDeath: new RegExp(lex.blockers.laterDeath, 'i'),
    conflictToll: new RegExp(lex.blockers.conflictToll, 'i'),
    fireFromAttack: new Set(lex.blockers.fireFromAttack.kinds),
    otherIncident: new RegExp(lex.blockers.otherIncident.pattern, 'i'),
    roundUp: new RegExp(lex.blockers.roundUp.pattern, 'i'),
    severalPlaces: {
      pattern: new RegExp(lex.blockers.severalPlaces.pattern, 'i'),
      notKinds: new Set(lex.blockers.severalPlaces.notKinds),
    },
    reaction: new RegExp(lex.blockers.reaction.pattern, 'i'),
    runningTollAfter: new RegExp(lex.blockers.runningTollAfter.pattern, 'i'),
    campaignToll: new RegExp(lex.blockers.campaignToll.pattern, 'iu'),
    companion: new RegExp(
      `(^|[^\\p{L}])(?:he|she|(?:(?:an?|the|one)\\s+(?:[\\p{L}\\d’'-]+\\s+){0,2}?)?(?:${persons}|\\d{1,3}-(?:year|month|week)-old))\\s+and\\s+$`,
      'iu',
    ),
    leadCompanion: new RegExp(
      `^(?:[^:.;]{0,40}:\\s*)?(?<p>(?:(?:an?|the|one)\\s+)?(?:[\\p{L}\\d’'-]+\\s+){0,2}?(?:${persons}|\\d{1,3}-(?:year|month|week)-old))\\s*,\\s*$`,
      'iud',
    ),
    personWords: new Set(nouns.persons.words),
    selfAfter: new RegExp(lex.perpetratorSuicide.after, 'i'),
    selfIncluded: new RegExp(lex.perpetratorSuicide.included, 'i'),
    selfNamed: new RegExp(lex.perpetratorSuicide.named, 'i'),
    otherShooter: new RegExp(lex.perpetratorSuicide.otherShooter, 'i'),
    notKilled: new RegExp(
      `^(?:${lex.triggers
        .filter((t) => t.casualty && t.casualty !== 'killed')
        .map((t) => t.pattern)
        .join('|')})$`,
      'i',
    ),
    hedges: new RegExp(`\\b(?:${hedges.join('|') || 'allegedly'})\\b`, 'i'),
  };
  return compiled;
}

export interface IncidentInput {
  documentId: string;
  text: string;
  sentences: Sentence[];
  quantities: Quantity[];
  dates: DateMention[];
  places: PlaceMention[];
  actors: ActorMention[];
  attributions: Attribution[];
  quotes: Quote[];
  /** Fallback date when a sentence names none (the document's reference date). */
  referenceDate: DateMention | null;
  /**
   * The dateline ("KATHMANDU, Nov 4 (Reuters) -"): where the story was filed, not where anything
   * happened. It is left out of the first sentence's clauses; its place is the main place.
   */
  dateline?: Span | null;
  /** Fallback place when a sentence names none (dateline or the document's main place). */
  mainPlace: PlaceMention | null;
}

interface Hit {
  span: Span;
  kind: IncidentKind;
  casualty?: Casualty;
  subtype?: string;
  /** The trigger reports an incident only with a written count. */
  onlyCounted?: true;
  /** Its victims are only those named after it ("the shooting of a boy"). */
  victimAfter?: true;
}

/*
 * Clause breaks, as a pattern (`splitClauses` scans for them by hand):
 * CLAUSE_BREAK = /;|\s[—–]\s|,\s+(?:while|but|whereas|and\s+(?=\p{Lu}|the\s|a\s|an\s))/gu
 * A period inside a sentence is no break: the sentence splitter left it there because it belongs
 * to an abbreviation ("on Feb. 24, thousands", "the U.N. said").
 */
const NOT_COUNTED = new Set([
  'strike',
  'missile',
  'rocket',
  'shell',
  'house',
  'home',
  'building',
  'town',
  'city',
  'village',
  'attack',
  'family',
  'grave',
]);
/**
 * Characters of a trigger's clause read on either side of it by the clause tests (a claim's
 * object, a campaign's toll, another incident, a round-up). News clauses are far shorter; a
 * "clause" of a megabyte (a transcript with no punctuation) is read only near each trigger, so the
 * work stays linear in its length.
 */
const CLAUSE_READ = 1000;

const inside = (s: Span, outer: Span): boolean => s[0] >= outer[0] && s[1] <= outer[1];

/** Whether the dates inside `clause` include a whole year ("last year", "in 2008") and no day. */
function yearOnly(dates: readonly DateMention[], clause: Span): boolean {
  let year = false;
  for (const d of spanIndex(dates).inside(clause)) {
    if (d.precision === 'day') return false;
    if (d.precision === 'year' || (d.precision === null && /\byear\b/i.test(d.text))) year = true;
  }
  return year;
}

/**
 * Finds incident mentions (a clause reporting something happening), types them with the ACLED-like
 * taxonomy in `data/incident-taxonomy.json`, and attaches the clause's casualty figures, date,
 * place, actors with roles, modality and origin. Elliptical continuations ("7 killed in Ochakiv
 * and 1 in Mykolaiv") become separate incidents with their own figure and place.
 */
export function extractIncidents(input: IncidentInput): IncidentMention[] {
  const c = compile();
  const { text } = input;
  const out: IncidentMention[] = [];
  // Distances ("50 kilometers (30 miles) west of"), percentages and dates are not counts.
  let countable: Quantity[] | undefined;
  const hedged = new Map<number, boolean>();
  /** Counts of people shot standing as injured figures, until the document's dead are taken out. */
  const shotFigures = new Set<Quantity>();
  /** Whether the previous sentence tells of an attack (see `fireFromAttack`). */
  let attackBefore = false;
  for (const sentence of input.sentences) {
    const [s0, s1] = sentence.span;
    const stext = text.slice(s0, s1);
    const matches = execAll(c.pattern, stext);
    const attackHere = matches.some((m) => {
      const kind = c.rules[matchedGroup(m, c.groups)]?.kind;
      return kind !== undefined && c.fireFromAttack.has(kind);
    });
    const attackNear = attackBefore || attackHere;
    attackBefore = attackHere;
    if (matches.length === 0) continue;
    // "0:50 Girl hurt in crash": a related video's running time and title, page furniture.
    if (VIDEO_TEASER.test(stext)) continue;
    const idioms = [...execAll(c.idioms, stext)].map((m): Span => [s0 + m.index, s0 + m.index + m[0].length]);
    const hits: Hit[] = [];
    const dl = input.dateline;
    const head = dl && dl[0] >= s0 && dl[0] < s1 ? Math.min(dl[1], s1) : s0;
    const clauses = splitClauses(text, head, s1);
    let sentenceAttributions: Attribution[] | undefined;
    for (const m of matches) {
      const rule = c.rules[matchedGroup(m, c.groups)];
      if (!rule) continue;
      const span: Span = [s0 + m.index, s0 + m.index + m[0].length];
      if (span[0] < head) continue;
      if (idioms.some((i) => span[0] < i[1] && span[1] > i[0])) continue;
      // "Shells hit the market. Several stalls caught fire.": the attack's damage, not a disaster.
      if (rule.kind === 'disaster' && rule.subtype === 'Fire' && attackNear) continue;
      if (c.blockBefore.test(stext.slice(Math.max(0, m.index - 40), m.index))) continue;
      // "accused the militia of firing the shells", "denied that its fighters had fired on the
      // market": the object of a claim refers to an event, it does not report one.
      const clauseStart = (clauses.find((cl) => span[0] >= cl[0] && span[0] < cl[1])?.[0] ?? s0) - s0;
      const claimed = stext.slice(Math.max(clauseStart, m.index - CLAUSE_READ), m.index);
      if (CLAIM_WORD.test(claimed) && c.claimObject.test(claimed)) continue;
      // "thousands of families have fled toward Bunia since then": background, not a new event.
      if (
        c.ongoing.kinds.has(rule.kind) &&
        c.ongoing.before.test(claimed) &&
        c.ongoing.after.test(stext.slice(m.index + m[0].length))
      )
        continue;
      // "signs of fierce fighting", "focusing its offensive on the south", "under continued shelling".
      if (
        c.background.kinds.has(rule.kind) &&
        c.background.before.test(stext.slice(Math.max(0, m.index - 200), m.index))
      )
        continue;
      // "a conflict that has left tens of thousands dead": a whole conflict's running toll, not an incident.
      if (c.conflictToll.test(claimed) || c.runningTollAfter.test(stext.slice(m.index + m[0].length)))
        continue;
      // "weeks of shelling have killed 300": a campaign's total up to the report, not one attack.
      if (c.campaignToll.test(claimed)) continue;
      // "a teen who was killed in a previous shooting", "last year, two men died there": another incident.
      const clauseOf = clauses.find((cl) => span[0] >= cl[0] && span[0] < cl[1]) ?? sentence.span;
      const clauseText = text.slice(
        Math.max(clauseOf[0], span[0] - CLAUSE_READ),
        Math.min(clauseOf[1], span[1] + CLAUSE_READ),
      );
      if (c.otherIncident.test(clauseText)) continue;
      // "artillery has destroyed 40% of the port": damage summed over a campaign, not one attack.
      if (c.background.kinds.has(rule.kind) && c.background.cumulative.test(clauseText)) continue;
      // "55 people were shot in the city last year", "In 2008, a man was killed": a clause dated
      // by a whole year and no day tells a period's total or a past incident, not the report's.
      if (rule.casualty && yearOnly(input.dates, clauseOf)) continue;
      // "Three people were wounded in two shootings": a round-up of incidents told one by one.
      if (rule.casualty && c.roundUp.test(clauseText)) continue;
      // "X called on donors to halt arms sales, saying they were fuelling the raids": a reaction.
      if (c.reaction.test(stext.slice(Math.max(0, m.index - 200), m.index))) continue;
      // "dead"/"died" as adjectives of quoted speech or "death" in "death penalty" are weak; keep only near a count or a place.
      hits.push({
        span,
        kind: rule.kind,
        ...(rule.casualty ? { casualty: rule.casualty } : {}),
        ...(rule.subtype ? { subtype: rule.subtype } : {}),
        ...(rule.onlyCounted ? { onlyCounted: true as const } : {}),
        ...(rule.victimAfter ? { victimAfter: true as const } : {}),
      });
    }
    if (hits.length === 0) continue;
    // Group hits by clause; one incident per clause, typed by the most specific trigger.
    const byClause = new Map<number, Hit[]>();
    for (const h of hits) {
      const ci = clauses.findIndex((cl) => h.span[0] >= cl[0] && h.span[0] < cl[1]);
      const list = byClause.get(ci) ?? [];
      list.push(h);
      byClause.set(ci, list);
    }
    for (const [ci, group] of [...byClause.entries()].sort((a, b) => a[0] - b[0])) {
      const clause = clauses[ci] ?? sentence.span;
      const main = [...group].sort(
        (a, b) => (c.priority.get(a.kind) ?? 99) - (c.priority.get(b.kind) ?? 99) || a.span[0] - b.span[0],
      )[0] as Hit;
      const killHit = group.find((h) => h.casualty === 'killed');
      const injuryHit = group.find((h) => h.casualty === 'injured');
      const used = new Set<Quantity>();
      countable ??= input.quantities.filter(
        (q) =>
          !q.percent &&
          (q.best === null || Number.isInteger(q.best)) &&
          !(q.counted && c.measures.has(q.counted)) &&
          spanIndex(input.places).containing(q.span).length === 0 &&
          spanIndex(input.dates).overlapping(q.span).length === 0,
      );
      const counts = spanIndex(countable).inside(clause);
      // "three patients had died of their wounds": later deaths of the wounded update a toll, they are not one.
      const laterDeath =
        killHit !== undefined && c.laterDeath.test(text.slice(killHit.span[1], killHit.span[1] + 30));
      const victims =
        killHit && !laterDeath ? casualtyFigure(text, killHit, [head, clause[1]], counts, used, c) : null;
      const killed = victims && killHit ? withPerpetrator(text, victims, killHit, sentence, c) : null;
      const hurt = injuryHit ? casualtyFigure(text, injuryHit, [head, clause[1]], counts, used, c) : null;
      const shotHit = hurt ? undefined : group.find((h) => h.casualty === 'shot');
      const shot = shotHit ? casualtyFigure(text, shotHit, [head, clause[1]], counts, used, c) : null;
      if (shot) shotFigures.add(shot);
      // "The boy who was wounded last week has died", "he was taken to a hospital with injuries,
      // where he later died": the people named once as both dead and hurt are the dead; no one of
      // them is left injured.
      const injured =
        killed?.implicit && samePeople(killed, hurt ?? shot)
          ? null
          : withoutIncludedDead(text, hurt ?? shot, killed);
      if (group.every((h) => h.onlyCounted) && (!injured || injured.implicit)) continue;
      const bodies = counts.find((q) => q.counted === 'body' && !used.has(q)) ?? null;
      if (bodies) used.add(bodies);
      const own =
        pick(text, input.places, reportedPart(text, clause), main.span) ??
        pick(text, input.places, reportedPart(text, [head, s1]), main.span, true);
      const previous = own ? null : previousPlace(text, input.places, input.sentences, sentence);
      // A sentence continuing one that names several towns could be about any of them: no place,
      // rather than one picked at random or the document's main place.
      const ambiguous = previous === 'several';
      const place = narrowToTown(
        own ?? (previous === 'several' ? null : previous),
        input.mainPlace,
        input.places,
        text,
      );
      const ownDate =
        pickDate(input.dates, clause, text, input.referenceDate?.start) ??
        pickDate(input.dates, sentence.span, text, input.referenceDate?.start);
      // "The port remained cut off": a siege with no day of its own and no casualties is a state
      // lasting up to the report, not an incident.
      if (
        !ownDate &&
        !killed &&
        !injured &&
        group.every((h) => c.background.undatedState.has(h.kind)) &&
        !c.background.activeSiege.test(text.slice(main.span[0], clause[1]))
      )
        continue;
      const date =
        ownDate ?? previousDate(text, input.dates, input.sentences, sentence, input.referenceDate?.start);
      const trigger = { span: main.span, text: text.slice(main.span[0], main.span[1]) };
      const incident = (
        span: Span,
        k: Quantity | null,
        p: PlaceMention | null,
        first: boolean,
        context: Span = span,
      ): IncidentMention => {
        const actors = roles(input.actors, context, main.span, text);
        let hedge = hedged.get(s0);
        if (hedge === undefined) {
          hedge = c.hedges.test(stext);
          hedged.set(s0, hedge);
        }
        sentenceAttributions ??= spanIndex(input.attributions).inside(sentence.span);
        const { modality, origin } = modalityOf(span, hedge, sentenceAttributions, input.quotes);
        const { type, subtype } = classify(c, main, group, input.actors, span, text, sentence.text);
        // The same keys in the same order as before (the JSON output is compared byte for byte).
        return {
          id: '',
          documentId: input.documentId,
          sentence: sentence.span,
          trigger,
          type,
          subtype,
          kind: main.kind,
          span,
          text: text.slice(span[0], span[1]),
          killed: k ?? (main.kind === 'bodies-found' ? bodies : null),
          injured: first ? injured : null,
          counts: counts.filter((q) => !used.has(q) && inside(q.span, span) && q !== k),
          date: date ?? input.referenceDate,
          place: p ?? (ambiguous ? null : input.mainPlace),
          actors,
          modality,
          origin,
        };
      };
      // Elliptical continuation: "… killed in Ochakiv and 1 in Mykolaiv".
      // Elliptical continuations: "… killed in Ochakiv and 1 in Mykolaiv", "killed eight, five in Djugu and three in Aru".
      const rest: Span = [clause[0], sentence.span[1]];
      const restCounts = spanIndex(input.quantities)
        .inside(rest)
        .filter((q) => !q.percent);
      const items = killed ? ellipsis(text, rest, killed, restCounts, input.places, c.notKilled) : [];
      const first = items[0];
      // "Eight were killed in attacks on two towns": a sum over places, no incident of its own.
      // A disaster is one incident over every place it struck.
      if (
        !first &&
        (killed || injured) &&
        !group.some((h) => c.severalPlaces.notKinds.has(h.kind)) &&
        c.severalPlaces.pattern.test(text.slice(clause[0], clause[1]))
      )
        continue;
      if (first) {
        const sum = items.reduce((a, it) => a + (it.quantity.best ?? 0), 0);
        // When the parts add up to the first figure, the first is their total: only the parts are incidents.
        const aggregate = items.length >= 2 && sum === killed?.best;
        if (!aggregate) {
          const firstSpan: Span = [clause[0], first.start];
          out.push(
            incident(
              trimSpan(text, firstSpan),
              killed,
              pick(text, input.places, firstSpan, main.span) ?? place,
              true,
            ),
          );
        }
        items.forEach((it, k) => {
          const item = incident(
            trimSpan(text, [it.start, it.end]),
            it.quantity,
            it.place,
            aggregate && k === 0,
            clause,
          );
          // "five in Djugu" has no verb of its own: a summary quotes the whole sentence.
          item.summary = { span: sentence.span, text: sentence.text };
          out.push(item);
        });
      } else {
        const mention = incident(trimSpan(text, clause), killed, place, true);
        if (!continuesToll(text, mention, out[out.length - 1], input.sentences)) out.push(mention);
      }
    }
  }
  takeDeadFromShot(text, out, shotFigures);
  restOfThoseFound(text, out, input.quantities, c);
  // A headline or opening mention whose clause, sentence and previous sentence name no date
  // ("Man wounded in shooting") takes the date the report's incident sentences then give, when
  // it is at the place of the incident so dated or names no place. Later undated mentions keep
  // the report's own date (implied): they continue the incident told before them.
  const implied = input.referenceDate;
  const undated = (inc: IncidentMention): boolean => inc.date === implied || inc.date === null;
  if (out.some(undated)) {
    const lead = leadDate(
      text,
      input.dates,
      out.map((inc) => inc.sentence),
      input.sentences,
      implied?.start ?? null,
    );
    if (lead) {
      const where = out.find((inc) => inc.place && inside(lead.span, inc.sentence))?.place?.name ?? null;
      for (const inc of out)
        if (undated(inc) && inc.span[1] <= lead.span[0] && (!where || !inc.place || inc.place.name === where))
          inc.date = lead;
    }
  }
  out.forEach((inc, i) => {
    inc.id = `${input.documentId}:i${i + 1}`;
  });
  return out;
}

/** From a count of the hurt to a count of dead among them: ", including ". */
const INCLUDED_DEAD = /^[^.;:]{0,40}?,\s*including\s+$/i;

/**
 * "Three people were hurt, including one who later died": the dead are among the hurt counted,
 * so those left injured are the rest (a count of people shot loses its dead in
 * `takeDeadFromShot`).
 */
function withoutIncludedDead(text: string, hurt: Quantity | null, killed: Quantity | null): Quantity | null {
  if (!hurt || !killed || hurt.implicit || killed.implicit || hurt.best === null || killed.best === null)
    return hurt;
  if (hurt.percent || killed.span[0] < hurt.span[1]) return hurt;
  if (!INCLUDED_DEAD.test(text.slice(hurt.span[1], killed.span[0]))) return hurt;
  const left = hurt.best - killed.best;
  if (left < 0) return hurt;
  return { ...hurt, low: left, best: left, high: left };
}

/**
 * Whether a clause's dead and hurt, both named without a number, are the same people: one noun
 * phrase for both, or one person hurt and one dead told by a pronoun ("where he later died").
 */
function samePeople(dead: Quantity, hurt: Quantity | null): boolean {
  if (hurt === null || hurt.implicit !== true) return false;
  if (dead.span[0] === hurt.span[0] && dead.span[1] === hurt.span[1]) return true;
  return dead.best === 1 && hurt.best === 1 && /^(?:he|she)$/i.test(dead.text);
}

/**
 * "killed four classmates and himself", "shot his wife and two sons before turning the gun on
 * himself": the dead are the victims counted and the perpetrator. The figure then spans the
 * count and the perpetrator's words, and is marked as including one perpetrator.
 */
function withPerpetrator(
  text: string,
  victims: Quantity,
  hit: Hit,
  sentence: Sentence,
  c: Compiled,
): Quantity {
  if (victims.best === null || victims.percent || /\b(?:him|her)sel(?:f|ves)\b/i.test(victims.text))
    return victims;
  const rest = text.slice(victims.span[1], sentence.span[1]);
  const self = c.selfAfter.exec(rest);
  if (!self) {
    // "Farmer, nephew dead in what police call a murder-suicide": one person named, and the killer.
    if (victims.implicit && victims.best === 1 && c.selfNamed.test(sentence.text))
      return { ...victims, low: 2, best: 2, high: 2, perpetrators: 1 };
    return victims;
  }
  if (c.selfIncluded.test(sentence.text)) return victims;
  // "A girl died after shooting herself", "a man was killed when he shot himself by accident",
  // "man accidentally shot, killed self": the one counted before the verb is its subject, and
  // shot themself; no one else turned the gun.
  const victimIsSubject = victims.span[1] <= hit.span[0];
  if (victimIsSubject && !c.otherShooter.test(rest.slice(0, self.index + self[0].length))) return victims;
  const span: Span = [victims.span[0], victims.span[1] + self.index + self[0].length];
  const plus = (n: number | null) => (n === null ? null : n + 1);
  return {
    ...victims,
    span,
    text: text.slice(span[0], span[1]),
    low: plus(victims.low),
    best: victims.best + 1,
    high: plus(victims.high),
    perpetrators: 1,
  };
}

/**
 * "two others", "another man", "a second victim", "the five survivors": people besides those
 * already counted.
 */
const BESIDES = /\b(?:others?|another|more|second|third|fourth|additional|survivors?)\b/i;

/** "Also wounded were …" opening the clause, or "also" just before the casualty verb ("were also shot"). */
const ALSO_OPENING =
  /^\W*also\s+(?:(?:injured|wounded|hurt|shot|hit|struck)\b|in\s+(?:critical|serious|stable)\b)/i;
const ALSO_BEFORE_TRIGGER = /\balso\s+(?:(?:been|being|got|get)\s+)?$/i;

function toldAsAlso(m: IncidentMention, q: Quantity): boolean {
  // "Both men, one of whom was also shot, …": a count of all of them includes the dead.
  if (/^(?:both|all)\b/i.test(q.text)) return false;
  const at = m.trigger.span[0] - m.span[0];
  if (ALSO_OPENING.test(m.text)) return true;
  return (
    at >= 0 &&
    q.span[0] < m.trigger.span[0] &&
    ALSO_BEFORE_TRIGGER.test(m.text.slice(Math.max(0, at - 25), at))
  );
}

/**
 * "Four men were shot … one of them died": the shot include the dead, who are not injured. A count
 * of people shot becomes an injured figure of those left once the document's largest death toll
 * is taken out, or none when no one is left ("A man was shot … He died"); a count of others
 * ("two others were shot") excludes the dead already.
 */
function takeDeadFromShot(text: string, incidents: IncidentMention[], shot: Set<Quantity>): void {
  if (shot.size === 0) return;
  for (const m of incidents) {
    const q = m.injured;
    if (!q || !shot.has(q) || q.best === null) continue;
    // The dead of another day ("a shooting last week left one dead") are not among these shot,
    // unless they are told as some of them ("one of them died on Monday", "the second victim died").
    let dead = 0;
    for (const k of incidents)
      if (
        k.killed &&
        !k.killed.percent &&
        k.killed.best !== null &&
        (!otherDay(k.date, m.date) || SAME_VICTIMS.test(k.killed.text))
      )
        dead = Math.max(dead, k.killed.best);
    if (dead === 0) continue;
    // "two others were shot" excludes the dead; "he and four others were shot" may count one of them.
    const others = text.slice(q.span[1], q.span[1] + 12);
    const companion = /\sand\s+(?:\S+\s+)?\S+$/i.test(q.text) && /^\s+others?\b/i.test(others);
    if (!companion && (BESIDES.test(q.text) || BESIDES.test(others))) continue;
    // "Also wounded were three men", "two women were also shot": those shot besides the dead.
    if (toldAsAlso(m, q)) continue;
    const left = q.best - dead;
    m.injured =
      left > 0
        ? {
            ...q,
            low: q.low === null ? null : left,
            best: left,
            high: q.high === null ? null : Math.max(left, q.high - dead),
          }
        : null;
  }
}

/** Between "two" and "one of whom": the counted noun (with an adjective) and a comma. */
const SOME_OF_WHOM = /^(?:\s+[\p{L}’'-]+){0,2}\s*,\s*$/u;
const PART_OF_THEM = /^one\s+of\s+(?:whom|them)$/i;

/**
 * "Officers found two victims, one of whom died": the dead are one of the people counted just
 * before, and the others were hurt though no verb says so. When no incident of the document has
 * an injured figure, the one with the dead takes the rest of that count as injured.
 */
function restOfThoseFound(
  text: string,
  incidents: IncidentMention[],
  quantities: readonly Quantity[],
  c: Compiled,
): void {
  if (incidents.some((m) => m.injured)) return;
  for (const m of incidents) {
    const dead = m.killed;
    if (!dead || dead.best === null || !PART_OF_THEM.test(dead.text)) continue;
    const whole = spanIndex(quantities)
      .inside(m.sentence)
      .find(
        (q) =>
          q.span[1] <= dead.span[0] &&
          SOME_OF_WHOM.test(text.slice(q.span[1], dead.span[0])) &&
          !q.percent &&
          q.qualifier === 'exact' &&
          q.counted !== null &&
          q.counted !== undefined &&
          c.personWords.has(q.counted),
      );
    if (!whole || whole.best === null || whole.best <= dead.best) continue;
    const left = whole.best - dead.best;
    m.injured = { ...whole, low: left, best: left, high: left };
    return;
  }
}

/** Dead told as some of those already counted: "one of them", "two of the wounded", "the second victim". */
const SAME_VICTIMS =
  /\b(?:of\s+(?:them|those|these|the)\b|(?:the|a)\s+(?:second|third|fourth|fifth|other|last|remaining)\s+(?:victims?|wounded|injured)\b)/i;

/** Both dates are stated in the text (not the report's own date) and more than a day apart. */
function otherDay(a: DateMention | null, b: DateMention | null): boolean {
  if (!a?.start || !b?.start || a.span[0] === a.span[1] || b.span[0] === b.span[1]) return false;
  const ta = Date.parse(a.start.slice(0, 10));
  const tb = Date.parse(b.start.slice(0, 10));
  return !Number.isNaN(ta) && !Number.isNaN(tb) && Math.abs(ta - tb) > 86_400_000;
}

/**
 * The figure a casualty trigger governs: a count ("7 killed", "killing at least 21 people"), else
 * one person named as its victim ("a man was shot", "killing her"). A person named between a far
 * count and the trigger is the victim ("two were arrested after a man was killed"). `reach` runs
 * from the sentence start to the clause end: a list of victims may span a clause break ("Ann
 * Cole, 33, and Ben Ray, 28, were killed").
 */
function casualtyFigure(
  text: string,
  hit: Hit,
  reach: Span,
  counts: Quantity[],
  used: Set<Quantity>,
  c: Compiled,
): Quantity | null {
  const explicit = figureFor(text, hit, counts, used, c);
  if (explicit && explicit.span[0] >= hit.span[0]) return withPeopleAfter(text, explicit, reach[1]);
  if (hit.victimAfter) {
    if (explicit) used.delete(explicit);
    return findImplicitVictim(text, [hit.span[1], reach[1]], hit.span);
  }
  const implicit =
    findImplicitVictim(text, reach, hit.span) ?? (explicit ? null : oneShootingDeath(text, hit.span));
  if (!implicit || (explicit && implicit.span[0] < explicit.span[1]))
    return explicit && withCompanion(text, explicit, reach[0], c);
  if (explicit) {
    const between = text.slice(explicit.span[1], implicit.span[0]);
    // "<count> people, including a <person>, were hurt": the person is one of the count.
    if (INCLUDING.test(between)) return withCompanion(text, explicit, reach[0], c);
    // "three riders, one of whom was a cyclist, were hurt": the person is one of the count.
    if (/,\s*(?:one|some|two|all|both|each|many|most)\s+of\s+(?:whom|which|them)\b/i.test(between))
      return withCompanion(text, explicit, reach[0], c);
    // "Three adults and a 2-year-old were shot", "2 Boys, Man Shot": the count and one more.
    // "Two neighbors, a man and his aunt, were killed": an apposition
    // (closed by a comma) names the people counted, it does not add one.
    const apposition =
      between.includes(',') && /^\s*,/.test(text.slice(implicit.span[1], implicit.span[1] + 3));
    // "According to three witnesses, the driver …": the count is the source, not a victim.
    const source = /\baccording\s+to\s+(?:the\s+)?$/i.test(
      text.slice(Math.max(0, explicit.span[0] - 20), explicit.span[0]),
    );
    if (
      explicit.best !== null &&
      !explicit.percent &&
      !apposition &&
      !source &&
      COUNT_THEN_PERSON.test(between)
    ) {
      const span: Span = [explicit.span[0], implicit.span[1]];
      const n = explicit.best + (implicit.best ?? 1);
      return { ...implicit, span, text: text.slice(span[0], span[1]), low: n, best: n, high: n };
    }
    used.delete(explicit);
  }
  return implicit;
}

/**
 * "wounded five teenagers and a 70-year-old doctor": a count after its verb, then more people
 * named with "and", are all victims. The figure then spans both.
 */
function withPeopleAfter(text: string, count: Quantity, end: number): Quantity {
  if (count.best === null || count.percent) return count;
  const more = peopleAfterCount(text, count.span[1], end);
  if (!more) return count;
  const span: Span = [count.span[0], more.end];
  const add = (n: number | null) => (n === null ? null : n + more.n);
  return {
    ...count,
    span,
    text: text.slice(span[0], span[1]),
    low: add(count.low),
    best: count.best + more.n,
    high: add(count.high),
  };
}

/**
 * From a count to a person named right after it in one list: its noun (with an adjective), then a
 * comma or "and" ("three adults and", "3 Men,"); no verb, so the person is not the subject of
 * another clause ("two were shot and a man …").
 */
const COUNT_THEN_PERSON = new RegExp(
  String.raw`^(?:\s+(?!(?:was|were|is|are|had|has|have|been|being|and|or|of|who|shot|killed|dead|deceased|slain|died|wounded|injured|hurt)\b)[\p{L}’'-]+){1,2}(?:${AGES_APPOSITION})?(?:\s*,\s*(?:and\s+)?|\s+and\s+)$`,
  'iu',
);

/**
 * "she and three others were shot", "a woman and two other men were wounded": the others and the
 * person named before them. The figure then spans both and counts one more.
 */
function withCompanion(text: string, others: Quantity, from: number, c: Compiled): Quantity {
  // "she and three others", "a 2-year-old and three adults": a count of others or of people.
  const ofPeople =
    /^\s+others?\b/i.test(text.slice(others.span[1], others.span[1] + 8)) ||
    (others.counted !== null && others.counted !== undefined && c.personWords.has(others.counted));
  if (others.best === null || others.percent || !ofPeople) return others;
  const before = text.slice(Math.max(from, others.span[0] - 60), others.span[0]);
  const companion = c.companion.exec(before);
  const lead = companion ? null : c.leadCompanion.exec(text.slice(from, others.span[0]));
  // "a dead teenager and one woman shot through the arm": the dead one is not among the hurt.
  if ((!companion && !lead) || DEAD_WORD.test((companion ?? lead)?.[0] ?? '')) return others;
  const start = companion
    ? others.span[0] - before.length + companion.index + (companion[1]?.length ?? 0)
    : from + (lead?.indices?.groups?.p?.[0] ?? 0);
  const span: Span = [start, others.span[1]];
  const plus = (n: number | null) => (n === null ? null : n + 1);
  return {
    ...others,
    span,
    text: text.slice(span[0], span[1]),
    low: plus(others.low),
    best: others.best + 1,
    high: plus(others.high),
  };
}

/** A word that tells a person named is dead. */
const DEAD_WORD = /\b(?:dead|deceased|slain|late)\b/i;

/**
 * A sentence opening with a running time ("1:45 Witness describes …"), as pages list related
 * videos; a clock time is followed by "a.m.", "p.m." or "hours" ("2:30 a.m. Sunday, …").
 */
const VIDEO_TEASER =
  /^\W{0,3}\d{1,2}:[0-5]\d\s+(?!(?:[aApP]\.?\s?[mM]|[hH](?:ou)?rs?|HOURS?|o'clock|on|in|at|to|and|-|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|[ECMP][SD]?T|Eastern|Central|Pacific|Mountain)\b)[\p{Lu}\d]/u;

/** Cheap pre-check for `claimObject`: a verb of accusation or denial. */
const CLAIM_WORD = /\b(?:accus|suspect|convict|blam|den[iy]|reject|dismiss|refut)/i;

/**
 * "Twelve people were confirmed dead … She said about 40 others were being treated": a figure of
 * "others" in the next sentence of the same paragraph completes the toll just reported. The
 * earlier incident takes the figure (when it has none of that kind) and no new incident is made.
 */
function continuesToll(
  text: string,
  mention: IncidentMention,
  previous: IncidentMention | undefined,
  sentences: Sentence[],
): boolean {
  if (!previous) return false;
  const figure = mention.injured ?? mention.killed;
  if (!figure || !/^\s+others\b/i.test(text.slice(figure.span[1], figure.span[1] + 8))) return false;
  const index = spanIndex(sentences).firstStartingAt(mention.sentence[0]);
  const before = sentences[index - 1];
  if (!before || before.span[0] !== previous.sentence[0]) return false;
  if (/\n\s*\n/.test(text.slice(before.span[1], mention.sentence[0]))) return false;
  if (mention.injured && !mention.killed && previous.killed && !previous.injured) {
    previous.injured = mention.injured;
    return true;
  }
  if (mention.killed && !mention.injured && previous.injured && !previous.killed) {
    previous.killed = mention.killed;
    return true;
  }
  return false;
}

/**
 * The clauses of the sentence `text[from, to)`: the parts between the breaks `CLAUSE_BREAK`
 * matches in it (the same spans as a global scan of that pattern over the sentence, found with
 * a character scan instead, which is several times faster than the Unicode pattern).
 */
function splitClauses(text: string, from: number, to: number): Span[] {
  const spans: Span[] = [];
  let start = from;
  for (let at = from; at < to; at++) {
    const end = clauseBreakAt(text, at, to);
    if (end < 0) continue;
    if (at > start) spans.push([start, at]);
    start = end;
    at = end - 1;
  }
  if (to > start) spans.push([start, to]);
  return spans;
}

/** White space as `\s` matches it. */
export function isSpaceCode(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

const UPPER = /^\p{Lu}/u;

/** Where a clause break (`CLAUSE_BREAK`) starting at `at` ends, or -1; `to` ends the sentence. */
function clauseBreakAt(text: string, at: number, to: number): number {
  const code = text.charCodeAt(at);
  if (code === 59) return at + 1; // ;
  if (code === 44) {
    // ", while", ", but", ", whereas", ", and The", ", and the"
    let j = at + 1;
    while (j < to && isSpaceCode(text.charCodeAt(j))) j++;
    if (j === at + 1) return -1;
    for (const word of CLAUSE_WORDS)
      if (text.startsWith(word, j) && j + word.length <= to) return j + word.length;
    if (!text.startsWith('and', j) || j + 3 > to) return -1;
    let k = j + 3;
    while (k < to && isSpaceCode(text.charCodeAt(k))) k++;
    if (k === j + 3 || k >= to) return -1;
    const next = text.charCodeAt(k);
    const upper =
      (next >= 65 && next <= 90) || (next >= 128 && UPPER.test(text.slice(k, Math.min(to, k + 2))));
    if (upper) return k;
    for (const word of ARTICLES)
      if (text.startsWith(word, k) && k + word.length < to && isSpaceCode(text.charCodeAt(k + word.length)))
        return k;
    return -1;
  }
  if (isSpaceCode(code) && at + 2 < to) {
    const dash = text.charCodeAt(at + 1);
    if ((dash === 0x2014 || dash === 0x2013) && isSpaceCode(text.charCodeAt(at + 2))) return at + 3;
  }
  return -1;
}
const CLAUSE_WORDS = ['while', 'but', 'whereas'];
const ARTICLES = ['the', 'a', 'an'];

function trimSpan(text: string, [a, b]: Span): Span {
  while (a < b && /[\s,;:—–"“”]/.test(text[a] ?? '')) a++;
  while (b > a && /[\s,;:—–]/.test(text[b - 1] ?? '')) b--;
  return [a, b];
}

/**
 * Words between a trigger and the figure after it: "killing at least 12", "toll rose to 410",
 * "killed his two sons".
 */
const QUALIFIERS =
  /^\s*(?:(?:at least|more than|nearly|about|some|around|over|up to|to|rose to|of|stands at|reached|his|her|their)\s*)*$/i;
const TOLL_TRIGGER = /\btoll$/i;
/** From a death toll to its figure: "from the quake rose to", "in the ferry disaster has risen to". */
const TOLL_BRIDGE =
  /^\s+(?:(?:from|in|of|after|following)\s+(?:[\w’'-]+\s+){0,6}?)?(?:has\s+|had\s+)?(?:rose|rises|risen|climbed|climbs|jumped|jumps|reached|reaches|stood|stands|was|is|hit|hits|increased|increases)(?:\s+(?:to|at))?(?:\s+(?:at least|more than|nearly|about|some|around|over))?\s*$/i;

/** Verbs whose subject is a suspect, not a victim: a count before one of them does not reach a later trigger. */
const OTHER_VERB =
  /\b(?:arrested|charged|indicted|accused|convicted|sentenced|detained|booked|sought|wanted|opened fire|fired|in custody|face|faces|facing)\b/i;

/** A comma, then a subject other than a relative pronoun, then an auxiliary: a clause of its own. */
const NEW_SUBJECT = /,\s+(?!(?:who|which|that|whom|whose)\b)[\w’'-]+\s+(?:was|were|had|has|have|is|are)\b/i;

/** A trigger that is a participle just after a comma: ", killing", ", wounding". */
const PARTICIPLE_AFTER_COMMA = /,\s*[\p{L}-]+ing$/iu;

/** Between a count and a death: the dead are a part of those counted. */
const INCLUDING = /\b(?:including|among them|among whom)\b/i;

/**
 * From a count of the whole to a part set off by commas: "Nine people(, including )two teens",
 * "five people(, )three of them were teenagers".
 */
const WHOLE_THEN_INCLUDED =
  /^(?:\s+[\p{L}’'-]+){0,3}\s*,\s*(?:including|among\s+(?:them|whom))\s+(?:[\p{L}’'-]+\s+){0,2}$/iu;
const WHOLE_THEN_COMMA = /^(?:\s+[\p{L}’'-]+){0,3}\s*,\s*$/u;
const PART_OF = /^\s+of\s+(?:them|whom)\b/i;
/**
 * From the end of a part to the verb: the comma that closes the apposition, then a few words; not
 * a relative clause, whose verb is the part's ("eight people, including a guard, who was killed").
 */
const PART_CLOSED = /^[^,;.:]{0,40},\s*(?!(?:who|which|that|whom)\b)(?:[\p{L}’'-]+\s+){0,3}$/iu;
/** From a count of the whole to the verb over a closed apposition: ", including two teens, were". */
const WHOLE_OVER_PART =
  /^(?:\s+[\p{L}’'-]+){0,3}\s*,\s*(?:including|among\s+(?:them|whom)|[\p{L}\d’'-]+\s+of\s+(?:them|whom))\b[^,;.:]{1,50},\s*(?!(?:who|which|that|whom)\b)(?:[\p{L}’'-]+\s+){0,3}$/iu;

/**
 * "Nine people, including two teens, were shot", "five people, three of them teenagers, were
 * hurt": a count set off by commas after a count of the whole is a part of it, not the figure.
 */
function isPartOfWhole(text: string, q: Quantity, hit: Hit, counts: readonly Quantity[]): boolean {
  if (q.span[1] > hit.span[0] || !PART_CLOSED.test(text.slice(q.span[1], hit.span[0]))) return false;
  const partOf = PART_OF.test(text.slice(q.span[1], q.span[1] + 12));
  return counts.some((w) => {
    if (w === q || w.span[1] > q.span[0] || q.span[0] - w.span[1] > 50 || w.best === null) return false;
    const between = text.slice(w.span[1], q.span[0]);
    return WHOLE_THEN_INCLUDED.test(between) || (partOf && WHOLE_THEN_COMMA.test(between));
  });
}

/** A count of a part: "one of the victims", "two of them". */
const PARTITIVE_COUNT = /\bof\s+(?:them|those|these|the\s+[\p{L}’'-]+)$/iu;
/** From a partitive count to an event named right after it: " of a ", " in the ". */
const OF_THE_EVENT = /^\s+(?:of|in|from)\s+(?:(?:a|an|the|this|that|their|his|her)\s+)?$/i;

/** A count before "of the": "two of the (four victims)", "both of the", "all of the". */
const PARTITIVE_WHOLE =
  /(?:^|[^\p{L}\p{N}])(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|both|all|none)\s+of\s+(?:the|those|these|its|their)\s+$/iu;

/** The count that a casualty trigger governs: "7 killed", "killed 7", "killing at least 21 people". */
function figureFor(
  text: string,
  hit: Hit,
  counts: Quantity[],
  used: Set<Quantity>,
  c: Compiled,
): Quantity | null {
  let best: Quantity | null = null;
  let bestDistance = Infinity;
  for (const q of counts) {
    if (used.has(q) || (q.counted && NOT_COUNTED.has(q.counted))) continue;
    // "two children were among the dead", "the dead included …", "three of the wounded": a part, not a toll.
    if (
      c.subset.test(text.slice(q.span[1], q.span[1] + 30)) ||
      c.subsetBefore.test(text.slice(Math.max(0, q.span[0] - 30), q.span[0]))
    )
      continue;
    // "Two of the victims of the double murder were brothers": a part of the victims, and the
    // event only names whose victims they are; the count is not the event's toll.
    if (
      q.span[1] <= hit.span[0] &&
      PARTITIVE_COUNT.test(q.text) &&
      OF_THE_EVENT.test(text.slice(q.span[1], hit.span[0]))
    )
      continue;
    // "two of the four victims died": four is the whole, two the dead ("three of the four were
    // treated" still counts the four hurt).
    if (hit.casualty === 'killed' && PARTITIVE_WHOLE.test(text.slice(Math.max(0, q.span[0] - 30), q.span[0])))
      continue;
    let distance: number;
    if (q.span[0] >= hit.span[0] && q.span[1] <= hit.span[1])
      distance = 0; // "bodies of 410 civilians … found"
    else if (q.span[1] <= hit.span[0]) {
      // "… when the rifle discharged, killing Ann": a participle after a comma takes its victims after it.
      if (PARTICIPLE_AFTER_COMMA.test(text.slice(Math.max(0, hit.span[0] - 3), hit.span[1]))) continue;
      const between = text.slice(q.span[1], hit.span[0]);
      // A count before the trigger governs it unless a sentence, clause or report boundary intervenes.
      if (between.length > 70 || /[.;:]|\b(?:said|says|told|according)\b/.test(between)) continue;
      // "At least three were bound, one was shot": a new subject after the comma takes the verb.
      if (NEW_SUBJECT.test(between)) continue;
      // "Five people were struck, including one who died": the count is the whole, not the dead
      // (unless the part is set off before the verb: "Four people, including a child, died").
      if (hit.casualty === 'killed' && INCLUDING.test(between) && !WHOLE_OVER_PART.test(between)) continue;
      if (isPartOfWhole(text, q, hit, counts)) continue;
      // "Two men were arrested in the shooting that killed …", "two gunmen opened fire, killing
      // one": the count is the subject of another verb (the suspects), not the victims.
      if (OTHER_VERB.test(between)) continue;
      // "7 killed", "21 people were killed", "410 bodies … found"
      distance = between.split(/\s+/).length;
    } else if (q.span[0] >= hit.span[1]) {
      const between = text.slice(hit.span[1], q.span[0]);
      // "killing at least 12"; "The death toll from the ferry disaster rose to 78"
      const qualified = between.length <= 30 && !/[.;,]/.test(between) && QUALIFIERS.test(between);
      if (
        !qualified &&
        !(TOLL_TRIGGER.test(text.slice(hit.span[0], hit.span[1])) && TOLL_BRIDGE.test(between))
      )
        continue;
      distance = between.split(/\s+/).length + 0.5;
    } else continue;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = q;
    }
  }
  if (best) used.add(best);
  return best;
}

interface EllipsisItem {
  start: number;
  end: number;
  quantity: Quantity;
  place: PlaceMention;
}

/** Later "N in PLACE" items of a clause whose first figure is `first`, each with its own span. */
function ellipsis(
  text: string,
  clause: Span,
  first: Quantity,
  counts: Quantity[],
  places: PlaceMention[],
  notKilled: RegExp,
): EllipsisItem[] {
  const items: EllipsisItem[] = [];
  for (const q of counts) {
    if (q === first || q.span[0] <= first.span[1]) continue;
    const before = text.slice(Math.max(clause[0], q.span[0] - 8), q.span[0]);
    const sep = /(?:,\s*(?:and\s+|while\s+)?|\s(?:and|while)\s+|\s[–—:]\s*)$/.exec(before);
    if (!sep) continue;
    const place = places.find(
      (p) =>
        p.span[0] >= q.span[1] &&
        p.span[0] - q.span[1] <= 20 &&
        /^\s+(?:\w+\s+)?(?:in|near|at|outside)\s/.test(text.slice(q.span[1], p.span[0] + 1)),
    );
    if (!place) continue;
    // "2 dead, 2 injured in Elm City": a count of another casualty, not a part of the dead.
    const word = /^\s+([\w’'-]+)\s+(?:in|near|at|outside)\s/.exec(
      text.slice(q.span[1], place.span[0] + 1),
    )?.[1];
    if (word && notKilled.test(word)) continue;
    items.push({ start: q.span[0] - (before.length - sep.index), end: place.span[1], quantity: q, place });
  }
  items.forEach((it, k) => {
    it.end = items[k + 1]?.start ?? it.place.span[1];
  });
  return items;
}

/** Whether `pattern` (global) matches `sentence` once without a denial just before it. */
function qualifies(pattern: RegExp, sentence: string, negated: RegExp): boolean {
  for (const m of execAll(pattern, sentence))
    if (!negated.test(sentence.slice(Math.max(0, m.index - 40), m.index))) return true;
  return false;
}

function classify(
  c: Compiled,
  main: Hit,
  group: readonly Hit[],
  actors: ActorMention[],
  span: Span,
  text: string,
  sentence: string,
): { type: EventType; subtype: string } {
  const m = c.taxonomy.kinds[main.kind] ?? c.taxonomy.kinds.other;
  if (main.subtype && (main.kind === 'disaster' || main.kind === 'accident'))
    return { type: m.type, subtype: main.subtype };
  if (main.kind === 'bombing' && c.suicideBomb.test(text.slice(span[0], span[1])))
    return { type: m.type, subtype: c.taxonomy.suicideBomb.subtype };
  const inClause = spanIndex(actors).inside(span);
  const atProtest = protestType(main, group, inClause, text.slice(span[0], span[1]));
  if (atProtest) return atProtest;
  // "accidentally shot", "an officer-involved shooting": the report's own qualification.
  if (c.contexts.kinds.has(main.kind)) {
    const rule = c.contexts.rules.find((r) => qualifies(r.pattern, sentence, c.contexts.negatedBefore));
    if (rule) return { type: rule.type, subtype: rule.subtype };
  }
  const civilians = inClause.some((a) => a.kind === 'civilians');
  const armed = inClause.filter((a) => a.kind === 'military' || a.kind === 'armed-group');
  if (m.armedTarget && !civilians && armed.length >= 2) return m.armedTarget;
  return { type: m.type, subtype: m.subtype };
}

/** Force used at a protest ("tear gas", "rubber bullets"): ACLED's intervention in a protest. */
const INTERVENTION =
  /\b(?:tear ?gas|rubber bullets|water cannons?|batons?|baton charge|dispersed|stun grenades|pepper spray)\b/i;

/**
 * ACLED's protest sub-event types: a protest that police or troops break up with force is a
 * "Protest with intervention", one where they kill or maim protesters "Excessive force against
 * protesters"; a protest whose participants riot or clash is a "Violent demonstration".
 */
function protestType(
  main: Hit,
  group: readonly Hit[],
  inClause: ActorMention[],
  clause: string,
): { type: EventType; subtype: string } | null {
  if (!group.some((h) => h.kind === 'protest')) return null;
  if (main.kind === 'riot' || main.kind === 'clash')
    return { type: 'Riots', subtype: 'Violent demonstration' };
  const state = inClause.some((a) => a.kind === 'police' || a.kind === 'military');
  const harm = ['killing', 'shooting', 'injury', 'execution'].includes(main.kind);
  if (harm && state) return { type: 'Protests', subtype: 'Excessive force against protesters' };
  if (main.kind === 'protest' && INTERVENTION.test(clause))
    return { type: 'Protests', subtype: 'Protest with intervention' };
  return null;
}

function roles(actors: ActorMention[], span: Span, trigger: Span, text: string): IncidentMention['actors'] {
  return spanIndex(actors)
    .inside(span)
    .map((a) => {
      let role: ActorRole;
      const before = text.slice(Math.max(span[0], a.span[0] - 12), a.span[0]);
      if (
        /\baccording\s+to\s+(?:the\s+)?$/i.test(before) ||
        /^\s+(?:said|say|says|told|reported|added)\b/i.test(text.slice(a.span[1], a.span[1] + 10))
      )
        role = 'source';
      else if (/\bby\s+(?:the\s+)?$/i.test(before)) role = 'perpetrator';
      else if (a.kind === 'civilians') role = 'victim';
      else if (a.kind === 'organisation') role = 'other';
      else if (a.span[1] <= trigger[0]) {
        // "Russian forces shelled" (active) vs "soldiers were killed" (passive subject = target).
        const between = text.slice(a.span[1], trigger[0]);
        role = /\b(?:were|was|been|being|are|is)\b/i.test(between) ? 'target' : 'perpetrator';
      } else role = 'target';
      return { role, name: a.name, span: a.span, text: a.text };
    });
}

function modalityOf(
  span: Span,
  /** The sentence carries a hedge ("allegedly", "could not be independently verified"). */
  hedged: boolean,
  /** The attributions inside the incident's sentence. */
  attributions: Attribution[],
  quotes: Quote[],
): { modality: IncidentMention['modality']; origin: string | null } {
  // The attribution whose statement holds the incident's trigger clause.
  const attribution = attributions.find((a) => a.statement[0] < span[1] && a.statement[1] > span[0]);
  if (hedged) return { modality: 'alleged', origin: attribution?.source ?? null };
  if (attribution) return { modality: 'attributed', origin: attribution.source };
  const quote = spanIndex(quotes)
    .containing(span)
    .find((q) => q.direct);
  if (quote) return { modality: 'attributed', origin: quote.speaker };
  return { modality: 'fact', origin: null };
}
