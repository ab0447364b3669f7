import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { App } from '../app/app';
import type { StatuteCode } from '../domain/codes';
import { STATUTE_CODES } from '../domain/codes';
import type { DocumentInput } from '../domain/document.types';
import type { SearchRequest } from '../search/search.types';
import { round } from './metrics';
import { meanScores, scoreQuery, type Qrels, type TrecScores } from './trec';

export { readQrels, type Qrels } from './trec';

/**
 * The AILA candidate pool as documents. Statutes the task's own derived mapping identifies as a section of
 * one of our codes are indexed as that section (so references and the glossary reach them); the rest
 * (Constitution articles, other Acts) as plain documents. Ids stay the task's S-ids.
 */
export function ailaDocuments(dir: string): DocumentInput[] {
  const mapFile = path.join(dir, 'statute_id_to_act_section_derived.csv');
  const mapping = new Map<string, { code: StatuteCode; number: string }>();
  if (fs.existsSync(mapFile)) {
    for (const r of parse(fs.readFileSync(mapFile, 'utf8'), { columns: true }) as Record<string, string>[]) {
      const code = STATUTE_CODES.find((c) => c.toUpperCase() === (r.act ?? '').toUpperCase());
      if (code && r.section && r.confidence !== 'unmatched') mapping.set(r.aila_id, { code, number: r.section.toUpperCase() });
    }
  }
  return fs.readFileSync(path.join(dir, 'statutes.jsonl'), 'utf8').split('\n').filter((l) => l.trim()).map((l) => {
    const s = JSON.parse(l) as { id: string; title: string; text: string };
    const statute = mapping.get(s.id);
    const base = { id: `aila-${s.id}`, title: s.title, authority: 'ACT' as const, parts: [{ name: 'text', text: s.text || s.title }] };
    return statute
      ? { ...base, type: 'BARE_ACT_SECTION' as const, statute, extra: { titleEn: s.title } }
      : { ...base, type: 'SOP' as const, authority: 'ACT' as const };
  });
}

export interface AilaReport {
  overall: { map: number; 'P@10': number; bpref: number; recip_rank: number; queries: number };
  byQuery: Record<string, { map: number; 'P@10': number; bpref: number; recip_rank: number }>;
  run: string[];
}

/**
 * Chunks ranked per query. A TREC run ranks up to 1,000 documents (the TREC submission limit; trec_eval itself
 * reads them all), so every statute the retrievers reach is in the run instead of only those in the first hundred chunks.
 */
const RUN_DEPTH = 1000;

/** Runs every query of the qrels file through the pipeline; metrics as trec_eval computes them. */
export async function evaluateAila(app: App, dir: string, qrels: Qrels, options: Partial<SearchRequest> = {}, runId = 'nyaya'): Promise<AilaReport> {
  const queries = fs.readFileSync(path.join(dir, 'queries.jsonl'), 'utf8').split('\n').filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { qid: string; text: string }).filter((q) => qrels.relevant.has(q.qid));
  const run: string[] = [];
  const byQuery: AilaReport['byQuery'] = {};
  const rows: TrecScores[] = [];
  await app.search.warm();
  for (const q of queries) {
    const res = await app.search.search({ query: q.text.slice(0, 4000), topK: RUN_DEPTH, candidates: RUN_DEPTH, maxPerDocument: RUN_DEPTH, ...options });
    const ranked: string[] = [];
    for (const h of res.hits) {
      const id = h.document.id.replace(/^aila-/, '');
      if (!ranked.includes(id)) ranked.push(id);
    }
    ranked.forEach((id, i) => run.push(`${q.qid} Q0 ${id} ${i + 1} ${(ranked.length - i).toFixed(4)} ${runId}`));
    const scores = scoreQuery(ranked, qrels, q.qid);
    rows.push(scores);
    byQuery[q.qid] = { map: round(scores.map), 'P@10': round(scores['P@10']), bpref: round(scores.bpref), recip_rank: round(scores.recip_rank) };
  }
  // Averaged before rounding, as trec_eval does (the mean of rounded figures can differ in the fourth decimal).
  // Every judged query counts, one with no hits at zero, as `trec_eval -c` counts a query missing from the run.
  const avg = meanScores(rows);
  return { overall: { map: round(avg.map), 'P@10': round(avg['P@10']), bpref: round(avg.bpref), recip_rank: round(avg.recip_rank), queries: rows.length }, byQuery, run };
}
