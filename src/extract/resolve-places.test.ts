import { describe, expect, it } from 'vitest';
import { relatePlaces } from '../merge/compatibility.js';
import { findSpanMismatches } from './check-spans.js';
import { findMastheads, resolvePlaces } from './resolve-places.js';

const find = (text: string, surface: string) => resolvePlaces(text).places.find((p) => p.text === surface);

describe('resolvePlaces', () => {
  it.each([
    // [text, surface, name, country code, precision]
    ['Shelling hit Kharkov overnight.', 'Kharkov', 'Kharkiv', 'UA', 'town'],
    ['Officials in Kiev said the talks failed.', 'Kiev', 'Kyiv', 'UA', 'town'],
    ['A blast hit the port of Odesa in Ukraine.', 'Odesa', 'Odessa', 'UA', 'town'],
    ['Residents of Mykolaiv, Ukraine, fled.', 'Mykolaiv', 'Mykolayiv', 'UA', 'town'],
    ['The plant in Zaporizhzhia was hit.', 'Zaporizhzhia', 'Zaporizhia', 'UA', 'town'],
    ['Floods swept Bombay on Monday.', 'Bombay', 'Mumbai', 'IN', 'town'],
    ['Police arrested three men in Kraków.', 'Kraków', 'Kraków', 'PL', 'town'],
    ['Police arrested three men in Krakow.', 'Krakow', 'Kraków', 'PL', 'town'],
  ])('resolves %s', (text, surface, name, cc, precision) => {
    const p = find(text, surface);
    expect(p?.name).toBe(name);
    expect(p?.countryCode).toBe(cc);
    expect(p?.precision).toBe(precision);
  });

  it.each([
    // A full stop ends a name: the two towns of adjacent sentences are not one unknown name.
    ['Troops besieged Chernihiv. Kharkiv was shelled.', ['Chernihiv', 'Kharkiv']],
    ['Troops entered Bucha. Irpin fell a day later.', ['Bucha', 'Irpin']],
    // Initials and abbreviations still run on.
    ['Doctors at St. Raphael Hospital in Bunia, Congo, said so.', ['Bunia', 'Congo']],
    // A body of water named after a town is not the town.
    ['Mariupol, on the shore of the Sea of Azov, was shelled.', ['Mariupol']],
  ])('finds the places of %s', (text, names) => {
    expect(resolvePlaces(text).places.map((p) => p.text)).toEqual(names);
  });

  it.each([
    ['Bodies were found in the Kyiv region.', 'Kyiv region', 'UA'],
    ['Fighting continued in Chernihiv Oblast.', 'Chernihiv Oblast', 'UA'],
    ['Rockets hit the Sumy region overnight.', 'Sumy region', 'UA'],
    ['The flood hit Texas on Monday.', 'Texas', 'US'],
  ])('resolves the region in %s', (text, surface, cc) => {
    const p = find(text, surface);
    expect(p?.precision).toBe('region');
    expect(p?.countryCode).toBe(cc);
  });

  it.each([
    ['Troops were seen 50 kilometers west of Kyiv.', '50 kilometers west of Kyiv', 'Kyiv'],
    ['A shell landed near Irpin, Ukraine.', 'near Irpin', 'Irpin'],
    ['Fighting raged on the outskirts of Kharkiv.', 'on the outskirts of Kharkiv', 'Kharkiv'],
    ['In Ukraine, Bucha lies northwest of the capital.', 'northwest of the capital', 'Kyiv'],
  ])('gives precision near for %s', (text, surface, name) => {
    const p = find(text, surface);
    expect(p?.name).toBe(name);
    expect(p?.precision).toBe('near');
    expect(p?.relation).toBe(surface);
  });

  it('disambiguates by the document context', () => {
    const us = resolvePlaces('A tornado hit Paris, Texas. Residents of Paris said the storm lasted an hour.');
    expect(us.places.filter((p) => p.name === 'Paris').every((p) => p.countryCode === 'US')).toBe(true);
    const fr = resolvePlaces('Protesters marched in Paris on Saturday.');
    expect(fr.places[0]?.countryCode).toBe('FR');
    const ua = resolvePlaces('Ukrainian officials said shelling hit Bucha, near Kyiv.');
    expect(ua.places.find((p) => p.text === 'Bucha')?.countryCode).toBe('UA');
  });

  it.each([
    ['On Sunday, Mayor Anatoliy Fedoruk spoke.'],
    ['Police said the President would visit.'],
    ['Danish President Victoria Fenn spoke to the U.N. on Monday.'],
    ['Russian troops withdrew, the Associated Press reported.'],
  ])('finds no place in %s', (text) => {
    expect(resolvePlaces(text).places.filter((p) => p.precision !== 'country')).toEqual([]);
  });

  it('names only the country when the text names only the country', () => {
    const r = resolvePlaces('Shelling continued across Ukraine.');
    expect(r.places).toHaveLength(1);
    expect(r.places[0]?.precision).toBe('country');
  });

  it('reports unresolved and street-level names as diagnostics, not as country centroids', () => {
    const r = resolvePlaces('Bodies lay on Yablunska Street in Bucha, and more were found in Zzyzxovka.', {
      documentId: 'd1',
    });
    expect(r.diagnostics.map((d) => d.rule)).toEqual([
      'extract/unresolved-place',
      'extract/unresolved-place',
    ]);
    expect(r.places.every((p) => p.precision !== 'country')).toBe(true);
  });

  it('keeps every span equal to its text', () => {
    const text =
      'KYIV, Ukraine — Russian shelling some 50 km north of Chernihiv and in the Kyiv region killed 7.';
    expect(findSpanMismatches(text, resolvePlaces(text).places)).toEqual([]);
  });
});

