import { describe, expect, it } from 'vitest';
import { findSpanMismatches } from './check-spans.js';
import { createExtractor } from './index.js';

const extract = createExtractor();
const run = (text: string, published: string | null = '2022-04-04') =>
  extract({ id: 'd', text, published, dateline: null });

describe('incidents', () => {
  it.each([
    [
      'Gunmen shot dead three villagers in Kaduna on Monday.',
      'shooting',
      'Violence against civilians',
      'Attack',
      3,
    ],
    [
      'A missile strike on Kramatorsk killed at least 50 people.',
      'missile-strike',
      'Explosions/Remote violence',
      'Shelling/artillery/missile attack',
      50,
    ],
    [
      'An airstrike on a market in Aleppo killed 12 civilians.',
      'air-strike',
      'Explosions/Remote violence',
      'Air/drone strike',
      12,
    ],
    [
      'A suicide bombing in Kabul killed 20 people.',
      'bombing',
      'Explosions/Remote violence',
      'Suicide bomb',
      20,
    ],
    ['Police arrested 40 protesters in Minsk.', 'arrest', 'Strategic developments', 'Arrests', null],
    ['Thousands of people protested in Tbilisi on Sunday.', 'protest', 'Protests', 'Peaceful protest', null],
    ['Floods in Valencia killed 200 people.', 'disaster', 'Disasters and accidents', 'Flood', 200],
    ['A bus crash near Lima killed nine passengers.', 'accident', 'Disasters and accidents', 'Accident', 9],
    [
      'At least 78 people drowned when an overloaded ferry capsized on Lake Victoria.',
      'accident',
      'Disasters and accidents',
      'Accident',
      78,
    ],
    ['The death toll rose to 41 on Monday.', 'killing', 'Violence against civilians', 'Attack', 41],
    [
      'The death toll from the earthquake in Herat rose to 120.',
      'disaster',
      'Disasters and accidents',
      'Earthquake',
      120,
    ],
    ['Gunmen opened fire on farmers in Konduga.', 'shooting', 'Violence against civilians', 'Attack', null],
    // ACLED's protest sub-event types: force at a protest, lethal force, protesters who clash.
    [
      'Police used tear gas to disperse hundreds of protesters in Nairobi on Tuesday.',
      'protest',
      'Protests',
      'Protest with intervention',
      null,
    ],
    [
      'Security forces shot dead 12 protesters in Khartoum on Monday.',
      'shooting',
      'Protests',
      'Excessive force against protesters',
      12,
    ],
    ['Protesters clashed with police in Lagos on Friday.', 'clash', 'Riots', 'Violent demonstration', null],
    // Fires, industrial blasts and accidental shootings are not attacks.
    ['A fire at a nightclub in Elmford killed 14 people.', 'disaster', 'Disasters and accidents', 'Fire', 14],
    [
      'A coal mine blast in the north killed 21 miners on Tuesday.',
      'accident',
      'Disasters and accidents',
      'Industrial explosion',
      21,
    ],
    [
      'A teenage girl accidentally shot herself with her uncle’s rifle.',
      'shooting',
      'Disasters and accidents',
      'Accidental shooting',
      null,
    ],
    // A qualification the report denies does not apply.
    [
      'Detectives ruled out an accidental shooting in the death of a man in Elmford.',
      'shooting',
      'Violence against civilians',
      'Attack',
      1,
    ],
    [
      "Deputies said it wasn't an accidental shooting: a man was wounded.",
      'shooting',
      'Violence against civilians',
      'Attack',
      null,
    ],
    // "No doubt" affirms it.
    [
      'There was no doubt it was an accidental shooting: a boy in Elmford was wounded.',
      'shooting',
      'Disasters and accidents',
      'Accidental shooting',
      null,
    ],
    // A shooting the report qualifies keeps its type with a sub-type of its own.
    [
      'A man and a woman were discovered dead in an apparent murder-suicide.',
      'killing',
      'Violence against civilians',
      'Murder-suicide',
      2,
    ],
    [
      'A driver was fatally shot by police after a chase on Elm Road.',
      'shooting',
      'Violence against civilians',
      'Shooting by police',
      1,
    ],
    [
      'Four guests were wounded in a mass shooting during a fair in Elmford.',
      'shooting',
      'Violence against civilians',
      'Mass shooting',
      null,
    ],
    // "Opened fire" is a shooting, not a fire.
    [
      'Gunmen opened fire at the market in Elmford.',
      'shooting',
      'Violence against civilians',
      'Attack',
      null,
    ],
    ['A man opened fire at a party in Elmford.', 'shooting', 'Violence against civilians', 'Attack', null],
    [
      'The gunmen opened fire at the market in Elmford.',
      'shooting',
      'Violence against civilians',
      'Attack',
      null,
    ],
  ])('types %s', (text, kind, type, subtype, killed) => {
    const inc = run(text).incidents[0];
    expect(inc?.kind).toBe(kind);
    expect(inc?.type).toBe(type);
    expect(inc?.subtype).toBe(subtype);
    expect(inc?.killed?.best ?? null).toBe(killed);
  });

  it.each([
    // "Shot down" aircraft and a "reelection battle" are no incidents against people.
    'Air defenses shot down two missiles over the city.',
    'The senator faces a tough reelection battle in spring.',
    // A conflict's running toll and displacement since its start are context.
    'Since the autumn, hundreds of villagers have been killed and tens of thousands have been forced to leave.',
    // A fight that has lasted for years is background.
    'Rebels have been fighting the army in the east for eight years.',
  ])('no incident in %s', (text) => {
    expect(run(text).incidents).toEqual([]);
  });

  it('separates killed and injured figures', () => {
    const inc = run('At least seven villagers died and 34 were wounded by shelling in Tartu.').incidents[0];
    expect(inc?.killed?.low).toBe(7);
    expect(inc?.injured?.best).toBe(34);
    expect(inc?.place?.name).toBe('Tartu');
  });

  it('splits one sentence into several incidents with their own figure and place', () => {
    const x = run('Shelling killed 7 in Ochakiv and 1 in Mykolaiv on Sunday.');
    expect(x.incidents.map((i) => [i.killed?.best, i.place?.name])).toEqual([
      [7, 'Ochakiv'],
      [1, 'Mykolayiv'],
    ]);
  });

  it.each([
    // [text, incident texts, summaries (null: the text reads on its own)]
    [
      'Violence has surged in Bunia, in eastern Democratic Republic of Congo. Late last month, gunmen killed eight civilians in two towns in northern Ituri, five in Djugu and three in Aru, according to local authorities.',
      ['five in Djugu', 'and three in Aru'],
      [
        'Late last month, gunmen killed eight civilians in two towns in northern Ituri, five in Djugu and three in Aru, according to local authorities.',
        'Late last month, gunmen killed eight civilians in two towns in northern Ituri, five in Djugu and three in Aru, according to local authorities.',
      ],
    ],
    [
      'Shelling killed 7 in Ochakiv and 1 in Mykolaiv on Sunday.',
      ['Shelling killed 7 in Ochakiv', 'and 1 in Mykolaiv'],
      [null, 'Shelling killed 7 in Ochakiv and 1 in Mykolaiv on Sunday.'],
    ],
    [
      'Gunmen shot dead three villagers in Kaduna on Monday.',
      ['Gunmen shot dead three villagers in Kaduna on Monday.'],
      [null],
    ],
  ])('gives an elliptical item the whole sentence to summarise: %s', (text, texts, summaries) => {
    const x = run(text);
    expect(x.incidents.map((i) => i.text)).toEqual(texts);
    expect(x.incidents.map((i) => i.summary?.text ?? null)).toEqual(summaries);
    expect(findSpanMismatches(text, [x])).toEqual([]);
  });

  it('takes the bodies figure for bodies found', () => {
    const inc = run('The bodies of 410 sailors were found in coves near Plovdiv.').incidents[0];
    expect(inc?.kind).toBe('bodies-found');
    expect(inc?.killed?.best).toBe(410);
    expect(inc?.place?.precision).toBe('near');
  });

  it('names perpetrators and victims', () => {
    const inc = run('Russian troops killed 5 civilians in Brno.').incidents[0];
    expect(inc?.actors.map((a) => [a.role, a.name])).toEqual([
      ['perpetrator', 'Russian forces'],
      ['victim', 'civilians'],
    ]);
  });

  it('marks hedged incidents as alleged', () => {
    expect(run('Soldiers allegedly executed two men in Brno.').incidents[0]?.modality).toBe('alleged');
  });

  it('ignores negated, future and idiomatic triggers', () => {
    expect(run('No one was killed.').incidents).toEqual([]);
    expect(run('The crew shot a video in Tampere.').incidents).toEqual([]);
  });

  it('falls back to the reference date with its reason, and to none without one', () => {
    const dated = run('Three people were killed in Tampere.');
    expect(dated.incidents[0]?.date?.start).toBe('2022-04-04');
    expect(dated.incidents[0]?.date?.reason).toMatch(/reference/);
    const undated = run('Three people were killed in Tampere.', null);
    expect(undated.incidents[0]?.date).toBeNull();
    expect(undated.diagnostics.some((d) => d.rule === 'extract/incident-without-date')).toBe(true);
  });

  it('keeps every span of the whole extraction equal to its text', () => {
    const text =
      'TARTU, Estonia (AP) — Rebel troops shelled Tampere on Sunday, killing 7 and wounding 12, officials said. ' +
      '"We saw wreckage everywhere," said a resident. The bodies of 410 sailors were found near Plovdiv.';
    expect(findSpanMismatches(text, [run(text)])).toEqual([]);
  });
});

