import { describe, expect, it } from 'vitest';
import { findSpanMismatches } from './check-spans.js';
import { type DateReference, extractDates } from './extract-dates.js';
import { splitSentences } from './split-sentences.js';

const sunday: DateReference = { date: '2022-04-03', from: 'published' };
const monday: DateReference = { date: '2022-04-04T09:30:00Z', from: 'published' };

const cases: [string, DateReference, [string, string | null, string | null, string | null][]][] = [
  ['Residents gave accounts Sunday.', sunday, [['Sunday', '2022-04-03', '2022-04-03', 'day']]],
  ['The attack came on Saturday.', sunday, [['Saturday', '2022-04-02', '2022-04-02', 'day']]],
  ['Officials spoke early Monday.', monday, [['early Monday', '2022-04-04', '2022-04-04', 'day']]],
  ['Ministers will meet on Wednesday.', monday, [['Wednesday', '2022-04-06', '2022-04-06', 'day']]],
  ['The council will meet Monday.', sunday, [['Monday', '2022-04-04', '2022-04-04', 'day']]],
  [
    'Traders said the market would stay closed on Monday.',
    sunday,
    [['Monday', '2022-04-04', '2022-04-04', 'day']],
  ],
  [
    'A team it sent on Saturday would reach the city on Sunday.',
    sunday,
    [
      ['Saturday', '2022-04-02', '2022-04-02', 'day'],
      ['Sunday', '2022-04-03', '2022-04-03', 'day'],
    ],
  ],
  [
    'The summit will open Monday, a week after talks ended on Tuesday.',
    { date: '2022-04-06', from: 'published' },
    [
      ['Monday', '2022-04-11', '2022-04-11', 'day'],
      ['Tuesday', '2022-04-05', '2022-04-05', 'day'],
    ],
  ],
  ['It happened last Sunday.', sunday, [['last Sunday', '2022-03-27', '2022-03-27', 'day']]],
  // A month abbreviation is not the start of a longer word.
  ['Four men were shot in 3 separate incidents.', sunday, []],
  ['Station 6 Augusta has the story.', sunday, []],
  // A weekday before a full date is that date's weekday: the date carries it.
  ['Posted: Friday, April 1, 2022 4:20 PM', sunday, [['April 1, 2022', '2022-04-01', '2022-04-01', 'day']]],
  ['It happened Saturday, 2 April.', sunday, [['2 April', '2022-04-02', '2022-04-02', 'day']]],
  ['Troops invaded on Feb. 24.', sunday, [['Feb. 24', '2022-02-24', '2022-02-24', 'day']]],
  ['They stayed until March 30.', sunday, [['March 30', '2022-03-30', '2022-03-30', 'day']]],
  ['It began on 3 April 2021.', sunday, [['3 April 2021', '2021-04-03', '2021-04-03', 'day']]],
  [
    'The file is dated 2022-04-03.',
    { date: null, from: 'none' },
    [['2022-04-03', '2022-04-03', '2022-04-03', 'day']],
  ],
  [
    'A report from December 28 surfaced.',
    { date: '2022-01-05', from: 'dateline' },
    [['December 28', '2021-12-28', '2021-12-28', 'day']],
  ],
  ['Police said it happened yesterday.', sunday, [['yesterday', '2022-04-02', '2022-04-02', 'day']]],
  ['A day earlier, journalists saw bodies.', sunday, [['A day earlier', '2022-04-02', '2022-04-02', 'day']]],
  ['Two days ago the town fell.', sunday, [['Two days ago', '2022-04-01', '2022-04-01', 'day']]],
  // A weekend before the reference: Saturday to Sunday, precision week.
  ['Two men were shot over the weekend.', monday, [['over the weekend', '2022-04-02', '2022-04-03', 'week']]],
  ['A weekend fire gutted the mill.', monday, [['A weekend', '2022-04-02', '2022-04-03', 'week']]],
  // "A weekend" dates only an incident named after it.
  ['He spent a weekend in Fernwick in 2019.', monday, [['2019', '2019-01-01', '2019-12-31', 'year']]],
  ['It rained this past weekend.', monday, [['this past weekend', '2022-04-02', '2022-04-03', 'week']]],
  ['The fair closed last weekend.', sunday, [['last weekend', '2022-03-26', '2022-03-27', 'week']]],
  ['The fair opens next weekend.', monday, [['next weekend', '2022-04-09', '2022-04-10', 'week']]],
  ['Talks were held this week.', sunday, [['this week', '2022-03-28', '2022-04-03', 'week']]],
  ['Shelling intensified last week.', monday, [['last week', '2022-03-28', '2022-04-03', 'week']]],
  ['Thirty-six died late last month.', monday, [['late last month', '2022-03-21', '2022-03-31', 'month']]],
  [
    'Prices rose earlier this month.',
    { date: '2022-04-15', from: 'published' },
    [['earlier this month', '2022-04-01', '2022-04-14', 'month']],
  ],
  ['The siege began in March.', sunday, [['March', '2022-03-01', '2022-03-31', 'month']]],
  ['It has been fighting since February 24.', sunday, [['February 24', '2022-02-24', '2022-02-24', 'day']]],
  ['Separatists have fought since 2014.', sunday, [['2014', '2014-01-01', '2014-12-31', 'year']]],
  [
    'Elections are due in May next year.',
    sunday,
    [
      ['May', '2022-05-01', '2022-05-31', 'month'],
      ['next year', '2023-01-01', '2023-12-31', 'year'],
    ],
  ],
];