describe('people are not places', () => {
  it.each([
    // [text, a name that must not be a place]
    ['Jacob Pampa was shot near Laredo, Texas. Pampa died at the scene.', 'Pampa'],
    ['Officer Burke fired twice in Toledo, Ohio. Burke was not hurt.', 'Burke'],
    ['Det. Hill said the victim lived in Akron, Ohio, and Hill asked for tips.', 'Hill'],
  ])('%s → not %s', (text, name) => {
    const places = resolvePlaces(text).places;
    expect(places.some((p) => p.text === name)).toBe(false);
    expect(places.length).toBeGreaterThan(0);
  });

  it.each([
    // A place stopword in capitals opening a line, qualified by its state, is a dateline's town.
    ['Teen killed\n\nKING, N.C. — A man was shot on Sunday.', 'KING', 'North Carolina'],
  ])('reads a stopword dateline qualified by its state: %s', (text, surface, admin1) => {
    const p = resolvePlaces(text, { dateline: [text.indexOf('\n\n') + 2, text.indexOf(' —')] }).places.find(
      (q) => q.precision === 'town',
    );
    expect(p?.text ?? null).toBe(surface);
    expect(p?.admin1 ?? null).toBe(admin1);
  });

  it('keeps the stopword a stopword in running text', () => {
    const places = resolvePlaces('The King said a man was shot in Gary, Ind., on Sunday.').places;
    expect(places.map((p) => p.text)).toEqual(['Gary']);
  });

  it('keeps a surname-like town when it is qualified by its state', () => {
    const places = resolvePlaces('Ann Pampa moved away. The crash happened in Pampa, Texas.').places;
    expect(places.some((p) => p.text === 'Pampa' && p.admin1 === 'Texas')).toBe(true);
  });

  it('keeps a place after a name modifier ("Metro Saskatoon") a place elsewhere', () => {
    const places = resolvePlaces(
      'Metro Saskatoon schools closed. A man was shot in Saskatoon on Friday.',
    ).places;
    expect(places.some((p) => p.text === 'Saskatoon' && p.name === 'Saskatoon')).toBe(true);
  });
});

describe('counties and local institutions', () => {
  it.each([
    // [text, surface, name, admin1, precision]
    [
      'The boy was shot in Harris County, Texas, on Sunday.',
      'Harris County',
      'Harris County',
      'Texas',
      'region',
    ],
    ['A man was killed in Wayne County, Michigan.', 'Wayne County', 'Wayne County', 'Michigan', 'region'],
    [
      'Rocky Mount police are investigating the shooting.',
      'Rocky Mount',
      'Rocky Mount',
      'North Carolina',
      'town',
    ],
  ])('%s → %s', (text, surface, name, admin1, precision) => {
    const p = find(text, surface);
    expect(p?.name).toBe(name);
    expect(p?.admin1).toBe(admin1);
    expect(p?.precision).toBe(precision);
    expect(findSpanMismatches(text, [{ places: resolvePlaces(text).places }])).toEqual([]);
  });

  it('names a county in a sheriff\'s office ("X County Sheriff\'s Office") as a place', () => {
    expect(find("The Harris County Sheriff's Office in Texas is investigating.", 'Harris County')?.name).toBe(
      'Harris County',
    );
  });

  it('does not give an English town the admin1 of one English county', () => {
    const p = find('Floods hit Manchester, England, on Monday.', 'Manchester');
    expect(p?.countryCode).toBe('GB');
    expect(p?.admin1).not.toBe('Norfolk');
  });
});

describe('addresses and buildings are not places', () => {
  it.each([
    // [text, a name that must not be a place, a place that must be found]
    ['Police were called to the 300 block of Franklin Street in Dayton.', 'Franklin', 'Dayton'],
    ['The car stopped on Enid Avenue near Lawton, Oklahoma.', 'Enid', 'Lawton'],
    ['Shots were fired on Ypsilanti Rd. in Toledo.', 'Ypsilanti', 'Toledo'],
    ['The victim was taken to Lancaster Hospital from Denton.', 'Lancaster', 'Denton'],
    ['Two students of Fresno High School were hurt in Clovis, California.', 'Fresno', 'Clovis'],
    ['The shooting happened in the 4100 block of Enid in Lawton.', 'Enid', 'Lawton'],
  ])('%s → not %s', (text, name, place) => {
    const places = resolvePlaces(text).places;
    expect(places.some((p) => p.text === name)).toBe(false);
    expect(places.some((p) => p.name === place)).toBe(true);
  });

  it('still reads "St. Louis" and a place named "… Park" whole', () => {
    expect(find('A man was shot in St. Louis on Monday.', 'St. Louis')?.name).toBe('Saint Louis');
    expect(find('Two were hurt in Highland Park, Illinois.', 'Highland Park')?.admin1).toBe('Illinois');
  });
});

