import { describe, expect, it } from 'vitest';
import type { IncidentMention, Quantity } from '../core/types.js';
import { deathOfTheOneShot, injuredAmongDead, reconcileFigure } from './figures.js';

const count = (best: number, implicit = false, at = 0): Quantity => ({
  span: [at, at + 1],
  text: String(best),
  low: best,
  best,
  high: best,
  qualifier: 'exact',
  percent: false,
  counted: 'person',
  ...(implicit ? { implicit: true as const } : {}),
});

const mention = (injured: Quantity | null, id: string, killed: Quantity | null = null): IncidentMention => ({
  id,
  documentId: id.split('#')[0] as string,
  span: [0, 1],
  text: 'x',
  sentence: [0, 1],
  kind: 'shooting',
  type: 'Violence against civilians',
  subtype: 'Attack',
  trigger: { span: [0, 1], text: 'x' },
  killed,
  injured,
  counts: [],
  date: null,
  place: null,
  actors: [],
  modality: 'fact',
  origin: null,
});

describe('reconcileFigure', () => {
  it.each([
    // A written count decides over people named one by one ("the 22-year-old was hit in the arm").
    [[count(4), count(1, true)], 4],
    [[count(1, true), count(2)], 2],
    // With no written count, the people named count.
    [[count(1, true), count(2, true)], 1],
    // Written counts keep the conservative rule.
    [[count(3), count(5)], 3],
    // "Five children were shot … A girl was hit in the arm": with no count of all the wounded, a
    // written count of one group of them decides over people named one by one.
    [[{ ...count(5), counted: 'child' }, count(1, true)], 5],
    [[count(1, true), { ...count(2), counted: 'woman' }, count(1, true)], 2],
    // A count of a group no larger than those named adds nothing.
    [[count(2, true), { ...count(1), counted: 'child' }], 2],
  ])('%j → best %i', (figures, best) => {
    const mentions = figures.map((q, i) => mention(q, `d${i}`));
    expect(reconcileFigure('injured', mentions).range?.best).toBe(best);
  });

  // Figures by report, in text order: [report, figure]. A report's first figure is its total.
  it.each([
    // "Four people were wounded … One man was hit in the arm": one report, total 4.
    [
      [
        ['a', 4],
        ['a', 1],
      ],
      4,
    ],
    // Two reports with totals 4 and 3: the conservative one.
    [
      [
        ['a', 4],
        ['a', 1],
        ['b', 3],
      ],
      3,
    ],
    [
      [
        ['a', 2],
        ['b', 5],
        ['b', 2],
      ],
      2,
    ],
    // "Seven were killed … Eight were killed in two towns": the report's lead figure.
    [
      [
        ['a', 7],
        ['a', 8],
      ],
      7,
    ],
    // Three reports lead with 5, one with 2 (a part, or an earlier hour): most reports decide.
    [
      [
        ['a', 5],
        ['b', 5],
        ['c', 2],
        ['d', 5],
      ],
      5,
    ],
    // As many reports for each figure: the smallest.
    [
      [
        ['a', 6],
        ['b', 4],
      ],
      4,
    ],
  ] as [[string, number][], number][])('%j → best %i', (figures, best) => {
    const mentions = figures.map(([doc, n], i) => ({
      ...mention(count(n), `${doc}#${i}`),
      span: [i, i + 1] as [number, number],
    }));
    expect(reconcileFigure('injured', mentions).range?.best).toBe(best);
  });
});

