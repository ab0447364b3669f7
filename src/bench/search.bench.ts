import os from 'node:os';
import type { App } from '../app/app';
import type { Config } from '../config/config';
import { openEvalApp } from '../eval/eval-index';
import { Reranker } from '../models/reranker';
import { SqlKeywordIndex } from '../stores/keyword/keyword.index';
import { MemoryKeywordIndex } from '../stores/keyword/memory-keyword.index';
import { PgVectorIndex } from '../stores/vector/pgvector.index';
import type { AnnState } from '../stores/vector/pgvector.ann';
import { GrowingCorpus } from './bench-corpus';
import { fromRoot } from '../util/paths';
import { machine, percentile, previousRows, profiled, rssMiB, writeResult } from './bench-env';

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
  /** Synthetic FIRs on top of the bare acts; with the profile, what identifies a row in the results file. */
  firs?: number;
  measuredAt?: string;
  /** The bench process's RSS after the queries: one API process's stores clients, models and in-memory keyword index. */
  rssMiB?: number;
  /** Set when the FIRs past the first `realFirs` had vectors derived from a pool of real ones (DerivedVectors). */
  derivedVectors?: { realFirs: number; derivedFirs: number; pool: number };
  /** Set when the row measured an index kept by an earlier run (`--namespace`), not one grown by this run. */
  remeasured?: string;
  /** FIRs added to reach this size from the previous one, and the time the ingest pipeline took (vectors derived past realFirs). */
  grown?: { firs: number; seconds: number };
  /** 1-minute load average when the queries started: other work on the 2 cores inflates every figure. */
  loadAverage?: number;
  queries: number;
  stages: Record<string, { p50: number; p95: number }>;
  /** Each search's measured wall time, without rerank (not the sum of its stages). */
  totalNoRerank: { p50: number; p95: number };
  /** Time each search's query embeddings spent in the model (Embedder.stats.modelMs over the search). */
  modelMs: { p50: number; p95: number };
  overheadShare: number;
  /**
   * The same share for a search that also reranks: (pipeline + reranker − query embedding − reranker) /
   * (pipeline + reranker), with the reranker's own time over the same candidates.
   */
  overheadShareWithRerank?: number;
  rerankerAlone: { model: string; candidates: number; p50: number; p95: number } | null;
  /**
   * What a relevance-trained cross-encoder would cost, estimated: the embedding model's encoder (e5-small: 12
   * layers × 384, the size of ms-marco-MiniLM-L-12) run over the same 20 (query, passage) pairs — the forward
   * pass such a cross-encoder makes, without its 384→1 head — and the non-model share with that time added.
   */
  rerankerAtScale?: { encoder: string; candidates: number; p50: number; p95: number; overheadShare: number };
  /**
   * Embedded profile: mean recall@20 of the dense index against an exact scan over the benchmark queries, and the
   * index it used (null when the corpus is below VECTOR_ANN_MIN_ROWS and every query is an exact scan anyway).
   */
  denseRecall?: { recallAt20: number; index: AnnState | null };
  /**
   * With KEYWORD_INDEX=memory (either profile): the in-process keyword index — time to catch up with the
   * ingested corpus, time to build it from scratch as a restarted server does, its size, and RSS growth.
   */
  keywordIndex?: {
    catchUpMs: number; coldBuildMs: number; chunks: number; lexemes: number; postings: number; postingsMiB: number; headingTrigramsMiB?: number; rssGrowthMiB: number;
  };
  /** With the in-process keyword index: the same searches with the keyword stage in PostgreSQL (KEYWORD_INDEX=sql) instead. */
  keywordSql?: { totalNoRerank: { p50: number; p95: number }; stages: Record<string, { p50: number; p95: number }> };
}

/** A query's hits made up to the 20 candidates a reranker scores (repeated when fewer came back). */
const twenty = (hits: string[]) => [...hits, ...hits].slice(0, 20);

const pct = (xs: number[]) => ({ p50: Math.round(percentile(xs, 50) * 10) / 10, p95: Math.round(percentile(xs, 95) * 10) / 10 });

/** p50 / p95 of each stage's times. */
const stagePercentiles = (times: Record<string, number[]>) => Object.fromEntries(Object.entries(times).map(([k, v]) => [k, pct(v)]));

