import { describe, expect, it } from 'vitest';
import { alignParaphrases, oneToOne } from './align-paraphrase.js';
import { compareTexts } from './compare-texts.js';
import { prepareText } from './prepare.js';

// A fictional wire story, a paraphrase of it, and an independent report of the same facts.
const WIRE = `Floodwaters destroyed three bridges in the river town of Velmora on Feb. 12, local officials said, after two days of heavy rain.

Rescue crews evacuated 240 residents from the lower district overnight, and the regional governor, Anna Petrak, said the town hospital had lost power.

The river rose faster than forecasters had expected, breaching an old levee near the railway station before dawn.

Petrak called on the national government to release emergency funds, saying the damage would cost the town years of its budget.

Engineers warned that a fourth bridge, built in 1911, could collapse if the water kept rising through the weekend.`;

const PARAPHRASE = `Local authorities said that on February 12 floodwaters demolished 3 bridges in the river town of Velmora following two days of heavy rain.

The regional governor, Anna Petrak, stated the town hospital had lost power, and rescue crews evacuated 240 residents from the lower district during the night.

Breaching an old levee close to the railway station before dawn, the river rose quicker than forecasters had anticipated.

Petrak urged the national government to release emergency funds, saying the damage would cost the town years of its budget.

A fourth bridge, built in 1911, could fall if the water continued rising through the weekend, engineers cautioned.`;

// Same event, same names and numbers, own sentences: not reuse.
const INDEPENDENT = `VELMORA — Anna Petrak had not slept. The regional governor spent the night of Feb. 12 in a borrowed jeep, touring streets where brown water reached the windowsills.

"We lost three bridges in one night," she told our reporter at the railway station, where volunteers handed out blankets.

By morning 240 people from the lower district were sleeping in the school gym. Many had left with nothing but their phones.

Petrak wants money from the capital. Our own count found at least a dozen shops on the main square under water.

Older residents compared it to 1911, the year the oldest bridge was built and the last time the river came this high.`;

const INDEPENDENT_2 = `Two days of rain have left Velmora cut in half. The town's three bridges are gone, and with them the only road to the hospital, which now runs on a generator.

Governor Anna Petrak, speaking by phone, said 240 people had been moved out of the lower district. She asked ministers for help with the cost of rebuilding.

At the station, the levee built in the last century gave way shortly before sunrise. Forecasters admitted they had underestimated the storm.

A fourth crossing, dating from 1911, is being watched around the clock by engineers.`;

