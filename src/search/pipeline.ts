import type { RerankerState } from '../app/app';
import type { DomainClassifier } from '../analyse/domain.classifier';
import type { CounterpartShares } from '../expand/charging';
import type { Embedder } from '../models/embedder';
import type { CitationGraph } from '../stores/graph/graph.types';
import type { Stores } from '../stores/open-stores';
import type { StageOutcome } from '../retrieve/retrieve';
import type { RerankSettings } from '../rerank/rerank';
import type { RefusalThresholds } from './refusal';
import type { StatuteCatalogue } from '../seeds/statutes';
import type { SearchRequest, StageReport } from './search.types';

/** What the stages read: the stores and models, and the rerank and refusal settings. */
export interface PipelineDeps {
  stores: Stores;
  embedder: Embedder;
  catalogue: StatuteCatalogue;
  rerank: Pick<RerankerState, 'reranker' | 'reason'>;
  rerankSettings: RerankSettings & RefusalThresholds;
  /** Places a question inside or outside criminal justice for the refusal; null without weights for the embedder. */
  domain: DomainClassifier | null;
  /** RRF weight of the labelled examples' list (EXAMPLES_WEIGHT); unset: fuse.ts's default. */
  examplesWeight?: number;
  /** RRF weight of the section classifier's list (SECTION_CLASSIFIER_WEIGHT); unset: fuse.ts's default. */
  classifierWeight?: number;
  /** Which counterparts are cited beside a section (expand/charging.ts); unset: every counterpart is placed. */
  counterparts?: CounterpartShares;
}

/** What a stage says about itself; the pipeline adds its name and time. */
export type StageNote = Pick<StageOutcome, 'status' | 'detail'>;

/** A stage's result, and its report: one note (timed by the pipeline) or reports it timed itself (sub-stages). */
export interface StageResult<O> {
  output: O;
  report: StageNote | StageReport[];
}

/** One search as it passes through the stages: the request, the reports so far and the stores that failed. */
export class SearchContext {
  readonly stages: StageReport[] = [];
  readonly missing = new Set<string>();
  readonly off: NonNullable<SearchRequest['disable']>;
  /** Graph failures during this search: expansion goes on without the graph and says so. */
  readonly graphFailures: string[] = [];
  /** The graph, with failures recorded instead of thrown. */
  readonly graph: Pick<CitationGraph, 'equivalents' | 'coCited'>;
  readonly started = performance.now();

  constructor(readonly req: SearchRequest, readonly deps: PipelineDeps) {
    this.off = req.disable ?? {};
    const guard = <T>(fn: () => Promise<T[]>) => fn().catch((err: Error) => {
      this.graphFailures.push(err.message.split('\n')[0]);
      return [] as T[];
    });
    const g = deps.stores.graph;
    this.graph = { equivalents: (ids) => guard(() => g.equivalents(ids)), coCited: (id, n, access) => guard(() => g.coCited(id, n, access)) };
  }

  /** Runs one stage and records its report, with its time unless it timed its own sub-stages. */
  async run<O>(name: string, stage: () => StageResult<O> | Promise<StageResult<O>>): Promise<O> {
    const t0 = performance.now();
    const { output, report } = await stage();
    if (Array.isArray(report)) this.stages.push(...report);
    else this.stages.push({ name, ...report, ms: ms(t0) });
    return output;
  }
}

export const ms = (t0: number) => Math.round((performance.now() - t0) * 10) / 10;
