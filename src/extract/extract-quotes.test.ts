import { describe, expect, it } from 'vitest';
import { findSpanMismatches } from './check-spans.js';
import { cleanStatement, extractQuotes } from './extract-quotes.js';
import { splitSentences } from './split-sentences.js';

const run = (text: string) => extractQuotes(text, splitSentences(text), 'doc');
const direct = (text: string) =>
  run(text)
    .quotes.filter((quote) => quote.direct)
    .map((quote) => [
      quote.content.map((part) => part.text).join(' | '),
      quote.speaker,
      quote.speakerRole,
      quote.cue,
      quote.partial,
    ]);

const cases: [string, string, (string | boolean | null)[][]][] = [
  [
    'speaker after quote',
    '“This is sabotage,” Marandi told Radio Ostrana on Sunday.',
    [['This is sabotage', 'Marandi', null, 'told', false]],
  ],
  [
    'a name whose surname is also an auxiliary is a speaker',
    '“We will act,” Grace May said.',
    [['We will act', 'Grace May', null, 'said', false]],
  ],
  [
    'a first name that is also a modal auxiliary opens a name, after the quote',
    '“We will act,” Will Fenn said.',
    [['We will act', 'Will Fenn', null, 'said', false]],
  ],
  [
    'a first name that is also a modal auxiliary opens a name, before the quote',
    'May Orrin told reporters: “Nobody was warned.”',
    [['Nobody was warned.', 'May Orrin', null, 'told', false]],
  ],
  [
    'an honorific picks, of two full names sharing a surname, the one its gender fits',
    'Anna Kell, the mayor, said the road was closed. Her husband, Tomas Kell, a farmer, disagreed. “It was never closed,” Mr Kell said. “The barrier was down,” Mrs Kell said.',
    [
      ['It was never closed', 'Tomas Kell', null, 'said', false],
      ['The barrier was down', 'Anna Kell', 'mayor', 'said', false],
    ],
  ],
  [
    'a surname that is also an organisation’s word resolves to the full name its honorific fits',
    'Her husband, Tomas Bank, a clerk, died in May. His widow Anna Bank, a nurse, sued the firm. “He was worn out,” Mrs Bank said.',
    [['He was worn out', 'Anna Bank', null, 'said', false]],
  ],
  [
    'a bare surname shared by two people is the one the text named last',
    'Tomas Kell was arrested in March. Later his sister Anna Kell spoke outside court. “He is innocent,” Kell said.',
    [['He is innocent', 'Anna Kell', null, 'said', false]],
  ],
  [
    'an honorific before the full name tells its gender to a later one',
    'Mrs Anna Kell, 50, and Tomas Kell, 52, were both charged. “We did nothing,” Mr Kell told the court.',
    [['We did nothing', 'Tomas Kell', null, 'told', false]],
  ],
  [
    'a participle cue with no subject of its own speaks for its clause’s subject, not the last speaker',
    'Mr Lorne, prosecuting, said the pair met in May. Later that night, Orrin Vale walked into a fire station, telling the crew on duty: “I knew she would come back.”',
    [['I knew she would come back.', 'Orrin Vale', null, 'telling', false]],
  ],
  [
    'a participle cue whose clause subject is a pronoun with no fitting antecedent has no speaker',
    'Mr Lorne said the pair met in May. She wept in the dock, telling the jury: “I loved him.”',
    [['I loved him.', null, null, 'telling', false]],
  ],
  [
    'a relative clause on a participle’s object does not make that object the speaker',
    'Fining Quarrie, who had blamed his cousin for the damage, the chair of the bench, Ida Brenn, said: “Pay it back in full.”',
    [['Pay it back in full.', 'Ida Brenn', 'the chair of the bench', 'said', false]],
  ],
  [
    '`the <title>` is the person last named with that title, though not yet as a speaker',
    'Striker Joel Rusk, 24, was fined on Monday. The striker said: “I regret it.”',
    [['I regret it.', 'Joel Rusk', 'Striker', 'said', false]],
  ],
  [
    '`the doctor` is the person last named with the honorific Dr, which is her role',
    'Dr Ann Pike examined the child on Monday. The doctor said: “It was a fracture.”',
    [['It was a fracture.', 'Ann Pike', 'Dr', 'said', false]],
  ],
  [
    '`the <title>` with no one named with that title is a role, not a speaker',
    'Joel Rusk, 24, was fined on Monday. The striker said: “I regret it.”',
    [['I regret it.', null, 'striker', 'said', false]],
  ],
  [
    'a role and a name in apposition to a description name the speaker',
    'Her son, plumber Dev Okafor, told the inquest that she loved gardening. “She grew everything from seed,” he said.',
    [['She grew everything from seed', 'Dev Okafor', 'Her son, plumber', 'said', false]],
  ],
  [
    '`she` after a titled name that is its clause’s subject, mid-sentence, is that name',
    'Mr Roger Thane, prosecuting, said: “This was a dreadful case.” Back home in Elmbury Mrs Wenna Lusk phoned her sister. She said: “We can sleep again.”',
    [
      ['This was a dreadful case.', 'Roger Thane', 'prosecuting', 'said', false],
      ['We can sleep again.', 'Wenna Lusk', null, 'said', false],
    ],
  ],
  [
    'a manner-of-speaking verb in a reported clause gives the quotation to its own subject',
    'Pia Marsh said the guard was rude. Her brother insists Len Dorr jeered: “Look who is back.”',
    [['Look who is back.', 'Len Dorr', null, 'jeered', false]],
  ],
  [
    'inverted cue with description',
    '“She raised her arms, and they arrested her,” said the neighbour who asked not to be named.',
    [
      [
        'She raised her arms, and they arrested her',
        null,
        'neighbour who asked not to be named',
        'said',
        false,
      ],
    ],
  ],
  [
    'time after an inverted description is not part of the role',
    '“We are relieved,” said the shopkeeper yesterday.',
    [['We are relieved', null, 'shopkeeper', 'said', false]],
  ],
  [
    'title split from name',
    '“It must end,” Veltrana Mayor Petra Halloway told a newspaper.',
    [['It must end', 'Petra Halloway', 'Veltrana Mayor', 'told', false]],
  ],
  [
    'colon cue before quote',
    'Velorian Prime Minister Ilse Varga tweeted: “This is not a protest, it’s a riot scene.”',
    [
      [
        'This is not a protest, it’s a riot scene.',
        'Ilse Varga',
        'Velorian Prime Minister',
        'tweeted',
        false,
      ],
    ],
  ],
  [
    'partial quote inside a sentence',
    'The ministry said the photos “have been stage managed” by rivals.',
    [['have been stage managed', 'The ministry', null, 'said', true]],
  ],
  [
    'straight double marks',
    '"We categorically reject all these claims," Palace spokesperson Arvid Tolnai told journalists.',
    [['We categorically reject all these claims', 'Arvid Tolnai', 'Palace spokesperson', 'told', false]],
  ],
  [
    'single marks with apostrophes inside',
    'Marandi said: ‘This is sabotage. It’s the ruin of the harbour.’',
    [['This is sabotage. It’s the ruin of the harbour.', 'Marandi', null, 'said', false]],
  ],
  [
    'nested quote stays inside',
    '“They chanted ‘go home’ all night,” the witness said.',
    [['They chanted ‘go home’ all night', null, 'witness', 'said', false]],
  ],
  [
    'appositive role',
    'Lotte Brenner, another resident, said “they took him.”',
    [['they took him.', 'Lotte Brenner', 'another resident', 'said', true]],
  ],
  [
    'curly open, straight close',
    'Marandi said guards were responsible for “pure neglect."',
    [['pure neglect.', 'Marandi', null, 'said', true]],
  ],
  [
    'programme titles are not quotes',
    '“It is a disgrace,” Oskar Lindqvist said on Channel Nine’s “Morning Round.”',
    [['It is a disgrace', 'Oskar Lindqvist', null, 'said', false]],
  ],
  [
    'inverted cue with a lower-case title',
    '“We have recovered 92 bodies,” said police spokesman Kuber Kathayat.',
    [['We have recovered 92 bodies', 'Kuber Kathayat', 'police spokesman', 'said', false]],
  ],
  [
    'inverted cue with a title, then when',
    '“Nothing is left,” said local resident Ahmed Ali on Sunday.',
    [['Nothing is left', 'Ahmed Ali', 'local resident', 'said', false]],
  ],
  [
    'inverted cue, then an adverbial: no speaker taken from it',
    '“We will stay,” said in a statement Friday the group.',
    [['We will stay', null, null, null, false]],
  ],
  [
    '`Mr <surname>` is not the woman the text named in full with that surname',
    'Ann Tolley died at her home in Westford in May. Mr Tolley said: “It was a shock to all of us.”',
    [['It was a shock to all of us.', 'Tolley', null, 'said', false]],
  ],
  [
    'a name after a fronted participle is its object, not the subject a later `she` means',
    'Single mother Ann Vesk, 30, wept in the witness box. Believing Lily Vesk was asleep, she went out. “I trusted the girl,” she said.',
    [['I trusted the girl', 'Ann Vesk', null, 'said', false]],
  ],
  [
    'an adjective and a person word before a name opening a sentence: the name is the subject',
    'Grieving widow Ann Vesk wept as she spoke to reporters. “He was kind to everyone,” she said.',
    [['He was kind to everyone', 'Ann Vesk', null, 'said', false]],
  ],
  [
    'a title after a work noun in apposition is the work, never the `she` who speaks',
    'Ann Vesk is back on television. Her new late-night show, Night Owls starts on Friday. “It will be fun,” she said.',
    [['It will be fun', 'Ann Vesk', null, 'said', false]],
  ],
  [
    'a reduced passive (`a voice, said to belong to`) makes nothing before it a speaker',
    "Ann Vesk, prosecuting, described the attack. It was recorded on a camera at the victim's shop, Corner Books, where a voice, said to belong to the defendant, could be heard. He ran away, she said, “and never came back.”",
    [['and never came back.', 'Ann Vesk', 'prosecuting', 'said', true]],
  ],
  [
    'a work noun after a preposition ends its phrase: the name after the comma is the subject',
    'Tom Rusk hosted the evening. After the show, Ann Vesk spoke to reporters. “It went well,” she said.',
    [['It went well', 'Ann Vesk', null, 'said', false]],
  ],
  [
    'a surname ending in -ing is a name, not a participle',
    'Tom Kelling was jailed for four years. Kelling then told reporters: “I will appeal.”',
    [['I will appeal.', 'Tom Kelling', null, 'told', false]],
  ],
];

