import type { SqlClient } from '../sql/sql.client';
import type { ChunkRecord, SearchFilter, StoredDocument } from '../store.types';
import type { DocumentType } from '../../domain/document.types';
import { accessSql, filterSql } from '../sql/filter.sql';
import type { AccessScope } from '../../domain/access';
import { chunkFromRow, documentFromRow } from './document.rows';
import * as outbox from '../sql/outbox.sql';
import type { OutboxEntry, OutboxTarget } from '../sql/outbox.sql';

export type { OutboxEntry, OutboxTarget } from '../sql/outbox.sql';

export interface ExistingDocument {
  contentHash: string;
  type: DocumentType;
  district: string | null;
}

/** The stored documents a write may replace: those of these types in these districts. */
export interface WriteGuard {
  types: readonly DocumentType[];
  districts: readonly string[];
}

/** A guarded save found a document under the id that the guard does not let it replace. */
export class WriteRefused extends Error {
  constructor(readonly documentId: string) {
    super(`document "${documentId}" may not be replaced by this write`);
  }
}

/**
 * The source of truth: documents, their chunks (with embeddings) and the outbox of index work, in one SQL
 * database (PGlite or PostgreSQL). A save and its outbox entries commit together, so the vector index and
 * the graph can always be brought back in line from here.
 */
export class DocumentStore {
  constructor(readonly sql: SqlClient) {}

  /** The documents with these ids that `access` may see (all of them without a scope). */
  async getDocuments(ids: readonly string[], access?: AccessScope): Promise<StoredDocument[]> {
    if (!ids.length) return [];
    const params: unknown[] = [ids];
    const visible = accessSql(access, params, 'type', 'district');
    const rows = await this.sql.query(`SELECT * FROM {S}.documents WHERE id = ANY($1::text[]) AND ${visible}`, params);
    return rows.map(documentFromRow);
  }

  /**
   * The documents of one case that `access` may see: those filed under the same FIR number in the same
   * district (`extra.firNumber`, as FIRs, chargesheets and panchnamas carry it), oldest first.
   */
  async caseDocuments(firNumber: string, district: string | null, access?: AccessScope): Promise<StoredDocument[]> {
    const params: unknown[] = [firNumber, district?.toLowerCase() ?? null];
    const visible = accessSql(access, params, 'type', 'district');
    const rows = await this.sql.query(
      `SELECT * FROM {S}.documents WHERE input->'extra'->>'firNumber' = $1 AND lower(district) IS NOT DISTINCT FROM $2 AND ${visible}
       ORDER BY date NULLS FIRST, id COLLATE "C"`, params);
    return rows.map(documentFromRow);
  }

  /** Documents of these types citing any of these sections that `access` may see, newest first. */
  async documentsCiting(sectionIds: readonly string[], types: readonly DocumentType[], access: AccessScope | undefined, limit: number): Promise<StoredDocument[]> {
    if (!sectionIds.length || !types.length) return [];
    const params: unknown[] = [sectionIds, types];
    const visible = accessSql(access, params, 'type', 'district');
    const rows = await this.sql.query(
      `SELECT * FROM {S}.documents WHERE sections && $1::text[] AND type = ANY($2::text[]) AND ${visible}
       ORDER BY date DESC NULLS LAST, id COLLATE "C" LIMIT ${Math.max(1, Math.floor(limit))}`, params);
    return rows.map(documentFromRow);
  }

  /** What is stored under these ids: enough to tell an update from a create, and who may replace it. */
  async existingDocuments(ids: readonly string[]): Promise<Map<string, ExistingDocument>> {
    if (!ids.length) return new Map();
    const rows = await this.sql.query<{ id: string; content_hash: string; type: DocumentType; district: string | null }>(
      `SELECT id, content_hash, type, district FROM {S}.documents WHERE id = ANY($1::text[])`, [ids]);
    return new Map(rows.map((r) => [r.id, { contentHash: r.content_hash, type: r.type, district: r.district }]));
  }

