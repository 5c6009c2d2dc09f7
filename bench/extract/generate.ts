/**
 * Seeded generator of ~800-word news-like reports that exercise every extractor: datelines,
 * casualty figures, places (with alternate spellings, regions and relative locations), actors,
 * dates, quotations, attributions and denials, mixed with neutral filler prose.
 */
import { seededRandom } from '../../src/core/random.js';

export { seededRandom };

const CITIES = [
  'Kyiv',
  'Kiev',
  'Kharkiv',
  'Odesa',
  'Mykolaiv',
  'Lviv',
  'Aleppo',
  'Homs',
  'Mosul',
  'Kabul',
  'Kandahar',
  'Lagos',
  'Kano',
  'Maiduguri',
  'Mogadishu',
  'Khartoum',
  'Bamako',
  'Gao',
  'Lima',
  'Bogota',
  'Medellin',
  'Caracas',
  'Manila',
  'Mindanao',
  'Karachi',
  'Peshawar',
  'Quetta',
  'Dhaka',
  'Yangon',
  'Mandalay',
  'Valencia',
  'Naples',
  'Marseille',
  'Lyon',
  'Springfield',
  'Houston',
  'Chicago',
  'Paris',
  'Berlin',
  'Istanbul',
  'Izmir',
  'Tbilisi',
  'Minsk',
  'Gaza',
  'Hebron',
  'Beirut',
  'Sanaa',
  'Aden',
  'Goma',
  'Kinshasa',
  'Juba',
  'Addis Ababa',
  'Mekelle',
  'Nairobi',
  'Mombasa',
];
const REGIONS = [
  'Donetsk region',
  'Kherson Oblast',
  'Idlib province',
  'Borno state',
  'Helmand province',
  'Darfur',
  'Kyiv region',
];
const DEMONYMS = [
  'Russian',
  'Ukrainian',
  'Syrian',
  'Nigerian',
  'Afghan',
  'Somali',
  'Malian',
  'Colombian',
  'Turkish',
  'Israeli',
];
const FORCES = ['troops', 'forces', 'soldiers', 'police', 'army'];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const NUMBERS = [
  'three',
  'seven',
  'at least 12',
  'more than 40',
  'dozens of',
  'Thirty-six',
  '410',
  'about 100',
  'nearly 300',
  'two',
];
const DIRECTIONS = ['north', 'south', 'east', 'west', 'northwest', 'southeast'];
const NAMES = [
  'Anna Petrenko',
  'Omar Haddad',
  'Grace Okafor',
  'Luis Moreno',
  'Mariam Diallo',
  'Ivan Koval',
  'Sara Ahmadi',
];
const TITLES = ['regional governor', 'Mayor', 'police spokesman', 'Health Minister', 'local official'];
const NOUNS = [
  'market',
  'school',
  'hospital',
  'bridge',
  'road',
  'council',
  'report',
  'crowd',
  'station',
  'village',
  'power line',
  'convoy',
];
const VERBS = [
  'inspected',
  'described',
  'visited',
  'reopened',
  'closed',
  'discussed',
  'repaired',
  'blocked',
  'cleared',
  'surveyed',
];

export function generateReport(n: number, seed = 20260101): { id: string; text: string; published: string } {
  const r = seededRandom(seed + n * 7919);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
  const city = pick(CITIES);
  const month = 1 + Math.floor(r() * 12);
  const day = 1 + Math.floor(r() * 28);
  const published = `2023-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const templates: (() => string)[] = [
    () =>
      `${pick(DEMONYMS)} ${pick(FORCES)} shelled ${pick(CITIES)} on ${pick(WEEKDAYS)}, killing ${pick(NUMBERS)} people and wounding ${1 + Math.floor(r() * 40)}, ${pick(TITLES)} ${pick(NAMES)} said.`,
    () =>
      `The bodies of ${pick(NUMBERS)} civilians were found in ${pick(CITIES)}, some ${5 + Math.floor(r() * 80)} kilometers ${pick(DIRECTIONS)} of ${pick(CITIES)}, according to the regional prosecutor's office.`,
    () =>
      `"We saw the ${pick(NOUNS)} burning and people running," said ${pick(NAMES)}, a resident of ${pick(CITIES)}.`,
    () =>
      `Police arrested ${pick(NUMBERS)} protesters in ${pick(CITIES)} on ${pick(WEEKDAYS)} after a rally against the ${pick(NOUNS)} closure.`,
    () =>
      `A flood in the ${pick(REGIONS)} displaced ${1000 + Math.floor(r() * 9000)} families late last month, officials said.`,
    () =>
      `The ministry denied the accusations, calling them "a provocation", and said not a single civilian had been harmed.`,
    () =>
      `Gunmen opened fire on a bus near ${pick(CITIES)}, killing ${pick(NUMBERS)} passengers, in an attack that could not be independently verified.`,
    () =>
      `An airstrike hit a ${pick(NOUNS)} in ${pick(CITIES)} on ${month}/${day}, and ${1 + Math.floor(r() * 9)} were killed in ${pick(CITIES)}.`,
  ];
  const filler = (): string => {
    const words = 10 + Math.floor(r() * 14);
    const out: string[] = [`The ${pick(NOUNS)}`];
    while (out.length < words)
      out.push(
        r() < 0.3
          ? pick(VERBS)
          : r() < 0.5
            ? `the ${pick(NOUNS)}`
            : pick(['and', 'after', 'while', 'with', 'near the', 'on']),
      );
    return `${out.join(' ')}.`;
  };
  const paragraphs: string[] = [`${city.toUpperCase()}, ${published} — ${templates[0]?.() ?? ''}`];
  let words = paragraphs[0]?.split(/\s+/).length ?? 0;
  while (words < 800) {
    const sentences: string[] = [];
    for (let k = 0; k < 1 + Math.floor(r() * 3); k++)
      sentences.push(r() < 0.45 ? pick(templates)() : filler());
    const p = sentences.join(' ');
    words += p.split(/\s+/).length;
    paragraphs.push(p);
  }
  return { id: `bench-${n}`, text: paragraphs.join('\n\n'), published };
}
