import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ExampleIndex, NEIGHBOURS, OFF_DOMAIN, readExamples } from '../../src/expand/examples';
import { evaluationQueryFiles, jaccard, leakGuard, queryTexts, shingles } from '../../src/eval/leakage';
import { loadStatutes } from '../../src/seeds/statutes';

/** Unit vectors in 3 dimensions: the index only takes dot products, so these stand for any model's vectors. */
const unit = (...x: number[]) => {
  const n = Math.hypot(...x);
  return Float32Array.from(x.map((v) => v / n));
};

const dotOf = (a: Float32Array, b: Float32Array) => a.reduce((s, v, i) => s + v * b[i], 0);

describe('ExampleIndex.match', () => {
  const examples = [
    { text: 'a', lang: 'en', kind: 'facts', sections: ['IPC:379', 'BNS:303'] },
    { text: 'b', lang: 'en', kind: 'facts', sections: ['IPC:379', 'BNS:303', 'IPC:457'] },
    { text: 'c', lang: 'en', kind: 'procedure', sections: ['BNSS:35'] },
  ];
  const vectors = [unit(1, 0, 0), unit(1, 0.2, 0), unit(0, 0, 1)];
  const built = ExampleIndex.of(examples, vectors);

  it('ranks the sections the nearest examples share first, and normalises the votes', () => {
    const m = built.match(unit(1, 0.1, 0), 10);
    expect(m.map((x) => x.id).slice(0, 2).sort()).toEqual(['BNS:303', 'IPC:379']);
    expect(m[0].score).toBeGreaterThan(m.find((x) => x.id === 'IPC:457')!.score);
    // The far example's section is a whisker: exp(30 × −0.99) of the nearest one's weight.
    expect(m.find((x) => x.id === 'BNSS:35')!.score).toBeLessThan(1e-6);
    expect(Math.max(...m.map((x) => x.score))).toBeLessThanOrEqual(1);
  });

  it('measures how much nearer a query is to the in-domain examples than to the off-domain lines, which vote nothing', () => {
    const withOff = ExampleIndex.of([...examples, { text: 'd', lang: 'en', kind: OFF_DOMAIN, sections: [] }], [...vectors, unit(0, 1, 0)]);
    expect(withOff.size).toBe(3);
    expect(withOff.margin(unit(1, 0, 0))).toBeCloseTo(1, 5);
    expect(withOff.margin(unit(0.1, 1, 0))).toBeLessThan(0);
    // The off-domain line is no neighbour: the votes are those of the index without it.
    expect(withOff.match(unit(0.1, 1, 0), 10)).toEqual(built.match(unit(0.1, 1, 0), 10));
    // No off-domain lines (or no examples): nothing to compare with.
    expect(built.margin(unit(1, 0, 0))).toBeNull();
  });

  it('reads off-domain lines only without sections', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nyaya-examples-'));
    const file = path.join(dir, 'x.jsonl');
    fs.writeFileSync(file, '{"text":"tax on gifts","lang":"en","kind":"offdomain","sections":[]}\n');
    expect(readExamples(file)).toEqual([{ text: 'tax on gifts', lang: 'en', kind: OFF_DOMAIN, sections: [] }]);
    fs.writeFileSync(file, '{"text":"tax on gifts","lang":"en","kind":"offdomain","sections":["IPC:379"]}\n');
    expect(() => readExamples(file)).toThrow(/x.jsonl:1/);
    fs.writeFileSync(file, '{"text":"theft","lang":"en","kind":"facts","sections":[]}\n');
    expect(() => readExamples(file)).toThrow(/non-empty "sections"/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gives the cosine of the nearest example citing a section, however far down the neighbours it lies', () => {
    expect(built.nearestCiting(unit(1, 0.1, 0), 'BNSS:35')).toBeCloseTo(dotOf(unit(0, 0, 1), unit(1, 0.1, 0)), 6);
    expect(built.nearestCiting(unit(1, 0.1, 0), 'IPC:379')).toBeCloseTo(Math.max(dotOf(vectors[0], unit(1, 0.1, 0)), dotOf(vectors[1], unit(1, 0.1, 0))), 6);
    expect(built.nearestCiting(unit(1, 0, 0), 'IPC:302')).toBeNull();
  });

  it('drops sections the catalogue does not know and cuts the list at n', () => {
    const m = built.match(unit(1, 0.1, 0), 2, (id) => id !== 'BNS:303');
    expect(m.map((x) => x.id)).toEqual(['IPC:379', 'IPC:457']);
    expect(ExampleIndex.empty().match(unit(1, 0, 0), 5)).toEqual([]);
    expect(NEIGHBOURS).toBeGreaterThan(1);
  });
});

describe('the shipped examples (seeds/examples/examples.jsonl)', () => {
  const examples = readExamples();

  it('cite only sections the catalogue knows, each example at least one', () => {
    const catalogue = loadStatutes();
    expect(examples.length).toBeGreaterThan(2000);
    expect(examples.flatMap((e) => e.sections).filter((id) => !catalogue.has(id))).toEqual([]);
  });

  it('copy no evaluation query, nor a design line held out from training (rebuild with `npm run build:examples` when a query set is added)', () => {
    const leaks = leakGuard(queryTexts(evaluationQueryFiles()));
    expect(examples.filter((e) => leaks(e.text)).map((e) => e.text.slice(0, 80))).toEqual([]);
  });
});

describe('leakage guard', () => {
  it('counts a lightly edited copy as a copy, and a different story as not', () => {
    const q = 'On Sunday night two men broke the lock of my shop in the market and took the cash box and a laptop';
    expect(jaccard(shingles(q), shingles(q.replace('Sunday', 'Monday')))).toBeGreaterThan(0.4);
    const guard = leakGuard([q]);
    expect(guard(q.replace('laptop', 'mobile phone'))).toBe(true);
    expect(guard('My husband and his mother beat me for dowry and threw me out of the house')).toBe(false);
    expect(guard('')).toBe(false);
  });
});
