import type { AccessScope } from '../domain/access';
import type { AuthorityLevel, DocumentInput, DocumentType, Language } from '../domain/document.types';

/** A document as the source of truth holds it. */
export interface StoredDocument {
  id: string;
  type: DocumentType;
  title: string;
  language: Language;
  date: string | null;
  district: string | null;
  policeStation: string | null;
  court: string | null;
  authority: AuthorityLevel;
  contentHash: string;
  sections: string[];
  /** Each cited section with how it was found: inferred when the text named no code. */
  citations: DocumentCitation[];
  input: DocumentInput;
  warnings: string[];
}

export interface DocumentCitation {
  sectionId: string;
  subsections: string[];
  inferred: boolean;
}

export interface ChunkRecord {
  id: string;
  documentId: string;
  ord: number;
  sectionName: string;
  /** Title-like text matched by trigram similarity: document title, section title (English and Hindi). */
  heading: string;
  text: string;
  citation: string | null;
  sectionId: string | null;
  chunkIndex: number;
  totalChunks: number;
  documentType: DocumentType;
  language: Language;
  date: string | null;
  district: string | null;
  sections: string[];
  tokenCount: number;
  /** Text fed to full-text search: the chunk plus normalised aliases (transliterations, glossary terms). */
  searchText: string;
  embedding: Float32Array | null;
}

/** Filters every index applies the same way, inside the store query. */
export interface SearchFilter {
  documentTypes?: DocumentType[];
  languages?: Language[];
  districts?: string[];
  dateFrom?: string;
  dateTo?: string;
  /** Chunks citing (or being) any of these section ids. */
  sections?: string[];
  /** Only chunks of bare-act sections of these codes. */
  codes?: string[];
  documentIds?: string[];
  /** The caller's scope, applied inside the query like every other filter. */
  access?: AccessScope;
}

export interface IndexHit {
  chunkId: string;
  documentId: string;
  score: number;
}

export interface VectorItem {
  id: string;
  documentId: string;
  embedding: Float32Array;
  metadata: VectorMetadata;
}

export interface VectorMetadata {
  documentType: DocumentType;
  language: Language;
  date: string | null;
  district: string | null;
  sectionId: string | null;
  sections: string[];
}

/** Dense index: Chroma in services mode, pgvector inside PGlite when embedded. */
export interface VectorIndex {
  readonly name: string;
  init(dims: number): Promise<void>;
  /** Makes the index hold exactly `items` for this document (stale chunk ids are removed). */
  replaceDocument(documentId: string, items: VectorItem[]): Promise<void>;
  /** replaceDocument for many documents in a few round trips (the outbox applies a whole ingest group at once). */
  replaceDocuments(docs: { documentId: string; items: VectorItem[] }[]): Promise<void>;
  deleteDocument(documentId: string): Promise<void>;
  deleteDocuments(documentIds: string[]): Promise<void>;
  query(embedding: Float32Array, k: number, filter?: SearchFilter): Promise<IndexHit[]>;
  count(): Promise<number>;
  documentIds(): Promise<string[]>;
  ping(): Promise<void>;
  drop(): Promise<void>;
  close(): Promise<void>;
}

export interface KeywordQuery {
  /** Lexemes for full-text search (already normalised and lower-cased), OR-ed and ranked. */
  terms: string[];
  /** Phrases for trigram similarity against headings (section titles in English and Hindi). */
  phrases: string[];
}

export interface KeywordIndex {
  search(q: KeywordQuery, k: number, filter?: SearchFilter): Promise<IndexHit[]>;
  /** Resolves once searches are answered at full speed (an in-process index has been built). */
  whenReady?(): Promise<void>;
  /** Stops background work; the SQL connection is closed by its owner. */
  close?(): Promise<void>;
}

export type { AuthorityLevel };
