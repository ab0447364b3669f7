import type { SqlClient } from '../sql/sql.client';
import type {
  CitationGraph, CitedByPage, CoCitation, EquivalenceEdge, GraphCounts, GraphDocument, GraphDocumentFilter,
  GraphEdge, GraphNode, PathOptions, SectionNode, SectionPath, TrendFilter, TrendPoint,
} from './graph.types';
import type { AccessScope } from '../../domain/access';
import { documentNode, sectionNode, sortEdges, stubSection } from './graph.nodes';
import { graphDocumentSql } from './graph.filter';
import { sqlShortestPath } from './sql.paths';

/** The citation graph as plain tables, walked with recursive CTEs: the embedded profile's Neo4j. */
export class SqlGraph implements CitationGraph {
  readonly name = 'graph:sql';

  constructor(private readonly sql: SqlClient) {}

  async init(): Promise<void> {
    // Tables are created by migrate(); nothing else to prepare.
  }

  async upsertActs(acts: { code: string; name: string }[]): Promise<void> {
    if (!acts.length) return;
    await this.sql.query(
      `INSERT INTO {S}.g_acts (code, name) SELECT * FROM unnest($1::text[], $2::text[])
       ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name`,
      [acts.map((a) => a.code), acts.map((a) => a.name)],
    );
  }

  async upsertSections(sections: SectionNode[]): Promise<void> {
    for (let i = 0; i < sections.length; i += 1000) {
      const batch = sections.slice(i, i + 1000);
      await this.sql.query(
        `INSERT INTO {S}.g_sections (id, code, number, title, title_hi, text, chapter)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
         ON CONFLICT (id) DO UPDATE SET code = EXCLUDED.code, number = EXCLUDED.number,
           title = COALESCE(EXCLUDED.title, {S}.g_sections.title), title_hi = COALESCE(EXCLUDED.title_hi, {S}.g_sections.title_hi),
           text = COALESCE(EXCLUDED.text, {S}.g_sections.text), chapter = COALESCE(EXCLUDED.chapter, {S}.g_sections.chapter)`,
        [
          batch.map((s) => s.id), batch.map((s) => s.code), batch.map((s) => s.number), batch.map((s) => s.title),
          batch.map((s) => s.titleHi), batch.map((s) => s.text), batch.map((s) => s.chapter),
        ],
      );
    }
  }

  async upsertEquivalences(edges: EquivalenceEdge[]): Promise<void> {
    if (!edges.length) return;
    await this.ensureSections(edges.flatMap((e) => [e.fromId, e.toId]));
    await this.sql.query(
      `INSERT INTO {S}.g_equivalent (from_id, to_id, relation, provisions)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
       ON CONFLICT (from_id, to_id) DO UPDATE SET relation = EXCLUDED.relation, provisions = EXCLUDED.provisions`,
      [edges.map((e) => e.fromId), edges.map((e) => e.toId), edges.map((e) => e.relation), edges.map((e) => e.provisions)],
    );
  }

  private async ensureSections(ids: string[]): Promise<void> {
    const stubs = [...new Set(ids)].map(stubSection);
    if (!stubs.length) return;
    await this.sql.query(
      `INSERT INTO {S}.g_sections (id, code, number) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
       ON CONFLICT (id) DO NOTHING`,
      [stubs.map((s) => s.id), stubs.map((s) => s.code), stubs.map((s) => s.number)],
    );
  }

  async syncDocument(doc: GraphDocument): Promise<void> {
    await this.syncDocuments([doc]);
  }

