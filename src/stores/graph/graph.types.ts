import type { AccessScope } from '../../domain/access';
import type { DocumentType } from '../../domain/document.types';

export type EquivalenceRelation = 'mapped' | 'split' | 'merged';

export interface SectionNode {
  id: string; // "IPC:302"
  code: string;
  number: string;
  title: string | null;
  titleHi: string | null;
  text: string | null;
  chapter: string | null;
}

export interface EquivalenceEdge {
  fromId: string;
  toId: string;
  relation: EquivalenceRelation;
  provisions: string | null;
}

export interface GraphDocument {
  id: string;
  type: DocumentType;
  title: string;
  date: string | null;
  district: string | null;
  policeStation: string | null;
  language: string;
  cites: { sectionId: string; subsections: string[]; inferred: boolean }[];
}

export interface GraphDocumentFilter {
  types?: DocumentType[];
  districts?: string[];
  dateFrom?: string;
  dateTo?: string;
  /** The caller's scope: documents outside it are neither returned, counted nor walked through. */
  access?: AccessScope;
}

export interface TrendFilter extends GraphDocumentFilter {
  /** Documents citing any of these section ids; all documents when absent. */
  sectionIds?: string[];
}

export interface TrendPoint {
  month: string; // YYYY-MM
  district: string | null;
  documents: number;
}

export interface SectionPath {
  /** Node ids from the first section to the second, both included; the code-point-smallest of the shortest paths. */
  ids: string[];
}

export interface PathOptions {
  maxHops: number;
  viaEquivalents: boolean;
  access?: AccessScope;
}

export interface CitedByPage {
  documents: Omit<GraphDocument, 'cites'>[];
  total: number;
}

export interface CoCitation {
  sectionId: string;
  count: number;
}

export interface GraphNode {
  id: string;
  kind: 'Section' | 'Document';
  label: string;
  properties: Record<string, string | null>;
}

export interface GraphEdge {
  source: string;
  target: string;
  kind: 'CITES' | 'EQUIVALENT_TO';
  relation?: string | null;
}

export interface GraphCounts {
  sections: number;
  documents: number;
  cites: number;
  equivalences: number;
}

/**
 * The citation graph: Neo4j in services mode, tables with recursive CTEs when embedded.
 * Both implementations answer every method identically (tests/contract/graph.contract.ts).
 */
export interface CitationGraph {
  readonly name: string;
  init(): Promise<void>;
  upsertActs(acts: { code: string; name: string }[]): Promise<void>;
  upsertSections(sections: SectionNode[]): Promise<void>;
  upsertEquivalences(edges: EquivalenceEdge[]): Promise<void>;
  /** Makes the graph hold exactly this document and its CITES edges. */
  syncDocument(doc: GraphDocument): Promise<void>;
  /** syncDocument for a batch, in one statement or transaction. */
  syncDocuments(docs: GraphDocument[]): Promise<void>;
  deleteDocument(id: string): Promise<void>;
  deleteDocuments(ids: string[]): Promise<void>;
  getSections(ids: string[]): Promise<SectionNode[]>;
  /** Equivalents of each id, in both directions, with the relation seen from the id given. */
  equivalents(ids: string[]): Promise<EquivalenceEdge[]>;
  /** Sections each document cites. */
  citationsOf(documentIds: string[]): Promise<{ documentId: string; sectionId: string; inferred: boolean }[]>;
  citedBy(sectionId: string, filter: GraphDocumentFilter, offset: number, limit: number): Promise<CitedByPage>;
  coCited(sectionId: string, limit: number, access?: AccessScope): Promise<CoCitation[]>;
  /**
   * Nodes within `depth` hops (CITES and EQUIVALENT_TO, either direction) of the start nodes. Documents outside
   * the filter (and the caller's access) are not walked through, so nothing behind them is reached either.
   */
  neighbourhood(startIds: string[], depth: number, limit: number, filter?: GraphDocumentFilter): Promise<{ nodes: GraphNode[]; edges: GraphEdge[] }>;
  /** Dated documents per month and district, optionally only those citing some sections. */
  trends(filter: TrendFilter): Promise<TrendPoint[]>;
  /** The shortest path between two nodes over CITES (and EQUIVALENT_TO) edges; null when none within maxHops. */
  shortestPath(fromId: string, toId: string, options: PathOptions): Promise<SectionPath | null>;
  documentIds(): Promise<string[]>;
  counts(): Promise<GraphCounts>;
  ping(): Promise<void>;
  drop(): Promise<void>;
  close(): Promise<void>;
}