describe('clauses that do not report a new happening', () => {
  it.each([
    // The object of an accusation or a denial refers to an event; the claim extractor takes it.
    ['The governor accused the Lake Albert militia, active in the hills, of firing the shells on the town.'],
    ['The government blamed the rebels for the shelling of the market in Bunia.'],
    ['The militia categorically denied on Monday that its fighters had fired on the market in Bunia.'],
    ['A spokesman rejected reports that troops had shelled the town of Beni.'],
    // Purpose and future: nothing has happened yet.
    ['He called it propaganda meant to justify a new offensive.'],
    ['The army is massing troops to launch a major offensive on Tampere.'],
    // Nominal uses name people, not a happening: a breakdown or a description of the victims.
    ['The dead included two children and a pregnant woman.'],
    ['Two children and a pregnant woman were among the dead.'],
    ['Doctors said several of the wounded were in critical condition.'],
    ['Many of the displaced buy their food at the market in Bunia.'],
    ['Aid groups run camps for internally displaced people near Goma.'],
    // A state lasting up to the report is background.
    ['Gunmen attacked Djugu in February, and thousands of families have fled toward Bunia since then.'],
    // A whole conflict's running toll is no incident of its own.
    ['The rebels pressed on in a conflict that has left many thousands dead and displaced a million people.'],
    ['The insurgency has killed more than 40,000 people since 2009, the United Nations says.'],
  ])('%s → no incident', (text) => {
    expect(run(text, '2025-03-10').incidents.map((i) => i.trigger.text)).toEqual([]);
  });

  it.each([
    ['Troops shelled the market in Bunia on Sunday.', 'shelling'],
    ['Thousands of residents fled Bunia on Sunday.', 'displacement'],
    ['The accused militia shelled the town of Beni on Sunday.', 'shelling'],
    ['The wounded were taken to hospital after shelling hit Beni.', 'shelling'],
    // A local event on a day of a war is still one.
    ['During the war, troops shelled the market in Bunia on Sunday, killing 12 people.', 'shelling'],
    ['The floods have killed 40 people in Kasese since Sunday.', 'disaster'],
  ])('%s → still an incident (%s)', (text, kind) => {
    expect(run(text, '2025-03-10').incidents.map((i) => i.kind)).toEqual([kind]);
  });

  it('does not place an incident at a name that stands for a government or its institutions', () => {
    const places = (text: string) => run(text, '2025-03-10').incidents.map((i) => i.place?.name ?? null);
    expect(places('Moscow says its troops shelled enemy positions on Sunday.')).toEqual([null]);
    expect(places("Russia's Defense Ministry said its troops shelled positions on Sunday.")).toEqual([null]);
    // A town named as the place of the event stays its place.
    expect(places('Shelling hit Tartu on Sunday, officials in Plovdiv said.')).toEqual(['Tartu']);
  });

  it('leaves the dateline out of the first sentence: where the story was filed is not where it happened', () => {
    const text =
      'KATHMANDU, Nov 4 (Reuters) - A strong earthquake struck western Nepal late on Friday, killing at least 120 people.';
    const dateline = {
      place: 'KATHMANDU',
      date: 'Nov 4',
      text: 'KATHMANDU, Nov 4 (Reuters) -',
      span: [0, 28] as [number, number],
    };
    const [quake] = extract({ id: 'd', text, published: '2023-11-04', dateline }).incidents;
    expect(quake?.place?.name).toBe('Nepal');
    expect(quake?.text.startsWith('A strong earthquake')).toBe(true);
    expect(quake?.killed?.best).toBe(120);
  });

  it('gives a count before the trigger to it only when no new subject comes between', () => {
    const killed = (text: string) => run(text, '2025-03-10').incidents.map((i) => i.killed?.best ?? null);
    expect(killed('Twelve villagers, who had fled the fighting, were killed in Djugu.')).toEqual([12]);
    expect(killed('At least two had their wrists bound with wire, one was shot in Djugu.')).not.toContain(2);
  });

  it('gives a toll the figure of "others" that the next sentence adds, without a second incident', () => {
    const x = run(
      'Twelve people had been confirmed dead by Sunday evening in Bunia, a health official said. She said about 40 others were being treated for burns.',
      '2025-03-10',
    );
    expect(x.incidents.map((i) => [i.killed?.best, i.injured?.best])).toEqual([[12, 40]]);
    // Across a paragraph break, or when the toll already has that figure, it stays an incident of its own.
    const apart = run(
      'Twelve people were killed in Bunia, officials said.\n\nAbout 40 others were wounded in Beni.',
      '2025-03-10',
    );
    expect(apart.incidents.map((i) => [i.killed?.best ?? null, i.injured?.best ?? null])).toEqual([
      [12, null],
      [null, 40],
    ]);
  });
});

