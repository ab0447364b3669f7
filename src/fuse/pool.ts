import type { ChunkRecord } from '../stores/store.types';

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

/** Further chunks of one document kept beside its hit (the reader sees where else the document matched). */
export const MAX_SIBLINGS = 3;

/**
 * At most `max` chunks per document, so one long judgment cannot fill the page nor one section take two places
 * among the candidates; the chunks past the cap become `siblings` of the document's best kept chunk.
 */
export function capPerDocument<T extends { chunk: ChunkRecord }>(items: T[], max: number): (T & { siblings: ChunkRecord[] })[] {
  const kept = new Map<string, (T & { siblings: ChunkRecord[] })[]>();
  const out: (T & { siblings: ChunkRecord[] })[] = [];
  for (const item of items) {
    const mine = kept.get(item.chunk.documentId) ?? [];
    kept.set(item.chunk.documentId, mine);
    if (mine.length < max) {
      const k = { ...item, siblings: [] as ChunkRecord[] };
      mine.push(k);
      out.push(k);
    } else if (mine[0].siblings.length < MAX_SIBLINGS) {
      mine[0].siblings.push(item.chunk);
    }
  }
  return out;
}
