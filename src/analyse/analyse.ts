import type { Language } from '../domain/document.types';
import { extractCitations, type Citation } from '../citations/extract';
import { normaliseText, words } from '../text/normalise';
import { readRomanised } from '../text/romanised';
import { detectLanguage } from '../text/script';
import { classifyQuery, type QueryType } from './query-type';

export interface QueryAnalysis {
  original: string;
  normalised: string;
  language: Language;
  codeMixed: boolean;
  /** The query was Hindi or Gujarati in Latin letters; `normalised` is its reading in their script (text/romanised.ts). */
  romanised: boolean;
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
  const typed = normaliseQuery(query);
  // References are read off the text as typed ("IPC ki dhara 302"); the rest of the search reads romanised Hindi in
  // Devanagari and romanised Gujarati in Gujarati script, as it reads Hindi and Gujarati.
  const references = extractCitations(typed, { date: opts.date });
  const asTyped = detectLanguage(typed);
  const reading = asTyped.language === 'en' ? readRomanised(typed) : null;
  const romanised = reading !== null;
  const normalised = reading?.text ?? typed;
  const { language, mixed } = romanised ? detectLanguage(normalised) : asTyped;
  const n = words(normalised).length;
  const c = classifyQuery(normalised, n, references.length, opts.narrowed);
  return { original: query, normalised, language, codeMixed: mixed, romanised, references, type: c.type, confidence: c.confidence, k: c.k, words: n };
}