describe('place of a sentence that names none', () => {
  it.each([
    // The previous sentence's town carries over.
    ['Troops entered Tampere on Sunday. Shelling damaged homes.', 'Tampere'],
    ['On the road to Tartu, the port of Brno was shelled. Three guards died in the city.', 'Brno'],
    // Towns joined by "and" or a comma are all its place, so none is picked.
    ['Troops attacked the towns of Tartu and Brno. Shelling damaged homes.', null],
    ['Troops attacked Tartu, Plovdiv and Tampere. Shelling damaged homes.', null],
  ])('%s → %s', (text, place) => {
    const last = run(text).incidents.at(-1);
    expect(last?.place?.name ?? null).toBe(place);
  });
});

describe('sieges', () => {
  // A siege is an incident on the day it is told of (or when it kills or wounds someone).
  it.each([
    ['Tartu, in eastern Estonia, remained under siege on Monday.', 'Tartu'],
    ['Rebel units encircled Brno on Sunday.', 'Brno'],
    // An active verb with its object reports a siege begun, even undated.
    ['A police team encircled the flats in Brno where the gunman hid.', 'Brno'],
    ['Plovdiv, in the south of the country, was cut off from deliveries of fuel on Sunday.', 'Plovdiv'],
  ])('%s → a siege at %s', (text, place) => {
    const sieges = run(text).incidents.filter((i) => i.kind === 'siege');
    expect(sieges.map((i) => [i.type, i.subtype, i.place?.name])).toEqual([
      ['Battles', 'Armed clash', place],
    ]);
  });

  it.each([
    ['Electricity was cut off in Tartu on Monday.'],
    ['Water supplies were cut off across Plovdiv.'],
    // Told with no day of its own and no casualties, a siege is a state lasting up to the report.
    ['The siege of Tampere entered its second month.'],
    ['Food ran out in the besieged city of Plovdiv.'],
    ['In that province, Brno, a town on the Svratka, remained cut off.'],
    ['As the army pulled back from the capital, other towns were under siege.'],
    ['The rebels kept up a siege around a hill town to the west.'],
  ])('%s → no siege', (text) => {
    expect(run(text).incidents.filter((i) => i.kind === 'siege')).toEqual([]);
  });
});

