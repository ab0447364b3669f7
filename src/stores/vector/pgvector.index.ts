import type { SqlClient } from '../sql/sql.client';
import { migrate } from '../sql/migrate';
import { filterSql } from '../sql/filter.sql';
import type { IndexHit, SearchFilter, VectorIndex, VectorItem } from '../store.types';

const toVector = (v: Float32Array) => `[${Array.from(v).join(',')}]`;

/**
 * The embedded profile's dense index: pgvector inside PGlite. Exact cosine search (no ANN index):
 * at the embedded profile's scale a sequential scan is fast enough and always exact.
 */
export class PgVectorIndex implements VectorIndex {
  readonly name = 'vector:pgvector';

  constructor(private readonly sql: SqlClient) {}

  async init(dims: number): Promise<void> {
    await migrate(this.sql, { vectors: dims });
  }

  async replaceDocument(documentId: string, items: VectorItem[]): Promise<void> {
    await this.replaceDocuments([{ documentId, items }]);
  }

  async replaceDocuments(docs: { documentId: string; items: VectorItem[] }[]): Promise<void> {
    if (!docs.length) return;
    const items = docs.flatMap((d) => d.items.map((x) => ({ ...x, documentId: d.documentId })));
    await this.sql.transaction(async (tx) => {
      await tx.query(`DELETE FROM {S}.vec_items WHERE document_id = ANY($1::text[])`, [docs.map((d) => d.documentId)]);
      for (let i = 0; i < items.length; i += 200) {
        const batch = items.slice(i, i + 200);
        await tx.query(
          `INSERT INTO {S}.vec_items (id, document_id, embedding, document_type, language, date, district, section_id, sections)
           SELECT id, doc, emb::vector, dt, lang, d::date, dist, sid, coalesce(string_to_array(NULLIF(secs, ''), ','), '{}')
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
             AS t(id, doc, emb, dt, lang, d, dist, sid, secs)
           ON CONFLICT (id) DO UPDATE SET document_id = EXCLUDED.document_id, embedding = EXCLUDED.embedding,
             document_type = EXCLUDED.document_type, language = EXCLUDED.language, date = EXCLUDED.date,
             district = EXCLUDED.district, section_id = EXCLUDED.section_id, sections = EXCLUDED.sections`,
          [
            batch.map((x) => x.id), batch.map((x) => x.documentId), batch.map((x) => toVector(x.embedding)),
            batch.map((x) => x.metadata.documentType), batch.map((x) => x.metadata.language),
            batch.map((x) => x.metadata.date), batch.map((x) => x.metadata.district),
            batch.map((x) => x.metadata.sectionId), batch.map((x) => x.metadata.sections.join(',')),
          ],
        );
      }
    });
  }

  async deleteDocument(documentId: string): Promise<void> {
    await this.deleteDocuments([documentId]);
  }

  async deleteDocuments(documentIds: string[]): Promise<void> {
    if (documentIds.length) await this.sql.query(`DELETE FROM {S}.vec_items WHERE document_id = ANY($1::text[])`, [documentIds]);
  }

  async query(embedding: Float32Array, k: number, filter?: SearchFilter): Promise<IndexHit[]> {
    const params: unknown[] = [toVector(embedding), k];
    const where = filterSql(filter, params);
    const rows = await this.sql.query<{ id: string; document_id: string; score: number }>(
      `SELECT id, document_id, 1 - (embedding <=> $1::vector) AS score FROM {S}.vec_items
       WHERE ${where} ORDER BY embedding <=> $1::vector, id LIMIT $2`,
      params,
    );
    return rows.map((r) => ({ chunkId: r.id, documentId: r.document_id, score: Number(r.score) }));
  }

  async count(): Promise<number> {
    const [r] = await this.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM {S}.vec_items`);
    return r.n;
  }

  async documentIds(): Promise<string[]> {
    return (await this.sql.query<{ id: string }>(`SELECT DISTINCT document_id AS id FROM {S}.vec_items ORDER BY 1`)).map((r) => r.id);
  }

  async ping(): Promise<void> {
    await this.sql.query('SELECT 1');
  }

  async drop(): Promise<void> {
    await this.sql.exec(`DROP TABLE IF EXISTS {S}.vec_items`);
  }

  async close(): Promise<void> {
    // The SQL client is owned by the caller.
  }
}
