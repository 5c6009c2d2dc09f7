import { describe, expect, it } from 'vitest';
import { findSpanMismatches } from './check-spans.js';
import { createExtractor } from './index.js';

const extract = createExtractor();
// 2024-03-12 is a Tuesday.
const run = (text: string, published: string | null = '2024-03-12') =>
  extract({ id: 'd', text, published, dateline: null });

describe('the date of an incident', () => {
  it.each([
    // [report, trigger of the incident looked at, expected start, why]
    [
      'Man wounded in shooting\n\nA man was wounded in a shooting Sunday night in Laredo, police said.',
      'wounded in shooting',
      '2024-03-10',
      'a title takes the date the report gives its incident',
    ],
    [
      'Two men were shot dead in Toledo, police said Monday.',
      'shot dead',
      '2024-03-12',
      'a statement date ("said Monday") is not the incident date; the report date is implied',
    ],
    [
      'Teen shot at party\n\nA teenager was shot at a party on Saturday in Saskatoon.\n\nA suspect was arrested Monday.',
      'shot at party',
      '2024-03-09',
      'the incident sentence, not the arrest',
    ],
    [
      'Two men were shot dead in Toledo.\n\nThe governor, who argued on Monday that the city needed more police, called the killings a disgrace.',
      'shot dead',
      '2024-03-12',
      'the day a reaction was voiced ("argued on Monday") is not the incident date either',
    ],
    [
      'Two men were shot dead in Toledo.\n\nThe mayor warned Monday that more killings could follow.',
      'shot dead',
      '2024-03-12',
      'nor is the day of a warning',
    ],
    [
      'A man was arrested Monday after a shooting that wounded two people in Columbus.',
      'wounded two people',
      '2024-03-12',
      'a later step in the same sentence ("arrested Monday") does not date the incident',
    ],
    [
      'A man was arrested in connection with a Sunday night shooting that wounded two people in Columbus.',
      'wounded two people',
      '2024-03-10',
      'a date that modifies the incident ("a Sunday night shooting") dates it, even after a later step',
    ],
    [
      'Papers filed Monday say a man shot and wounded a clerk in Columbus on Saturday.',
      'wounded a clerk',
      '2024-03-09',
      'the date papers were filed is not the incident date',
    ],
    [
      'Posted: Tuesday, March 12, 2024\n\nA woman was shot and wounded in Laredo, police said.',
      'shot and wounded',
      '2024-03-12',
      'a page stamp ("Posted:") is no incident date; the report date is implied',
    ],
    [
      'Woman shot near store Posted: Monday, March 11, 2024 9:15 AM\n\nA woman was shot and wounded outside a store in Laredo, police said.',
      'shot and wounded',
      '2024-03-12',
      'a page stamp with its weekday ("Posted: Monday, March 11, 2024") is no incident date either',
    ],
    [
      'Police will decide on charges after a girl was shot and wounded in Saskatoon on Saturday.',
      'shot and wounded',
      '2024-03-09',
      'a future word in another clause does not move a past weekday forward',
    ],
    [
      'Woman killed in crash\n\nA suspect was arrested Monday in Columbus.\n\nNo one else was hurt.',
      'killed in crash',
      '2024-03-12',
      'an arrest date is never the incident date',
    ],
    [
      'Boy wounded at home\n\nA boy was shot and wounded at his home.\n\nOn Wednesday, detectives were still asking neighbours what they saw.',
      'shot and wounded',
      '2024-03-12',
      'a bare weekday naming the day after the report (an update) does not date the incident six days back',
    ],
  ])('%j → %s', (text, trigger, start) => {
    const x = run(text);
    const inc = x.incidents.find((i) => i.text.includes(trigger));
    expect(inc?.date?.start).toBe(start);
    expect(findSpanMismatches(text, [x])).toEqual([]);
  });

  it('never dates an incident after its report', () => {
    // A future-tense sentence resolves Thursday forward (2024-03-14), after the report's date.
    const x = run('Police will say more Thursday about the man shot and killed in Laredo.');
    const inc = x.incidents.find((i) => i.killed);
    expect(inc?.date?.start ?? '').not.toBe('2024-03-14');
    expect((inc?.date?.start ?? '') <= '2024-03-12').toBe(true);
  });

  it('keeps the report date implied (empty span) when nothing dates the incident', () => {
    const x = run('Two men were shot dead in Toledo, police said Monday.');
    expect(x.incidents[0]?.date?.span).toEqual([0, 0]);
  });

  it('does not give a recalled incident in another country the date of the report’s own', () => {
    const text =
      'Troops shelled Kharkiv on Sunday, killing four people.\n\nOfficials compared it to Srebrenica in Bosnia, where 8,000 people were killed.';
    const x = run(text);
    const recalled = x.incidents.find((i) => i.place?.countryCode === 'BA');
    expect(recalled?.date?.span).toEqual([0, 0]);
    expect(x.incidents.find((i) => i.place?.countryCode === 'UA')?.date?.start).toBe('2024-03-10');
  });
});