describe('paraphrase detection', () => {
  it('finds a rewrite with synonyms, reordered clauses, changed tense and spelled-out dates', () => {
    const r = compareTexts(WIRE, PARAPHRASE);
    expect(r.relation).not.toBe('none');
    expect(r.passages.some((p) => p.kind === 'paraphrase')).toBe(true);
    // Every one of the five paragraphs is aligned, whether it kept some exact wording or not.
    expect(r.passages.length).toBeGreaterThanOrEqual(5);
    expect(Math.min(r.shared_a, r.shared_b)).toBeGreaterThan(0.6);
    for (const p of r.passages) expect(p.score).toBeGreaterThan(0);
  });

  it('does not call two independent reports of the same facts reuse', () => {
    expect(compareTexts(WIRE, INDEPENDENT).relation).toBe('none');
    expect(compareTexts(WIRE, INDEPENDENT_2).relation).toBe('none');
    expect(compareTexts(INDEPENDENT, INDEPENDENT_2).relation).toBe('none');
    expect(compareTexts(PARAPHRASE, INDEPENDENT_2).relation).toBe('none');
  });

  it('does not count a shared quotation as copying', () => {
    const a =
      'The minister arrived late. "We will rebuild every bridge and every school before winter comes," she said to the crowd outside.';
    const b =
      'Crowds gathered for hours. Speaking from the steps, the minister promised: "We will rebuild every bridge and every school before winter comes."';
    expect(compareTexts(a, b).relation).toBe('none');
  });

  it('does not count a shared quotation in straight single quotes as copying', () => {
    // Newspapers print quotations in straight single quotes, wire copy in typewriter quotes.
    const quotation =
      'We are grateful to everyone who searched the hills for our son, and we ask now to be left alone to grieve';
    const a =
      'The family of the missing walker spoke after the inquest at Hollin Vale. ``' +
      quotation +
      ",'' they said in a statement read by a solicitor.";
    const b = `Relatives paid tribute outside the court on Friday. '${quotation},' the statement said. The coroner recorded an open verdict.`;
    expect(compareTexts(a, b).relation).toBe('none');
    // The same words outside quotation marks are reuse.
    expect(compareTexts(a, b.replace(/'/g, '')).relation).not.toBe('none');
  });

  it('does not count one sentence resembling several sentences of another report as several', () => {
    // A report that keeps coming back to its topic's words (troops, shelling, fires, the port)
    // resembles one sentence of another report many times over: topic vocabulary, not copying.
    const a =
      'Troops shelled the port city overnight and fires burned near the harbour warehouses. Officials in the capital said talks would resume next week. A ceasefire agreed on Tuesday collapsed within hours.';
    const b =
      'Fires burned near the harbour warehouses after troops shelled the port. The port city was shelled overnight by troops, and fires burned near the harbour. Troops shelled the city again, residents said, and fires burned near the port warehouses.';
    const pa = prepareText(a);
    const pb = prepareText(b);
    const pairs = alignParaphrases(
      pa,
      pb,
      new Uint8Array(pa.tokens.length),
      new Uint8Array(pb.tokens.length),
    );
    expect(pairs.length).toBeGreaterThanOrEqual(2);
    expect(new Set(pairs.map((p) => p.a.first)).size).toBe(1);
    expect(oneToOne(pairs)).toHaveLength(1);
    expect(compareTexts(a, b).relation).toBe('none');
    expect(compareTexts(b, a).relation).toBe('none');
  });

  it('widens a reused passage to the rewritten sentence next to it, and never relates texts by that alone', () => {
    const copied =
      'Rescue crews evacuated residents from the lower district overnight after the old levee broke near the railway station before dawn on Sunday.';
    const own = 'The river port of Velmora, isolated for a week, has had no power.';
    const rewritten =
      'Like the whole valley, the port of Velmora remained isolated as floodwater kept rising on the river.';
    const a = `${copied} ${own}\n\nOfficials gave no timetable.`;
    const b = `${copied} ${rewritten}\n\nA school was turned into a shelter.`;
    const r = compareTexts(a, b);
    const next = r.passages.find((p) => b.slice(p.b[0], p.b[1]).startsWith('Like the whole valley'));
    expect(next?.kind).toBe('paraphrase');
    expect(a.slice(next?.a[0], next?.a[1])).toBe(own.slice(0, -1));
    // The same two sentences without the copied one next to them are not reuse.
    expect(
      compareTexts(`Officials gave no timetable. ${own}`, `A school was turned into a shelter. ${rewritten}`)
        .relation,
    ).toBe('none');
  });

  it('refuses sentences whose numbers disagree', () => {
    const a =
      'Rescue crews evacuated 240 residents from the lower district overnight after the levee broke near the station.';
    const b =
      'Rescue crews evacuated 75 residents from the lower district overnight after the levee broke near the station.';
    const r = compareTexts(a, b);
    expect(r.passages.every((p) => p.kind !== 'paraphrase')).toBe(true);
  });
});

describe('a wire story wrapped at a fixed width', () => {
  // Each sentence of the wire copy runs over two or three lines; the rewrite keeps one line per
  // paragraph. A line of the wire is a piece of a sentence, so the rewrite's sentences must be
  // compared with the wire's whole sentences.
  const wrappedWire = [
    'A ferry owner from Larkmoor was fined 4,000 pounds yesterday after a crowded',
    'crossing left nine passengers stranded on a sandbank overnight, magistrates',
    'at Dunhallow heard.',
    'Prosecutor Edwina Carrow told the court that Tobias Venn had ignored two',
    'written warnings from the harbour master about overloading his boat.',
    'Venn, 52, admitted breaching safety rules and was also ordered to pay costs',
    'of 800 pounds to the harbour authority.',
  ].join('\n');
  const rewrite =
    'Larkmoor ferry boss Tobias Venn was fined 4,000 pounds after his overcrowded boat stranded nine passengers on a sandbank for a night, Dunhallow magistrates were told. He had disregarded two written warnings from the harbour master over overloading, prosecutor Edwina Carrow said. Venn, 52, who admitted breaking the safety rules, must also pay 800 pounds costs to the harbour authority.';
  it('aligns every rewritten sentence with the wrapped sentence it rewrites', () => {
    const r = compareTexts(wrappedWire, rewrite, { minContainment: 0 });
    expect(r.relation).toBe('paraphrase');
    expect(r.passages.filter((p) => p.kind === 'paraphrase')).toHaveLength(3);
    expect(r.shared_a).toBeGreaterThan(0.9);
    expect(r.shared_b).toBeGreaterThan(0.9);
  });
});
