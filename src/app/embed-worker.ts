import fs from 'node:fs';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { Embedder } from '../models/embedder';
import type { ModelSettings } from '../models/model.loader';

type Kind = 'query' | 'passage';
interface Request { id: number; texts: string[]; kind: Kind }
interface Reply { id: number; vectors?: Float32Array[]; error?: string }
const TAG = 'nyaya-embed-worker';

/**
 * The seed's embedder on a thread of its own. onnxruntime runs a model on the calling thread, so one passage
 * holds the event loop for ~0.5 s on a loaded 2-core machine, and a request waits behind a few of them; on this
 * thread the server answers in milliseconds while the seed embeds. Tokenising stays on the caller's embedder.
 */
export class EmbedWorker {
  private next = 0;
  private readonly pending = new Map<number, { resolve: (v: Float32Array[]) => void; reject: (e: Error) => void }>();
  private failure: Error | undefined;
  /** The request the thread is computing, settled when it replies (also when its caller gave up on it). */
  private busy: Promise<unknown> = Promise.resolve();

  private constructor(private readonly worker: Worker) {
    worker.on('message', (m: Reply) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.error) p?.reject(new Error(m.error));
      else p?.resolve(m.vectors!);
    });
    const fail = (err: Error) => {
      this.failure = err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`embedding worker exited (${code})`)));
  }

  /** Null where the compiled worker script is not there to run (TypeScript run in place, e.g. under ts-jest). */
  static start(model: string, settings: ModelSettings): EmbedWorker | null {
    if (!__filename.endsWith('.js') || !fs.existsSync(__filename)) return null;
    const worker = new Worker(__filename, { workerData: { tag: TAG, model, settings: { modelsDir: settings.modelsDir, allowRemoteModels: settings.allowRemoteModels } } });
    worker.unref();
    return new EmbedWorker(worker);
  }

  /** Rejects at once when `signal` is aborted; the model call under way finishes on its thread, unused. */
  embed(texts: string[], kind: Kind, signal?: AbortSignal): Promise<Float32Array[]> {
    if (this.failure) return Promise.reject(this.failure);
    signal?.throwIfAborted();
    const id = this.next++;
    return new Promise<Float32Array[]>((resolve, reject) => {
      // The caller stops waiting at once; the entry stays until the thread replies, so close() knows it is busy.
      const onAbort = () => reject(signal!.reason instanceof Error ? signal!.reason : new Error('aborted'));
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      let replied!: () => void;
      this.busy = new Promise<void>((r) => (replied = r));
      this.pending.set(id, { resolve: (v) => (done(), replied(), resolve(v)), reject: (e) => (done(), replied(), reject(e)) });
      this.worker.postMessage({ id, texts, kind } satisfies Request);
    });
  }

  /** Why the thread is gone, once it is. */
  failed(): Error | undefined {
    return this.failure;
  }

  /**
   * Ends the thread once it is idle (at most `waitMs`): ending it in the middle of a model call can take the
   * whole process down with it, and requests are small (one slice of passages), so the wait is short.
   */
  async close(waitMs = 3000): Promise<void> {
    await Promise.race([this.busy, new Promise((r) => setTimeout(r, waitMs).unref())]);
    await this.worker.terminate();
  }
}

if (!isMainThread && (workerData as { tag?: string } | null)?.tag === TAG) {
  const { model, settings } = workerData as { model: string; settings: ModelSettings };
  const loaded = Embedder.load(model, settings);
  // One request at a time, in order: the caller awaits each before sending the next.
  parentPort!.on('message', (m: Request) => {
    loaded
      .then((e) => e.embed(m.texts, m.kind))
      .then((vectors) => parentPort!.postMessage({ id: m.id, vectors } satisfies Reply))
      .catch((err: Error) => parentPort!.postMessage({ id: m.id, error: err.message.split('\n')[0] } satisfies Reply));
  });
}
