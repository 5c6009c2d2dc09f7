import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createVocabulary, seededRandom } from '../ingest/generate-corpus.js';

/**
 * Seeded news-like reports of incidents for the analyze benchmark: each report covers one of a
 * pool of incidents (a town from the gazetteer, a day, a kind, killed and injured figures, an
 * official source) in its own words with a quotation and background sentences; 40% of reports
 * are wire copies of an earlier report on the same incident with a new headline, the last
 * paragraph cut and a few words changed, so that reuse detection and the merge have work to do.
 */

const KINDS = [
  ['shelling', 'Shelling hit', 'killing'],
  ['air strike', 'An air strike hit', 'killing'],
  ['attack', 'Gunmen attacked', 'killing'],
  ['explosion', 'A bomb exploded in', 'killing'],
] as const;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const OFFICIALS = ['the regional governor', 'police', 'the health ministry', 'local officials', 'the army'];

interface Incident {
  town: string;
  month: number;
  day: number;
  kind: (typeof KINDS)[number];
  killed: number;
  injured: number;
  official: string;
}

/** Large towns with one-word ASCII names from the project's gazetteer, most populous first. */
export function loadTowns(limit = 400): string[] {
  const rows = gunzipSync(fs.readFileSync('data/gazetteer.tsv.gz')).toString('utf8').split('\n');
  return rows
    .filter((r) => r.startsWith('P\t'))
    .map((r) => r.split('\t'))
    .filter((c) => /^[A-Z][a-z]+$/.test(c[1] ?? '') && Number(c[6]) >= 300_000)
    .sort((a, b) => Number(b[6]) - Number(a[6]))
    .slice(0, limit)
    .map((c) => c[1] as string);
}

export interface CorpusWriter {
  /** Writes `count` more reports into `dir` and returns their paths. */
  write(dir: string, count: number): string[];
}

export function createCorpus(seed: number): CorpusWriter {
  const random = seededRandom(seed);
  const vocab = createVocabulary(random, 20_000);
  const towns = loadTowns();
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const incidents: Incident[] = [];
  const reports: { incident: number; paragraphs: string[] }[] = [];
  let n = 0;

  const filler = () => {
    const words = 10 + Math.floor(random() * 15);
    const parts = Array.from({ length: words }, () => (random() < 0.05 ? vocab.name() : vocab.word()));
    parts[0] = (parts[0] as string)[0]?.toUpperCase() + (parts[0] as string).slice(1);
    return `${parts.join(' ')}.`;
  };

  const fresh = (i: number): string[] => {
    const x = incidents[i] as Incident;
    const speaker = `${vocab.name()} ${vocab.name()}`;
    const agency = pick(['AP', 'Reuters', 'AFP', 'Staff']);
    return [
      `${x.killed} killed in ${x.kind[0]} in ${x.town}`,
      `${x.town.toUpperCase()}, ${MONTHS[x.month]} ${x.day} (${agency}) – ${x.kind[1]} ${x.town} on ${MONTHS[x.month]} ${x.day}, ${x.kind[2]} ${x.killed} people and injuring ${x.injured}, ${x.official} said. ${filler()}`,
      `"${filler()}" ${speaker} said. ${filler()} ${filler()}`,
      `${filler()} ${filler()} ${filler()}`,
      `${filler()} ${filler()}`,
    ];
  };

  return {
    write(dir, count) {
      fs.mkdirSync(dir, { recursive: true });
      const paths: string[] = [];
      for (let k = 0; k < count; k++, n++) {
        let paragraphs: string[];
        let incident: number;
        if (reports.length > 0 && random() < 0.4) {
          const source = pick(reports);
          incident = source.incident;
          paragraphs = source.paragraphs
            .slice(0, -1)
            .map((p) =>
              p.replace(/\b(said|people)\b/, (w) => (w === 'said' ? 'told reporters' : 'residents')),
            );
          paragraphs[0] = `${vocab.name()}: ${paragraphs[0]}`;
        } else {
          if (incidents.length === 0 || random() < 0.5) {
            incidents.push({
              town: pick(towns),
              month: Math.floor(random() * 12),
              day: 1 + Math.floor(random() * 28),
              kind: pick(KINDS),
              killed: 1 + Math.floor(random() * 40),
              injured: Math.floor(random() * 80),
              official: pick(OFFICIALS),
            });
          }
          incident = Math.floor(random() * incidents.length);
          paragraphs = fresh(incident);
        }
        reports.push({ incident, paragraphs });
        const file = path.join(
          dir,
          String(Math.floor(n / 1000)).padStart(4, '0'),
          `${String(n).padStart(7, '0')}.txt`,
        );
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, `${paragraphs.join('\n\n')}\n`);
        paths.push(file);
      }
      return paths;
    },
  };
}
