import type { QueryAnalysis } from '../analyse/analyse';
import type { ListName, RankedList } from '../retrieve/retrieve';

export type FusionMethod = 'RRF' | 'WEIGHTED';

export interface Fused {
  chunkId: string;
  documentId: string;
  fused: number;
  scores: Partial<Record<ListName, number>>;
}

export const RRF_K = 60;

/**
 * Explicit references weigh most (a user who types "s. 379" means that section); then the offences a
 * narrative states every ingredient of (several words agree, so more than any one glossary word but less than
 * a section the user typed); then glossary-derived sections; sections whose names are near a short query in
 * meaning count as one more retriever, like dense and keyword; the sections of the labelled examples nearest the
 * query (expand/examples.ts) count three times as much (EXAMPLES_WEIGHT's default, chosen on the design sets: among
 * 0.5, 1, 1.5 and 2 with 3,875 examples, then among 2, 3 and 4 with 5,015: docs/measured.md, *Labelled examples* and
 * *A second batch of labelled examples*); the sections the classifier fitted on those examples rates most probable
 * (expand/section-classifier.ts) 3 times (SECTION_CLASSIFIER_WEIGHT's default, chosen on the design sets: 1.5 with
 * the classifier fitted on passage vectors, *A section classifier beside the examples' votes*; 3 among 1.5, 2, 3 and 4
 * once it was fitted on query vectors too, *Romanised Hindi read in Devanagari, and the section classifier fitted on
 * query vectors*). In WEIGHTED mode dense and keyword are 0.7 / 0.3 of the per-list min-max normalised scores, as
 * the product specifies, and the section lists add on top (the examples' 0.5 and the classifier's 0.25 there were not
 * measured).
 */
export const RRF_WEIGHTS: Record<ListName, number> = { reference: 5, elements: 3, glossary: 1.5, names: 1, examples: 3, classifier: 3, dense: 1, keyword: 1 };
export const LINEAR_WEIGHTS: Record<ListName, number> = { reference: 1, elements: 0.75, glossary: 0.5, names: 0.5, examples: 0.5, classifier: 0.25, dense: 0.7, keyword: 0.3 };

/** `weights` overrides per-list weights for this query (e.g. a glossary list diluted by many concepts). */
export function fuse(lists: RankedList[], method: FusionMethod, weights: Partial<Record<ListName, number>> = {}): Fused[] {
  const out = new Map<string, Fused>();
  for (const list of lists) {
    const max = Math.max(...list.hits.map((h) => h.score));
    const min = Math.min(...list.hits.map((h) => h.score));
    list.hits.forEach((h, rank) => {
      const f = out.get(h.chunkId) ?? { chunkId: h.chunkId, documentId: h.documentId, fused: 0, scores: {} };
      f.scores[list.name] = h.score;
      f.fused += method === 'RRF'
        ? (weights[list.name] ?? RRF_WEIGHTS[list.name]) / (RRF_K + rank + 1)
        : (weights[list.name] ?? LINEAR_WEIGHTS[list.name]) * (max > min ? (h.score - min) / (max - min) : 1);
      out.set(h.chunkId, f);
    });
  }
  return [...out.values()].sort((a, b) => b.fused - a.fused || (a.chunkId < b.chunkId ? -1 : 1));
}

export type PriorIntent = 'offence' | 'procedure' | 'none';

/**
 * Which provision prior a search applies: none when the request turns it off (the "no provision prior" and
 * "… alone" ablation rows) or when the query names its sections, which say what it wants.
 */
export function priorIntent(analysis: Pick<QueryAnalysis, 'type' | 'references'>, disabled: boolean): PriorIntent {
  if (disabled || analysis.references.some((r) => !r.inferred)) return 'none';
  return analysis.type === 'PROCEDURAL' ? 'procedure' : 'offence';
}

/**
 * What kind of provision the query wants. An incident or an offence name asks for the section that
 * punishes it (what an FIR charges), so IPC/BNS provisions that prescribe a punishment are preferred over
 * definitions, and procedure codes recede; a procedural question prefers CrPC/BNSS and the evidence acts.
 */
export function provisionPrior(intent: PriorIntent, code: string | null, penal: boolean): number {
  if (!code || intent === 'none') return 1;
  const substantive = code === 'IPC' || code === 'BNS';
  if (intent === 'procedure') return substantive ? 0.9 : 1.2;
  if (!substantive) return 0.8;
  return penal ? 1.2 : 1;
}

/** Constitution > Acts > rules > Supreme Court > High Court > SOPs; case records are evidence, not authority. */
export const AUTHORITY_BOOST: Record<string, number> = {
  CONSTITUTION: 1.3, ACT: 1.25, RULES: 1.2, SUPREME_COURT: 1.15, HIGH_COURT: 1.1, SOP: 1.0, CASE_RECORD: 1.0,
};

/** An equivalent section added after a hit (IPC 302 → BNS 103) ranks just below the hit that brought it. */
export const EQUIVALENT_SHARE = 0.99;
