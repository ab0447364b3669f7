import fs from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { ModelSettings } from './model.loader';
import { classifyBatches, loadClassifier, loadEncoder, rows, ScoreDeadlineExceeded, type ModelHost, type Output, type Session, type WireInputs } from './sessions';

type Request =
  | { id: number; op: 'encode'; inputs: WireInputs; urgent: boolean }
  | { id: number; op: 'classify'; batches: WireInputs[]; deadline?: number };
interface Reply { id: number; outputs?: Output[]; error?: string; deadline?: { scored: number; total: number } }
interface Loaded { type: 'loaded'; dims?: number; error?: string; rerankerError?: string }
const TAG = 'nyaya-model-worker';

export interface ModelWorkerOptions {
  embeddingModel: string;
  /** The cross-encoder to load beside the embedder; null when reranking is off. */
  rerankerModel: string | null;
  settings: ModelSettings;
}

/**
 * The server's model calls on a thread of their own. onnxruntime-node 1.14 runs a model synchronously on the
 * calling thread: on the event loop's thread a rerank (~0.5 s on 2 cores) held every other request, and
 * concurrent searches could use one core between them. Here the loop keeps answering and reading the stores
 * while the model runs on the other core.
 *
 * Scheduling on the thread: query embeddings (a few ms, and every search waits on one) run as soon as they
 * arrive, between the batches of whatever else is running; reranks and passage embeddings run whole, one at
 * a time, in arrival order, so a search's rerank is not stretched by its neighbours' as it was when their
 * batches took turns. A rerank that cannot finish before its deadline (at the pace measured so far) is
 * declined before it starts instead of being cut off after its compute is spent.
 *
 * The thread holds the models' sessions only: tokenisers and caches stay with the caller's Embedder and Reranker,
 * which load their own sessions if the thread fails.
 */
export class ModelWorker implements ModelHost {
  private next = 0;
  private readonly pending = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  private failure: Error | undefined;
  private isReady = false;
  /** Settles once the models are loaded: the embedder's vector length, and why the cross-encoder did not load, if it did not. */
  readonly loaded: Promise<{ dims: number; rerankerError: string | null }>;

  private constructor(private readonly worker: Worker) {
    let settle!: (err: Error | null, m?: Loaded) => void;
    this.loaded = new Promise((resolve, reject) => (settle = (err, m) => (err ? reject(err) : resolve({ dims: m!.dims!, rerankerError: m!.rerankerError ?? null }))));
    this.loaded.catch(() => undefined);
    worker.on('message', (m: Reply | Loaded) => {
      if ('type' in m) {
        this.isReady = !m.error;
        if (m.error) this.fail(new Error(`model thread: ${m.error}`));
        settle(m.error ? new Error(m.error) : null, m);
        return;
      }
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      p?.resolve(m);
    });
    worker.on('error', (err) => (this.fail(err), settle(err)));
    worker.on('exit', (code) => {
      const err = new Error(`model thread exited (${code})`);
      this.fail(err);
      settle(err);
    });
  }

  /** False where the compiled script is not there to run as a thread (TypeScript run in place, e.g. under ts-jest). */
  static available(): boolean {
    return __filename.endsWith('.js') && fs.existsSync(__filename);
  }

  /** Null where it is not available. */
  static start(o: ModelWorkerOptions): ModelWorker | null {
    if (!ModelWorker.available()) return null;
    const settings = { modelsDir: o.settings.modelsDir, allowRemoteModels: o.settings.allowRemoteModels };
    const worker = new Worker(__filename, { workerData: { tag: TAG, embeddingModel: o.embeddingModel, rerankerModel: o.rerankerModel, settings } });
    worker.unref();
    return new ModelWorker(worker);
  }

  private fail(err: Error): void {
    this.isReady = false;
    this.failure ??= err;
    for (const p of this.pending.values()) p.reject(this.failure);
    this.pending.clear();
  }

  /** True once its models are loaded, until it fails: callers use their own models otherwise. */
  get ready(): boolean {
    return this.isReady && !this.failure;
  }

  /** Why the thread is gone, once it is. */
  failed(): Error | undefined {
    return this.failure;
  }

