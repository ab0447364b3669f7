import os from 'node:os';
import type { App } from '../app/app';
import type { Config } from '../config/config';
import { openEvalApp } from '../eval/eval-index';
import { Reranker } from '../models/reranker';
import { RERANK_BATCH } from '../rerank/rerank';
import { MemoryKeywordIndex } from '../stores/keyword/memory-keyword.index';
import { generateFirs } from '../seeds/synthetic-fir';
import { GrowingCorpus } from './bench-corpus';
import { machine, percentile, writeResult } from './bench-env';
import { BENCH_QUERIES, firsForChunks } from './search.bench';

export interface RerankBenchOptions {
  models: string[];
  /** Corpus sizes, in chunks: one corpus grows through them (GrowingCorpus). */
  chunks: number[];
  /** FIRs embedded by the model; past them, vectors are derived (as `bench:search --real-firs`). */
  realFirs?: number;
  /** Passage token caps to compare (the stage's default is RERANK_PASSAGE_TOKENS). */
  caps: number[];
}

type Pct = { p50: number; p95: number };

export interface RerankBenchRow {
  model: string;
  chunks: number;
  /** `short`: the search benchmark's queries; `complaints`: whole synthetic complaints (~130 words, en/hi/gu). */
  queries: 'short' | 'complaints';
  derivedVectors?: GrowingCorpus['derivedVectors'];
  loadAverage: number;
  queryCount: number;
  passagesPerQuery: number;
  searchWithRerank: Pct;
  searchWithoutRerank: Pct;
  rerankStage: Pct;
  rerankerAlone: Pct;
  rerankerPaddedTo512: Pct;
  caps: Record<string, Pct>;
  /**
   * `search` as the server runs it by default (RERANK_SCORE_ALWAYS off): at weight 0 the model runs only where its logit
   * can decide the refusal. `modelRan`: the share of the queries where it did.
   */
  searchAsShipped: Pct;
  modelRan: number;
  /** Median milliseconds of each stage of the search with rerank: where the time beside the reranker goes. */
  stagesMs: Record<string, number>;
  /** Search with rerank over the reranker alone on the same passages, at the median (the target: ≤ 1.2). */
  searchOverReranker: number;
}

/**
 * Complaints as a complainant tells them, for the cost of reranking a long query: each pair's 512 tokens fill up. From
 * the synthetic FIR generator (its own seed, not the corpus's), the complainant's, incident's and accused's parts.
 */
const complaints = () => generateFirs(10, 99).map((d) => (d.parts ?? []).filter((p) => ['complainant', 'incident', 'accused'].includes(p.name)).map((p) => p.text).join(' '));

type QuerySet = readonly [RerankBenchRow['queries'], readonly string[]];

const pct = (xs: number[]): Pct => ({ p50: Math.round(percentile(xs, 50)), p95: Math.round(percentile(xs, 95)) });

/**
 * What reranking costs: on one corpus grown through each size, for each model and query set, the wall time of
 * `search` with the rerank stage and without it, the reranker alone on the statute passages the stage scored (as the
 * stage scores them, and padded to 512 tokens as before), passage caps, and the ratio of search to reranker. Query
 * sets: the search benchmark's queries, and whole synthetic complaints. The models run on the main thread, as
 * `npm run eval` runs them.
 */
