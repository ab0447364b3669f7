import os from 'node:os';
import type { Config } from '../config/config';
import { openEvalApp } from '../eval/eval-index';
import { Reranker } from '../models/reranker';
import { generateFirs } from '../seeds/synthetic-fir';
import { machine, percentile, writeResult } from './bench-env';
import { BENCH_QUERIES } from './search.bench';

export interface RerankBenchOptions {
  models: string[];
  firs: number;
  /** Passage token caps to compare (the stage's default is RERANK_PASSAGE_TOKENS). */
  caps: number[];
}

const pct = (xs: number[]) => ({ p50: Math.round(percentile(xs, 50)), p95: Math.round(percentile(xs, 95)) });

/**
 * What reranking costs: for each model, the wall time of `search` with the rerank stage, the reranker alone on the
 * same statute passages the stage scored (as the stage scores them, and padded to 512 tokens as before), passage
 * caps, and the ratio of search to reranker. Queries are the search benchmark's, written for benchmarks.
 */
export async function runRerankBench(config: Config, o: RerankBenchOptions, log: (s: string) => void): Promise<{ file: string; table: string }> {
  const rows: Record<string, unknown>[] = [];
  for (const model of o.models) {
    const { app, dispose } = await openEvalApp({ ...config, rerankerModel: model, rerank: { ...config.rerank, budgetMs: 600_000 } });
    try {
      log(`[bench:rerank] ${model}: indexing bare acts and ${o.firs} synthetic FIRs`);
      await app.ingest.ingest(app.catalogue.bareActDocuments());
      if (o.firs) await app.ingest.ingest(generateFirs(o.firs, 11), { groupSize: 64 });
      const { chunks } = await app.stores.documents.counts();
      const reranker = app.rerank.reranker;
      if (!reranker) throw new Error(`${model} could not be loaded: ${app.rerank.reason}`);
      const loadAverage = Math.round(os.loadavg()[0] * 100) / 100;
      const search: number[] = [];
      const stage: number[] = [];
      const passages: string[][] = [];
      for (const [i, q] of BENCH_QUERIES.entries()) {
        const t0 = performance.now();
        const res = await app.search.search({ query: q, topK: 10 });
        search.push(performance.now() - t0);
        stage.push(res.stages.find((s) => s.name === 'rerank')?.ms ?? 0);
        // The same passages again, without the search: the statutes among the candidates the stage saw.
        const noRerank = await app.search.search({ query: q, topK: config.rerank.topN, rerank: false, maxPerDocument: 20 });
        passages[i] = noRerank.hits.filter((h) => h.chunk.documentType === 'BARE_ACT_SECTION').slice(0, config.rerank.topN).map((h) => `${h.chunk.heading}\n${h.chunk.text}`);
      }
      const alone = async (opts: Parameters<Reranker['score']>[2]) => {
        const times: number[] = [];
        for (const [i, ps] of passages.entries()) {
          const t0 = performance.now();
          await reranker.score(BENCH_QUERIES[i], ps, opts);
          times.push(performance.now() - t0);
        }
        return times;
      };
      const current = await alone({ passageTokens: config.rerank.passageTokens });
      const padded512 = await alone({ passageTokens: 512, padTo: 512 });
      const caps = Object.fromEntries(await Promise.all(o.caps.map(async (c) => [c, pct(await alone({ passageTokens: c }))] as const)));
      const median = (xs: number[]) => percentile(xs, 50);
      rows.push({
        model, chunks, loadAverage, queries: BENCH_QUERIES.length, passagesPerQuery: Math.round(passages.reduce((a, p) => a + p.length, 0) / passages.length),
        searchWithRerank: pct(search), rerankStage: pct(stage), rerankerAlone: pct(current), rerankerPaddedTo512: pct(padded512), caps,
        searchOverReranker: Math.round((median(search) / median(current)) * 100) / 100,
      });
    } finally {
      await dispose();
    }
  }
  const file = writeResult('rerank', { machine: machine(config), passageTokens: config.rerank.passageTokens, topN: config.rerank.topN, rows });
  const table = ['| model | chunks | search p50 / p95 | reranker alone p50 / p95 | padded to 512 p50 | search ÷ reranker (p50) |', '|---|---|---|---|---|---|',
    ...rows.map((r) => {
      const x = r as { model: string; chunks: number; searchWithRerank: { p50: number; p95: number }; rerankerAlone: { p50: number; p95: number }; rerankerPaddedTo512: { p50: number }; searchOverReranker: number };
      return `| ${x.model} | ${x.chunks} | ${x.searchWithRerank.p50} / ${x.searchWithRerank.p95} ms | ${x.rerankerAlone.p50} / ${x.rerankerAlone.p95} ms | ${x.rerankerPaddedTo512.p50} ms | ${x.searchOverReranker} |`;
    })].join('\n');
  return { file, table };
}
