/**
 * Records shared by every pipeline stage. Offsets are `[start, end)` indices into a document's
 * canonical text (JavaScript string indices); every record that carries a span also carries the
 * text that the span slices to, so that a reader can check it.
 */

/** `[start, end)` into a document's canonical text. */
export type Span = [start: number, end: number];

export type Severity = 'error' | 'warning' | 'info';

/** A problem found in content. Problems in content are data, not exceptions. */
export interface Diagnostic {
  /** Stable rule id, kebab-case, prefixed by stage: `ingest/invalid-utf8`, `extract/unresolved-place`. */
  rule: string;
  severity: Severity;
  /** What was expected, what was found. */
  message: string;
  /** What the user can do about it. */
  hint?: string;
  /** Input path or URL the problem was found in. */
  source?: string;
  /** Record inside the input: `line 12`, `item 3`, `record <urn:uuid:...>`. */
  record?: string;
  /** Document id when the problem is inside a stored document. */
  document?: string;
  span?: Span;
}

// ---------------------------------------------------------------------------------------------
// Ingest

export type ReaderName =
  | 'text'
  | 'markdown'
  | 'html'
  | 'json'
  | 'jsonl'
  | 'warc'
  | 'rss'
  | 'atom'
  | 'trec'
  | 'stdin';

/** Metadata of one report. Every field may come from the input, a manifest, or the text itself. */
export interface DocumentMeta {
  title: string | null;
  outlet: string | null;
  url: string | null;
  /** ISO 8601 date or date-time, as precise as the input gave it. */
  published: string | null;
  byline: string | null;
  /** A dateline at the head of the text, e.g. `KYIV, April 3 –`. */
  dateline: { place: string; date: string | null; text: string; span: Span } | null;
  /** Wire credits found in the text or metadata, normalised: `AP`, `Reuters`, `AFP`. */
  credits: string[];
  /** passim-style series (usually the outlet) and external id, when the input has them. */
  series: string | null;
  externalId: string | null;
  /** Names of the fields above whose value was inferred from the text rather than given. */
  inferred: string[];
}

/** A stored report: one record of one original (a file may hold many records). */
export interface StoredDocument extends DocumentMeta {
  /** Deterministic id derived from the original's sha256 and the record key. */
  id: string;
  /** SHA-256 (hex) of the original bytes this document was read from. */
  sha256: string;
  /** Where the original came from: the path as given to ingest, or the record's URL. */
  source: string;
  /** Key of the record inside the original (`''` for single-document files). */
  recordKey: string;
  reader: ReaderName;
  /** When the original was first captured (ISO 8601, UTC). */
  capturedAt: string;
  /** Canonical text: Unicode NFC, `\n` line endings. Every offset points into it. */
  text: string;
}

// ---------------------------------------------------------------------------------------------
// Reuse (ledger contract names are kept in snake_case where the contract fixes them)

export type ReuseRelation = 'duplicate' | 'verbatim' | 'paraphrase' | 'mixed';
export type PassageKind = 'verbatim' | 'paraphrase';
export type Direction = 'a>b' | 'b>a' | 'unknown';

export interface Passage {
  a: Span;
  b: Span;
  kind: PassageKind;
  /** 1 for identical text; lower for edited or paraphrased passages. */
  score: number;
}

export interface ReusePair {
  a: string;
  b: string;
  relation: ReuseRelation;
  /** Fraction of each document's text inside reused passages. */
  shared_a: number;
  shared_b: number;
  direction: Direction;
  reason: string;
  passages: Passage[];
}

export interface Family {
  id: string;
  documents: string[];
  origin: string | null;
}

// ---------------------------------------------------------------------------------------------
// Extraction

export interface Sentence {
  span: Span;
  text: string;
}

export type QuantityQualifier =
  | 'exact'
  | 'at-least'
  | 'more-than'
  | 'at-most'
  | 'fewer-than'
  | 'about'
  | 'nearly'
  | 'range'
  | 'vague';

