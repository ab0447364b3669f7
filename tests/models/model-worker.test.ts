import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt } from '../startup/spawned';
import { EMBEDDING_MODEL, MODELS_DIR } from '../support/profiles';
import type * as WorkerModule from '../../src/models/model-worker';
import type * as EmbedderModule from '../../src/models/embedder';
import type * as RerankerModule from '../../src/models/reranker';
import type * as SessionsModule from '../../src/models/sessions';

/**
 * The server's model thread (MODEL_THREAD), with the real embedder and the real legal cross-encoder. A worker
 * thread runs compiled JavaScript, so these tests load the compiled modules (dist/), as the server does.
 * "Here" is a model loaded on the test's thread; "offloaded" is a tokenizer here whose model runs on the thread.
 */
jest.setTimeout(300_000);

const RERANKER = 'legal-cross-encoder-e5-6l';
const settings = { modelsDir: MODELS_DIR, allowRemoteModels: false };
const dist = (m: string) => path.resolve(__dirname, '../../dist/src/models', m);
const cosine = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0);

const query = 'punishment for cheating a person by pretending to be someone else';
const passages = [
  'Cheating by personation\nA person is said to cheat by personation if he cheats by pretending to be some other person.',
  'Punishment for theft\nWhoever commits theft shall be punished with imprisonment of either description for a term which may extend to three years.',
  'धोखाधड़ी\nजो कोई किसी व्यक्ति से प्रवंचना कर उसे बेईमानी से उत्प्रेरित करता है।',
  'ખૂન માટે શિક્ષા\nજે કોઈ ખૂન કરે તેને મૃત્યુદંડ અથવા આજીવન કેદની શિક્ષા થશે.',
];
const texts = ['theft of a motorcycle at night', 'दहेज के लिए पत्नी को जलाकर मार डाला', 'ઘરમાં ઘૂસીને દાગીના ચોરી ગયા', ...passages];

/**
 * Runs `body` (an async function's body, returning JSON) in a process of its own, with the compiled modules loaded,
 * and checks that it exits 0 by itself with `stderr` as given. By default its log lines may go to stderr (a warning
 * when the models load here); a heap error or a crash may not.
 */
function inChild(body: string, stderr: unknown = expect.not.stringMatching(/free\(\)|corrupt|FATAL|Error/)): Record<string, unknown> {
  const script = `
    const W = require(${JSON.stringify(dist('model-worker.js'))});
    const E = require(${JSON.stringify(dist('embedder.js'))});
    const R = require(${JSON.stringify(dist('reranker.js'))});
    const settings = ${JSON.stringify(settings)};
    const [EMB, RERANKER] = ${JSON.stringify([EMBEDDING_MODEL, RERANKER])};
    const [query, passages, texts] = ${JSON.stringify([query, passages, texts])};
    const cosine = (a, b) => a.reduce((s, x, i) => s + x * b[i], 0);
    // Allocation and collection: a corrupted heap shows itself here, as an abort, rather than later.
    const churn = () => { for (let i = 0; i < 5; i++) { const j = []; for (let k = 0; k < 200000; k++) j.push(Buffer.alloc(64)); global.gc(); } };
    (async () => { ${body} })().then((r) => { console.log(JSON.stringify(r)); process.exit(0); }, (e) => { console.error(e); process.exit(1); });`;
  const r = spawnSync(process.execPath, ['--expose-gc', '-e', script], { encoding: 'utf8', timeout: 120_000 });
  expect({ status: r.status, signal: r.signal, stderr: r.stderr.slice(-500) }).toEqual({ status: 0, signal: null, stderr });
  return JSON.parse(r.stdout.trim().split('\n').pop() ?? '') as Record<string, unknown>;
}

