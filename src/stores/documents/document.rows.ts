import type { ChunkRecord, StoredDocument } from '../store.types';

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const arr = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

export function documentFromRow(r: Record<string, unknown>): StoredDocument {
  return {
    id: String(r.id), type: r.type as StoredDocument['type'], title: String(r.title), language: r.language as StoredDocument['language'],
    date: str(r.date), district: str(r.district), policeStation: str(r.police_station), court: str(r.court),
    authority: r.authority as StoredDocument['authority'], contentHash: String(r.content_hash), sections: arr(r.sections), citations: json(r.citations ?? '[]'),
    input: json(r.input), warnings: json(r.warnings),
  };
}

function embedding(v: unknown): Float32Array | null {
  if (!v) return null;
  const bytes = v instanceof Uint8Array ? v : Buffer.from(v as ArrayBuffer);
  // Copy: the driver's buffer may not be 4-byte aligned.
  const copy = new Uint8Array(bytes);
  return new Float32Array(copy.buffer, 0, copy.byteLength / 4);
}

export function chunkFromRow(r: Record<string, unknown>): ChunkRecord {
  return {
    id: String(r.id), documentId: String(r.document_id), ord: Number(r.ord), sectionName: String(r.section_name),
    heading: String(r.heading ?? ''), text: String(r.text), citation: str(r.citation), sectionId: str(r.section_id),
    chunkIndex: Number(r.chunk_index), totalChunks: Number(r.total_chunks), documentType: r.document_type as ChunkRecord['documentType'],
    language: r.language as ChunkRecord['language'], date: str(r.date), district: str(r.district), sections: arr(r.sections),
    tokenCount: Number(r.token_count), searchText: String(r.search_text ?? ''), embedding: embedding(r.embedding),
  };
}
