import { EQUIVALENT_SHARE } from '../fuse/fuse';
import type { Pooled } from '../fuse/fuse.stage';
import type { SearchContext, StageResult } from '../search/pipeline';
import type { EquivalenceEdge } from '../stores/graph/graph.types';
import type { ChunkRecord } from '../stores/store.types';
import { usefulEquivalents, type NamedSection } from './sections';

export type Ordered = Pooled & { addedBy: string | null };

/** A pool's counterparts in the other code (graph edges) and the first chunk of each, in the documents store. */
export interface CounterpartLookup {
  edges: EquivalenceEdge[];
  firstChunk: Map<string, ChunkRecord>;
}

/**
 * Looks up the counterparts of a pool's sections. It depends on the pool's set, not its order, so the search starts
 * it before the rerank (which reorders the pool and never changes it) and the two round trips run while the model scores.
 */
export async function lookUpCounterparts(candidates: Pooled[], ctx: SearchContext): Promise<CounterpartLookup> {
  const sectionIds = [...new Set(candidates.map((c) => c.chunk.sectionId).filter((s): s is string => !!s))];
  const edges = await ctx.graph.equivalents(sectionIds);
  const present = new Set(sectionIds);
  const wanted = [...new Set(edges.map((e) => e.toId).filter((id) => !present.has(id)))];
  const siblingChunks = await ctx.deps.stores.documents.chunksOfSections(wanted, ctx.req.filter);
  const firstChunk = new Map<string, ChunkRecord>();
  for (const c of siblingChunks) if (!firstChunk.has(c.sectionId!)) firstChunk.set(c.sectionId!, c);
  return { edges, firstChunk };
}

/**
 * Stage 6: a bare-act hit brings its counterpart in the other code right after it (IPC 302 → BNS 103), so an officer
 * sees the section in force and the one the older records cite; for a sub-section the user named, the counterpart
 * of that sub-section (`named`, from the expand stage). `lookup`: lookUpCounterparts of the same candidates, started
 * earlier; looked up here when not given.
 */
export async function equivalentsStage(
  candidates: Pooled[], named: Map<string, NamedSection>, ctx: SearchContext, lookup?: Promise<CounterpartLookup>,
): Promise<StageResult<Ordered[]>> {
  if (ctx.off.equivalents) return { output: candidates.map((c) => ({ ...c, addedBy: null })), report: { status: 'SKIPPED', detail: null } };
  const { edges, firstChunk } = await (lookup ?? lookUpCounterparts(candidates, ctx));
  const out: Ordered[] = [];
  const placed = new Set<string>();
  for (const c of candidates) {
    if (out.some((o) => o.chunk.id === c.chunk.id)) continue;
    out.push({ ...c, addedBy: null });
    if (!c.chunk.sectionId) continue;
    placed.add(`s:${c.chunk.sectionId}`);
    const useful = usefulEquivalents(edges, c.chunk.sectionId, named.get(c.chunk.sectionId));
    // A section the user named shows all its counterparts (they asked what it became); a hit, those cited with it.
    const shown = named.has(c.chunk.sectionId) || !ctx.deps.counterparts ? useful : ctx.deps.counterparts.charged(c.chunk.sectionId, useful);
    for (const e of shown) {
      const sib = firstChunk.get(e.toId);
      if (!sib || placed.has(`s:${e.toId}`)) continue;
      placed.add(`s:${e.toId}`);
      out.push({ ...c, chunk: sib, fused: c.fused * EQUIVALENT_SHARE, rerank: c.rerank, scores: {}, siblings: [], addedBy: `equivalent of ${c.chunk.sectionId}` });
    }
  }
  return { output: out, report: { status: 'RAN', detail: null } };
}