/** Speaker rules, each with a document of a few sentences: [rule, text, speakers of the direct quotes in order]. */
const speakerCases: [string, string, (string | null)[]][] = [
  [
    'a peer named by style and surname keeps the style; before a full name the style is a role',
    'Lord Fenwick said: “The bill is flawed.”\n\nBaroness Ann Keel said: “It is not.”',
    ['Lord Fenwick', 'Ann Keel'],
  ],
  [
    'a name in apposition to a company (`X, his cleaning company`) is never the `she` who speaks',
    'Pike Hardware, his tool shop on the quay, has made Dan Pike rich. Jo Lee, once a clerk there, disagrees. “I was underpaid,” she told the tribunal.',
    [null],
  ],
  [
    'a relative named by first name alone after a kin word bears the family surname',
    "Captain Tom Fenn's father Owen wrote to the court. “He deserved jail,” Owen said.",
    ['Owen Fenn'],
  ],
  [
    'a shouted lead the text never writes in its usual case is not whom a later `she` means',
    'WILD CARD is back on television, and her show starts soon. The singer, 24, will host it. “It will be fun,” she says.',
    [null],
  ],
  [
    'a title in capitals before a surname is still the name a later `she` means',
    'DCI Ann Vale was cleared on Monday. “I can go back to work now,” she said.',
    ['Ann Vale'],
  ],
  [
    'a shouted first name the text also writes in its usual case is still the name',
    'ANN Vale is back on television. Ann loves it. “It will be fun,” she says.',
    ['Ann Vale'],
  ],
  [
    'a quotation opening the sentence after a named person’s reported speech goes on with it',
    'But Tom Vale said he was surprised by the complaints. “It was only a bit of fun.” And Ann Roe, who runs the hall, said: “Children love it.”',
    ['Tom Vale', 'Ann Roe'],
  ],
  [
    'a phrase quoted at the head of the reporter’s own sentence is nobody’s words',
    'Ann Roe said the pool was busy. “Quiet hour” signs went up in the spring.',
    [null],
  ],
  [
    'a sentence between the reported speech and the quotation ends it',
    'Tom Vale said he was sorry. The court heard the case. “I did wrong.”',
    [null],
  ],
  [
    'a capitalised role word opening a sentence before its preposition is a role, not a name',
    'Counsel for the mother said: “The risk is real.”',
    [null],
  ],
  [
    'a publication speaking of itself is no speaker',
    '“The report was shelved,” this newspaper has learned. “No one asked why,” our paper said.',
    [null, null],
  ],
  [
    'a paper named before and then called the newspaper still speaks',
    'The Westford Echo was sued. “The film is a fake,” the newspaper said.',
    ['the newspaper'],
  ],
  [
    'a paper that is a person’s surname still speaks',
    '“The report was shelved,” Ann Paper said.',
    ['Ann Paper'],
  ],
  [
    "typewriter marks (`` and '') pair like curly ones and are not part of the words",
    "``It was a mistake,'' Tom Pike said. ``I can't undo it.''",
    ['Tom Pike', 'Tom Pike'],
  ],
  [
    'a pronoun goes to the person the text was last about, even when they were not quoted',
    'Mary Stone was sentenced on Friday.\n\nAnn Cole said: “It was fair.”\n\nMary Stone wept as she left.\n\nShe said: “I am sorry.”',
    ['Ann Cole', 'Mary Stone'],
  ],
  [
    'a common given name tells he from she: `she` skips a man named since',
    'Ann Cole wept in the dock.\n\nTom Vale shouted as officers left.\n\nShe said: “I was asleep.”',
    ['Ann Cole'],
  ],
  [
    'a common given name tells he from she: `he` skips a woman named since',
    'Tom Vale wept in the dock.\n\nAnn Cole shouted as officers left.\n\nHe said: “I was asleep.”',
    ['Tom Vale'],
  ],
  [
    'a surname alone takes the gender of the given name the text wrote it with',
    'Ruth Marsh was charged in May. Carl Okafor found the car.\n\nMarsh wept as Okafor left.\n\nShe said: “I never drove it.”',
    ['Ruth Marsh'],
  ],
  [
    'a given name listed for neither sex leaves the pronoun free',
    'Ann Cole wept in the dock.\n\nKeeley Vale shouted as officers left.\n\nShe said: “I was asleep.”',
    ['Keeley Vale'],
  ],
  [
    'a name opening its sentence before an auxiliary is the subject a later `he` means',
    'Carl Okafor, 18, denied the charge. Judge Tom Balston had delayed sentencing until today. In sentencing he said: “You are a danger.”',
    ['Tom Balston'],
  ],
  [
    'a name before an auxiliary after `that … but` is what someone said about it, not a subject',
    'Mr Tom Vale pointed out that Ann Roe died on Monday, but Carl Okafor had recorded Tuesday. He said: “You changed the date.”',
    ['Tom Vale'],
  ],
  [
    'the name opening a clause that a trailing `he said` reports is not who said it',
    'Tom Vale spoke for the defence. Carl Okafor had lost his job, he said. “He is ruined,” he added.',
    ['Tom Vale'],
  ],
  [
    'the name opening a clause that a `he said` after a comma goes on from is not who said it',
    'Tom Vale spoke first. Carl Ames was not drunk, he said the samples were swapped. “It was a lie,” he added.',
    ['Tom Vale'],
  ],
  [
    'a trailing `he said` after a named speaker goes on with that speaker, whoever the clause is about',
    '“It happened,” Tom Vale said. Carl Ames was not drunk, he said. Mr Vale had been approached by an agent, he said. “I know it,” he added.',
    ['Tom Vale', 'Tom Vale'],
  ],
  [
    'a name with a possessive appositive (`X, her solicitor,`) is a subject a later pronoun means',
    'Ann Roe was too ill to travel. Jane Marsh, her solicitor, welcomed the ruling. She said: “This is a victory.”',
    ['Jane Marsh'],
  ],
  [
    'a programme’s title is never the person a later pronoun means',
    'Tom Vale hosted the quiz for years. The Late Night Show was axed in May. He said: “I am sad.”',
    ['Tom Vale'],
  ],
  [
    'a speaker after `said` follows a straight closing mark as it follows a curly one',
    "Tom Vale spoke first. 'It is over,' said Mr Vale. 'We won.'",
    ['Tom Vale', 'Tom Vale'],
  ],
  [
    'a speaker after `said` follows a typewriter closing mark',
    "Carl Ames spoke first.\n\n``It is over,'' said Ann Cole.",
    ['Ann Cole'],
  ],
  [
    'an honorific tells he from she',
    'Mr Pike met Mrs Cole at the court.\n\nShe said: “We agreed.”',
    ['Cole'],
  ],
  ['a pronoun with no one named before it is no speaker', '“We will appeal,” he said.', [null]],
  [
    'a lone capitalised word opening a sentence is not the person a pronoun stands for',
    'Legal experts were surprised.\n\n“The law is clear,” he said.',
    [null],
  ],
  [
    'a relative pronoun stands for the phrase before it',
    'Two women who claimed “we are sisters” were not related.',
    [null],
  ],
  ['a role word alone is no speaker', '“The law is clear,” the judge said.', [null]],
  [
    'the subject of a relative clause, not the place inside it',
    'Tom Pike, who runs a garage in Dunmore, Kent, alleged: “They lied to me.”',
    ['Tom Pike'],
  ],
  [
    'a first name goes to the full name written earlier',
    'Paul Kerr opened the show.\n\n“It is good to be back,” Paul said.',
    ['Paul Kerr'],
  ],
  [
    'an age in apposition is not the speaker',
    'One fan was Tom Pike, 59, who said: “We waited all night.”',
    ['Tom Pike'],
  ],
  [
    'a frequency adverb between speaker and cue is skipped',
    'The owner has always insisted: “We paid in cash.”',
    [null],
  ],
  [
    'a name before its role and a relative clause',
    'Ann Cole, director of the Example Trust, which runs the site, said: “We are shocked.”',
    ['Ann Cole'],
  ],
  [
    'a quoted phrase is no speaker',
    "He called the plan a ``stitch-up'' and said: ``Nobody asked us.''",
    [null, null],
  ],
  [
    'a transcript label names the speaker when the report names the person elsewhere',
    'Mr Pike questioned Doe about the form.\n\nMr Pike: “Did you sign it?”\n\nDoe: “I did not.”',
    ['Mr Pike', 'Doe'],
  ],
  ['a heading with a colon is no speaker', 'Update: “The road is closed.”', [null]],
  [
    'he after an unnamed spokesman’s quotation is that spokesman',
    'Tom Pike was fined. A spokesman for the club said: “We accept it.” He said: “Pike is sorry.”',
    [null, null],
  ],
  [
    'a name inside a quotation does not take the pronoun after it',
    'A spokeswoman for the club said: “Tom was a contributor.” She added: “He will not return.”',
    [null, null],
  ],
  [
    'a possessive and a place are not who a pronoun means',
    'Ann Cole, of Elm Road, London, who runs a shop, spoke. She met staff in Mr Doe’s office. She said: “It was calm.”',
    ['Ann Cole'],
  ],
  [
    'a closing single mark ends the phrase before a speaker',
    "She was hired by 'the agency' Mr Doe said: “It is true.”",
    ['Doe', 'Doe'],
  ],
  [
    'a name inside the last speaker’s reported clause does not take the next pronoun',
    'Judge Tom Pike said Mr Doe was an honest officer. He said: “There was a cover-up.”',
    ['Tom Pike'],
  ],
  [
    'a pronoun in a parenthesis is not the name before it',
    'Ann Cole spoke first. Mr Doe, she added, could not name the officers. She said: “He tried.”',
    ['Ann Cole'],
  ],
  [
    'a pronoun after an unnamed role does not jump back to an older name',
    'Ann Cole gave evidence on Monday. The magistrate said the case was difficult.\n\nShe said: “I have doubts.”',
    [null],
  ],
  [
    'letters after a name and a role in commas',
    'Tom Pike, QC, prosecuting, said: “The evidence is clear.”',
    ['Tom Pike'],
  ],
  [
    'a participial adjective before a name is not part of it',
    'Horrified Tom Pike wept as he told the court: “I saw it happen.”',
    ['Tom Pike'],
  ],
  [
    'a capitalised word the text also writes in lower case is no name',
    'It was late because of rain. Because “the road was closed” nobody came.',
    [null],
  ],
];

