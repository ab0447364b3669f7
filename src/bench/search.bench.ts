import type { Config } from '../config/config';
import { openEvalApp } from '../eval/eval-index';
import { Reranker } from '../models/reranker';
import { generateFirs } from '../seeds/synthetic-fir';
import { machine, percentile, writeResult } from './bench-env';

/**
 * Queries of the kinds officers type, written for the benchmark (not taken from any evaluation set):
 * lookups, offences in three languages and short narratives.
 */
export const BENCH_QUERIES = [
  'Section 420 IPC', 'BNS 318 cheating', 'punishment for robbery', 'house breaking at night', 'dowry death',
  'चोरी की सजा', 'दहेज मृत्यु', 'धारा 498-ए', 'ચોરી માટે સજા', 'ખૂન કેસ', 'ઘરફોડ ચોરી',
  'The accused snatched a gold chain from a woman near the temple and fled on a motorcycle.',
  'आरोपी ने ऑनलाइन लिंक भेजकर खाते से पैसे निकाल लिए।', 'આરોપીએ છરી બતાવી ફરિયાદી પાસેથી મોબાઈલ લૂંટી લીધો.',
  'procedure for arrest without warrant', 'anticipatory bail', 'electronic evidence certificate', 'criminal intimidation by anonymous letter',
  'rash driving causing death', 'kidnapping of a minor girl',
];

export interface SearchBenchRow {
  profile: string;
  chunks: number;
  queries: number;
  stages: Record<string, { p50: number; p95: number }>;
  totalNoRerank: { p50: number; p95: number };
  modelMs: { p50: number; p95: number };
  overheadShare: number;
  rerankerAlone: { model: string; candidates: number; p50: number; p95: number } | null;
}

const pct = (xs: number[]) => ({ p50: Math.round(percentile(xs, 50) * 10) / 10, p95: Math.round(percentile(xs, 95) * 10) / 10 });

export async function benchSearch(config: Config, profile: 'embedded' | 'services', firs: number, rounds: number, log: (s: string) => void): Promise<SearchBenchRow> {
  const { app, dispose } = await openEvalApp({ ...config, store: profile, rerankerModel: 'none' });
  try {
    log(`[bench:search] ${profile}: indexing bare acts and ${firs} synthetic FIRs`);
    await app.ingest.ingest(app.catalogue.bareActDocuments());
    await app.ingest.ingest(generateFirs(firs, 11), { groupSize: 64 });
    const { chunks } = await app.stores.documents.counts();
    const stageTimes: Record<string, number[]> = {};
    const totals: number[] = [];
    const model: number[] = [];
    const candidates: string[][] = [];
    for (let r = 0; r < rounds; r++) {
      for (const [i, q] of BENCH_QUERIES.entries()) {
        // A distinct query text each round: the cache would otherwise answer the repeats.
        const res = await app.search.search({ query: r ? `${q} ${'·'.repeat(r)}` : q, topK: 10, rerank: false });
        let total = 0;
        for (const s of res.stages) {
          (stageTimes[s.name] ??= []).push(s.ms);
          total += s.ms;
        }
        totals.push(total);
        // Model time inside the pipeline: query embedding, which is what retrieve.dense spends beyond the index.
        const t0 = performance.now();
        await app.embedder.embed(res.expansion.denseQueries, 'query');
        model.push(performance.now() - t0);
        if (r === 0) candidates[i] = res.hits.map((h) => `${h.chunk.heading}\n${h.chunk.text}`);
      }
    }
    let rerankerAlone: SearchBenchRow['rerankerAlone'] = null;
    const rerankerName = process.env.BENCH_RERANKER ?? 'tiny-random-cross-encoder';
    try {
      const reranker = await Reranker.load(rerankerName, config);
      const times: number[] = [];
      for (const [i, c] of candidates.entries()) {
        const pool = [...c, ...c].slice(0, 20);
        const t0 = performance.now();
        await reranker.score(BENCH_QUERIES[i], pool);
        times.push(performance.now() - t0);
      }
      rerankerAlone = { model: rerankerName, candidates: 20, ...pct(times) };
    } catch (err) {
      log(`[bench:search] reranker ${rerankerName} not measured: ${(err as Error).message}`);
    }
    const modelTotal = model.reduce((a, b) => a + b, 0);
    const pipelineTotal = totals.reduce((a, b) => a + b, 0);
    return {
      profile, chunks, queries: totals.length,
      stages: Object.fromEntries(Object.entries(stageTimes).map(([k, v]) => [k, pct(v)])),
      totalNoRerank: pct(totals), modelMs: pct(model),
      overheadShare: Math.round((1 - modelTotal / pipelineTotal) * 1000) / 1000, rerankerAlone,
    };
  } finally {
    await dispose();
  }
}

export async function runSearchBench(config: Config, sizes: number[], profiles: ('embedded' | 'services')[], rounds: number, log: (s: string) => void) {
  const rows: SearchBenchRow[] = [];
  for (const profile of profiles) for (const n of sizes) {
    const row = await benchSearch(config, profile, n, rounds, log);
    rows.push(row);
    log(`[bench:search] ${JSON.stringify(row)}`);
  }
  const file = writeResult('search', { machine: machine(config), rows });
  const stageNames = [...new Set(rows.flatMap((r) => Object.keys(r.stages)))];
  const table = [
    `| profile | chunks | total p50 / p95 ms (no rerank) | query embedding p50 | non-model share | reranker alone (20) p50 / p95 | ${stageNames.map((s) => `${s} p50/p95`).join(' | ')} |`,
    `|---|---|---|---|---|---|${stageNames.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.profile} | ${r.chunks} | ${r.totalNoRerank.p50} / ${r.totalNoRerank.p95} | ${r.modelMs.p50} | ${(r.overheadShare * 100).toFixed(0)}% | ${r.rerankerAlone ? `${r.rerankerAlone.p50} / ${r.rerankerAlone.p95} (${r.rerankerAlone.model})` : '–'} | ${stageNames.map((s) => (r.stages[s] ? `${r.stages[s].p50}/${r.stages[s].p95}` : '–')).join(' | ')} |`),
  ];
  return { file, table: table.join('\n') };
}
