import neo4j, { type Driver, type QueryResult, type RecordShape } from 'neo4j-driver';
import type {
  CitationGraph, CitedByPage, CoCitation, EquivalenceEdge, GraphCounts, GraphDocument, GraphDocumentFilter,
  GraphEdge, GraphNode, PathOptions, SectionNode, SectionPath, TrendFilter, TrendPoint,
} from './graph.types';
import type { AccessScope } from '../../domain/access';
import { graphDocumentParams } from './graph.filter';
import { cypher, cypherStatements } from './cypher';
import { documentNode, sectionNode, sortEdges, stubSection } from './graph.nodes';

/** Plain JS values from driver records: Integers become numbers. */
function plain(v: unknown): unknown {
  if (neo4j.isInt(v)) return (v as { toNumber(): number }).toNumber();
  if (Array.isArray(v)) return v.map(plain);
  if (v && typeof v === 'object' && v.constructor === Object) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  }
  return v;
}

function rows(res: QueryResult<RecordShape>): Record<string, unknown>[] {
  return res.records.map((r) => plain(r.toObject()) as Record<string, unknown>);
}

export class Neo4jGraph implements CitationGraph {
  readonly name = 'graph:neo4j';
  /** Statements sent, for round-trip counting in tests. */
  readonly stats = { queries: 0 };

  private constructor(private readonly driver: Driver, private readonly ns: string) {}

  static async open(uri: string, user: string, password: string, ns: string): Promise<Neo4jGraph> {
    const driver = neo4j.driver(uri, neo4j.auth.basic(user, password), {
      // Fail fast when the server is gone: the outbox retries later, and search degrades instead of hanging.
      connectionTimeout: 3000,
      connectionAcquisitionTimeout: 5000,
      maxTransactionRetryTime: 2000,
      maxConnectionPoolSize: 20,
      disableLosslessIntegers: false,
    });
    const graph = new Neo4jGraph(driver, ns);
    await graph.ping();
    return graph;
  }

  private async run(name: string, params: Record<string, unknown> = {}, write = false): Promise<Record<string, unknown>[]> {
    this.stats.queries++;
    const res = await this.driver.executeQuery(cypher(name), { ns: this.ns, ...params }, {
      routing: write ? neo4j.routing.WRITE : neo4j.routing.READ,
    });
    return rows(res);
  }

  async init(): Promise<void> {
    for (const statement of cypherStatements('constraints')) {
      await this.driver.executeQuery(statement);
    }
  }

  async upsertActs(acts: { code: string; name: string }[]): Promise<void> {
    if (acts.length) await this.run('upsert-acts', { acts }, true);
  }

  async upsertSections(sections: SectionNode[]): Promise<void> {
    for (let i = 0; i < sections.length; i += 1000) {
      await this.run('upsert-sections', { sections: sections.slice(i, i + 1000) }, true);
    }
  }

  async upsertEquivalences(edges: EquivalenceEdge[]): Promise<void> {
    for (let i = 0; i < edges.length; i += 1000) {
      const batch = edges.slice(i, i + 1000).map((e) => {
        const a = stubSection(e.fromId);
        const b = stubSection(e.toId);
        return { ...e, fromCode: a.code, fromNumber: a.number, toCode: b.code, toNumber: b.number };
      });
      await this.run('upsert-equivalences', { edges: batch }, true);
    }
  }

  async syncDocument(doc: GraphDocument): Promise<void> {
    await this.syncDocuments([doc]);
  }

  async syncDocuments(docs: GraphDocument[]): Promise<void> {
    if (!docs.length) return;
    const batch = docs.map(({ cites, ...node }) => ({
      ...node,
      cites: cites.map((c) => ({ ...stubSection(c.sectionId), sectionId: c.sectionId, inferred: c.inferred, subsections: c.subsections })),
    }));
    await this.run('sync-document', { docs: batch }, true);
  }

  async deleteDocument(id: string): Promise<void> {
    await this.deleteDocuments([id]);
  }

  async deleteDocuments(ids: string[]): Promise<void> {
    if (ids.length) await this.run('delete-document', { ids }, true);
  }

  async getSections(ids: string[]): Promise<SectionNode[]> {
    if (!ids.length) return [];
    return (await this.run('get-sections', { ids })).map(sectionNode);
  }