/** Reported speech is the statement only: no dateline, wire credit or medium. */
const indirectCases: [string, string, [string, string | null][]][] = [
  [
    '`she` after a titled object means the clause’s subject, named before it, when her gender fits',
    'Judge Mary Holt overruled Ms Lund because she said the vote must wait.',
    [['the vote must wait', 'Mary Holt']],
  ],
  [
    '`she` after a titled object stays the object when the subject’s gender is unknown',
    'Coach Jo Marsh hugged Mrs Pell after she said the team had won.',
    [['the team had won', 'Pell']],
  ],
  [
    '`she` after a titled object still means the object when the subject is a man',
    'Tom Doe praised Mrs Vale after she said she was sorry.',
    [['she was sorry', 'Vale']],
  ],
  [
    'a description with a relative clause after a name is that person',
    'The story came from Tom Pike, a farmer who claimed to have seen the raid.',
    [['to have seen the raid', 'Tom Pike']],
  ],
  [
    'a cue with an object reports no statement before its subject',
    'On the first morning at the mill, a neighbour asked him questions about his brother.',
    [],
  ],
  [
    'told with only its object after it reports the clause before its subject',
    'The crew kept the leak quiet for a week, prosecutor Ann Cole told Westford magistrates.',
    [['The crew kept the leak quiet for a week', 'Ann Cole']],
  ],
  [
    'told with an object and a clause after it reports no statement before its subject',
    'After her arrest, Mrs Pike told police the whole story was a mistake.',
    [],
  ],
  [
    'an opening mark that did not pair is not part of the reported words',
    'A hospital source said: "Mr Pike had nearly drowned.',
    [['Mr Pike had nearly drowned', null]],
  ],
  [
    'dateline before the reported clause',
    'TARROW, May 2 – Soldiers burned the market, local officials said.',
    [['Soldiers burned the market', null]],
  ],
  [
    'wire credit after the reported clause',
    'The agency said Sunday that a convoy had yet to reach the town. (ab/cd)',
    [['a convoy had yet to reach the town', 'The agency']],
  ],
  [
    'a wire sign-off after the last stop',
    'The doctor said he noticed that operations took longer than before. abc',
    [['he noticed that operations took longer than before', null]],
  ],
  ['a passive charge is not speech', 'Ann Cole denies the theft. She is also charged with fraud.', []],
  ['said to have is a passive report', 'The number said to have died was disputed by experts.', []],
  ['added to is not speech', 'The charges added to the indictment include theft and fraud.', []],
  [
    'a passive with a time word between is not speech',
    'Ann Cole was today accused of forging invoices to make sure that the orders were paid.',
    [],
  ],
  ['the object of wrote is not what was written', 'The applicant wrote a note of complaint on May 28.', []],
  [
    'asked with an object and an infinitive is a request, not a statement',
    'Tom Pike said she had asked him to leave the house.',
    [['she had asked him to leave the house', 'Tom Pike']],
  ],
  [
    'a short phrase of where before that',
    'Ann Cole alleged in the programme that the minister had lied.',
    [['the minister had lied', 'Ann Cole']],
  ],
  [
    'that then because is still a clause; a participle phrase is not a statement',
    'Fining Doe, who had admitted the offence, magistrate Ann Cole said that because the van was uninsured the fine would double.',
    [['because the van was uninsured the fine would double', 'Ann Cole']],
  ],
  [
    'said nothing, a reduced passive, charged with: no statement',
    'Doe said nothing as he was led away. A voice, said to belong to him, was heard. Roe appeared charged with theft.',
    [],
  ],
  ['recalled with an object is not a statement', 'Dr Pike recalled a meeting he attended in 1990.', []],
  [
    'announced with an object, declared himself, reported her missing: no statement',
    'The judge announced the decision. Doe declared himself fit to play. Her mother reported her missing.',
    [],
  ],
  [
    'a closing mark whose opening is in another sentence is not part of the statement',
    "Later she altered her account', said Tom Pike.",
    [['Later she altered her account', 'Tom Pike']],
  ],
  [
    'a list of subjects before a cue and its object is not an inverted cue',
    'Her father, Tom, and sister, Ann, asked Dr Pike at the hearing why he had operated.',
    [],
  ],
  [
    'an inverted cue still ends its clause',
    'The bridge will stay shut for ten days, said Ann Cole.',
    [['The bridge will stay shut for ten days', 'Ann Cole']],
  ],
  [
    'the medium after the cue is not the statement',
    'As the troops left, the governor Ann Cole said in a video message aired by local news channels.',
    [['As the troops left', 'Ann Cole']],
  ],
];