describe('state abbreviations qualify a town', () => {
  it.each([
    // [text, surface, admin1]
    ['A gunman was killed in Auburn, Ala., on Monday.', 'Auburn', 'Alabama'],
    ['Two men were shot in Wilmington, Del., overnight.', 'Wilmington', 'Delaware'],
    ['Two men were shot in Wilmington, N.C., overnight.', 'Wilmington', 'North Carolina'],
    ['A boy died in Springfield, Mo. on Friday.', 'Springfield', 'Missouri'],
    ['A boy died in Springfield, IL, on Friday.', 'Springfield', 'Illinois'],
    ['Police in Charleston, W.Va. said the man died.', 'Charleston', 'West Virginia'],
  ])('%s → %s, %s', (text, surface, admin1) => {
    const r = resolvePlaces(text);
    expect(r.places.find((p) => p.text === surface)?.admin1).toBe(admin1);
    // The abbreviation itself is not a town ("Ala." is not 'A'ala, Hawaii).
    expect(r.places).toHaveLength(1);
    expect(findSpanMismatches(text, [{ places: r.places }])).toEqual([]);
  });
});

describe('a local report’s home region', () => {
  it('reads a name its home region has as that region’s town', () => {
    // Brookings is larger in South Dakota; a report qualified in Oregon means Oregon's.
    const r = resolvePlaces('A man from Keizer, Ore., was shot in Brookings on Friday.');
    expect(r.places.find((p) => p.text === 'Brookings')?.admin1).toBe('Oregon');
  });

  it('does not take a small town of another state for a place of a local report', () => {
    // No Oregon town is called Lodi: in a report at home in Oregon it is a street, a business or a
    // neighbourhood, not the California town.
    const r = resolvePlaces('A man from Keizer, Ore., was shot near Lodi on Friday.');
    expect(r.places.map((p) => p.name)).toEqual(['Keizer']);
  });

  it('keeps foreign datelines out of it ("TOWN, Country" is a correspondent’s dateline)', () => {
    // Dubno (Rivne region) is smaller than 100,000 and lies outside the dateline town's region.
    const text = 'KOVEL, Ukraine (AP) — Shelling hit Dubno on Sunday.';
    const r = resolvePlaces(text, { dateline: [0, 22] });
    expect(r.places.find((p) => p.text === 'Dubno')?.name).toBe('Dubno');
  });
});

describe('neighbourhoods', () => {
  it.each([
    // [text, surface, city]
    ['Two men were shot in Van Nuys on Sunday.', 'Van Nuys', 'Los Angeles'],
    ['A teenager was wounded in Rogers Park.', 'Rogers Park', 'Chicago'],
    ['Police found the car in Mira Mesa.', 'Mira Mesa', 'San Diego'],
  ])('%s → %s is in %s', (text, surface, city) => {
    const p = find(text, surface);
    expect(p?.name).toBe(city);
    expect(p?.precision).toBe('town');
    expect(p?.text).toBe(surface);
  });
});

describe('a given name is no place', () => {
  it.each([
    // [text, the given name, whether it is read as a place]
    [
      'Dallas Fenn, 9, was hurt on Friday. Fenn rode to a clinic with his aunt, and Dallas died there.',
      'Dallas',
      false,
    ],
    ['Dallas Fenn was shot on Friday in Dallas. Fenn died.', 'Dallas', true],
    // No surname standing alone: a newspaper's name, not a person's.
    ['The Dallas Observer reported the shooting. Dallas had a quiet night.', 'Dallas', true],
    // A title after the town: "Fernwick Det. Fenn" is an officer of the town.
    [
      'Auburn Det. Orla Fenn said a man was wounded. Fenn said Auburn had two shootings this year.',
      'Auburn',
      true,
    ],
    // The second word after "the" is a newspaper's or a team's short name, not a surname alone.
    [
      'The Hartford Ledger covered the robbery. The Ledger said Hartford saw fewer thefts in May.',
      'Hartford',
      true,
    ],
    [
      'A fan of the Denver Foxes was hurt after the match. The Foxes said Denver would host the final.',
      'Denver',
      true,
    ],
    // A surname after "Mr." still stands alone: the pair is a person's name.
    ['Denver Holt, 12, was hurt on Friday. Mr. Holt said Denver was home again on Sunday.', 'Denver', false],
    // An age beside the name tells a person even when the surname never stands alone.
    [
      'A stray round hit 7-year-old Madison Quill on Friday. Madison was sent home on Sunday.',
      'Madison',
      false,
    ],
    ['Deputies booked Dallas Brack, 24, on Monday. Dallas was held without bail.', 'Dallas', false],
    // A generational suffix after the surname leaves the pair a full name.
    [
      'A stray round hit 7-year-old Madison Quill Jr. on Friday. Madison was sent home on Sunday.',
      'Madison',
      false,
    ],
    // An age after the generational suffix tells a person too.
    ['Deputies booked Darwin Brackwith Jr., 24, on Monday. Darwin was held without bail.', 'Darwin', false],
    // A count the words after the comma go on with is no age: the pair may be a street's name.
    [
      'Shots were fired on Darwin Orchard, 3 blocks from the school. Darwin had a quiet night otherwise.',
      'Darwin',
      true,
    ],
    [
      'Shots were fired on Darwin Orchard, 2.5 miles from the school. Darwin had a quiet night otherwise.',
      'Darwin',
      true,
    ],
    // Without an age, and with no surname standing alone, the pair may be an institution's name.
    ['The Madison Quill board met on Monday. Madison had a quiet night.', 'Madison', true],
    // Read as a place where it stands ("in Austin"), it stays one.
    ['Deputies booked Madison Quill, 24, in Madison on Sunday.', 'Madison', true],
  ])('%s → %s is a place: %s', (text, given, place) => {
    const found = resolvePlaces(text).places.filter((p) => p.text === given);
    expect(found.length > 0).toBe(place);
  });
});