describe('war nouns that tell no happening', () => {
  it.each([
    // The signs an earlier fight left.
    ['Signs of heavy fighting were everywhere around Brno: burned tanks lay in the fields.'],
    ['Traces of the shelling could still be seen on the walls of the school in Tartu.'],
    // A strategy or a plan.
    ['Generals in Tampere are concentrating their offensive along the coast.'],
    ['Commanders are shifting their offensive toward the coast.'],
    // A campaign, or the damage it has summed up to the report.
    ['Relentless shelling has destroyed most of the old town of Tartu.'],
    ['The talks broke down under continued shelling.'],
    ['The mayor of Brno said shelling has destroyed 60% of the town.'],
    // A campaign's toll up to the report sums its attacks: no incident of its own.
    ['Weeks of shelling have killed 300 people in Tartu, the mayor said.'],
    ['Three months of air strikes on the province have left 150 dead.'],
    ['Relentless bombardment has killed more than 40 civilians in Brno.'],
  ])('%s → no incident', (text) => {
    expect(run(text, '2025-03-10').incidents.map((i) => i.trigger.text)).toEqual([]);
  });

  it.each([
    ['Fighting broke out in Brno on Sunday.', 'clash'],
    ['Artillery shelling destroyed a school in Tartu on Sunday.', 'shelling'],
    ['The army launched an offensive on Brno on Sunday.', 'clash'],
    // A clause that only opens with the campaign tells its own attack.
    ['After weeks of shelling, a missile killed five people in Tartu on Sunday.', 'killing'],
  ])('%s → still an incident (%s)', (text, kind) => {
    expect(run(text, '2025-03-10').incidents.map((i) => i.kind)).toEqual([kind]);
  });
});