describe('extractQuotes', () => {
  it.each(indirectCases)('%s', (_rule, text, expected) => {
    const quotes = run(text).quotes.filter((quote) => !quote.direct);
    expect(quotes.map((quote) => [quote.text, quote.speaker])).toEqual(expected);
    expect(findSpanMismatches(text, quotes)).toEqual([]);
  });

  it.each(speakerCases)('%s', (_rule, text, expected) => {
    expect(direct(text).map((row) => row[1])).toEqual(expected);
    expect(findSpanMismatches(text, run(text).quotes)).toEqual([]);
  });

  it.each(cases)('%s', (_name, text, expected) => {
    expect(direct(text)).toEqual(expected);
    expect(findSpanMismatches(text, run(text).quotes)).toEqual([]);
  });

  it('resolves pronouns and surnames to the last named speaker', () => {
    const text =
      'Lotte Brenner, a resident, spoke to reporters.\n\n“They pushed him,” Brenner said. “Then they took him.”\n\n“It was a planned raid,” she said.';
    expect(direct(text).map((row) => row[1])).toEqual(['Lotte Brenner', 'Lotte Brenner', 'Lotte Brenner']);
  });

  it('resolves “the ministry” to the last speaker with that word', () => {
    const text =
      'Veloria’s Interior Ministry said the images were “a fabrication.”\n\nThe ministry insisted “not a single worker” was hurt.';
    expect(direct(text).map((row) => row[1])).toEqual([
      'Veloria’s Interior Ministry',
      'Veloria’s Interior Ministry',
    ]);
  });

  it('joins a quotation that spans paragraphs', () => {
    const text = 'It said: ‘New town. The city was held for weeks.\n\n‘Civilians were executed.’\n\nThe end.';
    const [quote] = run(text).quotes.filter((item) => item.direct);
    expect(quote!.content.map((part) => part.text)).toEqual([
      'New town. The city was held for weeks.',
      'Civilians were executed.',
    ]);
    expect(findSpanMismatches(text, [quote])).toEqual([]);
  });

  it('leaves out a paragraph-opening mark kept inside a quotation whose paragraph breaks were lost', () => {
    const text = "She said: 'It is a relief. I was scared. 'I still dream of it. I feel safe now.' The end.";
    const [quote] = run(text).quotes.filter((item) => item.direct);
    expect(quote!.content.map((part) => part.text)).toEqual([
      'It is a relief. I was scared.',
      'I still dream of it. I feel safe now.',
    ]);
    expect(findSpanMismatches(text, [quote!])).toEqual([]);
  });

  it('takes marks around one or two letters for an elision, not a quotation', () => {
    const text = "The band played rock 'n' roll all night. She said: 'It was loud.'";
    expect(run(text).quotes.map((quote) => quote.text)).toEqual(["'It was loud.'"]);
  });

  it('refuses to pair unbalanced marks and says so', () => {
    const text = '“We will win, the commander said.\n\nThe next paragraph has no mark.';
    const { quotes, diagnostics } = run(text);
    expect(quotes.filter((quote) => quote.direct)).toEqual([]);
    expect(diagnostics.map((diagnostic) => diagnostic.rule)).toContain('extract/unbalanced-quote');
  });

  it('finds indirect quotations with their speaker', () => {
    const text =
      'Veloria’s chief inspector, Halina Serova, said the remains of 38 miners were recovered. Police said that two men were arrested.';
    const indirect = run(text).quotes.filter((quote) => !quote.direct);
    expect(indirect.map((quote) => [quote.text, quote.speaker, quote.speakerRole])).toEqual([
      ['the remains of 38 miners were recovered', 'Halina Serova', 'Veloria’s chief inspector'],
      ['two men were arrested', 'Police', null],
    ]);
  });

  it('continues the previous speaker into the next paragraph when the lead-in names nobody', () => {
    const text =
      '“This is sabotage,” Dervaux told reporters.\n\nSuch an inquiry “is essential.”\n\nIn Velmora, the words “cover-up” were everywhere.';
    expect(direct(text).map((row) => row[1])).toEqual(['Dervaux', 'Dervaux', null]);
  });

  it('continues the speaker of the previous quotation in the same paragraph', () => {
    const text = '“We stand with Ostrana,” Lindqvist said. “The floods will be remembered.”';
    expect(direct(text).map((row) => [row[1], row[3]])).toEqual([
      ['Lindqvist', 'said'],
      ['Lindqvist', null],
    ]);
  });
});