/**
 * Every size in `firs` (ascending) measured on one corpus that grows (GrowingCorpus); `onRow` gets each row as it is
 * measured, so a long run that dies later still leaves what it measured.
 */
export async function benchSearch(
  config: Config, profile: 'embedded' | 'services', firs: number[], rounds: number, log: (s: string) => void,
  opts: { realFirs?: number; onRow?: (row: SearchBenchRow) => void; namespace?: string } = {},
): Promise<SearchBenchRow[]> {
  const { app, dispose } = await openEvalApp({ ...config, store: profile, rerankerModel: 'none' }, { namespace: opts.namespace });
  const corpus = new GrowingCorpus(app, profile, opts.realFirs, log);
  const rows: SearchBenchRow[] = [];
  try {
    if (opts.namespace) {
      // An index an earlier run kept: measured again as it stands (after a change to the search code), not grown.
      const firs = await corpus.adopt();
      const previous = previousRows<SearchBenchRow>('search').find((r) => r.profile === profile && r.firs === firs && r.derivedVectors);
      const row = { ...(await measureSearch(app, config, profile, firs, rounds, log, previous?.derivedVectors, true)), remeasured: opts.namespace };
      rows.push(row);
      opts.onRow?.(row);
      return rows;
    }
    await corpus.start();
    for (const n of [...firs].sort((x, y) => x - y)) {
      const grown = await corpus.growTo(n);
      const row = { ...(await measureSearch(app, config, profile, n, rounds, log, corpus.derivedVectors)), grown };
      rows.push(row);
      opts.onRow?.(row);
    }
    return rows;
  } finally {
    corpus.close();
    await dispose();
  }
}

async function measureSearch(
  app: App, config: Config, profile: string, firs: number, rounds: number, log: (s: string) => void, derivedVectors: SearchBenchRow['derivedVectors'],
  remeasured = false,
): Promise<SearchBenchRow> {
  const keywordIndex = await measureKeywordIndex(app, log, remeasured);
  const { chunks } = await app.stores.documents.counts();
  const loadAverage = Math.round(os.loadavg()[0] * 100) / 100;
  log(`[bench:search] ${profile}: ${chunks} chunks; ${rounds} × ${BENCH_QUERIES.length} queries (load average ${loadAverage})`);
  const { totals, model, stageTimes, candidates } = await profiled(`search-${profile}-${chunks}`, () => timeQueries(app, rounds, '·'));
  // Measuring a kept index again is for a change to the in-process search: the SQL stage's 10 minutes at 1M are skipped.
  const keywordSql = remeasured ? undefined : await measureSqlKeyword(app, rounds, log);
  let rerankerAlone: SearchBenchRow['rerankerAlone'] = null;
  let rerankMean = 0;
  const rerankerName = process.env.BENCH_RERANKER ?? 'tiny-random-cross-encoder';
  try {
    const reranker = await Reranker.load(rerankerName, config);
    const times: number[] = [];
    for (const [i, c] of candidates.entries()) {
      const pool = twenty(c);
      const t0 = performance.now();
      await reranker.score(BENCH_QUERIES[i], pool);
      times.push(performance.now() - t0);
    }
    rerankerAlone = { model: rerankerName, candidates: 20, ...pct(times) };
    rerankMean = times.reduce((a, b) => a + b, 0) / Math.max(1, times.length);
  } catch (err) {
    log(`[bench:search] reranker ${rerankerName} not measured: ${(err as Error).message}`);
  }
  const atScale = await measureEncoderPairs(app, candidates);
  const denseRecall = app.stores.vector instanceof PgVectorIndex ? await measureRecall(app, app.stores.vector) : undefined;
  const modelTotal = model.reduce((a, b) => a + b, 0);
  const pipelineTotal = totals.reduce((a, b) => a + b, 0);
  const rerankTotal = rerankMean * totals.length;
  const share = (x: number) => Math.round(x * 1000) / 1000;
  return {
    profile, chunks, firs, derivedVectors, measuredAt: new Date().toISOString(), loadAverage, queries: totals.length, rssMiB: rssMiB(),
    stages: stagePercentiles(stageTimes),
    totalNoRerank: pct(totals), modelMs: pct(model),
    overheadShare: share(1 - modelTotal / pipelineTotal),
    overheadShareWithRerank: rerankerAlone ? share(1 - (modelTotal + rerankTotal) / (pipelineTotal + rerankTotal)) : undefined,
    rerankerAlone, denseRecall, keywordIndex, keywordSql,
    rerankerAtScale: {
      encoder: app.embedder.info.model, candidates: 20, ...pct(atScale),
      overheadShare: share((pipelineTotal - modelTotal) / (pipelineTotal + (atScale.reduce((a, b) => a + b, 0) / atScale.length) * totals.length)),
    },
  };
}

