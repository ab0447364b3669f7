import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { App } from '../app/app';
import type { StatuteCode } from '../domain/codes';
import { STATUTE_CODES } from '../domain/codes';
import type { DocumentInput } from '../domain/document.types';
import type { SearchRequest } from '../search/search.types';
import { averagePrecision, bpref, mean, precisionAt, reciprocalRank, round } from './metrics';

export interface Qrels {
  relevant: Map<string, Set<string>>;
  nonRelevant: Map<string, Set<string>>;
}

export function readQrels(file: string): Qrels {
  const relevant = new Map<string, Set<string>>();
  const nonRelevant = new Map<string, Set<string>>();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const [qid, , doc, rel] = line.trim().split(/\s+/);
    if (!qid || !doc) continue;
    const target = Number(rel) > 0 ? relevant : nonRelevant;
    if (!target.has(qid)) target.set(qid, new Set());
    target.get(qid)!.add(doc);
    if (!relevant.has(qid)) relevant.set(qid, new Set());
  }
  return { relevant, nonRelevant };
}

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
 * Chunks ranked per query. A TREC run ranks up to 1,000 documents (trec_eval's default cut-off), so every
 * statute the retrievers reach is in the run instead of only those in the first hundred chunks.
 */
const RUN_DEPTH = 1000;

/** Runs every query of the qrels file through the pipeline; metrics as trec_eval computes them. */
export async function evaluateAila(app: App, dir: string, qrels: Qrels, options: Partial<SearchRequest> = {}, runId = 'nyaya'): Promise<AilaReport> {
  const queries = fs.readFileSync(path.join(dir, 'queries.jsonl'), 'utf8').split('\n').filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { qid: string; text: string }).filter((q) => qrels.relevant.has(q.qid));
  const run: string[] = [];
  const byQuery: AilaReport['byQuery'] = {};
  for (const q of queries) {
    const res = await app.search.search({ query: q.text.slice(0, 4000), topK: RUN_DEPTH, candidates: RUN_DEPTH, maxPerDocument: RUN_DEPTH, ...options });
    const ranked: string[] = [];
    for (const h of res.hits) {
      const id = h.document.id.replace(/^aila-/, '');
      if (!ranked.includes(id)) ranked.push(id);
    }
    ranked.forEach((id, i) => run.push(`${q.qid} Q0 ${id} ${i + 1} ${(ranked.length - i).toFixed(4)} ${runId}`));
    const rel = qrels.relevant.get(q.qid)!;
    const non = qrels.nonRelevant.get(q.qid) ?? new Set();
    byQuery[q.qid] = {
      map: round(averagePrecision(ranked, rel)), 'P@10': round(precisionAt(ranked, rel, 10)),
      bpref: round(bpref(ranked, rel, non)), recip_rank: round(reciprocalRank(ranked, rel)),
    };
  }
  const rows = Object.values(byQuery);
  const avg = (k: keyof (typeof rows)[number]) => round(mean(rows.map((r) => r[k])));
  return { overall: { map: avg('map'), 'P@10': avg('P@10'), bpref: avg('bpref'), recip_rank: avg('recip_rank'), queries: rows.length }, byQuery, run };
}
