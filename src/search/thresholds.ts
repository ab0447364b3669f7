import type { QueryType } from '../analyse/query-type';

/**
 * Below these, a result list says "not enough relevant material" instead of padding with noise.
 * Dense: cosine of the best e5 hit (unrelated text scores ~0.70-0.76 with multilingual-e5-small).
 * Rerank: the cross-encoder's raw logit (ms-marco MiniLM puts irrelevant pairs well below 0).
 * A query with an explicit reference or a glossary match always has material.
 */
export const MIN_DENSE: Record<QueryType, number> = { SIMPLE: 0.8, COMPLEX: 0.79, COMPARATIVE: 0.79, PROCEDURAL: 0.79, FACT_PATTERN: 0.78 };
export const MIN_KEYWORD = 2.0;
export const MIN_RERANK: Record<QueryType, number> = { SIMPLE: -4, COMPLEX: -5, COMPARATIVE: -5, PROCEDURAL: -5, FACT_PATTERN: -6 };
