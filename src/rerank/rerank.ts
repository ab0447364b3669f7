import type { Reranker } from '../models/reranker';
import type { ChunkRecord } from '../stores/store.types';

export interface Candidate {
  chunk: ChunkRecord;
  fused: number;
  rerank: number | null;
}

/** Exact duplicates by text; near duplicates by Jaccard overlap of word trigrams (0.9 and above). */
export function dedupe<T extends { chunk: ChunkRecord }>(items: T[], threshold = 0.9): T[] {
  const kept: { item: T; shingles: Set<string> }[] = [];
  const exact = new Set<string>();
  for (const item of items) {
    const text = item.chunk.text.toLowerCase().replace(/\s+/g, ' ').trim();
    if (exact.has(text)) continue;
    exact.add(text);
    const w = text.split(' ');
    const shingles = new Set(w.length < 3 ? [text] : w.slice(0, -2).map((_, i) => `${w[i]} ${w[i + 1]} ${w[i + 2]}`));
    const near = kept.some((k) => {
      let inter = 0;
      for (const s of shingles) if (k.shingles.has(s)) inter++;
      return inter / (shingles.size + k.shingles.size - inter) >= threshold;
    });
    if (!near) kept.push({ item, shingles });
  }
  return kept.map((k) => k.item);
}

/** At most `max` chunks per document, so one long judgment cannot fill the page. */
export function capPerDocument<T extends { chunk: ChunkRecord }>(items: T[], max: number): T[] {
  const count = new Map<string, number>();
  return items.filter((i) => {
    const n = (count.get(i.chunk.documentId) ?? 0) + 1;
    count.set(i.chunk.documentId, n);
    return n <= max;
  });
}

/** Stage 5: the cross-encoder scores (query, heading + passage) pairs with raw logits and reorders. */
export async function rerankCandidates(reranker: Reranker, query: string, candidates: Candidate[]): Promise<Candidate[]> {
  const scores = await reranker.score(query, candidates.map((c) => `${c.chunk.heading}\n${c.chunk.text}`));
  return candidates
    .map((c, i) => ({ ...c, rerank: scores[i] }))
    .sort((a, b) => (b.rerank ?? 0) - (a.rerank ?? 0) || b.fused - a.fused);
}
