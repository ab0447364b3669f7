import type { SqlClient } from '../sql/sql.client';
import { migrate } from '../sql/migrate';
import { filterSql } from '../sql/filter.sql';
import type { IndexHit, SearchFilter, VectorIndex, VectorItem } from '../store.types';
import { AnnMaintainer, ANN_MIN_ROWS, type AnnState } from './pgvector.ann';

/** Rows a filtered approximate query collects per hit it returns (see query). */
const FILTER_OVERSAMPLE = 4;

const toVector = (v: Float32Array) => `[${Array.from(v).join(',')}]`;

/**
 * The embedded profile's dense index: pgvector inside PGlite. Exact cosine search up to ANN_MIN_ROWS vectors;
 * past that an IVFFlat index (pgvector.ann.ts) answers unfiltered and broadly filtered queries, while queries
 * restricted to given documents or sections stay exact (they match few rows, which a scan of probed lists
 * would mostly miss).
 */
export class PgVectorIndex implements VectorIndex {
  readonly name = 'vector:pgvector';
  private readonly ann: AnnMaintainer;

  constructor(private readonly sql: SqlClient, opts: { annMinRows?: number } = {}) {
    this.ann = new AnnMaintainer(sql, opts.annMinRows ?? ANN_MIN_ROWS);
  }

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
    await this.ann.afterWrite(items.length);
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
    const narrow = Boolean(filter?.documentIds?.length || filter?.sections?.length);
    const ann = await this.ann.current();
    type Row = { id: string; document_id: string; score: number };
    let rows: Row[];
    if (!ann) {
      rows = await this.sql.query<Row>(
        `SELECT id, document_id, 1 - (embedding <=> $1::vector) AS score FROM {S}.vec_items
         WHERE ${where} ORDER BY embedding <=> $1::vector, id LIMIT $2`,
        params,
      );
    } else if (narrow) {
      // Distances of the filtered rows only: given an ORDER BY on distance the planner walks the IVFFlat
      // index (probing one list) even with enable_indexscan off, and would miss most of these rows.
      rows = await this.sql.query<Row>(
        `WITH d AS MATERIALIZED (SELECT id, document_id, embedding <=> $1::vector AS d FROM {S}.vec_items WHERE ${where})
         SELECT id, document_id, 1 - d AS score FROM d ORDER BY d, id LIMIT $2`,
        params,
      );
    } else {
      rows = await this.sql.transaction(async (tx) => {
        await tx.query(`SET LOCAL ivfflat.probes = ${ann.probes}`);
        // A filter that rejects most of the probed lists' rows makes the scan probe further until enough rows
        // pass; asking for FILTER_OVERSAMPLE × k of them widens the search when the filter is selective, so the
        // k returned are the nearest of a larger neighbourhood (unfiltered, the first probes already hold them).
        // relaxed_order returns rows only roughly by distance; `d + 0` stops the planner from taking the CTE's
        // ORDER BY as already done (PostgreSQL before 17 does, as pgvector's documentation warns).
        await tx.query(`SET LOCAL ivfflat.iterative_scan = relaxed_order`);
        return tx.query<Row>(
          `WITH near AS MATERIALIZED (
             SELECT id, document_id, embedding <=> $1::vector AS d FROM {S}.vec_items
             WHERE ${where} ORDER BY embedding <=> $1::vector LIMIT $2 * ${where === 'TRUE' ? 1 : FILTER_OVERSAMPLE}
           )
           SELECT id, document_id, 1 - d AS score FROM near ORDER BY d + 0, id LIMIT $2`,
          params,
        );
      });
    }
    return rows.map((r) => ({ chunkId: r.id, documentId: r.document_id, score: Number(r.score) }));
  }

  /** The approximate index in use, if the table is large enough to have one. */
  annState(): Promise<AnnState | null> {
    return this.ann.current();
  }

  /** The exact answer whatever the index (a scan of every vector): what benchmarks measure the index's recall against. */
  async queryExact(embedding: Float32Array, k: number): Promise<string[]> {
    const rows = await this.sql.query<{ id: string }>(
      `WITH d AS MATERIALIZED (SELECT id, embedding <=> $1::vector AS d FROM {S}.vec_items) SELECT id FROM d ORDER BY d, id LIMIT $2`,
      [toVector(embedding), k],
    );
    return rows.map((r) => r.id);
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
    await this.sql.exec(`DROP TABLE IF EXISTS {S}.vec_items; DELETE FROM {S}.meta WHERE key = 'vector_ann'`);
    this.ann.reset();
  }

  async close(): Promise<void> {
    // The SQL client is owned by the caller.
  }
}