describe('vague plurals', () => {
  const vague = (best: number, high: number, at = 0): Quantity => ({
    ...count(best, false, at),
    high,
    qualifier: 'vague',
  });
  const atLeast = (best: number, at = 0): Quantity => ({
    ...count(best, false, at),
    high: null,
    qualifier: 'at-least',
  });
  // [figures by report, best, low, high, disputed values]
  it.each([
    // "Dozens were killed" and "21 were killed": the written count decides, inside the range.
    [[vague(12, 99), count(21)], 21, 12, 99, null],
    [[atLeast(21), vague(100, 999)], 21, 21, 999, null],
    // "Exactly 21" is not "hundreds": the reports disagree.
    [[count(21), vague(100, 999)], 21, 21, 999, [21, 100]],
    [[atLeast(21), vague(12, 99)], 21, 12, 99, null],
    // Only vague figures: the conservative one; "hundreds" and "dozens" cannot both be true.
    [[vague(100, 999), vague(12, 99)], 12, 12, 999, [12, 100]],
    // A written count outside the range is disputed by it ("dozens" against "150").
    [[vague(12, 99), count(150)], 150, 12, 150, [12, 150]],
    // Written counts still dispute each other; every report's total is then listed, and of two
    // written tolls led with by one report each, the larger is the best (the dead are not revised down).
    [[count(21), vague(12, 99), count(30)], 30, 12, 99, [12, 21, 30]],
    // An open lower bound below a written count is no dispute; the written count is the best.
    [[atLeast(12), count(15)], 15, 12, 15, null],
  ] as [Quantity[], number, number, number, number[] | null][])(
    '%j → best %i, %i–%i, disputed %j',
    (figures, best, low, high, disputed) => {
      const mentions = figures.map((q, i) => ({
        ...mention(null, `d${i}#${i}`, q),
        kind: 'killing' as const,
      }));
      const { range, conflict } = reconcileFigure('killed', mentions);
      expect([range?.best, range?.low, range?.high]).toEqual([best, low, high]);
      expect(conflict?.values.map((v) => v.value) ?? null).toEqual(disputed);
    },
  );
});

describe('disputes between reports', () => {
  it.each([
    // A report crediting two sources with different tolls carries both: a dispute with a third report.
    [
      [
        ['a', 'health office', 12, 'at-least'],
        ['a', 'monitors', 17, 'exact'],
        ['b', 'hospital', 15, 'exact'],
      ],
      [12, 15, 17],
    ],
    // Another source's smaller count in the same report, wholly below its total, is a detail of it.
    [
      [
        ['a', 'reporters', 21, 'at-least'],
        ['a', 'residents', 2, 'exact'],
        ['b', 'reporters', 21, 'exact'],
      ],
      null,
    ],
  ] as [[string, string, number, Quantity['qualifier']][], number[] | null][])(
    'credited sources %j → disputed %j',
    (figures, disputed) => {
      const mentions = figures.map(([doc, origin, n, qualifier], i) => ({
        ...mention(null, `${doc}#${i}`, {
          ...count(n, false, i),
          qualifier,
          high: qualifier === 'exact' ? n : null,
        }),
        kind: 'killing' as const,
        origin,
        span: [i, i + 1] as [number, number],
      }));
      expect(reconcileFigure('killed', mentions).conflict?.values.map((v) => v.value) ?? null).toEqual(
        disputed,
      );
    },
  );

  it('takes a report’s written figure as its total over the vague one of its lead', () => {
    // "The discovery of dozens of bodies … officials said 410 bodies were found", and another report's 410.
    const lede: Quantity = { ...count(12, false, 0), high: 99, qualifier: 'vague' };
    const mentions = [
      { ...mention(null, 'a#0', lede), kind: 'killing' as const, span: [0, 1] as [number, number] },
      {
        ...mention(null, 'a#1', count(410, false, 5)),
        kind: 'killing' as const,
        span: [5, 6] as [number, number],
      },
      { ...mention(null, 'b#2', count(410, false, 0)), kind: 'killing' as const },
    ];
    expect(reconcileFigure('killed', mentions).conflict).toBeNull();
  });

  it.each([
    // "At least 21 bodies … two bodies in a shaft … six in one street": one report's details.
    [
      [
        ['a', 21],
        ['a', 2],
        ['a', 6],
        ['b', 21],
      ],
      null,
    ],
    // Two reports whose totals differ.
    [
      [
        ['a', 21],
        ['a', 2],
        ['b', 30],
      ],
      [21, 30],
    ],
  ] as [[string, number][], number[] | null][])('%j → disputed %j', (figures, disputed) => {
    const mentions = figures.map(([doc, n], i) => ({
      ...mention(count(n, false, i), `${doc}#${i}`),
      span: [i, i + 1] as [number, number],
    }));
    expect(reconcileFigure('injured', mentions).conflict?.values.map((v) => v.value) ?? null).toEqual(
      disputed,
    );
  });
});