  /**
   * Replaces the document and all its chunks, and queues the targets, in one transaction. With a guard, a stored
   * document is replaced only if its type and district are among the guard's, checked by the same statement
   * that writes (no other write can slip between a check and this one); otherwise WriteRefused is thrown.
   */
  async save(doc: StoredDocument, chunks: ChunkRecord[], targets: OutboxTarget[], guard?: WriteGuard): Promise<void> {
    await this.saveMany([{ doc, chunks, replaces: true }], targets, guard);
  }

  /**
   * `save` for several documents in one transaction, with one statement for all their chunks and one for their
   * outbox entries: a seed or a batch of small documents pays one commit per group instead of one per document.
   * All or nothing: a refused or failing document rolls back the group (the caller then saves them one by one).
   */
  async saveMany(items: { doc: StoredDocument; chunks: ChunkRecord[]; replaces: boolean }[], targets: OutboxTarget[], guard?: WriteGuard): Promise<void> {
    if (!items.length) return;
    await this.sql.transaction(async (tx) => {
      for (const { doc } of items) await upsertDocument(tx, doc, guard);
      const replaced = items.filter((i) => i.replaces).map((i) => i.doc.id);
      if (replaced.length) await tx.query(`DELETE FROM {S}.chunks WHERE document_id = ANY($1::text[])`, [replaced]);
      const chunks = items.flatMap((i) => i.chunks);
      for (let i = 0; i < chunks.length; i += 200) await insertChunks(tx, chunks.slice(i, i + 200));
      await enqueueAll(tx, items.map((i) => i.doc.id), targets);
    });
  }