describe('extractQuotes on hostile input', () => {
  it('handles a run-on text with thousands of stray marks and cues, with exact spans', () => {
    const text = Array.from({ length: 3000 }, (_, i) =>
      i % 3 ? `officials said “ ${i} people, ` : 'Mr Smith told AP that 3 died and ',
    ).join('');
    const { quotes, diagnostics } = extractQuotes(text, splitSentences(text), 'doc');
    expect(findSpanMismatches(text, quotes)).toEqual([]);
    expect(quotes.every((quote) => quote.span[1] - quote.span[0] <= 1100)).toBe(true);
    expect(diagnostics.some((diagnostic) => diagnostic.rule === 'extract/unbalanced-quote')).toBe(true);
  });
});

/** Every quotation of a text, direct or reported, as [words, speaker]. */
const speakers = (text: string) =>
  run(text).quotes.map((quote) => [quote.content.map((part) => part.text).join(' | '), quote.speaker]);

describe('extractQuotes: who speaks, as an editor would check it', () => {
  const rules: [string, string, [string, string | null][]][] = [
    [
      'a fragment quoted in the reporter’s own sentence does not continue the last speaker',
      '“I am innocent,” Jan Doe said. The hearing gave him a “final say” before the verdict.',
      [
        ['I am innocent', 'Jan Doe'],
        ['final say', null],
      ],
    ],
    [
      'a cue written before a name is not a transcript label',
      'Ann Cole took the stand. Said Ann: “It was all fine.” Ann left the court.',
      [['It was all fine.', null]],
    ],
    [
      'a pronoun after a sentence about an unnamed role does not jump to a name in that sentence',
      'The judge, ruled that Mr Pike, whom he called “a careful driver”, owed the bank nothing. He said there was “no debt to speak of”.',
      [
        ['a careful driver', null],
        ['no debt to speak of', null],
      ],
    ],
    [
      'a role an earlier speaker held does not stop a pronoun reaching that speaker',
      'President Ann Cole spoke on Monday. “We will rebuild,” Cole said. The president then met the families. “Nothing will be forgotten,” she said.',
      [
        ['We will rebuild', 'Ann Cole'],
        ['Nothing will be forgotten', 'Ann Cole'],
      ],
    ],
    [
      'the object of a participle in apposition is not the speaker',
      'Judge Ann Cole, sentencing Dawn Pike, from Westford, said: “These were cruel offences.”',
      [['These were cruel offences.', 'Ann Cole']],
    ],
    [
      'a passive cue’s agent after `by` speaks, not the subject it describes',
      'Officer Ann Roe, described by Carl Ames as “utterly dedicated”, said she would go back to work soon.',
      [['utterly dedicated', 'Carl Ames']],
    ],
    [
      'a quotation inside the subject phrase is not spoken through the cue after it',
      'Ann Roe - “the best officer I know” in the words of her chief - said she was relieved.',
      [['the best officer I know', null]],
    ],
    [
      '`accused of` after a noun is a reduced passive, not an accusation',
      'A builder accused of fraud accepted “substantial” damages yesterday.',
      [['substantial', null]],
    ],
    [
      'the head of a reduced passive (`the man accused of fraud`) speaks through the next cue',
      'The carpenter accused of theft said he was “completely innocent”.',
      [['completely innocent', null]],
    ],
    [
      'a determiner makes `alleged` an adjective, not a cue',
      'Other alleged victims include a teacher who lost her savings.',
      [],
    ],
    [
      'a fragment in what is denied quotes the accuser, unless it follows `as`',
      'Tom Vale denied being “a cold-hearted liar” in court. Later Tom Vale dismissed the claim as “utter nonsense”.',
      [
        ['a cold-hearted liar', null],
        ['utter nonsense', 'Tom Vale'],
      ],
    ],
    [
      'a speech act inside another speaker’s reported clause does not become the next `she`',
      'Jane Cole claimed that Mark Dunn called her a “troublemaker”. She said she had complained twice.',
      [
        ['troublemaker', 'Mark Dunn'],
        ['she had complained twice', 'Jane Cole'],
      ],
    ],
    [
      'a person once called `he` is not the next `she`',
      'Ruth Bell told the court Carl Ames shouted at her. When she left the room he said: “Go home.” She said she was upset.',
      [
        ['Go home.', 'Carl Ames'],
        ['she was upset', 'Ruth Bell'],
      ],
    ],
    [
      'the object of `told` is not part of the next speaker’s name',
      'Ruth Bell told the court Carl Ames shouted at her. When she left the room he said: “Go home.”',
      [['Go home.', 'Carl Ames']],
    ],
    [
      'a name in what an unnamed speaker reported is not the next `she`',
      'The girl told officers she was reading when Ella Marsh knocked at the door. She said she let the dog out.',
      [['she let the dog out', null]],
    ],
    [
      'a name mentioned in passing is not `he` once the text goes on with `he`',
      'By 1993 the consultant had stopped supporting Mr Hale in theatre and his workload fell. He told the inquiry that the unit ignored the warnings.',
      [['the unit ignored the warnings', null]],
    ],
    [
      'an address between commas is skipped back to the person, never a place',
      'Mrs Ada Lowe, from Mill Lane, Leominster, Herefordshire, a friend of the family, said they were close. Her friend was “generous”, she said.',
      [
        ['they were close', 'Ada Lowe'],
        ['generous', 'Ada Lowe'],
      ],
    ],
    [
      'an honorific and a name before a town and county are the speaker, never the county',
      'Mrs Ann Owen, of Smalltown, West Shire, told the tribunal that she was upset.',
      [['she was upset', 'Ann Owen']],
    ],
    [
      'a place closing an address before the cue is not the subject',
      'Mary Jones said she was scared. Mary Jones, 48, from Oakham, south east Rutland admitted theft. She said she was sorry.',
      [
        ['she was scared', 'Mary Jones'],
        ['she was sorry', 'Mary Jones'],
      ],
    ],
    [
      'a fragment inside the clause a later cue reports is that speaker’s',
      'Jan Doe said he was “deeply shocked”. An inquiry that “leads to answers” is essential, he said.',
      [
        ['deeply shocked', 'Jan Doe'],
        ['leads to answers', 'Jan Doe'],
      ],
    ],
    [
      'a speaker is never a clause holding quotation marks',
      "The lodger's solicitor Ann Bell QC, described him as being ``skint'' after the sale of his boat.",
      [['skint', null]],
    ],
    [
      'an adverb in -ly between subject and cue is not part of the name; a noun in -ly is',
      'Mr Carl Ames simply said that the delay was unfair. The Nolan family said they were shocked.',
      [
        ['the delay was unfair', 'Carl Ames'],
        ['they were shocked', 'Nolan family'],
      ],
    ],
    [
      'a possessive and a kin noun is a role, not a name',
      'His widow said the firm had ignored the warnings.',
      [['the firm had ignored the warnings', null]],
    ],
    [
      'an article, an adjective in capitals and a person noun is a role, not a name',
      'A BRAVE teenager said the bridge had been closed for weeks.',
      [['the bridge had been closed for weeks', null]],
    ],
    [
      'the person named in apposition to a description speaks',
      'Their neighbour, retired teacher Ada Pell, told the inquest at Dunmore that the lane was always dark.',
      [['the lane was always dark', 'Ada Pell']],
    ],
    [
      'a relative clause in the subject with no comma to close it gives no reported words',
      'A driver who claimed he was blinded by the sun yesterday lost his case against the council.',
      [],
    ],
    [
      'a relative clause in a predicate ends with its sentence and keeps its words',
      'One story featured two brothers who claimed they were twins when they were not.',
      [['they were twins when they were not', null]],
    ],
    [
      'a place after a locative preposition in an apposition is not who spoke',
      'Inspector Tom Vale, also based at Mill Road, said the station would stay open.',
      [['the station would stay open', null]],
    ],
    [
      'a short phrase opening with a determiner is the object of the cue, not reported words',
      'The pupil missed his lunch because he would not say his password. Ann Bell said the boy was upset.',
      [['the boy was upset', 'Ann Bell']],
    ],
    [
      'the name after told is who was spoken to, never an inverted speaker',
      "Pike had been arrested. The Recorder of Lorton Judge Tom Vale, told Pike: 'You were cruel.'",
      [['You were cruel.', null]],
    ],
    [
      'a cue coordinated with the clause’s verb speaks for its subject, past an appositive and a relative clause',
      'Mr Justice Pell, sitting at Elmbury Crown Court, gave Tace - who admitted both thefts - two jail terms and said he had shown no “real remorse”. He said: “I find this inexplicable,” and called his manner “extremely cold”.',
      [
        ['real remorse', 'Pell'],
        ['I find this inexplicable', 'Pell'],
        ['extremely cold', 'Pell'],
      ],
    ],
    [
      'a coordinated verb that is often not speech (`called … to come`) does not take the quotation',
      'Ida Rowe stopped the staff and called the cooks to watch with “a degree of glee”, said Mr Tam Vell.',
      [['a degree of glee', 'Tam Vell']],
    ],
    [
      'the person before a participle’s phrase is who a relative clause after it speaks of',
      'But the judge agreed with Mr Ned Parr, appearing for the Department of Roads, who argued the council had acted lawfully.',
      [['the council had acted lawfully', 'Ned Parr']],
    ],
    [
      '`he` reaches a subject whose surname has a particle, over an adverb before its verb',
      'Mr Orrin disputed the dates. Prof van Lorne also cited the sketches. Vell, he said, was a “very skilled painter”.',
      [['very skilled painter', 'van Lorne']],
    ],
    [
      'the nearest clause subject before a participle cue is its speaker',
      'Ida Rowe wept, Tam Vell sat down, telling the jury: “I saw nothing.”',
      [['I saw nothing.', 'Tam Vell']],
    ],
    [
      'a surname alone is the subject a later pronoun means when the text gives it an honorific elsewhere',
      'Mr Orrin and Mr Vell were charged. Pc Ann Roe said Vell had shouted. Orrin, of Mill Road, Westby, was also arrested after he pushed an officer. “I only wanted to calm him,” he told the court.',
      [
        ['Vell had shouted', 'Ann Roe'],
        ['I only wanted to calm him', 'Orrin'],
      ],
    ],
    [
      'a doctor’s title elsewhere says nothing of which pronoun a surname subject takes',
      'Ann Roe said her mother had died. Her son called Dr Vell to the house. Vell, who came at noon, gave no reason. She said: “He was very rude.”',
      [
        ['her mother had died', 'Ann Roe'],
        ['He was very rude.', null],
      ],
    ],
    [
      'a person word and a full name inside a sentence, with a verb after them, name its subject',
      'Mr Dorsey said the seats would move. During the case club coach Tam Keller gave evidence in which he said the seats were promised.',
      [
        ['the seats would move', 'Dorsey'],
        ['the seats were promised', 'Tam Keller'],
      ],
    ],
    [
      'a name after a verb and a person word is its object, not a subject',
      'Mr Dorsey said the seats would move. The club thanked coach Tam Keller for his work, and he said the seats were promised.',
      [
        ['the seats would move', 'Dorsey'],
        ['the seats were promised', 'Dorsey'],
      ],
    ],
    [
      'a name opening a line of wrapped copy inside its sentence is no subject',
      'Tam Vell told the jury he was waiting at the station in the spring when a stranger\nwalked up and asked for money. He knew the meeting had been arranged by Mr Orrin\nonce he saw a picture that a neighbour took in the lane behind the shop of his pal\nOrrin handing him an envelope on that evening in the spring, the jury heard later.\n“I felt sick,” he said.',
      [['I felt sick', 'Tam Vell']],
    ],
    [
      'a counsel who speaks for a body is the speaker, and the body her role',
      'The hearing went on. Ann Vale, QC, for Westland said that the minister was hiding the reports from everyone.',
      [['the minister was hiding the reports from everyone', 'Ann Vale']],
    ],
    [
      'a name a relative clause says spoke is what a later pronoun means',
      'Ann Cole watched with Alan Birch. A plane dived toward the crowd. It was flown by Tom Vane, who told the hearing of his terror. “It would not turn,” he said.',
      [['It would not turn', 'Tom Vane']],
    ],
    [
      'a sign-off after the last stop is not what was said',
      'A singer was jailed in Brno for fraud, the Fraud Office said today. end ',
      [],
    ],
  ];
  it.each(rules)('%s', (_name, text, expected) => {
    expect(speakers(text)).toEqual(expected);
  });
});

