import { spanIndex } from '../core/span-index.js';
import type {
  Attribution,
  Claim,
  DateMention,
  DocumentExtraction,
  DocumentMeta,
  Quote,
  Sentence,
} from '../core/types.js';
import { pickMainPlace, standsForActor, whereTreatedOrHeld } from './choose-incident-place.js';
import { extractActors } from './extract-actors.js';
import { extractAttributions } from './extract-attributions.js';
import { extractClaims } from './extract-claims.js';
import { extractDates } from './extract-dates.js';
import { extractIncidents } from './extract-incidents.js';
import { documentPeople } from './extract-people.js';
import { extractQuantities } from './extract-quantities.js';
import { extractQuotes } from './extract-quotes.js';
import { findCityArea } from './find-city-area.js';
import { findDateline } from './find-dateline.js';
import { type Gazetteer, loadGazetteer } from './gazetteer/load-gazetteer.js';
import { loadLexicon } from './load-lexicon.js';
import { resolvePlaces } from './resolve-places.js';
import { splitSentences } from './split-sentences.js';

export { extractActors } from './extract-actors.js';
export { extractIncidents } from './extract-incidents.js';
export type { Gazetteer, GazetteerEntry } from './gazetteer/load-gazetteer.js';
export { loadGazetteer } from './gazetteer/load-gazetteer.js';
export { resolvePlaces } from './resolve-places.js';

/**
 * Version of the extraction output. Stored extractions of another version are redone by
 * `analyze`; raise it when a change alters what is extracted (the golden file changes).
 */
export const EXTRACTOR_VERSION = 'extract-2026-12-03.main34f';

/** One document as the extractor needs it. `dateline` is the stored document's dateline, if any. */
export interface ExtractInput {
  id: string;
  text: string;
  published: string | null;
  dateline: DocumentMeta['dateline'] | string | null;
}

/** Replacements for the attribution and claim extractors (defaults: extract-attributions, extract-claims). */
export interface TextStageHooks {
  extractAttributions?: (text: string, sentences: Sentence[]) => Attribution[];
  extractClaims?: (
    text: string,
    sentences: Sentence[],
    documentId: string,
    quotes: Quote[],
    attributions: Attribution[],
  ) => Claim[];
}

export interface ExtractorOptions extends TextStageHooks {
  gazetteer?: Gazetteer;
}

export type Extractor = (doc: ExtractInput) => DocumentExtraction;

/**
 * Builds the extraction stage: loads the gazetteer and lexicons once and returns a function that
 * extracts everything from one document. The reference date for relative dates is the
 * publication date, else the dateline's date, else none (relative dates then stay unresolved).
 *
 * @example
 *   const extract = createExtractor();
 *   const x = extract({ id: 'd1', text: 'KYIV — Seven people were killed on Sunday.', published: '2022-04-04', dateline: null });
 *   x.incidents[0]?.killed?.best // 7
 */
export function createExtractor(options: ExtractorOptions = {}): Extractor {
  const gazetteer = options.gazetteer ?? loadGazetteer();
  for (const name of [
    'actors',
    'incident-triggers',
    'incident-taxonomy',
    'place-stopwords',
    'place-variants',
    'incident-date-cues',
  ])
    loadLexicon(name);
  return (doc) => {
    const { text } = doc;
    const dateline = typeof doc.dateline === 'string' ? null : doc.dateline;
    const published = isoDay(doc.published);
    const datelined = isoDay(dateline?.date ?? null);
    const reference: DocumentExtraction['reference'] = published
      ? { date: published, from: 'published' }
      : datelined
        ? { date: datelined, from: 'dateline' }
        : { date: null, from: 'none' };
    const sentences = splitSentences(text);
    const quantities = extractQuantities(text, sentences);
    const dated = extractDates(text, sentences, reference);
    const datelineSpan = dateline?.span ?? findDateline(text);
    const placed = resolvePlaces(text, { documentId: doc.id, dateline: datelineSpan }, gazetteer);
    const actors = extractActors(text, gazetteer);
    const quoted = extractQuotes(text, sentences, doc.id);
    const attributions = (options.extractAttributions ?? extractAttributions)(text, sentences);
    const mainPlace = pickMainPlace(
      placed.places.filter((p) => !standsForActor(text, p) && !whereTreatedOrHeld(text, p)),
      datelineSpan,
      placed.outlet,
    );
    const referenceDate: DateMention | null = reference.date
      ? {
          span: [0, 0],
          text: '',
          start: reference.date,
          end: reference.date,
          precision: 'day',
          reason: `document reference date (${reference.from}); the sentence names no date`,
        }
      : null;
    const incidents = extractIncidents({
      documentId: doc.id,
      text,
      sentences,
      quantities,
      dates: dated.dates,
      places: placed.places,
      actors,
      attributions,
      quotes: quoted.quotes,
      referenceDate,
      mainPlace,
      dateline: dateline?.span ?? null,
    }).map((i) => (i.place ? { ...i, place: findCityArea(i.place, placed.places, gazetteer) } : i));
    const incidentSentences = spanIndex(incidents.map((i) => ({ span: i.sentence, id: i.id })));
    const claims = (options.extractClaims ?? extractClaims)(
      text,
      sentences,
      doc.id,
      quoted.quotes,
      attributions,
    ).map((claim) => ({
      ...claim,
      about: [
        ...new Set([
          ...claim.about,
          ...incidentSentences.containing([claim.span[0], claim.span[0]]).map((s) => s.id),
        ]),
      ],
    }));
    const diagnostics = [...dated.diagnostics, ...placed.diagnostics, ...quoted.diagnostics];
    for (const inc of incidents) {
      if (!inc.place) {
        diagnostics.push({
          rule: 'extract/incident-without-place',
          severity: 'info',
          message: `incident "${inc.trigger.text}" has no place in its sentence and the document has no main place`,
          document: doc.id,
          span: inc.span,
        });
      }
      if (!inc.date) {
        diagnostics.push({
          rule: 'extract/incident-without-date',
          severity: 'info',
          message: `incident "${inc.trigger.text}" has no date in its sentence and the document has no reference date`,
          hint: 'give the document a publication date (manifest) so relative dates can be resolved',
          document: doc.id,
          span: inc.span,
        });
      }
    }
    return {
      documentId: doc.id,
      reference,
      sentences,
      quantities,
      dates: dated.dates,
      places: placed.places,
      actors,
      incidents,
      quotes: quoted.quotes,
      attributions,
      claims,
      people: documentPeople({ sentences }),
      diagnostics,
    };
  };
}

/**
 * `YYYY-MM-DD` from an ISO date or date-time, or from a written date that names its year
 * ("April 3, 2022"). A dateline's "April 3" has no year and gives no reference date.
 */
function isoDay(value: string | null): string | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
  if (!/\b\d{4}\b/.test(value)) return null;
  const t = Date.parse(`${value} UTC`);
  return Number.isNaN(t) ? null : new Date(t).toISOString().slice(0, 10);
}
