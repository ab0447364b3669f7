import fs from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { ModelSettings } from './model.loader';
import { Reranker } from './reranker';
import { loadEncoder, ModelsClosed, ScoreDeadlineExceeded, type ModelHost, type Output, type ScoreOptions, type Session, type WireInputs } from './sessions';

type Request =
  | { id: number; op: 'encode'; inputs: WireInputs; urgent: boolean }
  | { id: number; op: 'score'; query: string; passages: string[]; opts: ScoreOptions };
/** Drop what is queued, finish what is running, release the models and end the thread. */
interface Close { op: 'close' }
interface Reply { id: number; output?: Output; scores?: number[]; error?: string; deadline?: { scored: number; total: number } }
interface Loaded { type: 'loaded'; dims?: number; error?: string; rerankerError?: string }
const TAG = 'nyaya-model-worker';

export interface ModelWorkerOptions {
  embeddingModel: string;
  /** The cross-encoder to load beside the embedder; null when reranking is off. */
  rerankerModel: string | null;
  settings: ModelSettings;
}

/** Set when a model thread of this process exits: ModelWorker.start says why no other may start then. */
let aThreadEnded = false;

/**
 * The server's model calls on a thread of their own. onnxruntime-node 1.14 runs a model synchronously on the
 * calling thread: on the event loop's thread a rerank (~0.5 s on 2 cores) held every other request, and
 * concurrent searches could use one core between them. Here the loop keeps answering and reading the stores
 * while the model runs on the other core.
 *
 * Scheduling on the thread: query embeddings (a few ms, and every search waits on one) run as soon as they
 * arrive, between the batches of whatever else is running; reranks and passage embeddings run whole, one at
 * a time, in arrival order, so a search's rerank is not stretched by its neighbours' as it was when their
 * batches took turns. A rerank that cannot finish before its deadline, at the pace measured so far and behind
 * the reranks queued before it, is declined when it arrives: its search answers at once in the fused order
 * instead of waiting out its budget, and no compute is spent on scores that would come too late.
 *
 * The thread holds the embedding model's session (its tokenizer, ~280 MiB, stays with the caller's Embedder, which
 * also needs it to size chunks) and the whole cross-encoder (its tokenizer is small, and tokenising a search's
 * pairs takes ~60 ms: off the event loop too). The caller's models load what they lack if the thread fails.
 */
export class ModelWorker implements ModelHost {
  private next = 0;
  private readonly pending = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  private failure: Error | undefined;
  private isReady = false;
  private isClosed = false;
  private readonly exited: Promise<void>;
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
    this.exited = new Promise((resolve) => worker.once('exit', (code) => {
      aThreadEnded = true;
      const err = new Error(`model thread exited (${code})`);
      this.fail(err);
      settle(err);
      resolve();
    }));
  }

  /** False where the compiled script is not there to run as a thread (TypeScript run in place, e.g. under ts-jest). */
  static available(): boolean {
    return __filename.endsWith('.js') && fs.existsSync(__filename);
  }

  /**
   * Null where it is not available, and once a model thread of this process has ended. onnxruntime-node 1.14 keeps
   * one process-wide reference to its binding, and each thread that binds it frees the reference left by the thread
   * that bound it before: when that thread has ended, the free corrupts the heap and the process dies later by
   * SIGSEGV or SIGABRT (`free(): invalid next size`); when no other thread held the binding, it was unloaded with
   * the thread and cannot bind again ("Module did not self-register"). So this thread binds it first, before the
   * model thread does, and no second model thread follows one that ended: the caller's models run here instead.
   */
  static start(o: ModelWorkerOptions): ModelWorker | null {
    if (!ModelWorker.available() || aThreadEnded) return null;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('onnxruntime-node');
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

  get closed(): boolean {
    return this.isClosed;
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
    return r.output!;
  }

  /** A deadline it cannot meet rejects with ScoreDeadlineExceeded, as on the caller's thread. */
  async score(query: string, passages: string[], opts: ScoreOptions): Promise<number[]> {
    const r = await this.send({ id: this.next++, op: 'score', query, passages, opts });
    if (r.deadline) throw new ScoreDeadlineExceeded(r.deadline.scored, r.deadline.total);
    if (r.error) throw new Error(r.error);
    return r.scores!;
  }

  /**
   * Ends the thread: what is queued there is rejected at once, the call running there finishes (a batch, well under a
   * second), the models are released and the thread returns. Terminating it in the middle of a model call, or exiting
   * the process while it still holds its sessions, can end the process by a signal (SIGSEGV or SIGABRT) instead of an
   * exit code; `terminate` is only the fallback past `waitMs`. Calls made after this reject (ModelsClosed): callers
   * do not load the model on their own thread while the server stops.
   */
  async close(waitMs = 3000): Promise<void> {
    if (this.isClosed) return this.exited;
    this.isClosed = true;
    this.worker.postMessage({ op: 'close' } satisfies Close);
    let timer: NodeJS.Timeout | undefined;
    const late = await Promise.race([
      this.exited.then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), waitMs))),
    ]);
    clearTimeout(timer);
    this.fail(new ModelsClosed());
    if (late) await this.worker.terminate();
  }
}

