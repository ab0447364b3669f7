import { replayRefusal } from '../../src/eval/refusal-eval';
import { refusalWithoutLogit, refused } from '../../src/search/refusal';
import type { SearchResponse } from '../../src/search/search.types';

type Evidence = SearchResponse['evidence'];
const evidence = (e: Partial<Evidence>): Evidence => ({
  named: false, material: true, bestLogit: null, lexicon: 0, domainWords: false, bestDense: 0.8, bestKeyword: 1, offDomain: null, exampleMargin: null, ...e,
});
const t = { minLogit: 0, floorLogit: -6, offDomainP: null, inDomainP: null, refuseMargin: null, keepMargin: null };

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

  it('refuses an unnamed question the domain classifier places outside criminal justice, whatever the lexicon and the model say', () => {
    const withP = { ...t, offDomainP: 0.8 };
    expect(refused(evidence({ bestLogit: 3, lexicon: 2, domainWords: true, offDomain: 0.85 }), withP)).toBe(true);
    expect(refused(evidence({ bestLogit: null, offDomain: 0.8 }), withP)).toBe(true);
    expect(refused(evidence({ bestLogit: 3, offDomain: 0.79 }), withP)).toBe(false);
    expect(refused(evidence({ named: true, offDomain: 0.99 }), withP)).toBe(false);
    // No classifier configured, or none for this embedding model: the other signals alone.
    expect(refused(evidence({ bestLogit: 3, offDomain: 0.99 }), t)).toBe(false);
    expect(refused(evidence({ bestLogit: 3, offDomain: null }), withP)).toBe(false);
  });

  it('does not refuse for the model\'s low scores a question the classifier places firmly inside the domain', () => {
    const withP = { ...t, offDomainP: 0.7, inDomainP: 0.02 };
    expect(refused(evidence({ bestLogit: -9, domainWords: true, offDomain: 0.01 }), withP)).toBe(false);
    expect(refused(evidence({ bestLogit: -1, offDomain: 0.019 }), withP)).toBe(false);
    expect(refused(evidence({ bestLogit: -1, offDomain: 0.02 }), withP)).toBe(true);
    expect(refused(evidence({ bestLogit: -9, domainWords: true, offDomain: null }), withP)).toBe(true);
    // No material at all is still refused.
    expect(refused(evidence({ material: false, offDomain: 0.001 }), withP)).toBe(true);
  });

  it('refuses a question nearer the off-domain lines than any labelled example, and keeps one clearly nearer the examples', () => {
    const withM = { ...t, offDomainP: 0.8, refuseMargin: -0.015, keepMargin: 0.01 };
    expect(refused(evidence({ bestLogit: 3, lexicon: 2, exampleMargin: -0.02 }), withM)).toBe(true);
    expect(refused(evidence({ bestLogit: null, exampleMargin: -0.02 }), withM)).toBe(true);
    expect(refused(evidence({ bestLogit: 3, exampleMargin: -0.015 }), withM)).toBe(false);
    expect(refused(evidence({ named: true, exampleMargin: -0.5 }), withM)).toBe(false);
    // Kept against the model's low score, but not against the classifier nor with no material.
    expect(refused(evidence({ bestLogit: -2, exampleMargin: 0.01 }), withM)).toBe(false);
    expect(refused(evidence({ bestLogit: -2, exampleMargin: 0.009 }), withM)).toBe(true);
    expect(refused(evidence({ bestLogit: -2, exampleMargin: 0.05, offDomain: 0.9 }), withM)).toBe(true);
    expect(refused(evidence({ material: false, exampleMargin: 0.05 }), withM)).toBe(true);
    // Not measured (no examples, or a query too short): the other signals alone.
    expect(refused(evidence({ bestLogit: -2, exampleMargin: null }), withM)).toBe(true);
    expect(refused(evidence({ bestLogit: -2, exampleMargin: 0.05 }), t)).toBe(true);
  });

  it('tells when the model\'s logit cannot change the decision, and then decides as the full rule does at any logit', () => {
    const all = { ...t, offDomainP: 0.8, inDomainP: 0.02, refuseMargin: -0.01, keepMargin: 0.01 };
    const decided: [Partial<Evidence>, boolean][] = [
      [{ named: true }, false], [{ material: false }, true], [{ offDomain: 0.9 }, true], [{ exampleMargin: -0.05 }, true],
      [{ offDomain: 0.01 }, false], [{ exampleMargin: 0.03 }, false],
    ];
    for (const [e, refusal] of decided) {
      expect(refusalWithoutLogit(evidence(e), all)).toBe(refusal);
      for (const bestLogit of [-20, -7, -1, 0.5, 6, null]) expect(refused(evidence({ ...e, bestLogit }), all)).toBe(refusal);
    }
    // Between the signals the logit decides: without it the rule cannot say.
    expect(refusalWithoutLogit(evidence({ offDomain: 0.3, exampleMargin: 0 }), all)).toBeNull();
    expect(refused(evidence({ offDomain: 0.3, exampleMargin: 0, bestLogit: -1 }), all)).toBe(true);
    expect(refused(evidence({ offDomain: 0.3, exampleMargin: 0, bestLogit: 1 }), all)).toBe(false);
    // With no logit threshold configured, nothing is left for the model to decide.
    expect(refusalWithoutLogit(evidence({ offDomain: 0.3 }), { ...all, minLogit: null, floorLogit: null })).toBe(false);
    // A question with criminal-justice words is refused only below the floor: without a floor the logit cannot decide.
    expect(refusalWithoutLogit(evidence({ domainWords: true }), { ...all, floorLogit: null })).toBe(false);
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

  it('sweeps the domain classifier threshold, and replays runs recorded before it existed as without it', () => {
    const perQuery = [
      { id: 'o-1', lang: 'en', inDomain: false, ...evidence({ bestLogit: 2, lexicon: 1, offDomain: 0.9 }) },
      { id: 'o-2', lang: 'gu', inDomain: false, ...evidence({ bestLogit: 2, offDomain: 0.6 }) },
      { id: 'i-1', lang: 'hi', inDomain: true, ...evidence({ bestLogit: 2, offDomain: 0.55 }) },
    ];
    const report = replayRefusal([{ perQuery }], { ...t, offDomainP: 0.8 });
    expect(report.configured).toMatchObject({ offDomainP: 0.8, offDomainRefused: 0.5, inDomainRefused: 0 });
    expect(report.offDomainSweep.find((r) => r.offDomainP === 0.5)).toMatchObject({ offDomainRefused: 1, inDomainRefused: 1 });
    expect(report.offDomainSweep.find((r) => r.offDomainP === null)).toMatchObject({ offDomainRefused: 0, inDomainRefused: 0 });
    expect(report.inDomainSweep.map((r) => r.inDomainP)).toContain(null);
    const { offDomain: _, ...old } = evidence({ bestLogit: 2 });
    const replayed = replayRefusal([{ perQuery: [{ id: 'q', lang: 'en', evidence: old as ReturnType<typeof evidence> }] }], { ...t, offDomainP: 0.5 });
    expect(replayed.perQuery[0].offDomain).toBeNull();
  });

  it('sweeps the example margins, and counts a question two runs recorded once', () => {
    const perQuery = [
      { id: 'o-1', lang: 'en', inDomain: false, ...evidence({ bestLogit: 2, exampleMargin: -0.02 }) },
      { id: 'o-2', lang: 'hi', inDomain: false, ...evidence({ bestLogit: 2, exampleMargin: -0.005 }) },
      { id: 'i-1', lang: 'gu', inDomain: true, ...evidence({ bestLogit: -1, exampleMargin: 0.02 }) },
    ];
    const retrieval = { perQuery: [{ id: 'i-1', lang: 'gu', evidence: evidence({ bestLogit: -1, exampleMargin: -0.05 }) }] };
    const report = replayRefusal([{ perQuery }, retrieval], { ...t, refuseMargin: -0.01, keepMargin: 0.01 });
    expect(report.perQuery).toHaveLength(3);
    expect(report.configured).toMatchObject({ refuseMargin: -0.01, keepMargin: 0.01, offDomainRefused: 0.5, inDomainRefused: 0 });
    expect(report.refuseMarginSweep.find((r) => r.refuseMargin === 0)).toMatchObject({ offDomainRefused: 1 });
    // Without the keep rule the model's low logit refuses the in-domain question.
    expect(report.keepMarginSweep.find((r) => r.keepMargin === null)).toMatchObject({ inDomainRefused: 1 });
  });
});