  /** Deletes the document (its chunks cascade) and queues the removal from the other stores. */
  async delete(id: string, targets: OutboxTarget[]): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      const gone = await tx.query(`DELETE FROM {S}.documents WHERE id = $1 RETURNING id`, [id]);
      if (gone.length) await enqueueAll(tx, [id], targets);
      return gone.length > 0;
    });
  }

  async getChunks(ids: readonly string[], withEmbedding = false): Promise<ChunkRecord[]> {
    if (!ids.length) return [];
    const cols = withEmbedding ? '*' : CHUNK_COLUMNS;
    const rows = await this.sql.query(`SELECT ${cols} FROM {S}.chunks WHERE id = ANY($1::text[])`, [ids]);
    return rows.map(chunkFromRow);
  }

  async chunksOfDocuments(documentIds: readonly string[], withEmbedding = false): Promise<ChunkRecord[]> {
    if (!documentIds.length) return [];
    const cols = withEmbedding ? '*' : CHUNK_COLUMNS;
    const rows = await this.sql.query(
      `SELECT ${cols} FROM {S}.chunks WHERE document_id = ANY($1::text[]) ORDER BY document_id, ord`, [documentIds]);
    return rows.map(chunkFromRow);
  }

  /** All chunks of these bare-act sections, in order: the siblings of a section hit (filters applied in SQL). */
  async chunksOfSections(sectionIds: readonly string[], filter?: SearchFilter): Promise<ChunkRecord[]> {
    if (!sectionIds.length) return [];
    const params: unknown[] = [sectionIds];
    const where = filterSql(filter, params);
    const rows = await this.sql.query(
      `SELECT ${CHUNK_COLUMNS} FROM {S}.chunks WHERE section_id = ANY($1::text[]) AND document_type = 'BARE_ACT_SECTION'
       AND ${where} ORDER BY section_id, chunk_index`, params);
    return rows.map(chunkFromRow);
  }

  /** A page of documents, newest first, with the same filters the indexes apply (over the document columns). */
  async listDocuments(
    f: { types?: string[]; districts?: string[]; dateFrom?: string; dateTo?: string; access?: AccessScope }, offset: number, limit: number,
  ): Promise<{ documents: StoredDocument[]; total: number }> {
    const params: unknown[] = [f.types ?? null, f.districts?.map((d) => d.toLowerCase()) ?? null, f.dateFrom ?? null, f.dateTo ?? null];
    const where = `($1::text[] IS NULL OR type = ANY($1::text[])) AND ($2::text[] IS NULL OR lower(district) = ANY($2::text[]))
      AND ($3::date IS NULL OR date >= $3::date) AND ($4::date IS NULL OR date <= $4::date)
      AND ${accessSql(f.access, params, 'type', 'district')}`;
    const rows = await this.sql.query(
      `SELECT * FROM {S}.documents WHERE ${where} ORDER BY date DESC NULLS LAST, id COLLATE "C" OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
      [...params, offset, limit]);
    const [{ n }] = await this.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM {S}.documents WHERE ${where}`, params);
    return { documents: rows.map(documentFromRow), total: n };
  }

  async listDocumentIds(): Promise<string[]> {
    return (await this.sql.query<{ id: string }>(`SELECT id FROM {S}.documents ORDER BY id`)).map((r) => r.id);
  }

  /** Makes every entry due now: after a server comes back, nobody should wait out the back-off. */
  async retryOutboxNow(): Promise<void> {
    await this.sql.query(`UPDATE {S}.outbox SET next_attempt_at = now()`);
  }

  async queue(documentIds: string[], targets: OutboxTarget[]): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await enqueueAll(tx, [...documentIds], targets);
    });
  }

  async counts(): Promise<{ documents: number; chunks: number; pending: number }> {
    const [r] = await this.sql.query<{ documents: number; chunks: number; pending: number }>(
      `SELECT (SELECT count(*)::int FROM {S}.documents) AS documents, (SELECT count(*)::int FROM {S}.chunks) AS chunks,
              (SELECT count(*)::int FROM {S}.outbox) AS pending`);
    return r;
  }

  /** Outbox entries left: counts() also counts every chunk, which costs a scan per call at a million chunks. */
  async pendingCount(): Promise<number> {
    const [r] = await this.sql.query<{ pending: number }>('SELECT count(*)::int AS pending FROM {S}.outbox');
    return r.pending;
  }

  /** Due entries, whoever holds them (inspection); IndexSync applies through claimOutbox. */
  pendingOutbox(limit: number): Promise<OutboxEntry[]> {
    return outbox.pendingOutbox(this.sql, limit);
  }

  /** Leases due entries nobody holds to `claimant` (FOR UPDATE SKIP LOCKED), of these documents only when given. */
  claimOutbox(claimant: string, leaseSeconds: number, limit: number, documentIds?: readonly string[]): Promise<OutboxEntry[]> {
    return outbox.claimOutbox(this.sql, claimant, leaseSeconds, limit, documentIds);
  }

  renewOutbox(claimant: string, leaseSeconds: number): Promise<number> {
    return outbox.renewOutbox(this.sql, claimant, leaseSeconds);
  }

  releaseOutbox(claimant: string): Promise<void> {
    return outbox.releaseOutbox(this.sql, claimant);
  }

  outboxHeldByOthers(documentIds: readonly string[], claimant: string): Promise<number> {
    return outbox.heldByOthers(this.sql, documentIds, claimant);
  }

  /** Clears an entry only if no newer write re-queued it meanwhile, and only by the pass holding it. */
  async completeOutbox(e: OutboxEntry): Promise<void> {
    await outbox.completeOutbox(this.sql, [e]);
  }

  completeOutboxMany(entries: OutboxEntry[]): Promise<void> {
    return outbox.completeOutbox(this.sql, entries);
  }

  failOutbox(e: OutboxEntry, error: string): Promise<void> {
    return outbox.failOutbox(this.sql, e, error);
  }
}

