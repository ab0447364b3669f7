import type { QueryType } from '../analyse/query-type';

/**
 * Below these, a result list says "not enough relevant material" instead of padding with noise.
 * Dense: cosine of the best e5 hit (unrelated text scores ~0.70-0.76 with multilingual-e5-small).
 * A query with an explicit reference or a glossary match always has material. When the cross-encoder runs, its
 * best logit decides instead (RERANK_MIN_LOGIT, src/search/refusal.ts).
 */
export const MIN_DENSE: Record<QueryType, number> = { SIMPLE: 0.8, COMPLEX: 0.79, COMPARATIVE: 0.79, PROCEDURAL: 0.79, FACT_PATTERN: 0.78 };
export const MIN_KEYWORD = 2.0;