describe('a state’s name before a town abroad of that name', () => {
  it.each([
    // [text, the place, its precision]
    ['A storm hit Virginia on Sunday.', 'Virginia', 'region'],
    ['Two men were shot in Virginia on Sunday.', 'Virginia', 'region'],
    // A regional capital abroad of that name (about 30,000 people) does not outweigh the state.
    ['Gunmen wounded four people in Florida on Sunday.', 'Florida', 'region'],
  ])('%s → %s', (text, name, precision) => {
    const p = find(text, name);
    expect(p?.countryCode).toBe('US');
    expect(p?.precision).toBe(precision);
  });

  it('reads a large town abroad before a department of its name (no state)', () => {
    const p = find('Mortar rounds hit Beni on Saturday.', 'Beni');
    expect(p?.countryCode).toBe('CD');
    expect(p?.precision).toBe('town');
  });

  it('still reads a qualified town of that name as the town', () => {
    const p = find('A man was shot in Virginia, Minn., on Friday.', 'Virginia');
    expect(p?.admin1).toBe('Minnesota');
  });
});

describe('a place named with more than news writes of it', () => {
  it.each([
    // [text, surface, place]
    ['Two cousins were wounded in the Bronx late Friday.', 'Bronx', 'The Bronx'],
    ['Two teens were wounded in The Bronx.', 'The Bronx', 'The Bronx'],
  ])('%s → %s is %s', (text, surface, name) => {
    expect(find(text, surface)?.name).toBe(name);
  });

  it('finds a New England town filed under its centre village ("X Center") by its own name', () => {
    expect(find('A boy was hurt in a fall in Simsbury on Tuesday.', 'Simsbury')?.name).toBe(
      'Simsbury Center',
    );
  });

  it.each([
    // [text, surface, the place's name, its state]
    ['A man was shot in St. Louis on Friday.', 'St. Louis', 'Saint Louis', 'Missouri'],
    ['A man was shot in St Louis on Friday.', 'St Louis', 'Saint Louis', 'Missouri'],
    ['A man was shot in St. Paul, Minn., on Friday.', 'St. Paul', 'Saint Paul', 'Minnesota'],
  ])('%s → %s is named written out, %s', (text, surface, name, state) => {
    const p = find(text, surface);
    expect(p?.name).toBe(name);
    expect(p?.admin1).toBe(state);
  });

  it('still takes "the" before an ordinary town name for a thing named after it', () => {
    expect(find('They had dinner at the Dallas before the game.', 'Dallas')).toBeUndefined();
  });
});

describe('names whose namesakes share one region', () => {
  it.each([
    // [text, surface, the town's state]
    // Athens is larger in Georgia, Marion in Iowa: the report's county and state point elsewhere.
    [
      'A woman was wounded in Athens on Friday night, and Limestone County deputies are looking for the shooter in Alabama.',
      'Athens',
      'Alabama',
    ],
    [
      'A woman was shot in Marion on Friday. Grant County deputies and Indiana State Police are investigating.',
      'Marion',
      'Indiana',
    ],
    // No state named: of the towns called Marion, only Indiana's lies in a state with a Grant County
    // among the few.
    ['A woman was shot in Marion on Friday, Grant County deputies said.', 'Marion', 'Indiana'],
    ['A teen was killed in Florence, deputies in Lauderdale County, Ala., said.', 'Florence', 'Alabama'],
  ])('%s → %s in %s', (text, surface, state) => {
    const p = find(text, surface);
    expect(p?.admin1).toBe(state);
    expect(p?.reason).toContain('the region the report');
  });

  it('keeps a city named like its region the city when the region’s towns are named', () => {
    const p = find('Sirens sounded in Brovary, in Boryspil and in Kyiv on Sunday.', 'Kyiv');
    expect(p?.precision).toBe('town');
    expect(p?.name).toBe('Kyiv');
  });

  it('keeps the likeliest namesake when nothing else in the report points to a region', () => {
    expect(find('A woman was shot in Marion on Friday.', 'Marion')?.admin1).not.toBe('Indiana');
  });
});