export interface Quantity {
  span: Span;
  text: string;
  low: number | null;
  best: number | null;
  high: number | null;
  qualifier: QuantityQualifier;
  /** True for percentages (`70% of the city`); low/best/high are then percentages. */
  percent: boolean;
  /** What is counted, normalised to a lemma: `body`, `civilian`, `person`, `child`, `strike`. */
  counted: string | null;
  /**
   * Set when no number is written: people named one by one as victims ("a man was shot", "a
   * woman and her son were killed"). Often one detail of a larger toll, so a written count wins.
   */
  implicit?: true;
  /**
   * How many perpetrators the figure includes: "killed four and then himself" is 5 dead, one of
   * them the perpetrator (the Gun Violence Archive and UCDP count them; ACLED notes them), so a
   * user can count either way.
   */
  perpetrators?: number;
}

export type DatePrecision = 'day' | 'week' | 'month' | 'year';

export interface DateMention {
  span: Span;
  text: string;
  /** ISO dates (YYYY-MM-DD); null when unresolved. */
  start: string | null;
  end: string | null;
  precision: DatePrecision | null;
  /** How it was resolved, e.g. `weekday before reference 2022-04-03 (published)`. */
  reason: string;
}

export type PlacePrecision = 'exact' | 'town' | 'near' | 'region' | 'country';

export interface PlaceMention {
  span: Span;
  text: string;
  /** Gazetteer name of the resolved place. */
  name: string;
  admin1: string | null;
  country: string | null;
  /** ISO 3166-1 alpha-2. */
  countryCode: string | null;
  lat: number | null;
  lon: number | null;
  precision: PlacePrecision;
  kind: 'populated-place' | 'region' | 'country' | 'area';
  /** For relative locations: `50 kilometers west of Kyiv`. */
  relation: string | null;
  /**
   * The section of the city `name` the text names, as the gazetteer names it (a neighbourhood:
   * "shot in Old Quarter" is at Strelsau, section Old Quarter).
   */
  section?: string;
  /**
   * The larger city, named in the same report, whose area the town `name` lies in ("Fernwick,
   * near Westport"): the second level of the place where the text gives both.
   */
  cityArea?: string;
  /**
   * Why this place: the context that supports the name (`in the dateline`, `qualified by a state
   * abbreviation`, `after a preposition of location`, …), and for an incident's place where it
   * was found (`incident clause`, `incident sentence`, `previous sentence`, `report's main place`).
   */
  reason?: string;
}

export type ActorRole = 'perpetrator' | 'target' | 'victim' | 'source' | 'other';

export interface ActorMention {
  span: Span;
  text: string;
  /** Normalised, stable name: `Russian forces`, `civilians`, `police`. */
  name: string;
  kind:
    | 'military'
    | 'armed-group'
    | 'police'
    | 'government'
    | 'civilians'
    | 'organisation'
    | 'person'
    | 'group';
}

/** ACLED's event types, plus two for the non-conflict news the tool also covers. */
export type EventType =
  | 'Battles'
  | 'Explosions/Remote violence'
  | 'Violence against civilians'
  | 'Protests'
  | 'Riots'
  | 'Strategic developments'
  | 'Disasters and accidents'
  | 'Other';

/** Fine-grained incident kind, mapped to EventType/subtype by a documented table. */
export type IncidentKind =
  | 'killing'
  | 'execution'
  | 'shooting'
  | 'shelling'
  | 'missile-strike'
  | 'air-strike'
  | 'bombing'
  | 'explosion'
  | 'bodies-found'
  | 'injury'
  | 'siege'
  | 'clash'
  | 'abduction'
  | 'sexual-violence'
  | 'torture'
  | 'arrest'
  | 'protest'
  | 'riot'
  | 'destruction'
  | 'displacement'
  | 'disaster'
  | 'accident'
  | 'other';

export type Modality = 'fact' | 'alleged' | 'attributed';

