import type { DocumentInput } from '../domain/document.types';
import { pack, sentences, type TokenCounter } from './pack';

export interface ChunkDraft {
  sectionName: string;
  heading: string;
  text: string;
  /** Tokens as the packer counted them (see `Window`). */
  tokens: number;
  chunkIndex: number;
  totalChunks: number;
  sectionId: string | null;
  citation: string | null;
}

export const CHUNK_DEFAULTS = {
  maxTokens: 500,
  overlapTokens: 100,
  statuteMaxTokens: 300,
  rulingParagraphMaxTokens: 1000,
};

const paragraphs = (text: string) => text.split(/\n\s*\n|\n(?=\s*\d+\.\s)/).map((p) => p.trim()).filter(Boolean);

/**
 * Chunks follow the document's own structure: a case record by its parts (complainant, incident, …), a
 * ruling by paragraphs (a long reasoning paragraph stays whole up to 1000 tokens), a bare-act section as
 * one unit split at ~300 tokens with 10% overlap. Every chunk knows its part and, for statutes, its section
 * and place among the section's chunks, so siblings can be fetched.
 */
export function chunkDocument(doc: DocumentInput, count: TokenCounter, o = CHUNK_DEFAULTS): ChunkDraft[] {
  const parts = doc.parts?.length ? doc.parts : [{ name: 'text', text: doc.text ?? '' }];
  if (doc.type === 'BARE_ACT_SECTION' && doc.statute) {
    const { code, number } = doc.statute;
    const sectionId = `${code}:${number.toUpperCase()}`;
    const titles = [doc.extra?.titleEn, doc.extra?.titleHi].filter(Boolean).join(' · ');
    const heading = `${code} s. ${number} ${titles}`.trim();
    const body = parts.map((p) => p.text).join('\n\n');
    const windows = pack(sentences(body), count, { maxTokens: o.statuteMaxTokens, overlapTokens: Math.round(o.statuteMaxTokens / 10) });
    return windows.map(({ text, tokens }, i) => {
      const sub = /^\((\d+)\)/.exec(text)?.[1];
      return {
        sectionName: 'section', heading, text, tokens, chunkIndex: i, totalChunks: windows.length, sectionId,
        citation: `${code} s. ${number}${sub ? `(${sub})` : ''}`,
      };
    });
  }
  const drafts: ChunkDraft[] = [];
  for (const part of parts) {
    const units = paragraphs(part.text);
    const windows = doc.type === 'COURT_RULING'
      ? pack(units, count, { maxTokens: o.maxTokens, overlapTokens: 0, keepWholeUpTo: o.rulingParagraphMaxTokens })
      : pack(units, count, { maxTokens: o.maxTokens, overlapTokens: o.overlapTokens });
    windows.forEach(({ text, tokens }, i) => drafts.push({
      sectionName: part.name, heading: `${doc.title} — ${part.name}`, text, tokens, chunkIndex: i, totalChunks: windows.length,
      sectionId: null, citation: null,
    }));
  }
  return drafts;
}