describe('model thread', () => {
  let W: typeof WorkerModule;
  let E: typeof EmbedderModule;
  let R: typeof RerankerModule;
  let S: typeof SessionsModule;
  let thread: WorkerModule.ModelWorker;
  let here: { embedder: EmbedderModule.Embedder; reranker: RerankerModule.Reranker };
  let offloaded: { embedder: EmbedderModule.Embedder; reranker: RerankerModule.Reranker };

  beforeAll(async () => {
    ensureBuilt();
    /* eslint-disable @typescript-eslint/no-require-imports */
    W = require(dist('model-worker.js')) as typeof WorkerModule;
    E = require(dist('embedder.js')) as typeof EmbedderModule;
    R = require(dist('reranker.js')) as typeof RerankerModule;
    S = require(dist('sessions.js')) as typeof SessionsModule;
    /* eslint-enable @typescript-eslint/no-require-imports */
    thread = W.ModelWorker.start({ embeddingModel: EMBEDDING_MODEL, rerankerModel: RERANKER, settings })!;
    expect(thread).not.toBeNull();
    const [loaded, embedder, reranker, e2, r2] = await Promise.all([thread.loaded,
      E.Embedder.load(EMBEDDING_MODEL, settings), R.Reranker.load(RERANKER, settings),
      E.Embedder.load(EMBEDDING_MODEL, settings, { model: false }), R.Reranker.load(RERANKER, settings, 512, { model: false })]);
    here = { embedder, reranker };
    offloaded = { embedder: e2, reranker: r2 };
    e2.offload(thread);
    r2.offload(thread);
    expect(thread.ready).toBe(true);
    expect(loaded).toEqual({ dims: embedder.info.dims, rerankerError: null });
    expect(e2.info.dims).toBe(embedder.info.dims); // from config.json, without loading the model here
  });

  afterAll(async () => {
    await thread?.close();
    await Promise.allSettled([here?.embedder.dispose(), here?.reranker.dispose(), offloaded?.embedder.dispose(), offloaded?.reranker.dispose()]);
  });

  it('computes the vectors and logits that a model on this thread computes', async () => {
    for (const kind of ['query', 'passage'] as const) {
      const [a, b] = [await offloaded.embedder.embed(texts, kind, 8, null), await here.embedder.embed(texts, kind, 8, null)];
      a.forEach((v, i) => expect(cosine(v, b[i])).toBeGreaterThan(0.9999));
    }
    const [there, mine] = [await offloaded.reranker.score(query, passages, { batchSize: 2 }), await here.reranker.score(query, passages, { batchSize: 2 })];
    there.forEach((s, i) => expect(s).toBeCloseTo(mine[i], 3));
    // The real cross-encoder ranks personation first: the thread serves it, not a stand-in.
    expect(there.indexOf(Math.max(...there))).toBe(0);
  });

  it('answers a query embedding sent during a long rerank before the rerank ends', async () => {
    const many = Array.from({ length: 48 }, (_, i) => `${passages[i % 4]} ${'illustration '.repeat(20 + i)}`);
    const order: string[] = [];
    const rerank = offloaded.reranker.score(query, many, { batchSize: 4, deadline: Date.now() + 120_000 }).then((s) => (order.push('rerank'), s));
    await new Promise((r) => setTimeout(r, 50));
    const embed = offloaded.embedder.embed(['snatching a gold chain near the temple'], 'query').then((v) => (order.push('query'), v));
    const [scores, [vector]] = await Promise.all([rerank, embed]);
    expect(order).toEqual(['query', 'rerank']);
    expect(scores).toHaveLength(48);
    expect(scores.every(Number.isFinite)).toBe(true);
    expect(vector).toHaveLength(here.embedder.info.dims);
  });

  it('declines a rerank it cannot finish before its deadline, with the error a model here gives', async () => {
    const err = await offloaded.reranker.score(query, passages, { batchSize: 4, deadline: Date.now() - 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(R.ScoreDeadlineExceeded);
    expect(err).toMatchObject({ scored: 0, total: 4 });
    // Its pace measured by now, a deadline too close for 200 pairs is declined before any is scored.
    const tooMany = Array.from({ length: 200 }, (_, i) => passages[i % 4]);
    const early = await offloaded.reranker.score(query, tooMany, { deadline: Date.now() + 50 }).catch((e: unknown) => e);
    expect(early).toBeInstanceOf(R.ScoreDeadlineExceeded);
    expect(early).toMatchObject({ scored: 0, total: 200 });
  });

  it('declines at once a rerank that would wait past its deadline behind the reranks queued before it', async () => {
    // The pace of 4 pairs on this machine; the budget below is 20 times that, the queue ahead 50 times.
    const t0 = performance.now();
    await offloaded.reranker.score(query, passages, { batchSize: 4 });
    const budget = Math.max(200, 20 * (performance.now() - t0));
    const order: string[] = [];
    const long = Array.from({ length: 200 }, (_, i) => passages[i % 4]);
    const first = offloaded.reranker.score(query, long, { batchSize: 4, deadline: Date.now() + 600_000 }).then(() => order.push('first'));
    const second = offloaded.reranker.score(query, passages, { batchSize: 4, deadline: Date.now() + budget }).catch((e: unknown) => (order.push('second declined'), e));
    const [, err] = await Promise.all([first, second]);
    expect(err).toBeInstanceOf(R.ScoreDeadlineExceeded);
    expect(err).toMatchObject({ scored: 0, total: 4 });
    expect(order).toEqual(['second declined', 'first']);
    // Alone again, the same rerank with the same budget runs.
    expect(await offloaded.reranker.score(query, passages, { batchSize: 4, deadline: Date.now() + budget })).toHaveLength(4);
  });

  it('when the thread ends unexpectedly, the offloaded models load here and give the same answers, and the process lives', () => {
    // In a process of its own: a thread that ended is the last model thread its process may start (ModelWorker.start).
    const out = inChild(`
      const t = W.ModelWorker.start({ embeddingModel: EMB, rerankerModel: RERANKER, settings });
      await t.loaded;
      const [embedder, reranker] = await Promise.all([E.Embedder.load(EMB, settings, { model: false }), R.Reranker.load(RERANKER, settings, 512, { model: false })]);
      embedder.offload(t);
      reranker.offload(t);
      const [vectors, scores] = [await embedder.embed(texts, 'passage', 8, null), await reranker.score(query, passages)];
      // The thread ending by itself (as a crash would), idle: not closed on purpose.
      await t.worker.terminate();
      const state = { ready: t.ready, closed: t.closed };
      const [v2, s2] = [await embedder.embed(texts, 'passage', 8, null), await reranker.score(query, passages)];
      churn();
      return { ...state, cosines: v2.map((v, i) => cosine(v, vectors[i])), scoreDiffs: s2.map((s, i) => Math.abs(s - scores[i])),
        computed: embedder.stats.computed, another: W.ModelWorker.start({ embeddingModel: EMB, rerankerModel: null, settings }) === null ? null : 'started' };`);
    expect(out).toMatchObject({ ready: false, closed: false, computed: 2 * texts.length, another: null });
    for (const c of out.cosines as number[]) expect(c).toBeGreaterThan(0.9999);
    for (const d of out.scoreDiffs as number[]) expect(d).toBeLessThan(1e-3);
  });

  it('a thread that ends before this thread has loaded a model leaves the process sound when this thread loads them', () => {
    // The path of a model thread that fails to start. Before this thread bound onnxruntime-node ahead of its model
    // thread, loading the models here after the thread ended failed: the binding had been unloaded with the thread
    // ("Module did not self-register"). Where another thread still held it, the heap was corrupted instead.
    const out = inChild(`
      const t = W.ModelWorker.start({ embeddingModel: EMB, rerankerModel: null, settings });
      await t.loaded;
      await t.close();
      const embedder = await E.Embedder.load(EMB, settings);
      const [v] = await embedder.embed(['theft of a motorcycle at night'], 'query');
      churn();
      return { dims: v.length };`);
    expect(out).toEqual({ dims: expect.any(Number) });
    expect(out.dims).toBeGreaterThan(0);
  });

  it('closed with embeddings queued: the running one finishes, the queued ones and later calls are refused, nothing loads here', async () => {
    const third = W.ModelWorker.start({ embeddingModel: EMBEDDING_MODEL, rerankerModel: null, settings })!;
    await third.loaded;
    const embedder = await E.Embedder.load(EMBEDDING_MODEL, settings, { model: false });
    try {
      embedder.offload(third);
      const long = texts.map((t) => `${t} ${'the accused entered the house at night and took the ornaments '.repeat(12)}`);
      const calls = Array.from({ length: 12 }, () => embedder.embed(long, 'passage', 8, null));
      const outcomes = Promise.allSettled(calls);
      await calls[0];
      const t0 = performance.now();
      await third.close();
      const closeMs = performance.now() - t0;
      const settled = await outcomes;
      const refused = settled.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(refused.length).toBeGreaterThan(0);
      for (const r of refused) expect(String(r.reason)).toMatch(/model thread closed/);
      expect(closeMs).toBeLessThan(3000); // ended by the thread itself, not by the fallback terminate
      expect(third.closed).toBe(true);
      expect(W.ModelWorker.start({ embeddingModel: EMBEDDING_MODEL, rerankerModel: null, settings })).toBeNull();
      // Not loaded here while the server stops: the call is refused.
      await expect(embedder.embed(['a query after the stop'], 'query')).rejects.toBeInstanceOf(S.ModelsClosed);
      expect(settled[0].status).toBe('fulfilled');
    } finally {
      await embedder.dispose();
    }
  });

  it('a process stopped while its thread is embedding exits with its own code, not a signal', () => {
    // Before the thread ended itself, the stop terminated it mid-call and the caller loaded the model on its own
    // thread as the process exited: the server died by SIGABRT (exit 134) after SIGTERM.
    inChild(`
      const t = W.ModelWorker.start({ embeddingModel: EMB, rerankerModel: null, settings });
      await t.loaded;
      const e = await E.Embedder.load(EMB, settings, { model: false });
      e.offload(t);
      const long = Array.from({ length: 64 }, (_, i) => 'a complaint about a stolen motorcycle near the market '.repeat(10) + i);
      const calls = Array.from({ length: 8 }, () => e.embed(long, 'passage', 8, null).catch(() => null));
      await new Promise((r) => setTimeout(r, 300));
      await t.close();
      await Promise.all(calls);
      await e.dispose();
      return {};`, '');
  });
});