describe('an old name that towns of today still bear', () => {
  it('reads it as the town of the report’s region, and as the old name elsewhere', () => {
    expect(find('A trade fair opened in Canton on Monday.', 'Canton')?.countryCode).toBe('CN');
    const p = find(
      'A man was shot in Canton on Monday, Stark County deputies said, the third shooting in Ohio this week.',
      'Canton',
    );
    expect(p?.countryCode).toBe('US');
    expect(p?.admin1).toBe('Ohio');
  });
});

describe('a compass word before a city', () => {
  it.each([
    ['Police identified the victims of a Southeast Fresno house party shooting.', 'Fresno'],
    ['Shots were fired in Northwest Detroit on Sunday.', 'Detroit'],
  ])('%s → %s', (text, city) => {
    const p = find(text, city);
    expect(p?.name).toBe(city);
    expect(p?.precision).toBe('town');
  });
});

describe('a county name several states share', () => {
  it('takes the state of the report’s town', () => {
    const places = resolvePlaces(
      'Greene County deputies said a man was shot and wounded in Springfield.',
    ).places;
    const county = places.find((p) => p.text === 'Greene County');
    const town = places.find((p) => p.text === 'Springfield');
    expect(town?.admin1).toBeTruthy();
    expect(county?.admin1).toBe(town?.admin1);
  });
});

describe('resolvePlaces: words that are not places, and the region a report is local to', () => {
  it.each([
    // [text, the places found (surface, name)]
    // A word that opens a place's name ("Metro Saskatoon") is not a place on its own.
    ['Metro police arrested a man in Laredo.', [['Laredo', 'Laredo']]],
    // Newspaper-name words and the buttons of a saved page are not places.
    ['A man was shot in Laredo, the Tribune reported.', [['Laredo', 'Laredo']]],
    ['Image 1 of 3 Buy photo A man was shot in Laredo.', [['Laredo', 'Laredo']]],
    // A surname that a country's name is a spelling variant of is not the country.
    ['Cameron said the shooting in Laredo was senseless.', [['Laredo', 'Laredo']]],
    // A county named with a possessive is one region.
    ['A man was shot in Queen Anne’s County on Friday.', [['Queen Anne’s County', "Queen Anne's County"]]],
    // Every large city the report names lies in Texas: a small town of another state is a local
    // name (a neighbourhood, a street, a business), not that town.
    ['Laredo residents gathered after a woman was shot in Bogalusa.', [['Laredo', 'Laredo']]],
    // With no large city to anchor it, the town stays.
    ['A woman was shot in Bogalusa on Friday.', [['Bogalusa', 'Bogalusa']]],
    // A compass word between the preposition and the name still introduces a location.
    ['A teenager was shot in northeast Bogalusa.', [['Bogalusa', 'Bogalusa']]],
    // A run that ends in a town's name ("Vista Laredo General") does not make the town a surname
    // when the report names it with a local institution ("Laredo police").
    [
      'Laredo police said the man was taken to Vista Laredo General hospital, where Laredo doctors treated him.',
      [
        ['Laredo', 'Laredo'],
        ['Laredo', 'Laredo'],
      ],
    ],
  ])('%s', (text, expected) => {
    const { places } = resolvePlaces(text);
    expect(places.map((p) => [p.text, p.name])).toEqual(expected);
    expect(findSpanMismatches(text, places)).toEqual([]);
  });

  it('never builds a county name across the end of a sentence', () => {
    const { places } = resolvePlaces('A man was shot in Warren. County crews closed the road.');
    expect(places.map((p) => p.text)).not.toContain('Warren. County');
    expect(places.every((p) => !/County/.test(p.name))).toBe(true);
  });

  it('reads "Georgia" in a report about the United States as the state', () => {
    const p = resolvePlaces('Laredo residents mourned a man who was shot in Georgia.').places.find(
      (x) => x.text === 'Georgia',
    );
    expect(p?.countryCode).toBe('US');
    expect(p?.precision).toBe('region');
  });

  it('keeps "Georgia" the country when the report is about it', () => {
    const p = resolvePlaces('Protesters marched in Tbilisi, the capital of Georgia.').places.find(
      (x) => x.text === 'Georgia',
    );
    expect(p?.countryCode).toBe('GE');
    expect(p?.precision).toBe('country');
  });
});