  async syncDocuments(docs: GraphDocument[]): Promise<void> {
    if (!docs.length) return;
    await this.ensureSections(docs.flatMap((d) => d.cites.map((c) => c.sectionId)));
    const cites = docs.flatMap((d) => d.cites.map((c) => ({ ...c, documentId: d.id })));
    const col = <K extends keyof GraphDocument>(k: K) => docs.map((d) => d[k]);
    await this.sql.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO {S}.g_documents (id, type, title, date, district, police_station, language)
         SELECT id, type, title, date::date, district, ps, lang
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS t(id, type, title, date, district, ps, lang)
         ON CONFLICT (id) DO UPDATE SET type = EXCLUDED.type, title = EXCLUDED.title, date = EXCLUDED.date,
           district = EXCLUDED.district, police_station = EXCLUDED.police_station, language = EXCLUDED.language`,
        [col('id'), col('type'), col('title'), col('date'), col('district'), col('policeStation'), col('language')],
      );
      await tx.query(`DELETE FROM {S}.g_cites WHERE document_id = ANY($1::text[])`, [col('id')]);
      if (cites.length) {
        await tx.query(
          `INSERT INTO {S}.g_cites (document_id, section_id, subsections, inferred)
           SELECT d, s, coalesce(string_to_array(NULLIF(sub, ''), ','), '{}'), inf
           FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[]) AS t(d, s, sub, inf)
           ON CONFLICT DO NOTHING`,
          [cites.map((c) => c.documentId), cites.map((c) => c.sectionId), cites.map((c) => c.subsections.join(',')), cites.map((c) => c.inferred)],
        );
      }
    });
  }

  async deleteDocument(id: string): Promise<void> {
    await this.deleteDocuments([id]);
  }

  async deleteDocuments(ids: string[]): Promise<void> {
    if (ids.length) await this.sql.query(`DELETE FROM {S}.g_documents WHERE id = ANY($1::text[])`, [ids]);
  }

  async getSections(ids: string[]): Promise<SectionNode[]> {
    if (!ids.length) return [];
    const rows = await this.sql.query<Record<string, string | null>>(
      `SELECT id, code, number, title, title_hi, text, chapter FROM {S}.g_sections WHERE id = ANY($1::text[]) ORDER BY id`,
      [ids],
    );
    return rows.map(sectionNode);
  }

  async equivalents(ids: string[]): Promise<EquivalenceEdge[]> {
    if (!ids.length) return [];
    const rows = await this.sql.query<{ from_id: string; to_id: string; relation: string; provisions: string | null }>(
      `SELECT from_id, to_id, relation, provisions FROM {S}.g_equivalent WHERE from_id = ANY($1::text[])
       UNION
       SELECT to_id, from_id, relation, provisions FROM {S}.g_equivalent WHERE to_id = ANY($1::text[])
       ORDER BY 1, 2`,
      [ids],
    );
    return rows.map((r) => ({ fromId: r.from_id, toId: r.to_id, relation: r.relation as EquivalenceEdge['relation'], provisions: r.provisions }));
  }

  async citationsOf(documentIds: string[]): Promise<{ documentId: string; sectionId: string; inferred: boolean }[]> {
    if (!documentIds.length) return [];
    const rows = await this.sql.query<{ document_id: string; section_id: string; inferred: boolean }>(
      `SELECT document_id, section_id, inferred FROM {S}.g_cites WHERE document_id = ANY($1::text[]) ORDER BY document_id, section_id`,
      [documentIds],
    );
    return rows.map((r) => ({ documentId: r.document_id, sectionId: r.section_id, inferred: r.inferred }));
  }

  async citedBy(sectionId: string, f: GraphDocumentFilter, offset: number, limit: number): Promise<CitedByPage> {
    const params: unknown[] = [sectionId];
    const where = `c.section_id = $1 AND ${graphDocumentSql(f, params)}`;
    const rows = await this.sql.query<Record<string, string | null>>(
      `SELECT d.* FROM {S}.g_cites c JOIN {S}.g_documents d ON d.id = c.document_id WHERE ${where}
       ORDER BY d.date DESC NULLS LAST, d.id COLLATE "C" OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
      [...params, offset, limit],
    );
    const [{ n }] = await this.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM {S}.g_cites c JOIN {S}.g_documents d ON d.id = c.document_id WHERE ${where}`,
      params,
    );
    return { documents: rows.map(documentNode), total: n };
  }

  async coCited(sectionId: string, limit: number, access?: AccessScope): Promise<CoCitation[]> {
    const params: unknown[] = [sectionId, limit];
    const rows = await this.sql.query<{ section_id: string; n: number }>(
      `SELECT c2.section_id, count(*)::int AS n FROM {S}.g_cites c1
       JOIN {S}.g_documents d ON d.id = c1.document_id AND ${graphDocumentSql({ access }, params)}
       JOIN {S}.g_cites c2 ON c2.document_id = c1.document_id AND c2.section_id <> c1.section_id
       WHERE c1.section_id = $1 GROUP BY c2.section_id ORDER BY n DESC, c2.section_id COLLATE "C" LIMIT $2`,
      params,
    );
    return rows.map((r) => ({ sectionId: r.section_id, count: r.n }));
  }

  async trends(f: TrendFilter): Promise<TrendPoint[]> {
    const params: unknown[] = [];
    const cites = f.sectionIds?.length
      ? `AND EXISTS (SELECT 1 FROM {S}.g_cites c WHERE c.document_id = d.id AND c.section_id = ANY($${params.push(f.sectionIds)}::text[]))`
      : '';
    const rows = await this.sql.query<{ month: string; district: string | null; n: number }>(
      `SELECT to_char(d.date, 'YYYY-MM') AS month, d.district, count(*)::int AS n FROM {S}.g_documents d
       WHERE d.date IS NOT NULL ${cites} AND ${graphDocumentSql(f, params)}
       GROUP BY 1, 2 ORDER BY 1, d.district COLLATE "C" NULLS LAST`,
      params,
    );
    return rows.map((r) => ({ month: r.month, district: r.district, documents: r.n }));
  }

  async shortestPath(fromId: string, toId: string, options: PathOptions): Promise<SectionPath | null> {
    if (fromId === toId) return (await this.getSections([fromId])).length ? { ids: [fromId] } : null;
    return sqlShortestPath(this.sql, fromId, toId, options);
  }

  async neighbourhood(startIds: string[], depth: number, limit: number, filter?: GraphDocumentFilter): Promise<{ nodes: GraphNode[]; edges: GraphEdge[] }> {
    const params: unknown[] = [startIds, depth, limit];
    const reached = await this.sql.query<{ id: string }>(
      `WITH RECURSIVE visible AS (SELECT d.id FROM {S}.g_documents d WHERE ${graphDocumentSql(filter, params)}),
       cites AS (SELECT c.document_id, c.section_id FROM {S}.g_cites c JOIN visible v ON v.id = c.document_id),
       edges(a, b) AS (
         SELECT document_id, section_id FROM cites UNION ALL SELECT section_id, document_id FROM cites
         UNION ALL SELECT from_id, to_id FROM {S}.g_equivalent UNION ALL SELECT to_id, from_id FROM {S}.g_equivalent
       ), walk(id, depth) AS (
         SELECT s, 0 FROM unnest($1::text[]) AS s
           WHERE s IN (SELECT id FROM {S}.g_sections UNION ALL SELECT id FROM visible)
         UNION
         SELECT e.b, w.depth + 1 FROM walk w JOIN edges e ON e.a = w.id WHERE w.depth < $2
       )
       SELECT id FROM walk GROUP BY id ORDER BY min(depth), id COLLATE "C" LIMIT $3`,
      params,
    );
    const ids = reached.map((r) => r.id);
    const [sections, documents, cites, equivalents] = await Promise.all([
      this.getSections(ids),
      this.sql.query<Record<string, string | null>>(`SELECT * FROM {S}.g_documents WHERE id = ANY($1::text[])`, [ids]),
      this.sql.query<{ document_id: string; section_id: string }>(
        `SELECT document_id, section_id FROM {S}.g_cites WHERE document_id = ANY($1::text[]) AND section_id = ANY($1::text[])`, [ids]),
      this.sql.query<{ from_id: string; to_id: string; relation: string }>(
        `SELECT from_id, to_id, relation FROM {S}.g_equivalent WHERE from_id = ANY($1::text[]) AND to_id = ANY($1::text[])`, [ids]),
    ]);
    const byId = new Map<string, GraphNode>();
    for (const s of sections) byId.set(s.id, { id: s.id, kind: 'Section', label: s.id, properties: { title: s.title, code: s.code, number: s.number } });
    for (const d of documents.map(documentNode)) {
      byId.set(d.id, { id: d.id, kind: 'Document', label: d.title, properties: { type: d.type, date: d.date, district: d.district } });
    }
    const edges: GraphEdge[] = [
      ...cites.map((c) => ({ source: c.document_id, target: c.section_id, kind: 'CITES' as const })),
      ...equivalents.map((e) => ({ source: e.from_id, target: e.to_id, kind: 'EQUIVALENT_TO' as const, relation: e.relation })),
    ];
    return { nodes: ids.map((id) => byId.get(id)).filter((n): n is GraphNode => !!n), edges: sortEdges(edges) };
  }

  async documentIds(): Promise<string[]> {
    return (await this.sql.query<{ id: string }>(`SELECT id FROM {S}.g_documents ORDER BY id`)).map((r) => r.id);
  }

  async counts(): Promise<GraphCounts> {
    const [r] = await this.sql.query<GraphCounts>(
      `SELECT (SELECT count(*)::int FROM {S}.g_sections) AS sections, (SELECT count(*)::int FROM {S}.g_documents) AS documents,
              (SELECT count(*)::int FROM {S}.g_cites) AS cites, (SELECT count(*)::int FROM {S}.g_equivalent) AS equivalences`,
    );
    return r;
  }

  async ping(): Promise<void> {
    await this.sql.query('SELECT 1');
  }

  async drop(): Promise<void> {
    await this.sql.exec(`TRUNCATE {S}.g_cites, {S}.g_documents, {S}.g_equivalent, {S}.g_sections, {S}.g_acts`);
  }

  async close(): Promise<void> {
    // The SQL client is owned by the caller.
  }
}