describe('extractQuotes: the words of reported speech, and nothing else', () => {
  const indirect = (text: string) =>
    run(text)
      .quotes.filter((quote) => !quote.direct)
      .map((quote) => quote.text);
  it.each([
    [
      'a fronted adverbial before a parenthetical inverted cue is not what was said',
      'At that time, added Mr Tam Vell, he did not know the money was for bets.',
      [],
    ],
    [
      'a complete clause before a parenthetical inverted cue is still reported',
      'The two men would be given equal terms, said the judge, as both had planned it.',
      ['The two men would be given equal terms'],
    ],
    [
      'a byline credits the report’s own lead, not a speaker',
      'A SOLDIER was cleared yesterday of abusing a recruit, writes Ida Rowe.',
      [],
    ],
    [
      'a byline ends the lead paragraph, the report goes on after it',
      'A SOLDIER was cleared yesterday of abusing a recruit, writes Ida Rowe.\n\nThe court sat for two days.',
      [],
    ],
    [
      'an official who writes on a medium is a speaker, not a byline',
      'Ten shells hit Tarrow overnight, Governor Ann Cole writes on Telegram.',
      ['Ten shells hit Tarrow overnight'],
    ],
    [
      'an inverted `writes` with a title before the name is an official’s statement',
      'Ten shells hit Tarrow overnight, writes Governor Ann Cole.',
      ['Ten shells hit Tarrow overnight'],
    ],
    [
      'an inverted `writes` with a medium after the name is a statement',
      'Ten shells hit Tarrow overnight, writes Ann Cole on her blog.',
      ['Ten shells hit Tarrow overnight'],
    ],
    [
      'a `writes` after the name is not a byline',
      'Ten shells hit Tarrow overnight, Ann Cole writes.',
      ['Ten shells hit Tarrow overnight'],
    ],
    [
      'an inverted `writes` inside a paragraph after the lead is a statement',
      'The council met on Monday.\n\nThe mayor spoke first. Ten shells hit Tarrow overnight, writes Ann Cole.',
      ['Ten shells hit Tarrow overnight'],
    ],
    [
      'a long phrase of when or where before `that` is not part of the reported clause',
      'Ida Rowe said at the close of a long week of hearings in Quillby that the budget would pass.',
      ['the budget would pass'],
    ],
    [
      'a clause of its own before `that` is not a phrase of when or where',
      'After Tom Reyes wrote to the council he got a firm promise that the road would reopen.',
      [],
    ],
  ])('%s', (_name, text, expected) => {
    expect(indirect(text)).toEqual(expected);
  });
  it('leaves an attribution after the reported clause out of it', () => {
    const text = 'Mr Tam Vell said the fakes had no reason to doubt her, he added.';
    const said = run(text).quotes.find((quote) => quote.cue === 'said');
    expect(said?.text).toBe('the fakes had no reason to doubt her');
  });
});