describe('a town named with its institution, its residents or its state', () => {
  it.each([
    // [text, surface, name, admin1]
    // A compass abbreviation opens a part of the city; it does not make the city a surname.
    ['Two men were shot in NE Tulsa on Monday.', 'Tulsa', 'Tulsa', 'Oklahoma'],
    // "the <town> Police Department" is the town's own police, not a thing named after the town.
    ['A release from the Tulsa Police Department named the victim.', 'Tulsa', 'Tulsa', 'Oklahoma'],
    // A noun the town modifies: "a <town> man", "the <town> shooting".
    ['Police said a Tahlequah man was wounded.', 'Tahlequah', 'Tahlequah', 'Oklahoma'],
    ['Deputies are investigating the Muskogee shooting.', 'Muskogee', 'Muskogee', 'Oklahoma'],
    // A capitalised headline ends the town's name at the noun it modifies.
    ['Muskogee Teen Wounded In Drive-By\n\nA teenager was hurt.', 'Muskogee', 'Muskogee', 'Oklahoma'],
    // A state capital's name alone is the town, not the state whose seat it is.
    ['Pierre Teen Wounded In Drive-By\n\nA teenager was hurt.', 'Pierre', 'Pierre', 'South Dakota'],
  ])('%s → %s', (text, surface, name, admin1) => {
    const p = find(text, surface);
    expect(p?.name).toBe(name);
    expect(p?.admin1).toBe(admin1);
    expect(p?.precision).toBe('town');
  });

  it.each([
    // A capitalised word inside a headline is not a town because a noun follows it.
    ['Deputies Rescue Woman From Flooded Creek'],
    // A name with a possessive is a name of its own ("<Name> Children's Hospital").
    ['The boy was flown to Harlow Children’s Medical Center.'],
    // "City" alone stands for a city's government, never for a place.
    ['City police said two men were shot.'],
  ])('finds no place in %s', (text) => {
    expect(resolvePlaces(text).places).toEqual([]);
  });

  it('takes a small town of the state a report names, though the report is filed from another state', () => {
    // Dateline in Massachusetts; the report names Maine, and Bangor is Maine's.
    const text =
      'BOSTON (AP) — A man was shot at his home in Maine. It happened in Bangor, state police said.';
    const r = resolvePlaces(text, { dateline: [0, 11] });
    expect(r.places.find((p) => p.text === 'Bangor')?.admin1).toBe('Maine');
  });
});

describe('a station’s or site’s masthead is not a place of the report', () => {
  it.each([
    // [text, the place that stays]
    ['Man hurt in Tulsa shooting - WXYZ 5 Wichita | Kansas News and Weather\n\nA man was hurt.', 'Tulsa'],
    ['Teen wounded in Tulsa - KQRS-TV Wichita\n\nA teen was wounded.', 'Tulsa'],
    ['Girl shot in Tulsa | wichitanews.com | Wichita, Kansas\n\nA girl was shot.', 'Tulsa'],
  ])('%s', (text, kept) => {
    expect(resolvePlaces(text).places.map((p) => p.name)).toEqual([kept]);
  });

  it('keeps a headline whose first word only looks like a call sign', () => {
    const text = 'In Waco, KXYZ 9 dead in a fight at a restaurant\n\nNine people died.';
    expect(resolvePlaces(text).places.map((p) => p.name)).toContain('Waco');
  });
});

describe('two streets named at a corner are not towns', () => {
  it('drops the second name before "streets"', () => {
    const r = resolvePlaces('The shooting happened near Tenth and Tyler streets in Wichita.');
    expect(r.places.map((p) => p.name)).toEqual(['Wichita']);
  });
});

describe('spelling variants', () => {
  it('reads a variant spelling only for a name of five letters or more that no place is spelled as', () => {
    // Transliterations still resolve; a three-letter word is no spelling of a longer foreign town.
    expect(find('Shelling hit Kharkov overnight.', 'Kharkov')?.name).toBe('Kharkiv');
    expect(resolvePlaces('The shooting happened near Ida, police said.').places).toEqual([]);
  });

  it('names the country of a first-level region named on its own', () => {
    // "Ohio" alone makes the report American, so the Ohio town wins over its namesake abroad.
    expect(resolvePlaces('Ohio deputies said a man was shot in Toledo.').countries).toContain('US');
    expect(find('Ohio deputies said a man was shot in Toledo.', 'Toledo')?.countryCode).toBe('US');
  });
});

describe('findMastheads', () => {
  it('gives the place of a masthead as the outlet’s, apart from the report’s places', () => {
    const r = resolvePlaces('Teen wounded - KQRS 5 Wichita | Kansas News and Weather\n\nA teen was hurt.');
    expect(r.places).toEqual([]);
    expect(r.outlet.map((p) => p.name)).toContain('Wichita');
  });

  it('ends at the dash that opens a dateline’s report and ignores a credit in parentheses', () => {
    const text = 'WICHITA (KQRS.com) — Police said a man was shot in Tulsa.';
    expect(findMastheads(text)).toEqual([]);
    expect(resolvePlaces(text).places.map((p) => p.name)).toContain('Tulsa');
  });

  it('leaves a station named in the story’s own sentences to the story', () => {
    const text =
      'Man hurt in overnight shooting\n\nA man was shot near a bakery in Dayton, Ohio, late Friday, a police spokesman told WQRT News.\nHe was taken to a hospital in Toledo.';
    expect(findMastheads(text)).toEqual([]);
    const names = resolvePlaces(text).places.map((p) => p.name);
    expect(names).toContain('Dayton');
    expect(names).toContain('Toledo');
  });
});

describe('a neighbourhood named like a big city of another state', () => {
  it.each([
    // [text, surface, expected name]
    // The report's own city is the one whose police it cites; nothing else points to Texas.
    [
      'Five people were shot on the same Austin block Thursday, according to Chicago police.',
      'Austin',
      'Chicago',
    ],
    ['A teenager was wounded in Austin on Monday, Chicago police said.', 'Austin', 'Chicago'],
    // The state named beside the name keeps the city of that state.
    ['Chicago police said the man fled to Austin, Texas.', 'Austin', 'Austin'],
    // Another place of that state points to it.
    [
      'A man was shot in Austin and his car was found in Round Rock, Chicago police said.',
      'Austin',
      'Austin',
    ],
    // The report cites the police of two cities: no one city is the report's own.
    ['Chicago police and Milwaukee police said a man was shot in Austin.', 'Austin', 'Austin'],
  ])('%s → %s', (text, surface, name) => {
    expect(find(text, surface)?.name).toBe(name);
  });

  it('says why it reads the name as a section of the report’s city', () => {
    const p = find('A teenager was wounded in Austin on Monday, Chicago police said.', 'Austin');
    expect(p?.admin1).toBe('Illinois');
    expect(p?.reason).toContain("read as a section of Chicago, the report's own city");
  });
});