describe('counts told with a condition', () => {
  /** One report's headline: a count, then the words after it. */
  const headline = (doc: string, text: string, best: number): IncidentMention => {
    const at = text.indexOf(String(best));
    const q = {
      ...count(best),
      span: [at, at + String(best).length] as [number, number],
      text: String(best),
    };
    return { ...mention(q, doc), span: [0, text.length], text };
  };
  it.each([
    // "6 shot, 1 critically hurt" and "6 wounded": the part in a condition does not decide.
    [[headline('a', '1 critically hurt in shooting', 1), headline('b', '6 wounded in shooting', 6)], 6],
    [[headline('a', '2 are in serious condition', 2), headline('b', '5 hurt', 5)], 5],
    // "All 4 are in stable condition" counts everyone.
    [
      [
        headline('a', 'All 4 are in stable condition', 4),
        headline('b', '4 hurt', 4),
        headline('c', '3 hurt', 3),
      ],
      4,
    ],
    [
      [headline('a', '4 are in stable condition', 4), headline('b', '4 hurt', 4), headline('c', '3 hurt', 3)],
      3,
    ],
    // With no other count, the count in a condition is the figure.
    [[headline('a', '2 critically hurt', 2)], 2],
  ] as [IncidentMention[], number][])('%#: best %i', (mentions, best) => {
    expect(reconcileFigure('injured', mentions).range?.best).toBe(best);
  });
});

describe('injuredAmongDead', () => {
  const killed = (best: number) => ({ low: best, best, high: best });
  it.each([
    // "A teen was critically injured" (one report), "the teen died" (another): one person.
    [
      'one named injured, one dead',
      1,
      [mention(count(1, true), 'a'), mention(null, 'b', count(1, true))],
      true,
    ],
    // A written number of injured is a count of survivors.
    ['written injured count', 1, [mention(count(2), 'a'), mention(null, 'b', count(1))], false],
    // "A man was killed and a boy was wounded": told apart in one mention.
    ['told apart', 1, [mention(count(1, true, 9), 'a', count(1, true, 0))], false],
    // More people named injured than dead: someone survived.
    ['more injured than dead', 1, [mention(count(2, true), 'a'), mention(null, 'b', count(1))], false],
    // No death.
    ['no dead', 0, [mention(count(1, true), 'a')], false],
  ] as [string, number, IncidentMention[], boolean][])('%s', (_, dead, mentions, expected) => {
    expect(injuredAmongDead(dead ? killed(dead) : null, mentions)).toBe(expected);
  });
});

describe('whose figure decides', () => {
  /** One report's figure, told by a named source (police, a coroner) or not. */
  const report = (doc: string, n: number, named: boolean, field: 'killed' | 'injured'): IncidentMention => {
    const m = mention(field === 'injured' ? count(n) : null, doc, field === 'killed' ? count(n) : null);
    return { ...m, origin: named ? 'police' : null };
  };
  const reports = (field: 'killed' | 'injured') => [
    report('a', 2, true, field),
    report('b', 4, false, field),
    report('c', 4, false, field),
  ];
  it("a death toll most reports lead with decides over a named source's first count", () => {
    expect(reconcileFigure('killed', reports('killed')).range?.best).toBe(4);
  });
  it('of two death tolls told by one report each, the larger: a later report counts those who died since', () => {
    const first = report('a', 1, false, 'killed');
    const later = report('b', 2, false, 'killed');
    expect(reconcileFigure('killed', [first, later]).range?.best).toBe(2);
    expect(reconcileFigure('killed', [later, first]).range?.best).toBe(2);
  });
  it("of death tolls led with by as many reports, a named source's decides", () => {
    const official = report('a', 1, true, 'killed');
    expect(reconcileFigure('killed', [official, report('b', 2, false, 'killed')]).range?.best).toBe(1);
    // Outvoted, the named source does not decide.
    const more = [official, report('b', 2, false, 'killed'), report('c', 2, false, 'killed')];
    expect(reconcileFigure('killed', more).range?.best).toBe(2);
  });
  it('a death toll only alleged does not vote against tolls told as fact', () => {
    const alleged = { ...report('c', 5, false, 'killed'), modality: 'alleged' as const };
    expect(reconcileFigure('killed', [report('a', 2, false, 'killed'), alleged]).range?.best).toBe(2);
    expect(reconcileFigure('killed', [alleged]).range?.best).toBe(5);
  });
  it('of two injured figures told by one report each, the smaller (the conservative rule)', () => {
    expect(
      reconcileFigure('injured', [report('a', 3, false, 'injured'), report('b', 2, false, 'injured')]).range
        ?.best,
    ).toBe(2);
  });
  it('for the injured, the figure most reports lead with decides, a named source being one report', () => {
    expect(reconcileFigure('injured', reports('injured')).range?.best).toBe(4);
  });
});

