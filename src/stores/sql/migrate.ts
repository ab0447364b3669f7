import { migrateKeywordIndex } from '../keyword/keyword.schema';
import { runDdl } from './ddl';
import type { SqlClient } from './sql.client';

/**
 * The schema shared by both profiles. `IF NOT EXISTS` everywhere: start-up runs it every time, and a
 * schema version row lets a later change add real migrations.
 */

const TABLES = `
CREATE TABLE IF NOT EXISTS {S}.meta (key text PRIMARY KEY, value text NOT NULL);

CREATE TABLE IF NOT EXISTS {S}.documents (
  id text PRIMARY KEY,
  type text NOT NULL,
  title text NOT NULL,
  language text NOT NULL,
  date date,
  district text,
  police_station text,
  court text,
  authority text NOT NULL,
  content_hash text NOT NULL,
  sections text[] NOT NULL DEFAULT '{}',
  citations jsonb NOT NULL DEFAULT '[]',
  input jsonb NOT NULL,
  warnings jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS documents_type_idx ON {S}.documents (type);
CREATE INDEX IF NOT EXISTS documents_district_idx ON {S}.documents (district);

CREATE TABLE IF NOT EXISTS {S}.chunks (
  id text PRIMARY KEY,
  document_id text NOT NULL REFERENCES {S}.documents(id) ON DELETE CASCADE,
  ord integer NOT NULL,
  section_name text NOT NULL,
  heading text NOT NULL DEFAULT '',
  text text NOT NULL,
  citation text,
  section_id text,
  chunk_index integer NOT NULL DEFAULT 0,
  total_chunks integer NOT NULL DEFAULT 1,
  document_type text NOT NULL,
  language text NOT NULL,
  date date,
  district text,
  sections text[] NOT NULL DEFAULT '{}',
  token_count integer NOT NULL DEFAULT 0,
  embedding bytea,
  search_text text NOT NULL DEFAULT '',
  tsv tsvector
);
CREATE INDEX IF NOT EXISTS chunks_document_idx ON {S}.chunks (document_id);
CREATE INDEX IF NOT EXISTS chunks_section_idx ON {S}.chunks (section_id);
CREATE INDEX IF NOT EXISTS chunks_tsv_idx ON {S}.chunks USING gin (tsv);
CREATE INDEX IF NOT EXISTS chunks_heading_trgm_idx ON {S}.chunks USING gin (heading gin_trgm_ops);
CREATE INDEX IF NOT EXISTS chunks_sections_idx ON {S}.chunks USING gin (sections);

CREATE TABLE IF NOT EXISTS {S}.audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  principal text NOT NULL,
  role text NOT NULL,
  operation text NOT NULL,
  query text,
  returned integer NOT NULL,
  hidden integer NOT NULL
);
CREATE INDEX IF NOT EXISTS audit_log_principal_idx ON {S}.audit_log (principal, at);

CREATE TABLE IF NOT EXISTS {S}.outbox (
  document_id text NOT NULL,
  target text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (document_id, target)
);
-- Several API processes apply the outbox: an entry is leased to one of them until claimed_until (outbox.sql.ts).
ALTER TABLE {S}.outbox ADD COLUMN IF NOT EXISTS claimed_by text;
ALTER TABLE {S}.outbox ADD COLUMN IF NOT EXISTS claimed_until timestamptz;

CREATE TABLE IF NOT EXISTS {S}.g_acts (code text PRIMARY KEY, name text NOT NULL);
CREATE TABLE IF NOT EXISTS {S}.g_sections (
  id text PRIMARY KEY,
  code text NOT NULL,
  number text NOT NULL,
  title text,
  title_hi text,
  text text,
  chapter text
);
CREATE TABLE IF NOT EXISTS {S}.g_documents (
  id text PRIMARY KEY,
  type text NOT NULL,
  title text NOT NULL,
  date date,
  district text,
  police_station text,
  language text
);
CREATE TABLE IF NOT EXISTS {S}.g_cites (
  document_id text NOT NULL REFERENCES {S}.g_documents(id) ON DELETE CASCADE,
  section_id text NOT NULL,
  subsections text[] NOT NULL DEFAULT '{}',
  inferred boolean NOT NULL DEFAULT false,
  PRIMARY KEY (document_id, section_id)
);
CREATE INDEX IF NOT EXISTS g_cites_section_idx ON {S}.g_cites (section_id);
CREATE TABLE IF NOT EXISTS {S}.g_equivalent (
  from_id text NOT NULL,
  to_id text NOT NULL,
  relation text NOT NULL,
  provisions text,
  PRIMARY KEY (from_id, to_id)
);
CREATE INDEX IF NOT EXISTS g_equivalent_to_idx ON {S}.g_equivalent (to_id);
`;

const VECTORS = `
CREATE TABLE IF NOT EXISTS {S}.vec_items (
  id text PRIMARY KEY,
  document_id text NOT NULL,
  embedding vector(DIMS) NOT NULL,
  document_type text NOT NULL,
  language text NOT NULL,
  date date,
  district text,
  section_id text,
  sections text[] NOT NULL DEFAULT '{}'
);
CREATE INDEX IF NOT EXISTS vec_items_document_idx ON {S}.vec_items (document_id);
`;

export async function migrate(sql: SqlClient, opts: { vectors?: number } = {}): Promise<void> {
  await runDdl(sql, `CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE SCHEMA IF NOT EXISTS "${sql.schema}";${TABLES}`);
  await migrateKeywordIndex(sql);
  if (opts.vectors) await runDdl(sql, VECTORS.replace('DIMS', String(opts.vectors)));
  await sql.query(`INSERT INTO {S}.meta (key, value) VALUES ('schema_version', '1') ON CONFLICT (key) DO NOTHING`);
}

export async function dropSchema(sql: SqlClient): Promise<void> {
  await sql.exec(`DROP SCHEMA IF EXISTS "${sql.schema}" CASCADE`);
}