describe('a small town abroad in a local report that never tells its country', () => {
  it.each([
    'Two men were shot at a store in Ushuaia on Monday, Dayton police said.',
    'An Ohio man was wounded near Ushuaia Grill in Dayton, Ohio, on Monday.',
  ])('is not a place of %s', (text) => {
    expect(find(text, 'Ushuaia')).toBeUndefined();
  });

  it.each([
    'Two men were shot at a store in Ushuaia, Argentina, on Monday.',
    'Argentine police said two men were shot at a store in Ushuaia on Monday.',
    'Two men were shot at a store in Ushuaia on Monday.',
  ])('is a place of %s, which tells its country or no country at all', (text) => {
    expect(find(text, 'Ushuaia')?.countryCode).toBe('AR');
  });
});

describe('a county named in full and by its short name', () => {
  it('reads the short name as the county when no town of that name lies in its state', () => {
    const text =
      "A man was shot while hunting in Brevard on Monday, the Brevard County Sheriff's Office said.";
    const p = find(text, 'Brevard');
    expect(p?.name).toBe('Brevard County');
    expect(p?.admin1).toBe('Florida');
  });

  it('keeps the short name a town where the report qualifies it', () => {
    const text = "A man was shot in Brevard, N.C., on Monday, the Brevard County Sheriff's Office said.";
    expect(find(text, 'Brevard')?.admin1).toBe('North Carolina');
  });
});

describe('a business named after a town', () => {
  it.each([
    // [text, surface]
    ['Two men were shot outside Memphis Tavern in Tupelo on Sunday.', 'Memphis'],
    ['A guard was wounded at Boston’s Finest hall in Worcester.', 'Boston'],
  ])('does not read %s as %s', (text, surface) => {
    expect(find(text, surface)).toBeUndefined();
    expect(resolvePlaces(text).places.length).toBeGreaterThan(0);
  });

  it('keeps the town when a part of it is named before the business', () => {
    expect(find('A man was shot at a Chicago’s South Side bar.', 'Chicago')?.name).toBe('Chicago');
  });
});

describe('a state abbreviation after a comma is never a town', () => {
  it.each([
    // [text, the places the text names]; the town before the abbreviation is unknown (kept as a
    // town of that state) or lower case.
    ['Deputies were called to a farm outside Quillby, Pa., on Sunday.', ['outside Quillby']],
    ['NEAR QUILLBY, Ore. – A boy was hurt when a rifle went off.', []],
    ['A man was shot in Wilmington, Del., and died.', ['Wilmington']],
  ])('%s', (text, names) => {
    expect(resolvePlaces(text).places.map((p) => p.text)).toEqual(names);
  });
});

describe('a spelling variant spells the same words', () => {
  it.each([
    // Capitals, function words: no skeleton of several words is a one-word town abroad.
    ['POLICE SAY ALL OF THE SHOTS CAME FROM ONE GUN', 'ALL OF'],
    ['A LOT OF PEOPLE HEARD THE SHOTS, POLICE SAID', 'A LOT'],
    ['THE BOY AND A FRIEND WERE PLAYING WHEN THE GUN WENT OFF', 'AND A'],
  ])('%s', (text, surface) => {
    expect(find(text, surface)).toBeUndefined();
  });
});

describe('two streets named at a crossing are not towns', () => {
  it.each([
    // [text, the places it names]
    ['A man was shot at the intersection of Webb and Dexter on Sunday.', []],
    ['Shots were fired at the corner of Dexter and 5th in Detroit.', ['Detroit']],
    ['The intersection of Webb and Elm in Dexter was closed.', ['Dexter']],
  ])('%s', (text, names) => {
    expect(resolvePlaces(text).places.map((p) => p.text)).toEqual(names);
  });
});

describe('a street named like a big city says nothing of the report’s home', () => {
  it.each([
    // [text, the town that must be found]
    [
      'A child died after a shooting in Roanoke. Officers went to the 3100 block of Oakland Boulevard.',
      'Roanoke',
    ],
    ['A man was hurt in a shooting in Lawton. Police closed the 400 block of Houston Street.', 'Lawton'],
  ])('%s → %s', (text, town) => {
    expect(resolvePlaces(text).places.some((p) => p.name === town)).toBe(true);
  });

  it('still reads a report naming only the big city as local to its state', () => {
    const r = resolvePlaces('A man was shot in Oakland on Friday. Police closed Lodi Street.');
    expect(r.places.find((p) => p.text === 'Oakland')?.admin1).toBe('California');
  });
});