describe('extractDates', () => {
  it.each(cases)('%s', (text, reference, expected) => {
    const { dates, diagnostics } = extractDates(text, splitSentences(text), reference);
    expect(dates.map((date) => [date.text, date.start, date.end, date.precision])).toEqual(expected);
    expect(diagnostics).toEqual([]);
    expect(findSpanMismatches(text, dates)).toEqual([]);
    for (const date of dates) expect(date.reason).not.toBe('');
  });

  // Future tense: the weekday on or after the reference (the same day allowed: wire copy names
  // today's weekday); past tense: on or before. Reference: Sunday 2022-04-03.
  it.each([
    ['The council is due to vote on Tuesday.', '2022-04-05', 'future'],
    ['Ministers are expected to meet on Friday.', '2022-04-08', 'future'],
    ['The president is slated to visit Kyiv on Thursday.', '2022-04-07', 'future'],
    ['The army intends to resume talks on Wednesday.', '2022-04-06', 'future'],
    ['The council will meet on Sunday.', '2022-04-03', 'future'],
    ['The council met on Tuesday.', '2022-03-29', 'past'],
    ['Officials said on Friday that talks will resume.', '2022-04-01', 'past'],
    ['The suspect will be arraigned on Tuesday.', '2022-04-05', 'future'],
    ['A parade is expected to be held on Friday.', '2022-04-08', 'future'],
    ['Charges will follow after a clerk was robbed on Friday.', '2022-04-01', 'past'],
    ['The mayor will speak Tuesday, when the bridge that closed on Friday reopens.', '2022-04-05', 'future'],
  ])('%s → %s (%s)', (text, start, tense) => {
    const [date] = extractDates(text, splitSentences(text), sunday).dates;
    expect(date?.start).toBe(start);
    expect(date?.reason).toMatch(tense === 'future' ? /on or after .*future tense/ : /on or before/);
  });

  it('counts "a day later" from the day the text named before it, "ago" from the report date', () => {
    const text =
      'Shelling hit Goma on Friday. A day later, rebels shelled it again. Two days ago, police arrested 10 people.';
    const { dates } = extractDates(text, splitSentences(text), { date: '2025-03-16', from: 'published' });
    expect(dates.map((date) => [date.text, date.start])).toEqual([
      ['Friday', '2025-03-14'],
      ['A day later', '2025-03-15'],
      ['Two days ago', '2025-03-14'],
    ]);
  });

  it('states the reason for a weekday resolution', () => {
    const text = 'Residents gave accounts Sunday.';
    const [date] = extractDates(text, splitSentences(text), sunday).dates;
    expect(date!.reason).toBe('weekday on or before reference 2022-04-03 (published)');
  });

  it('leaves relative dates unresolved without a reference, with a diagnostic', () => {
    const text = 'On Sunday troops left, a day earlier than planned. They came on Feb. 24, 2022.';
    const { dates, diagnostics } = extractDates(text, splitSentences(text), { date: null, from: 'none' });
    expect(dates.map((date) => [date.text, date.start])).toEqual([
      ['Sunday', null],
      ['a day earlier', null],
      ['Feb. 24, 2022', '2022-02-24'],
    ]);
    expect(diagnostics.map((diagnostic) => diagnostic.rule)).toEqual([
      'extract/unresolved-date',
      'extract/unresolved-date',
    ]);
    expect(diagnostics[0]!.span).toEqual(dates[0]!.span);
  });

  it('does not take the modal verb may or a lower-case march for a month', () => {
    const text = 'Troops may march on the city. Ministers may meet.';
    expect(extractDates(text, splitSentences(text), sunday).dates).toEqual([]);
  });
});
