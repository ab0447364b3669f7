import type { Embedder } from '../models/embedder';
import type { SearchHit } from '../search/search.types';
import type { ChunkRecord, StoredDocument } from '../stores/store.types';

export interface ContextBlock {
  /** 1-based number the answer cites. */
  n: number;
  document: StoredDocument;
  chunks: ChunkRecord[];
  sectionId: string | null;
  header: string;
  text: string;
  tokens: number;
}

export const DEFAULT_TOKEN_BUDGET = 4000;

/**
 * Stage: assemble context. Reranked chunks are merged per document (in rank order of the document's best
 * chunk), a bare-act hit brings its whole section (all sibling chunks), and blocks are added until the
 * token budget, counted with the embedding model's tokenizer, is spent. Each block is headed
 * `[Source: <document id>, <district>, <date>]`.
 */
export function assembleContext(
  hits: SearchHit[], siblings: Map<string, ChunkRecord[]>, count: Embedder['countTokens'], budget = DEFAULT_TOKEN_BUDGET,
): ContextBlock[] {
  const byDoc = new Map<string, { document: StoredDocument; chunks: ChunkRecord[] }>();
  for (const h of hits) {
    const e = byDoc.get(h.document.id) ?? { document: h.document, chunks: [] };
    const extra = h.chunk.sectionId ? siblings.get(h.chunk.sectionId) ?? [h.chunk] : [h.chunk];
    for (const c of extra) if (!e.chunks.some((x) => x.id === c.id)) e.chunks.push(c);
    byDoc.set(h.document.id, e);
  }
  const blocks: ContextBlock[] = [];
  let used = 0;
  for (const { document, chunks } of byDoc.values()) {
    chunks.sort((a, b) => a.ord - b.ord);
    const header = `[Source: ${document.id}, ${document.district ?? '—'}, ${document.date ?? '—'}]`;
    let text = chunks.map((c) => (document.type === 'BARE_ACT_SECTION' ? c.text : `(${c.sectionName}) ${c.text}`)).join('\n');
    if (document.type === 'BARE_ACT_SECTION') text = `${chunks[0].heading}\n${text}`;
    let tokens = count(`${header}\n${text}`);
    if (used + tokens > budget) {
      // Trim the last block to what is left rather than dropping it, if a useful amount remains.
      const left = budget - used;
      if (left < 80) break;
      text = text.slice(0, Math.floor((text.length * left) / tokens));
      tokens = left;
    }
    used += tokens;
    blocks.push({ n: blocks.length + 1, document, chunks, sectionId: chunks[0].sectionId, header, text, tokens });
    if (used >= budget) break;
  }
  return blocks;
}

export function renderContext(blocks: ContextBlock[]): string {
  return blocks.map((b) => `[${b.n}] ${b.header}\n${b.text}`).join('\n\n');
}