export interface IncidentMention {
  /** Unique within the document: `<documentId>:i<n>`. */
  id: string;
  documentId: string;
  /** The clause (or sentence) reporting the incident. */
  span: Span;
  text: string;
  sentence: Span;
  kind: IncidentKind;
  type: EventType;
  subtype: string;
  /** The words that triggered the incident (`shot dead`, `shelling`). */
  trigger: { span: Span; text: string };
  killed: Quantity | null;
  injured: Quantity | null;
  /** Other counts in the clause (bodies, people displaced, strikes). */
  counts: Quantity[];
  date: DateMention | null;
  place: PlaceMention | null;
  actors: { role: ActorRole; name: string; span: Span; text: string }[];
  modality: Modality;
  /** Original source of the information (`Ukraine's prosecutor-general`), not the outlet. */
  origin: string | null;
  /**
   * What a summary of the incident should quote when `text` does not read on its own: the whole
   * sentence of an elliptical item ("five in Djugu" in "gunmen killed eight civilians, five in
   * Djugu and three in Aru"). Absent when `text` itself is a clause that reads on its own.
   */
  summary?: { span: Span; text: string };
}

export interface Quote {
  id: string;
  documentId: string;
  /** Whole quotation including marks (direct) or the reported clause (indirect). */
  span: Span;
  text: string;
  /** The quoted content only (without marks); a multi-part quote has several. */
  content: { span: Span; text: string }[];
  direct: boolean;
  /** True when the quote is a fragment inside the reporter's own sentence. */
  partial: boolean;
  speaker: string | null;
  /** Title or organisation attached to the speaker (`Kyiv Mayor`). */
  speakerRole: string | null;
  speakerSpan: Span | null;
  cue: string | null;
  cueSpan: Span | null;
}

export type Stance = 'affirm' | 'deny' | 'hedge' | 'report';

export interface Attribution {
  span: Span;
  text: string;
  /** Who the information is attributed to, normalised. */
  source: string;
  /**
   * The named person who spoke for the source, with their role, when the source is the
   * organisation they speak for: "Innocent Mbafele (LALF spokesman)" for source "LALF". Absent
   * otherwise.
   */
  speaker?: string;
  cue: string;
  /** The statement that is attributed. */
  statement: Span;
}

export interface Claim {
  id: string;
  documentId: string;
  span: Span;
  text: string;
  claimant: string | null;
  stance: Stance;
  cue: string | null;
  /** Incident mentions in the same sentence or the statement this claim is about. */
  about: string[];
}

export interface DocumentExtraction {
  documentId: string;
  reference: { date: string | null; from: 'published' | 'dateline' | 'none' };
  sentences: Sentence[];
  quantities: Quantity[];
  dates: DateMention[];
  places: PlaceMention[];
  actors: ActorMention[];
  incidents: IncidentMention[];
  quotes: Quote[];
  attributions: Attribution[];
  claims: Claim[];
  /**
   * The people the document names as its incident's: full names given with an age or beside a
   * victim's or suspect's role (`documentPeople`). Absent in extractions from before it was kept.
   */
  people?: ReportPerson[];
  diagnostics: Diagnostic[];
  /**
   * Set when the report brought more items (incident mentions, quotes, claims) than the bound
   * extraction ran with (`--max-report-items`): the extraction is then stored empty, with this
   * record of why, so that later runs refuse the report again without extracting it; a run with a
   * higher bound extracts it again. `counted` says whether the whole extraction was counted
   * (`items` exact) or the report was counted part by part and the count stopped past the bound.
   */
  refused?: RefusedExtraction;
}

/** Why a report's extraction was not kept: more items than `bound` (see `DocumentExtraction.refused`). */
export interface RefusedExtraction {
  items: number;
  bound: number;
  counted: 'whole' | 'parts';
}

/** A person a report names as its incident's: first and last name lowercased, and the ages it gives. */
export interface ReportPerson {
  name: string;
  ages: number[];
}

// ---------------------------------------------------------------------------------------------
// Ledger (the JSON contract `corroborate.ledger/1`)

