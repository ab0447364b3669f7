import fs from 'node:fs';
import { averagePrecision, bpref, mean, precisionAt, reciprocalRank } from './metrics';

/**
 * TREC qrels and runs read the way trec_eval reads them, and its four figures over them. The jest test
 * tests/eval/trec-eval.test.ts holds these to figures the real trec_eval computed on committed files.
 */

export interface Qrels {
  relevant: Map<string, Set<string>>;
  /** Judged non-relevant (relevance 0): bpref counts only these. */
  nonRelevant: Map<string, Set<string>>;
}

export interface TrecScores { map: number; 'P@10': number; bpref: number; recip_rank: number }

/**
 * `qid iter docno rel` lines. Every query with a judgment gets a relevant set, possibly empty (trec_eval still
 * evaluates it, at zero). A negative relevance means "in the pool but not judged": trec_eval counts such a
 * document neither relevant nor non-relevant.
 */
export function parseQrels(text: string): Qrels {
  const relevant = new Map<string, Set<string>>();
  const nonRelevant = new Map<string, Set<string>>();
  for (const line of text.split('\n')) {
    const [qid, , doc, rel] = line.trim().split(/\s+/);
    if (!qid || !doc) continue;
    if (!relevant.has(qid)) relevant.set(qid, new Set());
    const level = Number(rel);
    if (level < 0) continue;
    const target = level > 0 ? relevant : nonRelevant;
    if (!target.has(qid)) target.set(qid, new Set());
    target.get(qid)!.add(doc);
  }
  return { relevant, nonRelevant };
}

export const readQrels = (file: string): Qrels => parseQrels(fs.readFileSync(file, 'utf8'));

/**
 * `qid Q0 docno rank score tag` lines, ranked per query as trec_eval ranks them: by score, highest first, ties
 * broken by docno in descending byte order (its comp_sim_docno); the rank column is ignored.
 */
export function parseRun(text: string): Map<string, string[]> {
  const rows = new Map<string, { doc: string; score: number }[]>();
  for (const line of text.split('\n')) {
    const [qid, , doc, , score] = line.trim().split(/\s+/);
    if (!qid || !doc) continue;
    if (!rows.has(qid)) rows.set(qid, []);
    rows.get(qid)!.push({ doc, score: Number(score) });
  }
  const bytes = (s: string) => Buffer.from(s, 'utf8');
  return new Map([...rows].map(([qid, docs]) => {
    const ranked = docs.sort((a, b) => b.score - a.score || Buffer.compare(bytes(b.doc), bytes(a.doc))).map((d) => d.doc);
    // trec_eval refuses a run that lists a document twice for one query; so does this.
    if (new Set(ranked).size !== ranked.length) throw new Error(`run lists a document twice for query ${qid}`);
    return [qid, ranked];
  }));
}

/** The four figures for one query's ranking, unrounded. */
export function scoreQuery(ranked: string[], qrels: Qrels, qid: string): TrecScores {
  const rel = qrels.relevant.get(qid) ?? new Set<string>();
  const non = qrels.nonRelevant.get(qid) ?? new Set<string>();
  return { map: averagePrecision(ranked, rel), 'P@10': precisionAt(ranked, rel, 10), bpref: bpref(ranked, rel, non), recip_rank: reciprocalRank(ranked, rel) };
}

/** trec_eval's "all" line: the plain mean of the unrounded per-query figures. */
export function meanScores(rows: TrecScores[]): TrecScores {
  const avg = (k: keyof TrecScores) => mean(rows.map((r) => r[k]));
  return { map: avg('map'), 'P@10': avg('P@10'), bpref: avg('bpref'), recip_rank: avg('recip_rank') };
}

/** Queries with both a ranking and judgments, as trec_eval evaluates them without -c. */
export function evaluateRun(run: Map<string, string[]>, qrels: Qrels): { overall: TrecScores; byQuery: Record<string, TrecScores>; queries: number } {
  const byQuery: Record<string, TrecScores> = {};
  for (const [qid, ranked] of run) if (qrels.relevant.has(qid)) byQuery[qid] = scoreQuery(ranked, qrels, qid);
  const rows = Object.values(byQuery);
  return { overall: meanScores(rows), byQuery, queries: rows.length };
}
