import type { SearchResponse } from './search.types';

export interface RankedSection {
  id: string;
  score: number;
  why: string[];
}

/**
 * Sections as first-class results: a bare-act hit counts fully for its section, a case record or ruling
 * half for each section it cites, and sections the expansion named but no hit carried come last.
 */
export function rankSections(res: SearchResponse, limit: number): RankedSection[] {
  const by = new Map<string, RankedSection>();
  const add = (id: string, score: number, why: string) => {
    const s = by.get(id) ?? { id, score: 0, why: [] };
    s.score = Math.max(s.score, score);
    if (!s.why.includes(why)) s.why.push(why);
    by.set(id, s);
  };
  res.hits.forEach((h) => {
    if (h.chunk.sectionId) add(h.chunk.sectionId, h.scores.fused, h.addedBy ?? `matched the text of ${h.chunk.citation ?? h.chunk.sectionId}`);
    else for (const s of h.chunk.sections) add(s, h.scores.fused * 0.5, `cited by ${h.document.id}`);
  });
  const floor = Math.min(...[...by.values()].map((s) => s.score), 1);
  res.expansion.sections.forEach((s, i) => add(s.id, (floor * 0.9) / (1 + i), `${s.reason.toLowerCase()} via ${s.via}`));
  return [...by.values()].sort((a, b) => b.score - a.score).slice(0, limit);
}
