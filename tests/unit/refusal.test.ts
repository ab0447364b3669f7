import { replayRefusal } from '../../src/eval/refusal-eval';
import { refused } from '../../src/search/refusal';
import type { SearchResponse } from '../../src/search/search.types';

type Evidence = SearchResponse['evidence'];
const evidence = (e: Partial<Evidence>): Evidence => ({
  named: false, material: true, bestLogit: null, lexicon: 0, domainWords: false, bestDense: 0.8, bestKeyword: 1, ...e,
});
const t = { minLogit: 0, floorLogit: -6 };

describe('the refusal rule', () => {
  it('never refuses a named section, and always refuses a query with no material', () => {
    expect(refused(evidence({ named: true, bestLogit: -20, material: false }), t)).toBe(false);
    expect(refused(evidence({ material: false, bestLogit: 5 }), t)).toBe(true);
    expect(refused(evidence({ material: false, domainWords: true }), t)).toBe(true);
  });

  it('refuses a plain question below the model boundary, one with criminal-justice words only below the floor', () => {
    expect(refused(evidence({ bestLogit: -1 }), t)).toBe(true);
    expect(refused(evidence({ bestLogit: 0.5 }), t)).toBe(false);
    expect(refused(evidence({ bestLogit: -3, domainWords: true }), t)).toBe(false);
    expect(refused(evidence({ bestLogit: -3, lexicon: 2 }), t)).toBe(false);
    expect(refused(evidence({ bestLogit: -7, domainWords: true }), t)).toBe(true);
    expect(refused(evidence({ bestLogit: -7, domainWords: true }), { ...t, floorLogit: null })).toBe(false);
  });

  it('leaves everything to the old rule when no model scored', () => {
    expect(refused(evidence({ bestLogit: null }), t)).toBe(false);
    expect(refused(evidence({ bestLogit: null, material: false }), t)).toBe(true);
  });
});

describe('the refusal replay', () => {
  it('reports the configured rates and a sweep of floors at the configured boundary', () => {
    const perQuery = [
      { id: 'o-1', lang: 'en', inDomain: false, ...evidence({ bestLogit: -8, domainWords: true }) },
      { id: 'o-2', lang: 'en', inDomain: false, ...evidence({ bestLogit: -2 }) },
      { id: 'i-1', lang: 'hi', inDomain: true, ...evidence({ bestLogit: -5, lexicon: 1 }) },
      { id: 'i-2', lang: 'hi', inDomain: true, ...evidence({ bestLogit: -7, domainWords: true }) },
    ];
    const report = replayRefusal([{ perQuery }], t);
    expect(report.configured).toMatchObject({ threshold: 0, floor: -6, offDomainRefused: 1, inDomainRefused: 0.5 });
    expect(report.floorSweep.find((r) => r.floor === null)).toMatchObject({ offDomainRefused: 0.5, inDomainRefused: 0 });
    expect(report.floorSweep.find((r) => r.floor === -4)).toMatchObject({ offDomainRefused: 1, inDomainRefused: 1 });
    expect(report.sweep.find((r) => r.threshold === -3)).toMatchObject({ offDomainRefused: 0.5 });
  });
});
