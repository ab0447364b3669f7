import type { Expansion } from '../expand/expand';
import type { SearchContext, StageResult } from '../search/pipeline';
import type { StageReport } from '../search/search.types';
import { retrieve, type RankedList, type Retrieved, type StageOutcome } from './retrieve';

export interface RetrieveOutput {
  retrieved: Retrieved;
  /** The ranked lists fusion takes: those the request did not turn off. */
  lists: RankedList[];
}

/** Stage 3, as the pipeline runs it: one report per source (dense, keyword, sections), each with its own time. */
export async function retrieveStage(expansion: Expansion, ctx: SearchContext, pool: number): Promise<StageResult<RetrieveOutput>> {
  const { off, deps } = ctx;
  const retrieved = await retrieve(deps.stores, deps.embedder, expansion, ctx.req.filter, pool);
  const lists = retrieved.lists.filter((l) => !(off.dense && l.name === 'dense') && !(off.keyword && l.name === 'keyword'));
  const report = (name: string, o: StageOutcome, disabled?: boolean): StageReport =>
    ({ name, ...(disabled ? { status: 'SKIPPED', detail: 'disabled' } : o), ms: Math.round(o.ms * 10) / 10 });
  if (retrieved.stages.dense.status === 'FAILED') ctx.missing.add(deps.stores.vector.name);
  return {
    output: { retrieved, lists },
    report: [
      report('retrieve.dense', retrieved.stages.dense, off.dense),
      report('retrieve.keyword', retrieved.stages.keyword, off.keyword),
      report('retrieve.sections', retrieved.stages.sections, off.sections),
    ],
  };
}
