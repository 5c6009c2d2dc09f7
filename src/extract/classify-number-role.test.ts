import { describe, expect, it } from 'vitest';
import { classifyNumberRole, type NumberRole } from './classify-number-role.js';

/** Each sentence marks the number under test with brackets, which are removed before classifying. */
const cases: [string, NumberRole][] = [
  ['Maria Lopez, [41], was taken to a hospital.', 'age'],
  ['Officer Dan Reyes Jr., [29], died at the scene.', 'age'],
  ['Girl, [9], hurt in crash', 'age'],
  ['the victim was a [15]-year-old boy', 'age'],
  ['a [2] month old baby', 'age'],
  ['Deputies said the boy was [16] and was in stable condition.', 'age'],
  ['The victim is [23], her family said.', 'age'],
  ['The toll was [5] by nightfall.', 'count'],
  ['their [6]- and 10-year-old sons', 'age'],
  ['Two men, ages [31] and 22, were wounded.', 'age'],
  ['Two men, ages 31 and [22], were wounded.', 'age'],
  ['a woman aged [70] was hurt', 'age'],
  ['Those hurt ranged in age from [23] to 81.', 'age'],
  ['Those hurt ranged in age from 23 to [81].', 'age'],
  ['The dead range in age from 33-[58], officials say.', 'age'],
  ['Two men, [26] and 21, who were hurt', 'age'],
  ['Two men, 26 and [21], who were hurt', 'age'],
  ['He was shot [seven] times.', 'frequency'],
  ['Photo 1 of [28] shows the street.', 'label'],
  ['It happened in the [4200] block of Elm Street.', 'address'],
  ['Police were called to [812] Harbor View Dr. at noon.', 'address'],
  ['a home on [77] Maple Ave', 'address'],
  ['The crash closed Route [9] for hours.', 'label'],
  ['Channel [4] reported the fire.', 'label'],
  ['More at http://news.example.com/2016/10/[03]/two-shot-in-park', 'label'],
  ['See www.example.org/story/[12] for more.', 'label'],
  ['(KXYZ [18]) - A man was shot on Friday.', 'label'],
  ['Riverbend Channel News [9] - Elmford', 'label'],
  ['KQRV [12] News reported the shooting.', 'label'],
  ['[4] News understands that a man was wounded.', 'label'],
  ['A neighbor called [911] after hearing shots.', 'label'],
  ['Deputies said a [911] caller reported a man had been shot.', 'label'],
  ['According to [911] dispatchers, two victims were hurt.', 'label'],
  ['Police got a call to [911] on Friday saying a teen had been shot.', 'label'],
  ['The toll rose to [112] by nightfall.', 'count'],
  ['Officers found Ann Cole and Ben Ray, both [31] and of Elmton, with gunshot wounds.', 'age'],
  ['Both [31] passengers were hurt.', 'count'],
  ['- [03]/20/17 The rider killed on Sunday was identified.', 'label'],
  ['UPDATE [8]/16: The boy who was shot has died.', 'label'],
  ['UPDATE 8/[16]: The boy who was shot has died.', 'label'],
  ['EARLIER (1/[4]) Police said a girl was hurt.', 'label'],
  ['Deputies searched a [1]/2 mile of woods.', 'label'],
  ['The clinic is open [24]/7 for the wounded.', 'label'],
  ['Elmton roofer gets [35] to life for murder', 'label'],
  ['He was sentenced to [25] years to life for the killing.', 'label'],
  ['The shooting was in the [48105] ZIP code, near the mall.', 'label'],
  ['He was found on Hwy [150] near the bridge.', 'label'],
  ['Call the sheriff at ([555]) 010-0199 with tips.', 'label'],
  ['Call the sheriff at (555) [010-0199] with tips.', 'label'],
  ['Tips go to [555]-010-0199 or the website.', 'label'],
  ['Sgt Bex Hallam, [41] is recovering at home.', 'age'],
  ['Ned Parr, whose age was listed as [23] by deputies, died.', 'age'],
  ['He joined the team at the age of [12].', 'age'],
  ['Ned Parr, who a cousin said was [34], died.', 'age'],
  ['The gunman, who was [19], fled.', 'age'],
  ['Retired ferry captain Oona Brisk died at [88] in her sleep.', 'age'],
  ['TWO MEN SHOT, [3] HURT', 'count'],
  ['Police: [2] shot near the park', 'count'],
  ['[Three] people were shot in Elm Park.', 'count'],
  ['In Elm Park, [3] people were shot.', 'count'],
  ['Police said [12] were wounded, 3 critically.', 'count'],
  ['He fired [12] rounds into the crowd.', 'count'],
  ['Police said, [26] were shot in the leg.', 'count'],
  ['Deputies said, [9] was the final toll.', 'count'],
];

describe('classifyNumberRole', () => {
  it.each(cases)('%s → %s', (marked, role) => {
    const start = marked.indexOf('[');
    const end = marked.indexOf(']') - 1;
    const sentence = marked.replace('[', '').replace(']', '');
    expect(classifyNumberRole(sentence, start, end)).toBe(role);
  });
  it('a reference mark "[8]" is a label', () => {
    const sentence = 'Two people were hurt.[8] Police came.';
    const start = sentence.indexOf('8');
    expect(classifyNumberRole(sentence, start, start + 1)).toBe('label');
  });
});
