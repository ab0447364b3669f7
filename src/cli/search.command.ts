import type { App } from '../app/app';
import type { SearchResponse } from '../search/search.types';

/** A compact, readable rendering of a search response for the terminal. */
export function renderSearch(r: SearchResponse): string {
  const lines = [
    `query: ${r.query}`,
    `analysis: ${r.analysis.language}${r.analysis.codeMixed ? ' (code-mixed)' : ''}, ${r.analysis.type} (${r.analysis.confidence}), k=${r.k}, references: ${r.analysis.references.map((x) => x.id + (x.inferred ? '*' : '')).join(' ') || '—'}`,
    ...(r.expansion.offences.length ? [`offences inferred from the narrative: ${r.expansion.offences.join(', ')}`] : []),
    ...(r.expansion.similar.length ? [`names nearest in meaning: ${r.expansion.similar.slice(0, 4).map((m) => `${m.id} "${m.name}" ${m.score.toFixed(3)}`).join(', ')}`] : []),
    `expansion: ${r.expansion.sections.slice(0, 12).map((s) => `${s.id}[${s.reason.toLowerCase()}:${s.via}]`).join(' ') || '—'}`,
    `stages: ${r.stages.map((s) => `${s.name} ${s.status.toLowerCase()} ${s.ms}ms`).join(' | ')}`,
  ];
  if (r.missingSources.length) lines.push(`missing sources: ${r.missingSources.join(', ')}`);
  if (r.belowThreshold) lines.push(r.message ?? 'below threshold');
  r.hits.forEach((h, i) => {
    const s = h.scores;
    const f = (x: number | null) => (x === null ? '–' : x.toFixed(3));
    lines.push(`${i + 1}. ${h.chunk.citation ?? h.document.title} [${h.document.type}${h.document.district ? `, ${h.document.district}` : ''}${h.document.date ? `, ${h.document.date}` : ''}]${h.addedBy ? ` (${h.addedBy})` : ''}`);
    lines.push(`   fused ${f(s.fused)} dense ${f(s.dense)} keyword ${f(s.keyword)} rerank ${f(s.rerank)} — ${h.chunk.text.slice(0, 140).replace(/\s+/g, ' ')}…`);
  });
  return lines.join('\n');
}

export async function searchCommand(app: App, query: string, opts: { topK?: number; json?: boolean }): Promise<number> {
  const res = await app.search.search({ query, topK: opts.topK });
  if (opts.json) {
    const { hits, ...rest } = res;
    process.stdout.write(JSON.stringify({ ...rest, hits: hits.map((h) => ({
      chunkId: h.chunk.id, documentId: h.document.id, title: h.document.title, type: h.document.type, citation: h.chunk.citation,
      sectionId: h.chunk.sectionId, sections: h.chunk.sections, text: h.chunk.text, highlights: h.highlights, scores: h.scores, addedBy: h.addedBy,
    })) }, null, 2) + '\n');
  } else {
    process.stdout.write(renderSearch(res) + '\n');
  }
  return 0;
}