export interface Range {
  low: number | null;
  best: number | null;
  high: number | null;
}

export interface Mention {
  document: string;
  span: Span;
  text: string;
}

export interface LedgerDocument {
  id: string;
  sha256: string;
  source: string;
  url: string | null;
  outlet: string | null;
  title: string | null;
  published: string | null;
  family: string | null;
}

export interface LedgerEvent {
  id: string;
  type: EventType;
  subtype: string;
  /** `reason`: how the date was read and chosen (see `DateMention.reason`). */
  date: { start: string; end: string; precision: DatePrecision; reason?: string } | null;
  /** `reason`: where the place was found and why it was read so (see `PlaceMention.reason`). */
  place: {
    name: string;
    /**
     * A two-level place's levels, city first (docs/ledger.md, "Two-level place names"): the
     * town and the section of it the reports name, or the city and the town in its area. Absent
     * when `name` is one level.
     */
    levels?: [string, string];
    admin1: string | null;
    country: string | null;
    lat: number | null;
    lon: number | null;
    precision: PlacePrecision;
    reason?: string;
  } | null;
  actors: { role: ActorRole; name: string }[];
  killed: Range | null;
  injured: Range | null;
  summary: string;
  mentions: Mention[];
  sources: number;
  independent_sources: number;
  /**
   * The chains of reporting behind `independent_sources`, each with its documents and why they
   * count once (see docs/ledger.md, "Independent sources").
   */
  independent_groups?: IndependentGroup[];
  origins: string[];
  conflicts: { field: string; values: { value: number | string; documents: string[] }[] }[];
}

/**
 * One chain of reporting: `own` a document's own reporting; `reused` documents joined by a
 * passage one reused from another or near-identical wording in related documents (copies
 * included); `credited` documents credited to one originating agency or outlet (`credit`), with
 * whatever they reused.
 */
export interface IndependentGroup {
  documents: string[];
  why: 'own' | 'reused' | 'credited';
  /** The agency or outlet the documents of a `credited` chain share (`AP`, an outlet's name). */
  credit?: string;
}

export type QuoteChange = 'identical' | 'truncation' | 'extension' | 'substitution';

/**
 * How a ledger quote was reported: `direct` (every report gives the words in quotation marks as a
 * sentence or more), `indirect` (every report gives them as reported speech, the reporter's
 * wording) or `mixed` (a quoted fragment inside reported speech, or reports that quote and reports
 * that paraphrase the same words). Only `direct` and `mixed` words may be shown in quotation marks.
 */
export type QuoteKind = 'direct' | 'indirect' | 'mixed';

/** A speaker some reports give a ledger quote that is not the one most reports support. */
export interface OtherSpeaker {
  speaker: string | null;
  role: string | null;
  documents: string[];
}

export interface LedgerQuote {
  id: string;
  speaker: string | null;
  /**
   * The speaker's title, role or affiliation as the reports give it (`Westford police chief`,
   * `spokesman for the harbour board`); for a quote given to an unnamed role, the role alone.
   */
  speaker_role: string | null;
  /** Speakers other reports give the quote (named or a role) that disagree with `speaker`; absent when none. */
  other_speakers?: OtherSpeaker[];
  kind: QuoteKind;
  text: string;
  mentions: Mention[];
  variants: { text: string; documents: string[]; change: QuoteChange; flag: string | null }[];
  sources: number;
  independent_sources: number;
}

export interface LedgerClaim {
  id: string;
  claimant: string | null;
  stance: Stance;
  text: string;
  answers: string | null;
  mentions: Mention[];
  sources?: number;
  independent_sources?: number;
}

export interface Ledger {
  schema: 'corroborate.ledger/1';
  documents: LedgerDocument[];
  families: Family[];
  reuse: ReusePair[];
  events: LedgerEvent[];
  quotes: LedgerQuote[];
  claims: LedgerClaim[];
  custody: { entries: number; head: string };
}
