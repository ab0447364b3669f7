import { CounterpartShares, MIN_SUPPORT } from '../../src/expand/charging';
import { readExamples } from '../../src/expand/examples';

const edge = (fromId: string, toId: string) => ({ fromId, toId, relation: 'split', provisions: null });

/** `n` complaints citing the merged section with its punishing counterpart, one of them with the aggravated form too. */
const complaints = (n: number) => Array.from({ length: n }, (_, i) => ({ sections: i === 0 ? ['BNS:351', 'IPC:506', 'IPC:507'] : ['BNS:351', 'IPC:506'] }));

describe('CounterpartShares', () => {
  const threats = [edge('BNS:351', 'IPC:503'), edge('BNS:351', 'IPC:506'), edge('BNS:351', 'IPC:507')];

  it('places beside a hit only the counterparts cited with it', () => {
    const shares = CounterpartShares.fromExamples(complaints(40));
    expect(shares.share('BNS:351', 'IPC:506')).toBe(1);
    expect(shares.share('BNS:351', 'IPC:503')).toBe(0);
    expect(shares.charged('BNS:351', threats).map((e) => e.toId)).toEqual(['IPC:506']);
  });

  it("keeps a counterpart cited in a tenth of its section's examples or more", () => {
    const shares = CounterpartShares.fromExamples(complaints(MIN_SUPPORT));
    expect(shares.charged('BNS:351', threats).map((e) => e.toId)).toEqual(['IPC:506', 'IPC:507']);
  });

  it('keeps every counterpart when too few examples cite the section to tell', () => {
    const shares = CounterpartShares.fromExamples(complaints(MIN_SUPPORT - 1));
    expect(shares.share('BNS:351', 'IPC:506')).toBeNull();
    expect(shares.charged('BNS:351', threats)).toEqual(threats);
    expect(CounterpartShares.fromExamples([]).charged('BNS:351', threats)).toEqual(threats);
  });

  it('keeps every counterpart rather than none', () => {
    const shares = CounterpartShares.fromExamples(Array.from({ length: 20 }, () => ({ sections: ['BNS:303'] })));
    const theft = [edge('BNS:303', 'IPC:378'), edge('BNS:303', 'IPC:379')];
    expect(shares.charged('BNS:303', theft)).toEqual(theft);
  });

  it('counts only pairs across the two codes, once per example', () => {
    const shares = CounterpartShares.fromExamples(Array.from({ length: 10 }, () => ({ sections: ['IPC:379', 'IPC:379', 'IPC:411', 'BNS:303'] })));
    expect(shares.share('IPC:379', 'BNS:303')).toBe(1);
    expect(shares.share('IPC:379', 'IPC:411')).toBe(0);
  });

  it('in the shipped examples, theft, hurt and intimidation are charged under the punishing IPC section, not the definition', () => {
    const shares = CounterpartShares.fromExamples(readExamples());
    const kept = (from: string, to: string[]) => shares.charged(from, to.map((t) => edge(from, t))).map((e) => e.toId);
    expect(kept('BNS:303', ['IPC:378', 'IPC:379'])).toEqual(['IPC:379']);
    expect(kept('BNS:115', ['IPC:321', 'IPC:323'])).toEqual(['IPC:323']);
    expect(kept('BNS:351', ['IPC:503', 'IPC:506', 'IPC:507'])).toContain('IPC:506');
    expect(kept('BNS:351', ['IPC:503', 'IPC:506', 'IPC:507'])).not.toContain('IPC:503');
  });
});