describe('the users of a device are no town', () => {
  it.each([
    ['Mobile users tap here for video. Two men were shot in Baltimore.', 'Mobile', 'Baltimore'],
    ['Phoenix users can watch the video. A man was shot in Tulsa.', 'Phoenix', 'Tulsa'],
  ])('%s → not %s', (text, notPlace, place) => {
    const names = resolvePlaces(text).places.map((p) => p.text);
    expect(names).not.toContain(notPlace);
    expect(names).toContain(place);
  });

  it('keeps the town in its own sentences', () => {
    expect(find('A man was shot in Mobile on Friday.', 'Mobile')?.admin1).toBe('Alabama');
  });
});

describe('a town the gazetteer lacks, written with its state', () => {
  it.each([
    // [text, surface, name, admin1]
    ['Two men were shot in Smallbury, Ohio, on Monday.', 'Smallbury', 'Smallbury', 'Ohio'],
    [
      'A boy was hurt near Ketterly Mills, Pa. on Friday.',
      'near Ketterly Mills',
      'Ketterly Mills',
      'Pennsylvania',
    ],
    ['SMALLBURY CREEK, N.Y. (AP) — A hunter died.', 'SMALLBURY CREEK', 'Smallbury Creek', 'New York'],
    ['Shots hit a home in the town of Dunmarrow, Georgia, police said.', 'Dunmarrow', 'Dunmarrow', 'Georgia'],
    ['A woman from Ketterly, TN was arrested.', 'Ketterly', 'Ketterly', 'Tennessee'],
  ])('%s → %s', (text, surface, name, admin1) => {
    const r = resolvePlaces(text, { dateline: text.startsWith('SMALL') ? [0, 29] : null });
    const p = r.places.find((x) => x.text === surface);
    expect(p?.name).toBe(name);
    expect(p?.admin1).toBe(admin1);
    expect(p?.countryCode).toBe('US');
    expect(p?.lat).toBeNull();
    expect(p?.reason).toContain('the gazetteer lacks');
    expect(r.diagnostics.some((d) => d.rule === 'extract/unlisted-place')).toBe(true);
    expect(findSpanMismatches(text, [{ places: r.places }])).toEqual([]);
  });

  it.each([
    // A person named before a state's possessive or a title of the state.
    'John Fenn, Ohio’s senator, spoke on Monday.',
    "John Fenn, Ohio's senator, spoke on Monday.",
    'Police said Ann Fenn, Texas Rangers captain, arrived.',
    // No preposition of location and not a dateline.
    'Ann Fenn, Ohio, was not hurt.',
    // A name no state bears after the comma.
    'Two men were shot in Smallbury, Westshire, on Monday.',
  ])('%s names no unlisted town', (text) => {
    expect(resolvePlaces(text).places.filter((p) => p.reason?.includes('the gazetteer lacks'))).toEqual([]);
  });
});

describe('a line wholly in lower case is no evidence that a name is a word', () => {
  it('reads the town in a report that also carries a lower-case transcript', () => {
    const text =
      'Two men were shot in Lawton on Friday.\n' +
      'live from the scene: police say the two men were shot near a store in lawton late last night and one of them died.';
    expect(resolvePlaces(text).places.some((p) => p.text === 'Lawton' && p.admin1 === 'Oklahoma')).toBe(true);
  });

  it.each([
    'Two men were shot in Lawton on Friday.\nRead this story: http://www.example.com/news/2016/two-men-shot-in-lawton/123/',
    'Two men were shot in Lawton on Friday.\nWrite to the reporter at desk@lawton.com or follow #lawton.',
    'Two men were shot in Lawton on Friday.\nMore at www.lawton.example.org.',
  ])('reads the town whose name the report writes in lower case only in a web address: %s', (text) => {
    expect(resolvePlaces(text).places.some((p) => p.text === 'Lawton' && p.admin1 === 'Oklahoma')).toBe(true);
  });

  it('still drops a capitalised word the report writes in lower case in its own sentences', () => {
    const text =
      'Mobile phones were found. Police said a mobile phone and a wallet were taken from the car on Friday.';
    expect(resolvePlaces(text).places.map((p) => p.text)).not.toContain('Mobile');
  });
});

describe('short names in capitals', () => {
  it.each(['MA student shot near campus', 'He has an MA in law.'])(
    'reads an alternate name of a city that the curated list does not give as no place: %s',
    (text) => {
      expect(resolvePlaces(text).places).toStrictEqual([]);
    },
  );

  it('reads the curated short name of the capital', () => {
    expect(find('Two men were shot in D.C. late on Friday.', 'D.C.')?.name).toBe('Washington, D.C.');
  });
});

describe('one capital however spelled', () => {
  it('reads the capital, its short name and its qualified name as one place', () => {
    const places = ['Washington DC', 'D.C.', 'Washington, D.C.'].map(
      (name) => resolvePlaces(`A guard was hurt by gunfire in ${name} before dawn.`).places[0],
    );
    expect(new Set(places.map((p) => p?.name))).toStrictEqual(new Set(['Washington, D.C.']));
    const [a, b, c] = places;
    expect([relatePlaces(a ?? null, c ?? null), relatePlaces(b ?? null, c ?? null)]).toStrictEqual([
      'same',
      'same',
    ]);
  });
});
