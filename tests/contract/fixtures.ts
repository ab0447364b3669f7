import type { ChunkRecord, StoredDocument } from '../../src/stores/store.types';
import type { DocumentType, Language } from '../../src/domain/document.types';

export const DIMS = 8;

/** A unit vector pointing mostly along one axis: nearest neighbours are predictable. */
export function axis(i: number, noise = 0.05): Float32Array {
  const v = new Float32Array(DIMS).fill(noise);
  v[i % DIMS] = 1;
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

export function doc(id: string, over: Partial<StoredDocument> = {}): StoredDocument {
  return {
    id, type: 'FIR', title: `Title of ${id}`, language: 'en', date: '2024-03-01', district: 'Pune', policeStation: 'Kothrud',
    court: null, authority: 'CASE_RECORD', contentHash: `hash-${id}`, sections: [], citations: [], input: { type: 'FIR', title: id, text: 'x' },
    warnings: [], ...over,
  };
}

export function chunk(documentId: string, ord: number, text: string, over: Partial<ChunkRecord> = {}): ChunkRecord {
  return {
    id: `${documentId}#${ord}`, documentId, ord, sectionName: 'incident', heading: '', text, citation: null, sectionId: null,
    chunkIndex: 0, totalChunks: 1, documentType: 'FIR' as DocumentType, language: 'en' as Language, date: '2024-03-01',
    district: 'Pune', sections: [], tokenCount: text.split(/\s+/).length, searchText: text, embedding: axis(ord), ...over,
  };
}
