import type { QueryAnalysis } from '../analyse/analyse';
import type { Expansion } from '../expand/expand';
import type { FusionMethod } from '../fuse/fuse';
import type { StageOutcome } from '../retrieve/retrieve';
import type { ChunkRecord, SearchFilter, StoredDocument } from '../stores/store.types';

export interface SearchRequest {
  query: string;
  topK?: number;
  filter?: SearchFilter;
  fusion?: FusionMethod;
  authorityBoost?: boolean;
  expandCoCited?: boolean;
  rerank?: boolean;
  maxPerDocument?: number;
  /** How many candidates each retriever returns and fusion keeps (20 by default; evaluations rank more). */
  candidates?: number;
  /** Turns single stages off, for ablation studies (eval --ablate). */
  disable?: { expansion?: boolean; elements?: boolean; names?: boolean; examples?: boolean; dense?: boolean; keyword?: boolean; sections?: boolean; equivalents?: boolean; prior?: boolean };
}

export interface SearchHit {
  chunk: ChunkRecord;
  document: StoredDocument;
  scores: { dense: number | null; keyword: number | null; reference: number | null; elements: number | null; glossary: number | null; names: number | null; examples: number | null; classifier: number | null; fused: number; rerank: number | null };
  highlights: string[];
  /** Why a hit that no list found is here: e.g. "equivalent of IPC:302". */
  addedBy: string | null;
  /** Other chunks of the same document that matched, below the per-document cap (best first, at most three). */
  siblings: ChunkRecord[];
}

export interface StageReport extends StageOutcome {
  name: string;
}

export interface SearchResponse {
  query: string;
  analysis: QueryAnalysis;
  expansion: Expansion;
  hits: SearchHit[];
  k: number;
  belowThreshold: boolean;
  message: string | null;
  stages: StageReport[];
  missingSources: string[];
  cached: boolean;
  tookMs: number;
  /** Keyword hits in documents the caller's access left out (for the audit log; never shown to the caller). */
  hiddenByAccess: number;
  /** What the refusal was decided on (for calibration: `npm run eval -- --offdomain`). */
  evidence: {
    named: boolean; material: boolean; bestLogit: number | null; lexicon: number; domainWords: boolean; bestDense: number | null; bestKeyword: number | null;
    /** P(off-domain) from the domain classifier; null when it has no weights for the embedding model, or is turned off. */
    offDomain: number | null;
    /** Cosine to the nearest in-domain labelled example minus that to the nearest off-domain line; null when not measured. */
    exampleMargin: number | null;
  };
}