describe('reference date', () => {
  it('uses a dateline date only when it names its year', () => {
    const text = 'Three people were killed in Tampere on Sunday.';
    const dl = (date: string) => ({
      place: 'TAMPERE',
      date,
      text: 'TAMPERE —',
      span: [0, 0] as [number, number],
    });
    expect(extract({ id: 'a', text, published: null, dateline: dl('March 9') }).reference).toEqual({
      date: null,
      from: 'none',
    });
    expect(extract({ id: 'b', text, published: null, dateline: dl('April 3, 2022') }).reference).toEqual({
      date: '2022-04-03',
      from: 'dateline',
    });
    expect(extract({ id: 'c', text, published: '2022-04-04T10:00:00Z', dateline: null }).reference).toEqual({
      date: '2022-04-04',
      from: 'published',
    });
  });
});

describe('fires', () => {
  const fires = (text: string) => run(text).incidents.filter((i) => i.subtype === 'Fire');
  it('reads a fire an attack set, in its sentence or the next, as the attack’s damage', () => {
    expect(
      fires('Shells struck the crowded market in Elmford on Sunday. Several stalls caught fire.'),
    ).toEqual([]);
    expect(fires('A missile hit the depot in Elmford, and the building caught fire.')).toEqual([]);
  });
  it('keeps a fire told on its own as a disaster', () => {
    expect(fires('A fire at a warehouse in Elmford killed two workers on Sunday.')).toHaveLength(1);
    expect(
      fires(
        'Shells struck the market in Elmford on Sunday. Traders counted their losses. A fire at a warehouse in Northby killed two workers.',
      ),
    ).toHaveLength(1);
  });
});
