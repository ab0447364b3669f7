import type { QueryAnalysis } from '../analyse/analyse';
import type { ContextBlock } from './context';
import type { PlanSummary } from './plan/plan.summary';
import type { UseCase } from './prompts';

export interface AnswerCitation {
  n: number;
  documentId: string;
  chunkId: string;
  sectionId: string | null;
  title: string;
}

export interface Answer {
  useCase: UseCase;
  language: string;
  text: string;
  citations: AnswerCitation[];
  generator: 'extractive' | 'llm';
  /** Why the LLM answer was replaced by the extractive one, when it was. */
  fallbackReason: string | null;
  belowThreshold: boolean;
  sources: ContextBlock[];
  /** CHARGESHEET_REVIEW only. */
  completeness: number | null;
  /** SOP_ASSISTANT only: the investigation plan as data. */
  plan: PlanSummary | null;
  /** For the audit log only: matches the caller's access left out. */
  hiddenByAccess: number;
  /** Stores the search behind the answer could not reach. */
  missingSources: string[];
}

export type AskEvent =
  | { kind: 'ANALYSIS'; analysis: QueryAnalysis }
  | { kind: 'SOURCES'; sources: ContextBlock[] }
  | { kind: 'TEXT_DELTA'; text: string }
  | { kind: 'CITATION'; citation: AnswerCitation }
  | { kind: 'DONE'; answer: Answer }
  | { kind: 'ERROR'; code: string; message: string };

