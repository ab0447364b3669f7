import { analyseQuery } from '../../src/analyse/analyse';
import { ABLATIONS } from '../../src/eval/ablations';
import { priorIntent, provisionPrior } from '../../src/fuse/fuse';

/**
 * An ablation row removes what its name says and nothing else. The prior is checked through the functions
 * the search pipeline calls (priorIntent → provisionPrior), on a narrative the full pipeline reads as an offence.
 */
const narrative = analyseQuery('The accused slapped the complainant and snatched his phone near the market', { narrowed: false });
const prior = (variant: string) => provisionPrior(priorIntent(narrative, !!ABLATIONS[variant].disable?.prior), 'IPC', true);

describe('ablation variants', () => {
  it('the full pipeline applies the provision prior to a penal section for this narrative', () => {
    expect(narrative.type).toBe('FACT_PATTERN');
    expect(priorIntent(narrative, !!ABLATIONS.full.disable?.prior)).toBe('offence');
    expect(prior('full')).toBe(1.2);
  });

  it.each(['keyword alone', 'dense alone', 'no provision prior (penal / procedural)'])('%s applies no provision prior', (variant) => {
    expect(priorIntent(narrative, !!ABLATIONS[variant].disable?.prior)).toBe('none');
    expect(prior(variant)).toBe(1);
  });

  it.each([['keyword alone', 'keyword'], ['dense alone', 'dense']])('%s keeps only the %s retriever, unreranked', (variant, retriever) => {
    const { disable, rerank, ...rest } = ABLATIONS[variant];
    const on = Object.entries(disable ?? {}).filter(([, off]) => !off).map(([stage]) => stage);
    expect(on).toEqual([retriever]);
    expect(Object.keys(disable ?? {}).sort()).toEqual(['dense', 'elements', 'equivalents', 'examples', 'expansion', 'keyword', 'names', 'prior', 'sections']);
    expect(rerank).toBe(false);
    expect(rest).toEqual({});
  });

  it('every other row changes exactly one thing', () => {
    const others = Object.entries(ABLATIONS).filter(([name]) => name !== 'full' && !name.endsWith(' alone'));
    expect(others.length).toBe(11);
    for (const [name, options] of others) {
      const changes = Object.keys(options.disable ?? {}).length + (options.fusion ? 1 : 0) + (options.rerank === false ? 1 : 0);
      expect({ name, changes, keys: Object.keys(options).length }).toEqual({ name, changes: 1, keys: 1 });
    }
    expect(ABLATIONS.full).toEqual({});
  });
});
