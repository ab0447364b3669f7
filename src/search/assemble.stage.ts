import type { QueryAnalysis } from '../analyse/analyse';
import type { Ordered } from '../expand/equivalents.stage';
import type { Expansion } from '../expand/expand';
import type { RetrieveOutput } from '../retrieve/retrieve.stage';
import { logger } from '../logger';
import type { StoredDocument } from '../stores/store.types';
import type { DomainWords } from './domain-words';
import { highlights } from './highlight';
import type { SearchContext, StageResult } from './pipeline';
import { judgesDomain, refused } from './refusal';
import type { SearchHit, SearchResponse } from './search.types';
import { MIN_DENSE, MIN_KEYWORD } from './thresholds';

type Assembled = Pick<SearchResponse, 'hits' | 'k' | 'belowThreshold' | 'message' | 'evidence'>;

/**
 * Stage 7: the evidence the refusal is decided on, then the top k hits with their documents, scores and highlights,
 * or none when the query found nothing relevant enough ("nothing is shown rather than unrelated text").
 */
export async function assembleStage(
  input: { analysis: QueryAnalysis; expansion: Expansion; retrieve: RetrieveOutput; ordered: Ordered[]; docs: Map<string, StoredDocument>; bestLogit: number | null;
    exampleMargin: number | null },
  ctx: SearchContext, domainWords: DomainWords,
): Promise<StageResult<Assembled>> {
  const { analysis, expansion, ordered, docs } = input;
  const { retrieved, lists } = input.retrieve;
  const k = ctx.req.topK ?? analysis.k;
  const bestKeyword = lists.find((l) => l.name === 'keyword')?.hits[0]?.score ?? null;
  const hasMaterial = expansion.sections.length > 0 || (retrieved.bestDense ?? 0) >= MIN_DENSE[analysis.type] || (bestKeyword ?? 0) >= MIN_KEYWORD;
  const named = analysis.references.some((r) => !r.inferred);
  const evidence: SearchResponse['evidence'] = {
    named, material: hasMaterial, bestLogit: input.bestLogit,
    offDomain: judgesDomain(analysis) ? await offDomain(analysis.normalised, ctx) : null,
    lexicon: expansion.sections.filter((x) => x.reason === 'GLOSSARY' || x.reason === 'ELEMENTS').length,
    domainWords: domainWords.mentioned(analysis.normalised),
    bestDense: retrieved.bestDense ?? null, bestKeyword, exampleMargin: input.exampleMargin,
  };
  const belowThreshold = refused(evidence, ctx.deps.rerankSettings);
  const top = belowThreshold ? [] : ordered.slice(0, k);
  const extraDocs = await ctx.deps.stores.documents.getDocuments(top.map((c) => c.chunk.documentId).filter((id) => !docs.has(id)));
  for (const d of extraDocs) docs.set(d.id, d);
  const terms = [...expansion.keywordTerms, ...expansion.terms.map((x) => x.term)];
  const hits: SearchHit[] = top.map((c) => ({
    chunk: c.chunk, document: docs.get(c.chunk.documentId)!, highlights: highlights(c.chunk.text, terms), addedBy: c.addedBy, siblings: c.siblings,
    scores: {
      dense: c.scores.dense ?? null, keyword: c.scores.keyword ?? null, reference: c.scores.reference ?? null,
      elements: c.scores.elements ?? null, glossary: c.scores.glossary ?? null, names: c.scores.names ?? null, examples: c.scores.examples ?? null, classifier: c.scores.classifier ?? null, fused: c.fused, rerank: c.rerank,
    },
  }));
  return {
    output: {
      hits, k, belowThreshold, evidence,
      message: belowThreshold ? 'Not enough relevant material was found for this query; nothing is shown rather than unrelated text.' : null,
    },
    report: { status: 'RAN', detail: null },
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