export async function runRerankBench(config: Config, o: RerankBenchOptions, log: (s: string) => void): Promise<{ file: string; table: string }> {
  const { app, dispose } = await openEvalApp({ ...config, rerankerModel: 'none', rerank: { ...config.rerank, budgetMs: 600_000 } });
  const corpus = new GrowingCorpus(app, config.store, o.realFirs, log);
  const rows: RerankBenchRow[] = [];
  const sets: QuerySet[] = [['short', BENCH_QUERIES], ['complaints', complaints()]];
  try {
    await corpus.start();
    for (const size of [...o.chunks].sort((a, b) => a - b)) {
      await corpus.growTo(firsForChunks(size));
      // The in-memory keyword index catches up with what was added before the searches are timed.
      if (app.stores.keyword instanceof MemoryKeywordIndex) await app.stores.keyword.whenReady();
      for (const model of o.models) {
        for (const row of await measureModel(app, config, model, sets, o.caps, log)) rows.push({ ...row, derivedVectors: corpus.derivedVectors });
      }
    }
  } finally {
    corpus.close();
    await dispose();
  }
  const file = writeResult('rerank', { machine: machine(config), passageTokens: config.rerank.passageTokens, topN: config.rerank.topN, rows });
  const table = ['| model | chunks | queries | search with rerank p50 / p95 | without rerank p50 | as shipped p50 / p95 (model ran) | reranker alone p50 / p95 | padded to 512 p50 | search ÷ reranker (p50) |', '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.model} | ${r.chunks} | ${r.queries} | ${r.searchWithRerank.p50} / ${r.searchWithRerank.p95} ms | ${r.searchWithoutRerank.p50} ms | ${r.searchAsShipped.p50} / ${r.searchAsShipped.p95} ms (${Math.round(r.modelRan * 100)} %) | ${r.rerankerAlone.p50} / ${r.rerankerAlone.p95} ms | ${r.rerankerPaddedTo512.p50} ms | ${r.searchOverReranker} |`)].join('\n');
  return { file, table };
}

type Row = Omit<RerankBenchRow, 'derivedVectors'>;

/** Loads `model` once into the search service and measures every query set with it. */
async function measureModel(app: App, config: Config, model: string, sets: QuerySet[], caps: number[], log: (s: string) => void): Promise<Row[]> {
  const reranker = await Reranker.load(model, config, 512);
  // The passages the stage hands the model, recorded on their way, to time the reranker alone on exactly those.
  const scored: string[] = [];
  const recording = new Proxy(reranker, {
    get(target, key) {
      if (key === 'score') {
        return (query: string, ps: string[], opts: Parameters<Reranker['score']>[2]) => {
          scored.push(...ps);
          return target.score(query, ps, opts);
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  // The search reads the reranker from the app's state at each query; answers cached for the previous model go.
  Object.assign(app.rerank, { reranker: recording, status: 'up', reason: null });
  app.changes.fire();
  try {
    const { chunks } = await app.stores.documents.counts();
    const rows: Row[] = [];
    for (const [queries, list] of sets) {
      const loadAverage = Math.round(os.loadavg()[0] * 100) / 100;
      log(`[bench:rerank] ${model}: ${chunks} chunks, ${list.length} ${queries} queries (load average ${loadAverage})`);
      rows.push({ model, chunks, queries, loadAverage, ...(await measureQueries(app, config, reranker, scored, list, caps)) });
    }
    return rows;
  } finally {
    Object.assign(app.rerank, { reranker: null, status: 'skipped', reason: 'between benchmark models' });
    await reranker.dispose();
  }
}

/** Times `list` through the search and the reranker alone; `scored` collects the passages the stage hands the model. */
async function measureQueries(
  app: App, config: Config, reranker: Reranker, scored: string[], list: readonly string[], caps: number[],
): Promise<Omit<Row, 'model' | 'chunks' | 'queries' | 'loadAverage'>> {
  const withRerank: number[] = [];
  const without: number[] = [];
  const stages: Record<string, number[]> = {};
  const passages: string[][] = [];
  for (const [i, q] of list.entries()) {
    let t0 = performance.now();
    const res = await app.search.search({ query: q, topK: 10 });
    withRerank.push(performance.now() - t0);
    for (const s of res.stages) (stages[s.name] ??= []).push(s.ms);
    t0 = performance.now();
    await app.search.search({ query: q, topK: 10, rerank: false });
    without.push(performance.now() - t0);
    passages[i] = scored.splice(0);
  }
  // As the server runs it: a fresh cache, and the model skipped where it cannot change the answer.
  const shipped: number[] = [];
  let ran = 0;
  const { scoreAlways } = app.config.rerank;
  app.config.rerank.scoreAlways = false;
  app.changes.fire();
  try {
    for (const q of list) {
      const t0 = performance.now();
      const res = await app.search.search({ query: q, topK: 10 });
      shipped.push(performance.now() - t0);
      if (res.stages.find((s) => s.name === 'rerank')?.status === 'RAN') ran++;
    }
  } finally {
    app.config.rerank.scoreAlways = scoreAlways;
    app.changes.fire();
  }
  scored.splice(0);
  const alone = async (opts: Parameters<Reranker['score']>[2]) => {
    const times: number[] = [];
    for (const [i, ps] of passages.entries()) {
      const t0 = performance.now();
      await reranker.score(list[i], ps, opts);
      times.push(performance.now() - t0);
    }
    return times;
  };
  // As the stage calls it: its passage cap and batches.
  const current = await alone({ passageTokens: config.rerank.passageTokens, batchSize: RERANK_BATCH });
  const padded512 = await alone({ passageTokens: 512, padTo: 512 });
  const capped: Record<string, Pct> = {};
  for (const c of caps) capped[c] = pct(await alone({ passageTokens: c }));
  const median = (xs: number[]) => percentile(xs, 50);
  return {
    queryCount: list.length, passagesPerQuery: Math.round(passages.reduce((a, p) => a + p.length, 0) / passages.length),
    searchWithRerank: pct(withRerank), searchWithoutRerank: pct(without), searchAsShipped: pct(shipped), modelRan: Math.round((ran / list.length) * 100) / 100, rerankStage: pct(stages.rerank ?? []), rerankerAlone: pct(current),
    rerankerPaddedTo512: pct(padded512), caps: capped, stagesMs: Object.fromEntries(Object.entries(stages).map(([k, v]) => [k, Math.round(median(v))])), searchOverReranker: Math.round((median(withRerank) / median(current)) * 100) / 100,
  };
}
