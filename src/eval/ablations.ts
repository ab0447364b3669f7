import type { SearchRequest } from '../search/search.types';

type Stages = NonNullable<SearchRequest['disable']>;

/**
 * Every stage a search can switch off. `Required` makes the compiler list each one, so a stage added later
 * is off in the "alone" rows too, and those rows keep measuring one retriever and nothing else.
 */
const EVERY_STAGE_OFF: Required<Stages> = {
  expansion: true, elements: true, names: true, examples: true, sections: true, equivalents: true, prior: true, dense: true, keyword: true,
};

/** One retriever's own ranking: every other stage off, the provision prior and the reranker included. */
const alone = (retriever: 'dense' | 'keyword'): Partial<SearchRequest> => ({ disable: { ...EVERY_STAGE_OFF, [retriever]: false }, rerank: false });

/**
 * Variants for the ablation tables (`eval --ablate`, `eval --aila … --ablate`): each "no …" row turns off the
 * one stage it names, the last two keep a single retriever. Here, not in a command, so both commands share it.
 */
export const ABLATIONS: Record<string, Partial<SearchRequest>> = {
  full: {},
  'no glossary expansion': { disable: { expansion: true } },
  'no offence elements': { disable: { elements: true } },
  'no section names (meaning)': { disable: { names: true } },
  'no labelled examples': { disable: { examples: true } },
  'no section lookup (references, glossary sections)': { disable: { sections: true } },
  'no IPC⇄BNS equivalents': { disable: { equivalents: true } },
  'no provision prior (penal / procedural)': { disable: { prior: true } },
  'no dense': { disable: { dense: true } },
  'no keyword': { disable: { keyword: true } },
  'WEIGHTED fusion instead of RRF': { fusion: 'WEIGHTED' },
  'no rerank': { rerank: false },
  'keyword alone': alone('keyword'),
  'dense alone': alone('dense'),
};
