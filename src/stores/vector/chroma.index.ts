import { ChromaClient, type Collection } from 'chromadb';
import type { IndexHit, SearchFilter, VectorIndex, VectorItem } from '../store.types';
import { toChromaMetadata, toChromaWhere } from './chroma.filter';

/** The services profile's dense index. Embeddings are always computed by us and passed in; writes always upsert. */
export class ChromaIndex implements VectorIndex {
  readonly name = 'vector:chroma';
  private collection: Collection | undefined;

  private constructor(private readonly client: ChromaClient, private readonly collectionName: string) {}

  static async open(url: string, collectionName: string): Promise<ChromaIndex> {
    const u = new URL(url);
    const client = new ChromaClient({
      host: u.hostname,
      port: Number(u.port || (u.protocol === 'https:' ? 443 : 8000)),
      ssl: u.protocol === 'https:',
    });
    const index = new ChromaIndex(client, collectionName);
    await index.ping();
    return index;
  }

  private async coll(): Promise<Collection> {
    if (!this.collection) {
      this.collection = await this.client.getOrCreateCollection({
        name: this.collectionName,
        embeddingFunction: null,
        configuration: { hnsw: { space: 'cosine' } },
      });
    }
    return this.collection;
  }

  async init(_dims: number): Promise<void> {
    await this.coll();
  }

  async replaceDocument(documentId: string, items: VectorItem[]): Promise<void> {
    await this.replaceDocuments([{ documentId, items }]);
  }

  /** One read of the ids held, one delete of the stale ones, upserts of 500: a round trip per HTTP call saved. */
  async replaceDocuments(docs: { documentId: string; items: VectorItem[] }[]): Promise<void> {
    if (!docs.length) return;
    const c = await this.coll();
    const ids = docs.map((d) => d.documentId);
    const existing = await c.get({ where: ids.length === 1 ? { document_id: ids[0] } : { document_id: { $in: ids } }, include: [] });
    const keep = new Set(docs.flatMap((d) => d.items.map((i) => i.id)));
    const stale = existing.ids.filter((id) => !keep.has(id));
    if (stale.length) await c.delete({ ids: stale });
    const items = docs.flatMap((d) => d.items.map((item) => ({ item, documentId: d.documentId })));
    for (let i = 0; i < items.length; i += 500) {
      const batch = items.slice(i, i + 500);
      await c.upsert({
        ids: batch.map((x) => x.item.id),
        embeddings: batch.map((x) => Array.from(x.item.embedding)),
        metadatas: batch.map((x) => toChromaMetadata(x.documentId, x.item.metadata)),
      });
    }
  }

  async deleteDocument(documentId: string): Promise<void> {
    await this.deleteDocuments([documentId]);
  }

  async deleteDocuments(documentIds: string[]): Promise<void> {
    if (!documentIds.length) return;
    const c = await this.coll();
    await c.delete({ where: documentIds.length === 1 ? { document_id: documentIds[0] } : { document_id: { $in: documentIds } } });
  }

  async query(embedding: Float32Array, k: number, filter?: SearchFilter): Promise<IndexHit[]> {
    const c = await this.coll();
    const res = await c.query({
      queryEmbeddings: [Array.from(embedding)],
      nResults: k,
      where: toChromaWhere(filter),
      include: ['distances', 'metadatas'],
    });
    const ids = res.ids[0] ?? [];
    const distances = res.distances?.[0] ?? [];
    const metas = res.metadatas?.[0] ?? [];
    return ids
      .map((id, i) => ({ chunkId: id, documentId: String(metas[i]?.document_id ?? ''), score: 1 - Number(distances[i] ?? 1) }))
      .sort((a, b) => b.score - a.score || a.chunkId.localeCompare(b.chunkId));
  }

  async count(): Promise<number> {
    return (await this.coll()).count();
  }

  async documentIds(): Promise<string[]> {
    const c = await this.coll();
    const ids = new Set<string>();
    const total = await c.count();
    for (let offset = 0; offset < total; offset += 5000) {
      const page = await c.get({ include: ['metadatas'], limit: 5000, offset });
      for (const m of page.metadatas) if (m?.document_id) ids.add(String(m.document_id));
    }
    return [...ids].sort();
  }

  async ping(): Promise<void> {
    await this.client.heartbeat();
  }

  async drop(): Promise<void> {
    try {
      await this.client.deleteCollection({ name: this.collectionName });
    } catch {
      // Already gone.
    }
    this.collection = undefined;
  }

  async close(): Promise<void> {
    this.collection = undefined;
  }
}