const CHUNK_COLUMNS = `id, document_id, ord, section_name, heading, text, citation, section_id, chunk_index, total_chunks,
  document_type, language, date, district, sections, token_count, search_text`;

/** Inserts or replaces the document row; with a guard, a stored document outside it is not replaced (WriteRefused). */
async function upsertDocument(tx: { query: SqlClient['query'] }, doc: StoredDocument, guard?: WriteGuard): Promise<void> {
  const params: unknown[] = [doc.id, doc.type, doc.title, doc.language, doc.date, doc.district, doc.policeStation, doc.court, doc.authority,
    doc.contentHash, doc.sections, JSON.stringify(doc.citations), JSON.stringify(doc.input), JSON.stringify(doc.warnings)];
  const only = guard ? `WHERE d.type = ANY($15::text[]) AND lower(d.district) = ANY($16::text[])` : '';
  if (guard) params.push(guard.types, guard.districts.map((x) => x.toLowerCase()));
  const written = await tx.query(
    `INSERT INTO {S}.documents AS d (id, type, title, language, date, district, police_station, court, authority,
       content_hash, sections, citations, input, warnings)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (id) DO UPDATE SET type = EXCLUDED.type, title = EXCLUDED.title, language = EXCLUDED.language,
       date = EXCLUDED.date, district = EXCLUDED.district, police_station = EXCLUDED.police_station,
       court = EXCLUDED.court, authority = EXCLUDED.authority, content_hash = EXCLUDED.content_hash,
       sections = EXCLUDED.sections, citations = EXCLUDED.citations, input = EXCLUDED.input, warnings = EXCLUDED.warnings, updated_at = now()
     ${only} RETURNING id`,
    params,
  );
  if (!written.length) throw new WriteRefused(doc.id);
}

async function enqueueAll(tx: { query: SqlClient['query'] }, documentIds: string[], targets: OutboxTarget[]): Promise<void> {
  if (!targets.length || !documentIds.length) return;
  await tx.query(
    `INSERT INTO {S}.outbox (document_id, target) SELECT d, t FROM unnest($1::text[]) AS d CROSS JOIN unnest($2::text[]) AS t
     ON CONFLICT (document_id, target) DO UPDATE SET created_at = clock_timestamp(), attempts = 0, last_error = NULL,
       next_attempt_at = now()`,
    [documentIds, targets]);
}

async function insertChunks(tx: { query: SqlClient['query'] }, chunks: ChunkRecord[]): Promise<void> {
  if (!chunks.length) return;
  const col = <K extends keyof ChunkRecord>(k: K) => chunks.map((c) => c[k]);
  await tx.query(
    `INSERT INTO {S}.chunks (id, document_id, ord, section_name, heading, text, citation, section_id, chunk_index,
       total_chunks, document_type, language, date, district, sections, token_count, search_text, embedding, tsv)
     SELECT id, doc, ord, sn, hd, tx, ct, sid, ci, tc, dt, lang, d::date, dist, coalesce(string_to_array(NULLIF(secs, ''), ','), '{}'),
       tok, st, decode(NULLIF(emb, ''), 'base64'),
       setweight(to_tsvector('english', hd), 'A') || to_tsvector('english', st)
     FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[],
       $10::int[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::int[], $17::text[], $18::text[])
       AS t(id, doc, ord, sn, hd, tx, ct, sid, ci, tc, dt, lang, d, dist, secs, tok, st, emb)`,
    [col('id'), col('documentId'), col('ord'), col('sectionName'), col('heading'), col('text'), col('citation'),
      col('sectionId'), col('chunkIndex'), col('totalChunks'), col('documentType'), col('language'), col('date'),
      col('district'), chunks.map((c) => c.sections.join(',')), col('tokenCount'), col('searchText'),
      chunks.map((c) => (c.embedding ? Buffer.from(c.embedding.buffer, c.embedding.byteOffset, c.embedding.byteLength).toString('base64') : ''))],
  );
}