/**
 * A mention of one report made from a sentence: `trigger` is the first occurrence of that word,
 * and `victim`, when given, a person named without a number as the injured.
 */
function told(doc: string, text: string, trigger: string, victim?: string): IncidentMention {
  const at = text.indexOf(trigger);
  const injured =
    victim === undefined
      ? null
      : {
          ...count(1, true, text.indexOf(victim)),
          span: [text.indexOf(victim), text.indexOf(victim) + victim.length] as [number, number],
          text: victim,
        };
  return {
    ...mention(injured, doc),
    span: [0, text.length],
    text,
    sentence: [0, text.length],
    kind: victim === undefined ? 'killing' : 'shooting',
    trigger: { span: [at, at + trigger.length], text: trigger },
  };
}

describe('deathOfTheOneShot', () => {
  const shot = told('a', 'A woman was shot on Elm Lane late on Friday.', 'shot', 'A woman');
  it.each([
    ['the victim died later', [shot, told('a', 'She died a short time later.', 'died')], true],
    [
      'passed away in another report',
      [shot, told('b', 'The girl passed away on Sunday.', 'passed away')],
      true,
    ],
    ['a death under investigation', [shot, told('a', 'Her death is under investigation.', 'death')], true],
    ['no one died', [shot, told('a', 'No one died in the shooting.', 'died')], false],
    ['an attempted murder', [shot, told('a', 'He is charged with attempted murder.', 'murder')], false],
    ['could have been killed', [shot, told('a', 'Someone could have been killed.', 'killed')], false],
    ['bleeding to death', [shot, told('a', 'He said she was bleeding to death.', 'death')], false],
    ['a danger, not a death', [shot, told('a', 'Guns can cause severe injury or death.', 'death')], false],
    ['death threats', [shot, told('a', 'She had received death threats.', 'death')], false],
    ['no death told', [shot], false],
    [
      'another person shot: the death could be either',
      [
        shot,
        told('a', 'Another man was shot nearby.', 'shot', 'Another man'),
        told('a', 'One of them died.', 'died'),
      ],
      false,
    ],
  ] as [string, IncidentMention[], boolean][])('%s', (_, mentions, expected) => {
    const killed = reconcileFigure('killed', mentions).range;
    const injured = reconcileFigure('injured', mentions).range;
    expect(deathOfTheOneShot(killed, injured, mentions)).toBe(expected);
  });

  it('leaves a written death toll alone', () => {
    const mentions = [shot, told('a', 'She died a short time later.', 'died')];
    expect(deathOfTheOneShot({ low: 2, best: 2, high: 2 }, { low: 1, best: 1, high: 1 }, mentions)).toBe(
      false,
    );
  });
});

describe('injuredAmongDead, another person', () => {
  const dead = { low: 1, best: 1, high: 1 };
  it.each([
    ['the same person', 'The teen was shot in the chest.', 'The teen', true],
    ['another person', 'Another teen was shot in the leg.', 'Another teen', false],
    ['a person also shot', 'His cousin was also shot in the leg.', 'His cousin', false],
    // "another" sets the victim apart from the shooter, not from the dead.
    ['a boy shot another', 'A boy shot another boy with a rifle.', 'another boy', true],
    ['a second time', 'A second time, the girl got shot in the foot.', 'A second time, the girl', true],
  ])('%s', (_, text, victim, expected) => {
    const mentions = [told('a', text, 'shot', victim), mention(null, 'b', count(1, true))];
    expect(injuredAmongDead(dead, mentions)).toBe(expected);
  });
});