  private send(req: Request): Promise<Reply> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(req.id, { resolve, reject });
      this.worker.postMessage(req);
    });
  }

  async encode(inputs: WireInputs, urgent: boolean): Promise<Output> {
    const r = await this.send({ id: this.next++, op: 'encode', inputs, urgent });
    if (r.error) throw new Error(r.error);
    return r.outputs![0];
  }

  /** A deadline it cannot meet rejects with ScoreDeadlineExceeded, as on the caller's thread. */
  async classify(batches: WireInputs[], deadline?: number): Promise<Output[]> {
    const r = await this.send({ id: this.next++, op: 'classify', batches, deadline });
    if (r.deadline) throw new ScoreDeadlineExceeded(r.deadline.scored, r.deadline.total);
    if (r.error) throw new Error(r.error);
    return r.outputs!;
  }

  /** Ends the thread. Callers have stopped by now (the server drains first); a call still pending is rejected. */
  async close(): Promise<void> {
    this.fail(new Error('model thread closed'));
    await this.worker.terminate();
  }
}

/** The thread's side: loads the models, then serves requests as ModelWorker describes. */
function serve(): void {
  const { embeddingModel, rerankerModel, settings } = workerData as { embeddingModel: string; rerankerModel: string | null; settings: ModelSettings };
  const port = parentPort!;
  const queue: Request[] = [];
  let models: { encoder: Session; classifier: Session | null } | undefined;
  let running = false;
  /** Milliseconds per scored pair, a moving average: what a rerank is expected to cost before it starts. */
  let msPerPair = 0;

  const reply = (r: Reply) => port.postMessage(r);
  const failed = (id: number, err: unknown) => reply({ id, error: (err as Error).message.split('\n')[0] });

  const encode = async (req: Extract<Request, { op: 'encode' }>) => {
    try {
      const out = await models!.encoder.run(req.inputs);
      reply({ id: req.id, outputs: [{ data: out.data.slice(), dims: out.dims }] });
    } catch (err) {
      failed(req.id, err);
    }
  };
  const classify = async (req: Extract<Request, { op: 'classify' }>) => {
    const pairs = req.batches.reduce((n, b) => n + rows(b), 0);
    if (!models!.classifier) return failed(req.id, new Error('no cross-encoder on the model thread'));
    if (req.deadline !== undefined && msPerPair > 0 && Date.now() + msPerPair * pairs > req.deadline) {
      return reply({ id: req.id, deadline: { scored: 0, total: pairs } });
    }
    const t0 = performance.now();
    try {
      const outputs = await classifyBatches(models!.classifier, req.batches, req.deadline);
      const per = (performance.now() - t0) / Math.max(1, pairs);
      msPerPair = msPerPair ? 0.8 * msPerPair + 0.2 * per : per;
      reply({ id: req.id, outputs: outputs.map((o) => ({ data: o.data.slice(), dims: o.dims })) });
    } catch (err) {
      if (err instanceof ScoreDeadlineExceeded) reply({ id: req.id, deadline: { scored: err.scored, total: err.total } });
      else failed(req.id, err);
    }
  };
  const pump = async () => {
    if (running || !models) return;
    running = true;
    try {
      for (let req = queue.shift(); req; req = queue.shift()) {
        await (req.op === 'classify' ? classify(req) : encode(req));
        await nextTurn(); // urgent requests that arrived meanwhile run before the next queued one
      }
    } finally {
      running = false;
    }
  };

  port.on('message', (req: Request) => {
    if (req.op === 'encode' && req.urgent && models) void encode(req);
    else {
      queue.push(req);
      void pump();
    }
  });
  void (async () => {
    try {
      const encoder = await loadEncoder(embeddingModel, settings);
      // Token ids 0 and 2 (start and end of text in XLM-R and BERT vocabularies alike): the model runs, and says its width.
      const probe = await encoder.run({ input_ids: { type: 'int64', data: new BigInt64Array([0n, 2n]), dims: [1, 2] }, attention_mask: { type: 'int64', data: new BigInt64Array([1n, 1n]), dims: [1, 2] } });
      let classifier: Session | null = null;
      let rerankerError: string | undefined;
      if (rerankerModel) classifier = await loadClassifier(rerankerModel, settings).catch((err: Error) => ((rerankerError = err.message.split('\n')[0]), null));
      models = { encoder, classifier };
      port.postMessage({ type: 'loaded', dims: probe.dims[probe.dims.length - 1], rerankerError } satisfies Loaded);
      void pump();
    } catch (err) {
      port.postMessage({ type: 'loaded', error: (err as Error).message.split('\n')[0] } satisfies Loaded);
    }
  })();
}

if (!isMainThread && (workerData as { tag?: string } | null)?.tag === TAG) serve();