  async equivalents(ids: string[]): Promise<EquivalenceEdge[]> {
    if (!ids.length) return [];
    return (await this.run('equivalents', { ids })) as unknown as EquivalenceEdge[];
  }

  async citationsOf(documentIds: string[]): Promise<{ documentId: string; sectionId: string; inferred: boolean }[]> {
    if (!documentIds.length) return [];
    return (await this.run('citations-of', { ids: documentIds })).map((r) => ({
      documentId: String(r.documentId), sectionId: String(r.sectionId), inferred: Boolean(r.inferred),
    }));
  }

  async citedBy(sectionId: string, f: GraphDocumentFilter, offset: number, limit: number): Promise<CitedByPage> {
    const [r] = await this.run('cited-by', { sectionId, ...graphDocumentParams(f), offset: neo4j.int(offset), limit: neo4j.int(limit) });
    return { total: Number(r.total), documents: (r.documents as Record<string, unknown>[]).map(documentNode) };
  }

  async coCited(sectionId: string, limit: number, access?: AccessScope): Promise<CoCitation[]> {
    return (await this.run('co-cited', { sectionId, ...graphDocumentParams({ access }), limit: neo4j.int(limit) })).map((r) => ({
      sectionId: String(r.sectionId), count: Number(r.count),
    }));
  }

  async neighbourhood(startIds: string[], depth: number, limit: number, filter?: GraphDocumentFilter): Promise<{ nodes: GraphNode[]; edges: GraphEdge[] }> {
    const ids = (await this.run('neighbourhood', {
      startIds, depth: neo4j.int(depth), limit: neo4j.int(limit), ...graphDocumentParams(filter),
    })).map((r) => String(r.id));
    const [nodeRows, edgeRows] = await Promise.all([this.run('neighbourhood-nodes', { ids }), this.run('neighbourhood-edges', { ids })]);
    const byId = new Map<string, GraphNode>();
    for (const r of nodeRows) {
      const s = (v: unknown) => (v === null || v === undefined ? null : String(v));
      byId.set(String(r.id), r.kind === 'Section'
        ? { id: String(r.id), kind: 'Section', label: String(r.id), properties: { title: s(r.title), code: s(r.code), number: s(r.number) } }
        : { id: String(r.id), kind: 'Document', label: String(r.title), properties: { type: s(r.type), date: s(r.date), district: s(r.district) } });
    }
    const edges: GraphEdge[] = edgeRows
      .map((e) => {
        const edge: GraphEdge = { source: String(e.source), target: String(e.target), kind: e.kind as GraphEdge['kind'] };
        if (e.kind === 'EQUIVALENT_TO') edge.relation = (e.relation as string | null) ?? null;
        return edge;
      });
    return { nodes: ids.map((id) => byId.get(id)).filter((n): n is GraphNode => !!n), edges: sortEdges(edges) };
  }

  async trends(f: TrendFilter): Promise<TrendPoint[]> {
    const rows = await this.run('trends', { ...graphDocumentParams(f), sectionIds: f.sectionIds?.length ? f.sectionIds : null });
    return rows.map((r) => ({ month: String(r.month), district: (r.district as string | null) ?? null, documents: Number(r.documents) }));
  }

  async shortestPath(fromId: string, toId: string, options: PathOptions): Promise<SectionPath | null> {
    if (fromId === toId) return (await this.getSections([fromId])).length ? { ids: [fromId] } : null;
    const [r] = await this.run('shortest-path', {
      fromId, toId, maxHops: neo4j.int(options.maxHops), viaEquivalents: options.viaEquivalents, ...graphDocumentParams({ access: options.access }),
    });
    return r ? { ids: (r.ids as unknown[]).map(String) } : null;
  }

  async documentIds(): Promise<string[]> {
    return (await this.run('document-ids')).map((r) => String(r.id));
  }

  async counts(): Promise<GraphCounts> {
    const [r] = await this.run('counts');
    return r as unknown as GraphCounts;
  }

  async ping(): Promise<void> {
    await this.driver.verifyConnectivity();
  }

  async drop(): Promise<void> {
    const session = this.driver.session();
    try {
      // CALL { } IN TRANSACTIONS only runs in an auto-commit transaction, hence session.run.
      await session.run(cypher('drop-relationships'), { ns: this.ns });
      await session.run(cypher('drop'), { ns: this.ns });
    } finally {
      await session.close();
    }
  }

  async close(): Promise<void> {
    await this.driver.close();
  }
}