describe('cleanStatement', () => {
  const clean = (text: string) => {
    const span = cleanStatement(text, [0, text.length]);
    return span ? text.slice(span[0], span[1]) : null;
  };
  it.each([
    ['"Mr Pike had nearly drowned.', 'Mr Pike had nearly drowned'],
    ['“The Old Mill” would close in May.', '“The Old Mill” would close in May'],
    ['"The Old Mill" would close in May.', '"The Old Mill" would close in May'],
    ['‘Mr Pike’s boat’ was found at the weir.', '‘Mr Pike’s boat’ was found at the weir'],
    ['“Mr Pike’s boat was found at the weir.', 'Mr Pike’s boat was found at the weir'],
  ])('%s → %s', (text, expected) => {
    expect(clean(text)).toBe(expected);
  });
});

describe('extractQuotes: an unnamed role is the role, never the speaker', () => {
  const who = (text: string) => run(text).quotes.map((quote) => [quote.speaker, quote.speakerRole]);
  it.each([
    ['a numeral and a person noun', '“The gate was open,” one witness said.', [[null, 'one witness']]],
    ['a definite person noun', 'The girl said: “I heard a bang.”', [[null, 'girl']]],
    ['an indefinite source', 'A council source said: “The vote is lost.”', [[null, 'council source']]],
    [
      'a title headed by `of` and a body',
      '“We were not told,” said the head of the Fenmoor Water Board.',
      [[null, 'head of the Fenmoor Water Board']],
    ],
    [
      'a body named before its spokesman',
      'A Department for Roads and Bridges spokesman said: “Work starts in May.”',
      [[null, 'Department for Roads and Bridges spokesman']],
    ],
    [
      'a bare plural of people',
      'Soldiers burned the market, local residents said.',
      [[null, 'local residents']],
    ],
    [
      '`he` after an unnamed spokesman keeps the spokesman’s role',
      'Tom Pike was fined. A spokesman for the club said: “We accept it.” He said: “Pike is sorry.”',
      [
        [null, 'spokesman for the club'],
        [null, 'spokesman for the club'],
      ],
    ],
    [
      '`the <title>` after a person named with that title is that person',
      'Midfielder Joel Rusk, 24, was fined on Monday. The midfielder said: “I regret it.”',
      [['Joel Rusk', 'Midfielder']],
    ],
    [
      'a role in apposition to a name is the named person',
      'Lotte Brenner, a witness, said: “They took him.”',
      [['Lotte Brenner', 'witness']],
    ],
    [
      'a body’s name with `the` is a speaker',
      '“The border stays shut,” the Ruritanian Foreign Ministry said.',
      [['the Ruritanian Foreign Ministry', null]],
    ],
    [
      'a body in lower case is a speaker',
      'The ministry said: “The border stays shut.”',
      [['The ministry', null]],
    ],
    ['police speak for themselves', '“Two men were held,” police said.', [['police', null]]],
  ])('%s', (_name, text, expected) => {
    expect(who(text)).toEqual(expected);
  });
});

describe('extractQuotes: whose words a fragment is', () => {
  const who = (text: string) =>
    run(text)
      .quotes.filter((quote) => quote.direct)
      .map((quote) => [quote.speaker, quote.speakerRole]);
  it.each([
    [
      'a name others gave the subject (`was described as`) is not the subject’s words',
      'Ida Marsh, 58, ran the kennels. She was described as a ‘tyrant’ by former staff.',
      [[null, null]],
    ],
    [
      'nor the words of the sentence’s speaker (`including being called`)',
      'Ida Marsh said she had been mocked for years, including being called ‘Mud Girl No 2’.',
      [[null, null]],
    ],
    [
      'an active description is the describer’s words',
      'Mr Brindle described the plan as ‘reckless’.',
      [['Brindle', null]],
    ],
    [
      'an age in apposition is not a role',
      'Ida Marsh, 35, said: “I want my job back.”',
      [['Ida Marsh', null]],
    ],
    [
      'a person of a body described in lower case, not the body',
      'Tom Reed of timber merchants Holloway told the paper: “Prices will rise.”',
      [['Tom Reed', 'of timber merchants Holloway']],
    ],
    [
      'the name before a parenthesis between dashes, not a name inside it',
      'Nell - former wife of bandleader Tom Brandt, 51 - said: “It was a long road.”',
      [['Nell', 'former wife of bandleader Tom Brandt, 51']],
    ],
    [
      'a parenthesis between en dashes is the role',
      'Nell Tamsin – a former nurse – said: “It was a long road.”',
      [['Nell Tamsin', 'former nurse']],
    ],
    [
      'a person from a body described in lower case',
      'Jo Rand from haulage firm Kettlewell said: “The road is shut.”',
      [['Jo Rand', 'from haulage firm Kettlewell']],
    ],
  ])('%s', (_why, text, expected) => {
    expect(who(text)).toEqual(expected);
  });
});

describe('extractQuotes: a person the text calls she is not a government', () => {
  it('gives no government role to a first name that is also a capital, resolved from `she`', () => {
    const [quote] = run(
      'The singer, known to fans as Sofia, sold her house. Sofia told friends she was moving. Asked about the move, she said: “We love the coast.”',
    ).quotes.filter((q) => q.direct);
    expect([quote?.speaker, quote?.speakerRole]).toEqual(['Sofia', null]);
  });

  it('still reads a capital that speaks as its government', () => {
    const [quote] = run('Sofia said the border would stay shut.').quotes;
    expect(quote?.speakerRole).toMatch(/^government/);
  });
});