describe('the reason an incident has its place', () => {
  it.each([
    // [report, trigger of the incident looked at, expected place, words the reason must contain]
    [
      'A man was shot and wounded in Laredo on Sunday, police said.',
      'shot and wounded',
      'Laredo',
      ['incident clause', 'after a preposition of location'],
    ],
    [
      'Two people were wounded Saturday in a shooting in Springfield, Ill.',
      'wounded',
      'Springfield',
      ['incident clause', 'qualified by a state abbreviation'],
    ],
    [
      'Police in Toledo are looking for a gunman. A woman was shot and killed on Friday.',
      'shot and killed',
      'Toledo',
      ['previous sentence'],
    ],
    [
      'Woman wounded\n\nA woman was wounded near a park in Saskatoon.\n\nSaskatoon police made no arrest.',
      'Woman wounded',
      'Saskatoon',
      ["report's main place"],
    ],
    [
      'COLUMBUS, Ohio — A teenager was shot and wounded at a party, police said.',
      'shot and wounded',
      'Columbus',
      ['in the dateline'],
    ],
  ])('%j → %s', (text, trigger, name, words) => {
    const x = run(text);
    const inc = x.incidents.find((i) => i.text.includes(trigger));
    expect(inc?.place?.name).toBe(name);
    for (const w of words) expect(inc?.place?.reason ?? '').toContain(w);
  });

  it('names a neighbourhood by its city and says so', () => {
    const x = run('A man was shot and killed in Van Nuys on Sunday.');
    const inc = x.incidents.find((i) => i.killed);
    expect(inc?.place?.name).toBe('Los Angeles');
    expect(inc?.place?.reason).toContain('a section of Los Angeles, named by its city');
  });
});

describe('a region in the incident’s words and a town of the report inside it', () => {
  it.each([
    // [report, trigger, expected place, why]
    [
      'FRESNO, Calif. — A man was shot and killed in central California, police said.\n\nFresno police are investigating.',
      'shot and killed',
      'Fresno',
      'a state named by the incident, the report’s town in that state',
    ],
    [
      'Man dies in shooting\n\nSutter County deputies say a man died after he was shot on Friday.\n\nThe shooting happened near a farm outside Yuba City. Yuba City residents said they heard shots.',
      'died after he was shot',
      'Yuba City',
      'a county named by the incident, the report’s town inside that county',
    ],
    [
      'Sutter County deputies say a man was shot and wounded on Friday.\n\nThe shooting happened at a farm in Yuba City. Deputies later searched a home in Sacramento. Sacramento police helped.',
      'shot and wounded',
      'Yuba City',
      'a county named by the incident, the first town the report names inside it when its main town lies outside',
    ],
    [
      'A woman was shot and wounded in Nevada on Monday.\n\nShe lives in Fresno. Fresno friends said she was visiting.',
      'shot and wounded',
      'Nevada',
      'a town of another state does not replace the state',
    ],
    [
      'A man was shot and killed in Cook County on Friday, deputies said.\n\nThe suspect was arrested days later in Evanston. He had lived in Skokie.',
      'shot and killed',
      'Cook County',
      'towns named for an arrest and a home do not replace the county',
    ],
    [
      'A man was shot and wounded in Cook County on Friday, deputies said.\n\nMedics drove him to a hospital in Evanston. His car turned up in Gary.',
      'shot and wounded',
      'Cook County',
      'the first town inside the county, named for the hospital, does not replace the county',
    ],
    [
      'Sutter County deputies say a woman was stabbed and wounded on Friday.\n\nA man from Yuba City was held. Yuba City police helped.',
      'stabbed and wounded',
      'Yuba City',
      'a town also named outside another role still narrows the county',
    ],
  ])('%j → %s', (text, trigger, name) => {
    const x = run(text);
    const inc = x.incidents.find((i) => i.text.includes(trigger));
    expect(inc?.place?.name).toBe(name);
    expect(findSpanMismatches(text, [x])).toEqual([]);
  });
});