/**
 * Each benchmark query `rounds` times, a distinct text each round (`mark` repeated `from` + round times; round 0 of
 * `from` 0 is the query itself): the search cache would answer repeats.
 */
async function timeQueries(app: App, rounds: number, mark: string, from = 0) {
  const stageTimes: Record<string, number[]> = {};
  const totals: number[] = [];
  const model: number[] = [];
  const candidates: string[][] = [];
  for (let r = 0; r < rounds; r++) {
    for (const [i, q] of BENCH_QUERIES.entries()) {
      const modelBefore = app.embedder.stats.modelMs;
      const t0 = performance.now();
      const res = await app.search.search({ query: r + from ? `${q} ${mark.repeat(r + from)}` : q, topK: 10, rerank: false });
      // The search's own wall time (stages overlap and leave gaps, so their sum is not it), and the time its
      // query embeddings spent in the model, counted where they ran.
      totals.push(performance.now() - t0);
      model.push(app.embedder.stats.modelMs - modelBefore);
      for (const s of res.stages) (stageTimes[s.name] ??= []).push(s.ms);
      if (r === 0) candidates[i] = res.hits.map((h) => `${h.chunk.heading}\n${h.chunk.text}`);
    }
  }
  return { totals, model, stageTimes, candidates };
}

/**
 * The same searches with the keyword stage answered by PostgreSQL (KEYWORD_INDEX=sql) instead of the in-process
 * index: what a deployment that keeps the index out of its API processes pays, at this size.
 */
async function measureSqlKeyword(app: App, rounds: number, log: (s: string) => void): Promise<SearchBenchRow['keywordSql']> {
  const live = app.stores.keyword;
  if (!(live instanceof MemoryKeywordIndex)) return undefined;
  app.stores.keyword = new SqlKeywordIndex(app.stores.sql);
  try {
    // Queries of this pass differ from the in-memory pass's (another mark), and the first round warms PostgreSQL's cache.
    await timeQueries(app, 1, '¦', 1);
    const { totals, stageTimes } = await timeQueries(app, rounds, '¦', 2);
    const row = { totalNoRerank: pct(totals), stages: stagePercentiles(stageTimes) };
    log(`[bench:search] keyword stage in PostgreSQL: ${JSON.stringify(row)}`);
    return row;
  } finally {
    app.stores.keyword = live;
  }
}

/** The embedding model's encoder over each query's 20 (query, passage) pairs, batched as the reranker batches them. */
async function measureEncoderPairs(app: App, candidates: string[][]): Promise<number[]> {
  const times: number[] = [];
  for (const [i, c] of candidates.entries()) {
    const pairs = twenty(c).map((p) => `${BENCH_QUERIES[i]}\n${p}`);
    const t0 = performance.now();
    // 'query' kind: passages are memoised on disk, queries never are, so this is always computed.
    await app.embedder.embed(pairs, 'query', 16);
    times.push(performance.now() - t0);
  }
  return times;
}

/** Waits for the in-memory keyword index to hold the corpus (searches would otherwise be answered by SQL). */
async function measureKeywordIndex(app: App, log: (s: string) => void, fresh = false): Promise<SearchBenchRow['keywordIndex']> {
  const live = app.stores.keyword;
  if (!(live instanceof MemoryKeywordIndex)) return undefined;
  let t0 = performance.now();
  let rss0 = process.memoryUsage().rss;
  await live.whenReady();
  const catchUpMs = Math.round(performance.now() - t0);
  if (!fresh) {
    rss0 = process.memoryUsage().rss;
    t0 = performance.now();
  }
  // A process just opened on a kept index has built it from nothing already: that was the cold build.
  const cold = fresh ? live : await MemoryKeywordIndex.open(app.stores.sql);
  try {
    await cold.whenReady();
    const coldBuildMs = Math.round(performance.now() - t0);
    const { chunks, lexemes, postings, bytes, headingBytes } = cold.stats();
    const mib = (b: number) => Math.round(b / 2 ** 20);
    const row = {
      catchUpMs, coldBuildMs, chunks, lexemes, postings, postingsMiB: mib(bytes - headingBytes), headingTrigramsMiB: mib(headingBytes),
      rssGrowthMiB: mib(process.memoryUsage().rss - rss0),
    };
    log(`[bench:search] keyword index in memory: ${JSON.stringify(row)}`);
    return row;
  } finally {
    if (cold !== live) await cold.close();
  }
}