describe('extractQuotes: no speaker is a role word', () => {
  const who = (text: string) => run(text).quotes.map((quote) => [quote.speaker, quote.speakerRole]);
  it.each([
    [
      'a capitalised plural of a person word opening a sentence is a role',
      'The ferry sank off Kelby. Medics said the crew had been lucky.',
      [[null, 'medics']],
    ],
    [
      'unnamed bodies in the plural opening a sentence are a role',
      'Authorities said they were gathering evidence.',
      [[null, 'authorities']],
    ],
    [
      'a capitalised plural title after `The` opening a sentence is a role',
      'The Commissioners said the zoo was not a school.',
      [[null, 'commissioners']],
    ],
    [
      'a role phrase cut from its article is a role, not a speaker',
      'The hearing ended. An ambulance service spokesman said: ‘We regret the delay.’',
      [[null, 'service spokesman']],
    ],
    [
      'part of a group of people is a role',
      'The head teacher ignored her staff, who called her a ‘cold tyrant’ last year.',
      [[null, 'staff']],
    ],
    [
      'a role phrase cut inside a body’s name keeps the whole role',
      'A spokeswoman for Save the Owls said: ‘This is good news.’',
      [[null, 'spokeswoman for Save the Owls']],
    ],
    [
      'the name before two appositives speaks, the role after it is its role',
      'Lord Fenwick, the Keeper of the Seals, sitting with two others, said: ‘The appeal fails.’',
      [['Lord Fenwick', 'Keeper of the Seals']],
    ],
    [
      'a role with an affiliation naming someone else is the role of the name before it',
      'Ms Ida Marsh, solicitor for Tom Crane, the brother of the dead man, said: ‘We will appeal.’',
      [['Ida Marsh', 'solicitor for Tom Crane']],
    ],
    [
      'a relative clause’s role without a closing comma is the role of the name before it',
      'Her lawyer Owen Tate, who is chairman of the Kelby Tenants Union said: ‘We must learn.’',
      [['Owen Tate', 'chairman of the Kelby Tenants Union']],
    ],
    [
      'a capitalised plural title inside a sentence is a role too',
      'The levy was scrapped, a plan Ministers claimed would fund new schools.',
      [[null, 'ministers']],
    ],
    [
      'a person word after capitalised modifiers is a role, not a name',
      'Fans jeered Tom Vale. The Westford player told the court that he feared for his safety.',
      [[null, 'Westford player']],
    ],
    [
      'a possessive role is a role',
      'Ada Pike lost her appeal. Ada Pike’s lawyer said the ruling was unjust.',
      [[null, 'Ada Pike’s lawyer']],
    ],
    [
      'a body stays a speaker',
      'Police said the road was shut. The Kelby Council said it would reopen.',
      [
        ['Police', null],
        ['Kelby Council', null],
      ],
    ],
    [
      'a pronoun after a name and a comma is no role of that name',
      'When Ann refused to go on with Tom as Rex Hart, he asked: ‘Is it my hat?’',
      [[null, null]],
    ],
    [
      'a surname in -s opening a sentence stays a speaker',
      'Tom Rogers ran the club. Rogers said the team would win.',
      [['Tom Rogers', null]],
    ],
  ])('%s', (_name, text, expected) => {
    expect(who(text)).toEqual(expected);
  });
});

describe('extractQuotes: who a cue around the quotation names', () => {
  const who = (text: string) => run(text).quotes.map((quote) => [quote.content[0]?.text, quote.speaker]);
  it.each([
    [
      'an inverted speaker with a manner phrase after it',
      'Mr Pike was asked about the loan.\n“It is irrelevant”, replied Mr Pike with a tap on the desk.',
      [['It is irrelevant', 'Pike']],
    ],
    [
      'a thing someone owns is no speaker of a passive cue (`confirmed by Doe’s own words`)',
      'Mr Lund said the account was confirmed by Mr Pike’s own words. Mr Pike, he added, had been given a “golden chance” to explain.',
      [
        ['the account was confirmed by Mr Pike’s own words', 'Lund'],
        ['golden chance', 'Lund'],
      ],
    ],
    [
      '`she` after a full name that a lower-case title opens means that name, not an earlier one',
      'Tom Vale, the author of two books, plans a third. One neighbour Ann Cole, 60, who lives next door, has criticised him. She said: “I feel I am intruding.”',
      [['I feel I am intruding.', 'Ann Cole']],
    ],
    [
      'an idiom of hearsay opened by an abstract noun names nobody',
      'Legend says she wrote the song on a train.',
      [['she wrote the song on a train', null]],
    ],
    [
      'an event noun before a passive `was reported as saying` is not the speaker',
      'Outrage followed after coach Lia Brandt was reported as saying the team would be "ruthless".',
      [['ruthless', null]],
    ],
    [
      'a street cut from an address between commas is not the speaker',
      'Ivo Tam, her brother, of East 9th Street, Denver, told the court she was "always kind".',
      [['always kind', null]],
    ],
    [
      'the person the speaker is tied to (`the wife of X`) is not the speaker',
      'The wife of jockey Sam Reed said: "It did scare me."',
      [['It did scare me.', null]],
    ],
    [
      'a lawyer for a named client speaks for the client, but is not the client',
      'The lawyer for Ruth Gale said that she would appeal.',
      [['she would appeal', null]],
    ],
    [
      'a plural source after `According to` is the source; the name after it opens the clause',
      'According to doctors Ella Marsh, 3, was struck "very hard" against a wall.',
      [['very hard', null]],
    ],
    [
      'an unnamed member of a body speaks, not the body',
      'An inspector with the Marine Safety Board said a faulty valve could have caused the leak.',
      [['a faulty valve could have caused the leak', null]],
    ],
    [
      'a named spokesman after `A spokesman for` still speaks',
      'A spokesman for the Harbour Trust, Tom Pike, said the pier would reopen.',
      [['the pier would reopen', 'Tom Pike']],
    ],
    [
      '`then` between the cue and `that` is not part of what was said',
      'Dame Ivy Cole said then that there could be stronger grounds for it.',
      [['there could be stronger grounds for it', 'Ivy Cole']],
    ],
    [
      'a relation noun, then a capitalised word before the name: the tie, not the name, speaks',
      'The son of Westford rugby star Ian Pell said: "He never gave up."',
      [['He never gave up.', null]],
    ],
    [
      'a fronted place before a role and a name does not hide the subject',
      'Mr Dobbs said: "We did our duty." In Westford party spokesman Ann Cole said it would "surprise nobody". She added: "There is no justice here."',
      [
        ['We did our duty.', 'Dobbs'],
        ['surprise nobody', 'Ann Cole'],
        ['There is no justice here.', 'Ann Cole'],
      ],
    ],
    [
      'one capitalised word quoted after a possessive or a noun for a work is a title, not a quote',
      'A fan shouted for the Wheelers’ "Tidewater". Later he played the single "Harbour" twice.',
      [],
    ],
    [
      'a title before an honorific keeps the honorific’s pronoun',
      'Ed Rowe, prosecuting, told the court it was a bad case. The judge Mrs Justice Lind jailed Pike. She told him: “You showed no mercy.”',
      [['You showed no mercy.', 'Lind']],
    ],
  ])('%s', (_name, text, expected) => {
    expect(who(text)).toEqual(expected);
  });
});