describe('a local institution gives a report its home region', () => {
  it.each([
    // [report, trigger, whether the town is the home region's namesake]
    ['Eugene police said a man was shot and wounded in Springfield on Sunday.', 'shot and wounded', true],
    ['A man was shot and wounded in Springfield on Sunday, police said.', 'shot and wounded', false],
  ])('%j → %s', (text, trigger, home) => {
    const inc = run(text).incidents.find((i) => i.text.includes(trigger));
    expect(inc?.place?.name).toBe('Springfield');
    expect(inc?.place?.admin1 === 'Oregon').toBe(home);
  });
});

describe('a town named before a region word is no surname', () => {
  it.each([
    ['Grim Fresno County crash\n\nA man was shot and wounded in Fresno on Sunday.', 'Fresno'],
    ['Quiet Sutter County roads\n\nA woman was shot and killed in Yuba City on Sunday.', 'Yuba City'],
  ])('%j → %s', (text, name) => {
    const inc = run(text).incidents.find((i) => i.killed || i.injured);
    expect(inc?.place?.name).toBe(name);
  });
});

describe('the town of an outlet’s masthead', () => {
  it('is the main place of a report that names no other town', () => {
    const text =
      'Teen wounded - KQRS 5 Wichita | Kansas News and Weather\n\nA teenager was wounded in a shooting on Sunday.';
    const inc = run(text).incidents.find((i) => i.text.includes('wounded in a shooting'));
    expect(inc?.place?.name).toBe('Wichita');
    expect(inc?.place?.reason).toContain("the town of the outlet's masthead");
  });

  it('gives way to a town the report names', () => {
    const text =
      'Teen wounded - KQRS 5 Wichita | Kansas News and Weather\n\nA teenager was wounded in a shooting on Sunday in Hutchinson.';
    const inc = run(text).incidents.find((i) => i.text.includes('wounded in a shooting'));
    expect(inc?.place?.name).toBe('Hutchinson');
  });
});

describe('where a victim was treated, held or lives is not where the incident happened', () => {
  it.each([
    // [report, trigger of the incident looked at, expected place, why]
    [
      'Deputies went out to a farmhouse in Lancaster on Sunday. A man who was shot there died later at a Columbus hospital.',
      'died later',
      'Lancaster',
      'the town of a hospital ("a <town> hospital") only says where he was treated',
    ],
    [
      'Deputies found a woman shot Friday outside a store in Lancaster. She was taken to Riverside Methodist in Columbus, where she died.',
      'she died',
      'Lancaster',
      'the town after "taken to <hospital> in" only says where she was taken',
    ],
    [
      'Deputies went out to a farmhouse in Lancaster on Sunday. A man who was shot there died at the Columbus Regional Medical Center.',
      'died at',
      'Lancaster',
      'a hospital named after its town ("the <town> Regional Medical Center") is no incident place',
    ],
    [
      'Police said Ann Doe, 24, of Massillon, was wounded by gunfire as she crossed a parking lot in Akron on Sunday.',
      'wounded by gunfire',
      'Akron',
      'a home town ("<name>, 24, of <town>") yields to the place the clause names',
    ],
  ])('%j → %s', (text, trigger, name) => {
    const x = run(text);
    const inc = x.incidents.find((i) => text.slice(i.sentence[0], i.sentence[1]).includes(trigger));
    expect(inc?.place?.name).toBe(name);
  });

  it('keeps a home town when the clause names no other place', () => {
    const x = run('Ann Doe, 24, of Massillon, was shot and killed on Sunday.');
    expect(x.incidents[0]?.place?.name).toBe('Massillon');
  });
});