async function measureRecall(app: App, index: PgVectorIndex): Promise<SearchBenchRow['denseRecall']> {
  const vectors = await app.embedder.embed(BENCH_QUERIES, 'query');
  let found = 0;
  for (const v of vectors) {
    const exact = new Set(await index.queryExact(v, 20));
    found += (await index.query(v, 20)).filter((h) => exact.has(h.chunkId)).length;
  }
  return { recallAt20: Math.round((found / (vectors.length * 20)) * 1000) / 1000, index: await index.annState() };
}

/** Synthetic FIRs needed for about `chunks` chunks: each makes 4, on top of the bare acts' ~3,400 (the row records the count reached). */
export const firsForChunks = (chunks: number) => Math.max(0, Math.ceil((chunks - 3400) / 4));

export async function runSearchBench(
  config: Config, sizes: number[], profiles: ('embedded' | 'services')[], rounds: number, log: (s: string) => void, realFirs?: number, namespace?: string,
) {
  const rows: SearchBenchRow[] = [];
  // A row measured again on a kept index (remeasured) sits beside the row that grew it: before and after a change.
  const same = (a: SearchBenchRow, b: SearchBenchRow) =>
    a.profile === b.profile && a.chunks === b.chunks && !a.derivedVectors === !b.derivedVectors && a.remeasured === b.remeasured;
  const onRow = (row: SearchBenchRow) => {
    rows.push(row);
    log(`[bench:search] ${JSON.stringify(row)}`);
    const kept = previousRows<SearchBenchRow>('search').filter((p) => !rows.some((r) => same(r, p)));
    const all = [...kept, ...rows].sort((a, b) => a.chunks - b.chunks || a.profile.localeCompare(b.profile) || Number(!!a.derivedVectors) - Number(!!b.derivedVectors));
    writeResult('search', { machine: machine(config), rows: all });
  };
  for (const profile of profiles) await benchSearch(config, profile, sizes, rounds, log, { realFirs, onRow, namespace });
  const file = fromRoot('bench-results', 'search.json');
  const stageNames = [...new Set(rows.flatMap((r) => Object.keys(r.stages)))];
  const table = [
    `| profile | chunks | total p50 / p95 ms (no rerank) | with the keyword stage in PostgreSQL | query embedding p50 | non-model share (with reranker) | reranker alone (20) p50 / p95 | encoder over 20 pairs p50 / p95 (non-model share with it) | ${stageNames.map((s) => `${s} p50/p95`).join(' | ')} |`,
    `|---|---|---|---|---|---|---|---|${stageNames.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.profile} | ${r.chunks}${r.derivedVectors ? ` (${r.derivedVectors.derivedFirs} FIRs' vectors derived)` : ''} | ${r.totalNoRerank.p50} / ${r.totalNoRerank.p95} | ${r.keywordSql ? `${r.keywordSql.totalNoRerank.p50} / ${r.keywordSql.totalNoRerank.p95}` : '–'} | ${r.modelMs.p50} | ${(r.overheadShare * 100).toFixed(0)}%${r.overheadShareWithRerank !== undefined ? ` (${(r.overheadShareWithRerank * 100).toFixed(0)}%)` : ''} | ${r.rerankerAlone ? `${r.rerankerAlone.p50} / ${r.rerankerAlone.p95} (${r.rerankerAlone.model})` : '–'} | ${r.rerankerAtScale ? `${r.rerankerAtScale.p50} / ${r.rerankerAtScale.p95} (${(r.rerankerAtScale.overheadShare * 100).toFixed(0)}%)` : '–'} | ${stageNames.map((s) => (r.stages[s] ? `${r.stages[s].p50}/${r.stages[s].p95}` : '–')).join(' | ')} |`),
  ];
  return { file, table: table.join('\n') };
}