/** The thread's side: loads the models, then serves requests as ModelWorker describes. */
function serve(): void {
  const { embeddingModel, rerankerModel, settings } = workerData as { embeddingModel: string; rerankerModel: string | null; settings: ModelSettings };
  const port = parentPort!;
  const queue: Request[] = [];
  let models: { encoder: Session; reranker: Reranker | null } | undefined;
  let running = false;
  /** Milliseconds per scored pair, a moving average: what a rerank is expected to cost before it starts. */
  let msPerPair = 0;
  /** Pairs of the reranks queued or running: the wait a new one faces, at msPerPair. */
  let pairsAhead = 0;
  const pairsOf = (req: Request) => (req.op === 'score' ? req.passages.length : 0);
  /** A rerank whose expected finish (after those ahead of it) is past its deadline: declining it at once costs nothing. */
  const hopeless = (req: Request, ahead: number) => req.op === 'score' && req.opts.deadline !== undefined && msPerPair > 0
    && Date.now() + msPerPair * (ahead + pairsOf(req)) > req.opts.deadline;

  const reply = (r: Reply) => port.postMessage(r);
  const failed = (id: number, err: unknown) => reply({ id, error: (err as Error).message.split('\n')[0] });

  const encode = async (req: Extract<Request, { op: 'encode' }>) => {
    try {
      const out = await models!.encoder.run(req.inputs);
      reply({ id: req.id, output: { data: out.data.slice(), dims: out.dims } });
    } catch (err) {
      failed(req.id, err);
    }
  };
  const decline = (req: Request) => reply({ id: req.id, deadline: { scored: 0, total: pairsOf(req) } });
  const score = async (req: Extract<Request, { op: 'score' }>) => {
    const pairs = pairsOf(req);
    if (!models!.reranker) return failed(req.id, new Error('no cross-encoder on the model thread'));
    if (hopeless(req, 0)) return decline(req);
    const t0 = performance.now();
    try {
      const scores = await models!.reranker.score(req.query, req.passages, req.opts);
      const per = (performance.now() - t0) / Math.max(1, pairs);
      msPerPair = msPerPair ? 0.8 * msPerPair + 0.2 * per : per;
      reply({ id: req.id, scores });
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
        try {
          await tracked(req.op === 'score' ? score(req) : encode(req));
        } finally {
          pairsAhead -= pairsOf(req);
        }
        await nextTurn(); // urgent requests that arrived meanwhile run before the next queued one
      }
    } finally {
      running = false;
      void finish();
    }
  };

  let closing = false;
  /** Model calls under way, queued or urgent: the thread ends once none is. */
  let busy = 0;
  const finish = async () => {
    if (!closing || busy || running || !models) return;
    const { encoder, reranker } = models;
    models = undefined;
    await Promise.allSettled([encoder.dispose(), reranker?.dispose()]);
    port.close();
  };
  const tracked = async (call: Promise<void>) => {
    busy++;
    try {
      await call;
    } finally {
      busy--;
      void finish();
    }
  };

  port.on('message', (req: Request | Close) => {
    if (req.op === 'close') {
      closing = true;
      for (const q of queue.splice(0)) {
        pairsAhead -= pairsOf(q);
        failed(q.id, new Error('model thread closed'));
      }
      void finish();
    } else if (closing) failed(req.id, new Error('model thread closed'));
    else if (req.op === 'encode' && req.urgent && models) void tracked(encode(req));
    else if (hopeless(req, pairsAhead)) decline(req);
    else {
      pairsAhead += pairsOf(req);
      queue.push(req);
      void pump();
    }
  });
  void (async () => {
    try {
      const encoder = await loadEncoder(embeddingModel, settings);
      // Token ids 0 and 2 (start and end of text in XLM-R and BERT vocabularies alike): the model runs, and says its width.
      const probe = await encoder.run({ input_ids: { type: 'int64', data: new BigInt64Array([0n, 2n]), dims: [1, 2] }, attention_mask: { type: 'int64', data: new BigInt64Array([1n, 1n]), dims: [1, 2] } });
      let reranker: Reranker | null = null;
      let rerankerError: string | undefined;
      if (rerankerModel) reranker = await Reranker.load(rerankerModel, settings).catch((err: Error) => ((rerankerError = err.message.split('\n')[0]), null));
      models = { encoder, reranker };
      port.postMessage({ type: 'loaded', dims: probe.dims[probe.dims.length - 1], rerankerError } satisfies Loaded);
      void pump();
      void finish(); // closed while loading
    } catch (err) {
      port.postMessage({ type: 'loaded', error: (err as Error).message.split('\n')[0] } satisfies Loaded);
      if (closing) port.close();
    }
  })();
}

if (!isMainThread && (workerData as { tag?: string } | null)?.tag === TAG) serve();
