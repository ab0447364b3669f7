import type { QueryAnalysis } from '../analyse/analyse';
import type { Expansion } from '../expand/expand';
import { logger } from '../logger';
import type { RetrieveOutput } from '../retrieve/retrieve.stage';
import type { DomainWords } from './domain-words';
import type { SearchContext } from './pipeline';
import { judgesDomain } from './refusal';
import type { SearchResponse } from './search.types';
import { MIN_DENSE, MIN_KEYWORD } from './thresholds';

/** What the refusal reads, but the cross-encoder's logit. */
export type Evidence = Omit<SearchResponse['evidence'], 'bestLogit'>;

/**
 * The refusal's evidence from what the search found before the rerank: whether any list found material, the domain
 * classifier's P(off-domain), the lexicon's offences, words of criminal justice, the best dense and keyword scores,
 * and the examples' margin. Gathered before the rerank so that the search can tell whether the model's logit matters.
 */
export async function gatherEvidence(
  input: { analysis: QueryAnalysis; expansion: Expansion; retrieve: RetrieveOutput; exampleMargin: number | null },
  ctx: SearchContext, domainWords: DomainWords,
): Promise<Evidence> {
  const { analysis, expansion } = input;
  const { retrieved, lists } = input.retrieve;
  const bestKeyword = lists.find((l) => l.name === 'keyword')?.hits[0]?.score ?? null;
  return {
    named: analysis.references.some((r) => !r.inferred),
    material: expansion.sections.length > 0 || (retrieved.bestDense ?? 0) >= MIN_DENSE[analysis.type] || (bestKeyword ?? 0) >= MIN_KEYWORD,
    offDomain: judgesDomain(analysis) ? await offDomain(analysis.normalised, ctx) : null,
    lexicon: expansion.sections.filter((x) => x.reason === 'GLOSSARY' || x.reason === 'ELEMENTS').length,
    domainWords: domainWords.mentioned(analysis.normalised),
    bestDense: retrieved.bestDense ?? null, bestKeyword, exampleMargin: input.exampleMargin,
  };
}

/**
 * P(off-domain) of the query, from its vector: the dense stage embedded the same text, so this is a cache hit. Null
 * for a query that names a code the service covers (asked about them, it is in the domain) and for one shorter than
 * the classifier was fitted on (both decided by the caller). A model that fails here leaves the refusal to the other
 * signals, as when no classifier is configured.
 */
async function offDomain(text: string, ctx: SearchContext): Promise<number | null> {
  const { domain, embedder } = ctx.deps;
  const { offDomainP, inDomainP } = ctx.deps.rerankSettings;
  if (!domain || (offDomainP === null && inDomainP === null)) return null;
  try {
    return domain.offDomain(await embedder.embedOne(text, 'query'));
  } catch (err) {
    logger.warn({ err: (err as Error).message }, 'domain classifier: no query vector; refusal goes without it');
    return null;
  }
}
