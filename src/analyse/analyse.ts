import type { Language } from '../domain/document.types';
import { extractCitations, type Citation } from '../citations/extract';
import { normaliseText, words } from '../text/normalise';
import { detectLanguage } from '../text/script';
import { classifyQuery, type QueryType } from './query-type';

export interface QueryAnalysis {
  original: string;
  normalised: string;
  language: Language;
  codeMixed: boolean;
  references: Citation[];
  type: QueryType;
  confidence: number;
  k: number;
  words: number;
}

/** A query as the pipeline reads and embeds it: what the domain classifier must be fitted on too. */
export const normaliseQuery = (query: string) => normaliseText(query).replace(/\s+/g, ' ');

/**
 * Stage 1: normalise (NFC, Indic digits → ASCII, punctuation spacing), detect the language from the
 * script, pull out statute references with the ingestion extractor, and classify the query.
 */
export function analyseQuery(query: string, opts: { narrowed: boolean; date?: string }): QueryAnalysis {
  const normalised = normaliseQuery(query);
  const { language, mixed } = detectLanguage(normalised);
  const references = extractCitations(normalised, { date: opts.date });
  const n = words(normalised).length;
  const c = classifyQuery(normalised, n, references.length, opts.narrowed);
  return { original: query, normalised, language, codeMixed: mixed, references, type: c.type, confidence: c.confidence, k: c.k, words: n };
}
