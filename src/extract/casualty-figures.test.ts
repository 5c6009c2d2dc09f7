import { describe, expect, it } from 'vitest';
import { largestFigures } from './__fixtures__/largest-figures.js';
import { findSpanMismatches } from './check-spans.js';

/** The largest killed and injured figure over a document's incidents (0 when none). */
function figures(text: string): { killed: number; injured: number } {
  const { killed, injured, extraction } = largestFigures(text);
  expect(findSpanMismatches(text, [extraction])).toEqual([]);
  return { killed, injured };
}

// Sentences written for these tests; every name and place is invented.
const cases: [string, number, number][] = [
  // Ages, addresses and labels are never tolls.
  ['Maria Lopez, 41, was shot and killed on Friday night.', 1, 0],
  ['Tom Berry, 19, died after the crash on Route 9.', 1, 0],
  ['The victim, a 15-year-old boy, was shot in the 4200 block of Elm Street.', 0, 1],
  ['Two men, ages 31 and 22, were wounded.', 0, 2],
  ['Carl Dunn, 45, was charged with five counts of attempted murder.', 0, 0],
  ['The boy was shot three times and died.', 1, 0],
  ['There were eight murders in the county this month, police said.', 0, 0],
  ['So far this year, 40 people have been shot in the city.', 0, 0],
  ['Since March, hundreds of people have been killed in the region.', 0, 0],
  ['Survivors compared it to the 1995 massacre of 300 villagers.', 0, 0],
  ['Nearly 500 people have been shot in the city since January.', 0, 0],
  // Reactions and calls that name an incident are statements, not incidents.
  ['The mayor called on allies to cut trade, saying it paid for the killings of 30 people.', 0, 0],
  ['Outrage grew over the executions of 12 men in the village.', 0, 0],
  // Another incident told as background is not the report's.
  ['Neighbors said a teen was killed in a previous shooting on the same block.', 0, 0],
  ['In another attack, gunmen killed three farmers near the river.', 3, 0],
  ['Weeks earlier, two men were wounded outside the same club.', 0, 0],
  ['A week earlier, two brothers were wounded outside the Dellwick rink.', 0, 0],
  ['The robbery came just hours after three guards were shot at the Quillby depot.', 0, 0],
  ['Marchers gathered downtown, protesting the killing of a Quillby teen.', 0, 0],
  ['In that case, a woman was shot and killed by her neighbor.', 0, 0],
  ['Earlier this year, three people died in a shooting at the park.', 0, 0],
  ['Late last month, gunmen killed four villagers near the river.', 4, 0],
  ["Police made an arrest in last month's killing of a 20-year-old.", 1, 0],
  ['A man was shot in the head on Elm Street and survived.', 0, 1],
  // Suspects and charges are not victims.
  ['Two men were arrested in the shooting that killed a 19-year-old.', 1, 0],
  ['Two gunmen opened fire on the porch, killing a man.', 1, 0],
  ['Three men face murder charges in the case.', 0, 0],
  ['He was charged with the attempted murder of four people.', 0, 0],
  // One person named without a number.
  ['A man died and four other people were wounded in the shooting.', 1, 4],
  ['A woman was shot in the leg on Sunday.', 0, 1],
  ['A teenager is dead after a shooting near Oak Park.', 1, 0],
  ['Police said a gunman killed a 30-year-old clerk during the robbery.', 1, 0],
  ['Man dead after shooting at a gas station', 1, 0],
  ['The shooting death of a Millbrook teen is under investigation.', 1, 0],
  // An age spelled out, or without its second hyphen, names one person.
  ['Four-year-old fatally shot in Quillby', 1, 0],
  ['Police: 20-month old dead after shooting at Quillby duplex', 1, 0],
  // The possessor of a shooting or a death is its victim.
  ["Deputies: Teen's shooting near Quillby was accidental", 0, 1],
  ['Troopers say hunting accident led to Dellwick man’s death', 1, 0],
  ['Father charged in son’s accidental shooting death', 1, 0],
  ["Neighbors said the man's brother heard the shots.", 0, 0],
  // A bullet that struck someone, however the headline words it.
  ['Quillby toddler hit by stray bullet while asleep in her crib', 0, 1],
  ['A girl was struck in the left arm by an apparent stray bullet on Friday.', 0, 1],
  ['Dellwick clerk grazed in arm by bullet during robbery', 0, 1],
  ['Stray bullet grazes teen near Quillby skate park', 0, 1],
  ['Late-night shooting wounds four in Dellwick', 0, 4],
  ['Arrests follow Dellwick shooting that injures cyclist', 0, 1],
  ['A man died of gunshot wounds to the chest.', 1, 0],
  ['Teen suffers accidental gunshot wound at Quillby range', 0, 1],
  // The fatal shooting of a person named at the end of a headline.
  ['Deputies still investigating fatal shooting of 3-year-old', 1, 0],
  // A person who suffered or was treated for injuries is one injured.
  ['A cyclist suffered serious injuries when a van struck her.', 0, 1],
  ['A minor was injured in the shooting on Birch Lane.', 0, 1],
  // The shot include the dead; the dead are not injured.
  ['Two men were shot, one fatally, outside a bar.', 1, 1],
  // A bare `one` after a casualty participle is the count it governs, not a pronoun.
  ['A man opened fire on a porch in Dellwick, wounding two and killing one.', 1, 2],
  ['Gunmen stormed the market at dawn, killing one and injuring four.', 1, 4],
  // A bare `one` after a finite casualty verb, before the next one or the clause's end.
  ['A Dunmore roofer was charged over a blast at the Ferrow mill that killed one and wounded five.', 1, 5],
  ['The crash on the ridge road injured one, troopers said.', 0, 1],
  ['The blast at the depot killed one of the guards.', 0, 0],
  // A count inside a list of victims counts its people, and the perpetrator after them is one more.
  ['Deputies say a farmer fatally shot his aunt and three cousins before killing himself near Elmton.', 5, 0],
  ['Elmton farmer killed his aunt, 3 cousins, then himself', 5, 0],
  ['The gunman killed a clerk and two customers said they hid.', 1, 0],
  // A prison term is no toll.
  ['Elmton roofer gets 35 to life for murder', 0, 0],
  // An emergency number or a postal code is no count of people.
  ['Deputies got a call to 911 on Friday saying a teen had been shot.', 0, 1],
  ['Shortly before dawn a 911 caller told dispatchers someone had been shot behind a barn.', 0, 0],
  // A related video's running time and title are page furniture, not the report.
  ['0:41 Woman dies crossing Birch Road in Pellham', 0, 0],
  ['2:30 a.m. Sunday, deputies found two men shot near the bridge.', 0, 2],
  ['A driver fired into the crowd on Birch Lane, injuring one.', 0, 1],
  ['Four people were shot late Saturday. One of them died at the hospital.', 1, 3],
  // A later death of someone told as hurt in a relative clause is that person's death.
  ['The boy who was wounded at the Quillby fair last week has died.', 1, 0],
  ['A 12-year-old girl who was shot on Monday at a Dellwick park has died, police said.', 1, 0],
  ['A man who was shot on Elm Street is in critical condition.', 0, 1],
  ['The cyclist who was in grave condition since the Quillby pileup died overnight.', 1, 0],
  ['Tom Varn, 16, sustained a bullet wound in his side and then died in Quillby.', 1, 0],
  // A person told as hurt through a relative clause or a trip to hospital is one injured.
  ['A victim who escaped from the Dellwick farmhouse also was injured in the attack.', 0, 1],
  ['Deputies said the 9-year-old was flown to a Quillby hospital with severe injuries.', 0, 1],
  ['The driver was taken to Quillby General Hospital with serious injuries.', 0, 1],
  // An age written without hyphens or shortened names one person; so does a victim still in hospital.
  ['A 14 year old boy was killed and a 17 year old was wounded on the Quillby west side.', 1, 1],
  ['Neighbors said a 3 yr old was grazed by a stray bullet near the Quillby pier.', 0, 1],
  ['Officials said one more student remains hospitalized after the Dellwick bus crash.', 0, 1],
  // Someone "fighting for their life" is injured.
  ['Three riders died and another is fighting for his life in a Quillby ward.', 3, 1],
  ['Two men are fighting for their lives after the Dellwick crash.', 0, 2],
  // People named in a list without a number count one each.
  ['Police say Carl Dunn shot and killed Ann Cole, 34, and 2-year-old Ben Cole inside the home.', 2, 0],
  ['Deputies said he killed Sara Lind, her husband Kev and their daughter Gia.', 3, 0],
  ['Ann, Bo, Cy and Dee Varn were shot dead in the Quillby farmhouse.', 4, 0],
  ['Ann Cole and Ben Ray were shot on Elm Street.', 0, 2],
  ['Deputies shot Carl Dunn after he fired at them.', 0, 1],
  ['A man was shot Friday near the park.', 0, 1],
  // The dead told among a count of the hurt are taken out of it.
  ['Three people were hurt in the Dellwick crash, including one who later died.', 1, 2],
  ['Nine people were injured in the crash, including two children.', 0, 9],
  ['Several people, including one who shot at police, were arrested.', 0, 0],
  ['A man was shot on Main Street. He died at the hospital.', 1, 0],
  ['A man was killed and two others were shot at a party.', 1, 2],
  // People named one by one are counted one by one.
  ['A woman, her son and a neighbor were shot on Friday.', 0, 3],
  ['A man, his wife and their baby were killed in the fire.', 3, 0],
  ['Ann Cole, 33, and Ben Ray, 28, were killed in the crash.', 2, 0],
  ['Police said Ann Cole was shot and killed on Friday.', 1, 0],
  ['On Friday, Officer Ben Ray was shot in the leg.', 0, 1],
  ['Ravi Mendez was killed, and a 7-year-old riding with him was wounded.', 1, 1],
  ['Ann Cole shot a man on Friday.', 0, 1],
  // A name with an age and a home town in apposition is one person.
  ['Deputies said Jane Brill, 17, of Elmtown, was killed with a stolen gun.', 1, 0],
  // A report names a victim in full once and by surname after; a capitalised word it never gave
  // as a full name's last word is no one.
  ['Deputies identified the boy as Tom Quarry. Quarry was shot in the leg on Friday.', 0, 1],
  ['Neighbors knew Dana Pell well. On Monday, Pell died of a gunshot wound.', 1, 0],
  ['Quarry was shot in the leg on Friday.', 0, 0],
  // People listed by name are counted one by one; a place opening the list is no one.
  ['Police said Jane Doe, Ann Roe and Tom Poe were shot on Friday.', 0, 3],
  ['In Elmtown, Ann Roe and Tom Poe were wounded at a party.', 0, 2],
  ['Doe and Roe were shot on Friday.', 0, 0],
  ['The team left Elmtown. Elmtown was hit by gunfire at dawn.', 0, 0],
  ['Near Brenmoor, roads were shut. Brenmoor was hit by gunfire that night.', 0, 0],
  // Businesses listed by name are no one: a name opens with a given name, a title, kin or an age.
  ['Witnesses said Maple Row Diner and Harbor Books were hit by gunfire late Tuesday.', 0, 0],
  ['Officer Tom Poe and Ann Roe were hit by gunfire.', 0, 2],
  ['A man sitting in his parked car was shot and killed on Monday.', 1, 0],
  ['Hunter dies of accidental gunshot wound at his cabin', 1, 0],
  ['A 40-year-old man, Sam Hill of Elm Park, was shot several times and died.', 1, 0],
  ['A woman was found shot to death in her home.', 1, 0],
  ['The crash claimed the life of a 4-year-old boy.', 1, 0],
  ['Man Shot, Killed Outside Store', 1, 0],
  // A headline's counts of the dead and of the injured are two figures, not a list of places.
  ['2 dead, 3 injured in Millbrook shooting', 2, 3],
  ['1 dead, 6 wounded in Polk County shooting', 1, 6],
  ['7 killed in Aton and 2 in Berel', 7, 0],
  // A bare count before "shot" counts people shot; "12 shots" counts shots.
  ['7 shot, 3 dead after drive-by in Millbrook', 3, 4],
  ['4 shot in Millbrook', 0, 4],
  ['Police said 12 shots were fired at the house.', 0, 0],
  // Multiplicative adjectives count the victims of one incident.
  ['Police are investigating a quadruple shooting that claimed the life of a 19-year-old man.', 1, 3],
  ['A man was charged in the double homicide on Elm Street.', 2, 0],
  ['Detectives on the double homicide case spoke to neighbors.', 0, 0],
  // A reported condition is an injury.
  ['Two are dead and two are in critical condition after a shooting.', 2, 2],
  ['A man was shot Friday. He is in stable condition.', 0, 1],
  ['Boy Accidentally Shoots Himself', 0, 1],
  ['While cleaning a rifle, a Brenmoor farmer accidentally shot himself in the foot.', 0, 1],
  // A perpetrator who killed themself after the victims is counted among the dead.
  ['A student killed four classmates and himself at the school.', 5, 0],
  ['The gunman opened fire, killing three and wounding 16 before taking his own life.', 4, 16],
  ['A man killed his wife and then himself, police said.', 2, 0],
  // People listed as the objects of a casualty verb count one each, with or without a determiner.
  ['The tenant killed a cousin, her uncle and a neighbor before shooting himself.', 4, 0],
  ['Quillby pastor kills nephew and niece, then turns shotgun on himself', 3, 0],
  ['The intruder killed an 83-year-old grandmother and 6-year-old grandson near the barn.', 2, 0],
  ['Deputies believe the robber shot a cashier and his sister by the till.', 0, 2],
  ['Teacher kills roommate during Quillby quarrel', 1, 0],
  // A death noun's victims follow "of", with or without a determiner.
  ['Brenmoor youth arrested over shooting death of classmate', 1, 0],
  ['Brenmoor man jailed for shooting deaths of uncle and cousin', 2, 0],
  ['Deaths of officers remembered at Quillby vigil', 0, 0],
  ['Prosecutors accuse Vera Holm, 61, of manslaughter in the death of Otto Pask, 70.', 1, 0],
  ['Police charged a teen with the murder of Dana Pell.', 0, 0],
  ['Marchers gathered downtown, protesting the killing of Tom Quarry.', 0, 0],
  // A shooting death in the singular is one dead, unless a count or a person is given.
  ['Coroner calls Brenmoor shooting death an accident', 1, 0],
  ['Two charged in shooting death of Quillby teen', 1, 0],
  ['Police reviewed three shooting deaths in the county.', 3, 0],
  // A headline's condition after a shooting, and an earlier beating, keep the victim the subject.
  ['Brenmoor teen hospitalized in critical condition after being shot', 0, 1],
  ['Sheriff says runaway Brenmoor girl had been beaten and shot dead', 1, 0],
  // An object list stops before a subject with a verb of its own.
  ['The driver killed a cyclist and her husband was detained.', 1, 0],
  // "shot" and "wounded" before a noun are participles of a headline, not verbs with an object.
  ['Nephew wounded, uncle dead after Quillby gunfight', 1, 1],
  ['Four people were killed, including the gunman, who then shot himself.', 4, 0],
  // A murder-suicide with one victim named: the victim and the perpetrator.
  ['A woman was killed in a murder-suicide on Elm Street.', 2, 0],
  ['Six people were found dead in an apparent murder-suicide.', 6, 0],
  ['A boy accidentally shot himself.', 0, 1],
  // A victim who is the subject of the death shot themself: one dead, unless another is named as
  // the one who turned the gun.
  ['A girl died after shooting herself in the head.', 1, 0],
  ['A hunter was killed when he accidentally shot himself near Quillby.', 1, 0],
  ['A teen is dead after accidentally shooting himself at a friend’s home.', 1, 0],
  ['Two people were killed when a gunman opened fire and then shot himself.', 3, 0],
  ['A woman was fatally shot by her husband, who then shot himself.', 2, 0],
  ['Quillby man kills wife, self', 2, 0],
  ['Elmton man accidentally shot, killed self', 1, 0],
  // A count after a possessive is the object's: "killed his two sons", then the killer himself.
  ['Police say a 40-year-old man killed his two sons before taking his own life.', 3, 0],
  ['A man shot his two neighbors, police said.', 0, 2],
  ['Man kills two neighbors and self in Elmton', 3, 0],
  ['He shot the burglar in self-defense, police said.', 0, 1],
  // A part of the victims told with the event's name is no toll; told with a death, it is.
  ['Two of the victims of an apparent murder-suicide in Elmton were brothers.', 0, 0],
  ['One of the victims in the shooting died at the hospital.', 1, 0],
  // A relative by marriage is one person of a list.
  ['Gunman kills wife, mother-in-law, self in Elmton', 3, 0],
  ['Quillby man shoots wife and sister-in-law', 0, 2],
  // Counts of people joined by a comma or "and" are one figure, a singular noun included.
  ['Sheriff: 2 children, 1 adult found dead in Elmton home', 3, 0],
  ['Three teens and an adult were hurt in the crash.', 0, 4],
  ['A teen and an adult were shot on Elm Street.', 0, 2],
  // A wound told as not fatal is an injury, not a death.
  ['Three others sustained non-fatal gunshot wounds.', 0, 3],
  ['Police said the man suffered nonfatal gunshot wounds.', 0, 1],
  ['One man died and two others were treated for non-fatal gunshot wounds.', 1, 2],
  ['A man suffered a fatal gunshot wound on Elm Street.', 1, 0],
  // "another" alone for one more person, before a word of time.
  ['The gunfire left two people dead and wounded another late Friday near Elmton.', 2, 1],
  ['The gunman killed one man and wounded another Friday night.', 1, 1],
  // A person named before a count of others is one more ("he and three others").
  ['A woman is in the hospital after she and three others were shot outside a club.', 0, 4],
  ['Grandfather, 4 grandsons hurt by gunfire near Quillby creek', 0, 5],
  ['Sheriff: Hunter, 3 children killed at Quillby cabin', 4, 0],
  ['9-year-old and two teenagers shot by Quillby pool', 0, 3],
  ['Cyclist, 5 others wounded on Quillby bridge', 0, 6],
  // A headline's people joined by commas alone; a person named twice is one.
  ['12-year-old girl, grandfather wounded at Quillby fairground', 0, 2],
  ['Sheriff: Deputy, robber hurt during Quillby standoff', 0, 2],
  ['Girl, 7, brother, 10, wounded in Quillby drive-by', 0, 2],
  ['Teacher, nurse and student hurt in Quillby school shooting', 0, 3],
  ['The cashier, a 19-year-old student, died in surgery.', 1, 0],
  ['A second victim, a 52-year-old soldier, was killed near the depot.', 1, 0],
  // People named after a count with "and" are victims too, unless they have a verb of their own.
  ['Gunfire at the fair wounded five teenagers and a 70-year-old doctor.', 0, 6],
  ['The robber wounded four clerks and his partner was caught later.', 0, 4],
  ['The robber wounded four clerks and his partner before he escaped.', 0, 5],
  // A death years before is another incident.
  ['Three teenagers were wounded at the rink. Their uncle died decades ago.', 0, 3],
  // An age after the person is no count of others.
  ['Cyclist, 44, wounded near Quillby depot', 0, 1],
  ['A woman and two other men were also shot.', 0, 3],
  ['One man was killed and six others were injured.', 1, 6],
  ['A gunman killed one and wounded two others.', 1, 2],
  // Counts of people listed with commas add up.
  ['3 adults, 2 children killed at Elm County farm', 5, 0],
  ['Two men, 26 and 21, were shot.', 0, 2],
  // "Both" counts two people already named.
  ['Both men inside the car were killed, and three others were injured.', 2, 3],
  ['He was shot in both legs.', 0, 1],
  // A part of a count is the figure of its verb; the whole is the people shot.
  ['Deputies said three of the five shooting victims had died.', 3, 0],
  ['Four people were shot, one of whom died at the hospital.', 1, 3],
  ['Five were shot, one of which later died.', 1, 4],
  ['The remaining three casualties, one of which also is a cyclist, suffered injuries to their arms.', 0, 3],
  ['A driver died after he and four other men were shot outside a bakery.', 1, 4],
  // Numbers in web addresses, reference marks and broadcasters' names count no one.
  ['Read more: http://news.example.com/2016/10/03/man-killed-in-crash', 0, 0],
  ['(KXYZ 18) - A man was shot on Friday.', 0, 1],
  ['A man was shot.[8] He was taken to a hospital.', 0, 1],
  // A headline's count before "hurt" or "hospitalized" and a preposition counts people, not the shooting.
  ['2 hospitalized after shooting in Millbrook', 0, 2],
  ['3 hurt during shooting at a party', 0, 3],
  // A wound suffered, a bullet that struck someone, the shooting of someone: people shot.
  ['Teen suffers gunshot wound', 0, 1],
  ['Two men suffered gunshot wounds in the parking lot.', 0, 2],
  ['Officers found the victim with multiple gunshot wounds.', 0, 1],
  ['A stray bullet struck a 9-year-old girl in her bedroom.', 0, 1],
  ['Police are investigating the shooting of a 6-year-old boy.', 0, 1],
  ['Two neighbors were at home during the shooting of a man on Elm Street.', 0, 1],
  ['A woman suffered a fatal gunshot wound at her home.', 1, 0],
  ['A man was found with a gunshot wound. He died at the hospital.', 1, 0],
  // A number called or dialled is a phone number.
  ['A neighbor called 911 after a man was found with a gunshot wound.', 0, 1],
  // A clause dated only by a year tells a period's total or a past incident.
  ['Fifty people were shot in the city last year.', 0, 0],
  ['In 2009, a man was killed and three others were wounded at the same bar.', 0, 0],
  ['A man was killed on Sunday, the third homicide in the city this year.', 1, 0],
  // A count summed over several separate incidents is no incident's figure.
  ['Three people were wounded in two shootings on Monday night.', 0, 0],
  ['9 dead, 30 wounded in weekend shootings across Millbrook', 0, 0],
  ['Two teens were shot in separate incidents on the east side.', 0, 0],
  ['Detectives in Orrin are looking into two shootings that left two men dead on Monday.', 0, 0],
  ['Lyle Vance was the second of three teens killed by gunfire this month in Hadley County.', 0, 0],
  ['The three most recent victims in the county died within a single week.', 0, 0],
  ['Nine residents were hurt by gunfire from Thursday to early Saturday in Hadley.', 0, 0],
  // An overnight window is one incident's time, not a round-up.
  ['Two brothers were hurt by gunfire outside an Orrin diner between Tuesday night and Wednesday.', 0, 2],
  // One shooting that left two dead is still counted.
  ['Two men were killed in a shooting outside a store in Orrin on Monday.', 2, 0],
  ['Two men were shot in a single burst of gunfire on Monday.', 0, 2],
  ['Four children have been shot in the county in the past three days, two fatally.', 0, 0],
  // The dead "included" in a count are a part of it: the rest are the injured.
  ['Six people were struck by gunfire, including one who was pronounced dead at the scene.', 1, 5],
  ['Four people were shot, including a boy, and two died.', 2, 2],
  // A death of natural causes or of an illness is no casualty.
  ['Mourners gathered for a woman who died of natural causes last week.', 0, 0],
  ['The shooting happened at the wake of a man who died of cancer.', 0, 0],
  // A participle after a comma takes its victims after it, not a count before it.
  ['A cousin left the two in a barn when the rifle discharged, killing Ned Parr.', 1, 0],
  // A round-up of several shootings gives no incident's figure.
  ['Four teenagers wounded in two separate Pellston drive-by shootings', 0, 0],
  // Plural shootings with no article or link word: a night's or a period's round-up of a city.
  ['1 dead, 5 wounded in Millbrook shootings', 0, 0],
  ['Six people were wounded in early morning shootings in Hadley on Sunday.', 0, 0],
  ['Three children have been killed in shootings this year.', 0, 0],
  ['Seven hurt in shootings on the north and west sides of Orrin', 0, 0],
  // Shootings told as one incident keep their figures.
  ['In Orrin, two died and five were hurt in linked shootings on Sunday.', 2, 5],
  ['Two men were killed in the shootings, police said.', 2, 0],
  ['One dead, four hurt in a series of shootings in Hadley', 1, 4],
  ["One dead, four hurt in 'series' of shootings in Hadley", 1, 4],
  ['One dead, four hurt in Elm Parkway shootings', 1, 4],
  ['Two killed in shootings at a bar and a gas station in Orrin', 2, 0],
  // Attacks on one place are that place's toll, not a round-up.
  ['At least 14 killed in overnight drone attacks on Varnholm', 14, 0],
  ['Nine killed in two weeks of attacks on the port', 9, 0],
  ['Twelve killed in two attacks on Varnholm', 12, 0],
  // Attacks on several places sum their tolls: the places' own figures are the incidents.
  ['Nine people were killed and 30 wounded in attacks on two towns in the north on Sunday.', 0, 0],
  ['Shelling of three villages near Varnholm killed eleven people on Sunday.', 0, 0],
  // A disaster is one incident over all the places it struck.
  ['An earthquake struck Varnholm on Sunday, damaging homes in seven villages and killing 10 people.', 10, 0],
  // Ages in a range count no one.
  ['Three others, spanning in age from 21 to 44, were wounded.', 0, 3],
  // One of those shot who dies days later is among them, not another casualty.
  [
    'Six people were shot outside a laundromat on Saturday, June 8. One of them died on Tuesday, June 11.',
    1,
    5,
  ],
  ['Three men were shot near a gas station on March 2. The second victim died on March 9.', 1, 2],
  // The dead of another day are not among those shot today.
  [
    'Five guests were shot outside a bowling alley in Elm Park on Sunday. A shooting there last week left a man dead and four others wounded.',
    1,
    5,
  ],
  // Those told as shot "also" are besides the dead.
  ['Two men died at the scene. Three women were also shot.', 2, 3],
  [
    'A teen was killed on Elm Street on Friday. Also injured in the attack were three men, who were shot in the legs.',
    1,
    3,
  ],
  ['Two guests died. The five survivors were shot inside the lodge.', 2, 5],
  // A count that includes a person named after it is still the count.
  ['Eight people, including a 15-year-old boy, were wounded and a woman died.', 1, 8],
  // A count and a person named beside it add up.
  ['Three adults and a 2-year-old were shot on Elm Street.', 0, 4],
  ['A 2-year-old and three adults were shot on Elm Street.', 0, 4],
  ['2 Boys, Man Shot Near Millbrook Pier', 0, 3],
  ['Two neighbors, a 44-year-old man and his 61-year-old aunt, were killed in the robbery.', 2, 0],
  ['According to three witnesses, the driver was killed instantly.', 1, 0],
  ['Deputies came upon a dead teenager and one woman shot through the arm.', 0, 1],
  // A wound told as mortal is a death.
  ['Ann Cole was mortally wounded in the chest on Friday.', 1, 0],
  ['A gunman mortally wounded a guard at the depot.', 1, 0],
  // A headline's present tense and "passed away" tell a death.
  ['Millbrook hunter dies when his own rifle goes off', 1, 0],
  ['Teenager Dies Days After Millbrook Park Attack', 1, 0],
  ['A 5-year-old passed away at the hospital after the shooting.', 1, 0],
  ['The fighting dies down as the talks resume.', 0, 0],
  // "Another" with no noun after a count or a person: one more person.
  ['One guard died, and another in the back office was hurt.', 1, 1],
  ['Three card players died, and the attacker hurt another as he fled.', 3, 1],
  ['A gunman killed two men and wounded another before fleeing.', 2, 1],
  ['The shooting left a woman dead and injured another outside the store.', 1, 1],
  ['One bullet hit the wall. And another shot went through the window.', 0, 0],
  // A fatal shooting of someone kills them.
  ['Her cousin faces trial over the fatal shooting of a delivery driver.', 1, 0],
  ['Detectives are investigating the deadly shooting of a woman on Elm Street.', 1, 0],
  // A person named after the victims with a verb of their own is a witness, not one more victim.
  ['A gunman shot a man, a neighbor said.', 0, 1],
  ['He killed a teenager, his mother said.', 1, 0],
  ['The gunman killed two people and a neighbor said she heard shots.', 2, 0],
  ['The man shot his wife and her sister called police.', 0, 1],
  ['He killed a man, and his brother heard the shots.', 1, 0],
  ['A gunman shot a man, a woman told reporters in Tarrow Bay.', 0, 1],
  ['The tenant killed a cousin, her uncle and a nurse, his roommate told police.', 3, 0],
  ['The gunman killed two men and a woman, her sister said.', 3, 0],
  // A participle after a listed person describes them: still a victim.
  ['He shot a man and a woman seated in a car.', 0, 2],
  ['He killed his wife and a man named Ned Parr.', 2, 0],
  // A count set off by commas after a count of the whole is a part of it, not the figure.
  ['Nine riders, including two teens, were shot near the depot.', 0, 9],
  ['Five guests, three of them cousins, were hurt in the blast.', 0, 5],
  ['Six people, two of whom were children, were wounded on Sunday.', 0, 6],
  ['Eight people, among them a nurse, were injured.', 0, 8],
  ['Four people, including two toddlers, were killed in the fire.', 4, 0],
  ['Four people, including a toddler, were killed in the fire.', 4, 0],
  ['Three people were shot, including two teens, and one died.', 1, 2],
  // A relative clause after the part has a verb of its own: the whole is not its figure.
  ['Eight people, including a guard, who was killed, were shot.', 1, 7],
  // Number words from eleven to nineteen are counts like any other.
  ['Fifteen people were shot at the fair.', 0, 15],
  ['Thirteen miners were killed in the collapse.', 13, 0],
  ['Fifteen people, including a child, were wounded at the park.', 0, 15],
  // The ages of people just counted are not a break in the list of victims.
  ['Two girls, ages 8 and 11, and their father were found dead.', 3, 0],
  ['Two boys, 6 and 9, and their aunt were found dead.', 3, 0],
  ['Two children, ages 3 and 5, and two adults were killed in the blaze.', 4, 0],
  ['Three boys, ages 12, 14 and 16, were shot.', 0, 3],
  ['Two men, 25 and 30, were shot.', 0, 2],
  // A name alone as the subject of "was pronounced dead", "was found dead" or "died": one dead.
  ['Deputies said 20-year-old Ann Cole was pronounced dead at the home.', 1, 0],
  ['Ann Cole was found dead in her kitchen.', 1, 0],
  ['Police said Ben Ray later died at the hospital.', 1, 0],
  ['The Elmton Daily Ledger died in 2009.', 0, 0],
];

describe('a perpetrator counted among the dead', () => {
  it('marks the figure and spans the words that name the perpetrator', () => {
    const text = 'A student killed four classmates and himself at the school.';
    const x = largestFigures(text).extraction;
    const killed = x.incidents[0]?.killed;
    expect(killed?.perpetrators).toBe(1);
    expect(killed?.text).toBe('four classmates and himself');
    expect(findSpanMismatches(text, [x])).toEqual([]);
  });
});

describe('casualty figures', () => {
  it.each(cases)('%s → killed %i, injured %i', (text, killed, injured) => {
    expect(figures(text)).toEqual({ killed, injured });
  });
});
