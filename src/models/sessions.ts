import { setImmediate as nextTurn } from 'node:timers/promises';
import { resolveModel, withModelEnv, type ModelSettings } from './model.loader';

/**
 * The models without their tokenisers: what runs on the model thread. Tokenising stays with the caller (the
 * XLM-R tokenizer alone is ~280 MiB of JavaScript objects, as much as a second copy of the embedding model),
 * which sends token ids and receives vectors or logits. The same functions run the models on the caller's
 * thread when there is no model thread, so both give the same numbers.
 */

/** A tensor as it crosses threads: its typed array (copied by postMessage) and shape. */
export interface WireTensor { type: string; data: BigInt64Array | Float32Array; dims: number[] }
/** A tokenizer's output (input_ids, attention_mask, token_type_ids where the model has them). */
export type WireInputs = Record<string, WireTensor>;
export interface Output { data: Float32Array; dims: number[] }

interface TjsTensor { type: string; data: BigInt64Array | Float32Array; dims: number[] }
type TjsModel = ((inputs: Record<string, unknown>) => Promise<Record<string, TjsTensor>>) & { dispose?: () => Promise<void> };

export function toWire(inputs: Record<string, unknown>): WireInputs {
  const out: WireInputs = {};
  for (const [k, v] of Object.entries(inputs)) {
    const t = v as TjsTensor;
    if (t && typeof t === 'object' && 'dims' in t && 'data' in t) out[k] = { type: t.type, data: t.data, dims: [...t.dims] };
  }
  return out;
}

/** Runs one tokenised batch through a model; `dispose` releases its ONNX session. */
export interface Session {
  run(inputs: WireInputs): Promise<Output>;
  dispose(): Promise<void>;
}

async function session(name: string, settings: ModelSettings, kind: 'encoder' | 'classifier'): Promise<Session> {
  const source = resolveModel(name, settings);
  return withModelEnv(source, async (t) => {
    const model = (kind === 'encoder'
      ? await t.AutoModel.from_pretrained(name, { quantized: true })
      : await t.AutoModelForSequenceClassification.from_pretrained(name, { quantized: true })) as unknown as TjsModel;
    const tensors = (inputs: WireInputs) => Object.fromEntries(Object.entries(inputs)
      .map(([k, w]) => [k, new t.Tensor(w.type as 'int64', w.data as BigInt64Array, w.dims)]));
    return {
      async run(inputs) {
        const feeds = tensors(inputs);
        const out = await model(feeds);
        if (kind === 'classifier') return { data: out.logits.data as Float32Array, dims: out.logits.dims };
        // What transformers.js's feature-extraction pipeline does with { pooling: 'mean', normalize: true }.
        const hidden = (out.last_hidden_state ?? out.logits) as unknown as Parameters<typeof t.mean_pooling>[0];
        const pooled = t.mean_pooling(hidden, feeds.attention_mask as unknown as Parameters<typeof t.mean_pooling>[1]).normalize(2, -1);
        return { data: pooled.data as Float32Array, dims: pooled.dims };
      },
      dispose: async () => { await model.dispose?.(); },
    };
  });
}

/** The embedding model: token ids in, mean-pooled, L2-normalised vectors out. */
export const loadEncoder = (name: string, settings: ModelSettings) => session(name, settings, 'encoder');
/** A sequence classifier (the cross-encoder): token ids of pairs in, logits out. */
export const loadClassifier = (name: string, settings: ModelSettings) => session(name, settings, 'classifier');

/** The hidden size a model's config declares: an encoder's vector length under mean pooling. */
export async function hiddenSize(name: string, settings: ModelSettings): Promise<number> {
  const source = resolveModel(name, settings);
  const config = await withModelEnv(source, (t) => t.AutoConfig.from_pretrained(name)) as unknown as { hidden_size?: number; dim?: number };
  const size = config.hidden_size ?? config.dim;
  if (!size) throw new Error(`${name}: config.json gives no hidden_size`);
  return size;
}

/**
 * onnxruntime-node runs a model synchronously on the calling thread, so a timer cannot interrupt a batch: the
 * deadline is checked between batches, and the thread's loop is let go between them so other work moves on.
 */
export class ScoreDeadlineExceeded extends Error {
  constructor(readonly scored: number, readonly total: number) {
    super(`deadline passed after ${scored} of ${total} pairs`);
  }
}

/** Batches of pairs through the classifier, in order; past `deadline` (epoch ms) no further batch starts. */
export async function classifyBatches(model: Session, batches: WireInputs[], deadline?: number): Promise<Output[]> {
  const total = batches.reduce((n, b) => n + rows(b), 0);
  const out: Output[] = [];
  let scored = 0;
  for (const batch of batches) {
    if (deadline !== undefined) {
      await nextTurn();
      if (Date.now() > deadline) throw new ScoreDeadlineExceeded(scored, total);
    }
    out.push(await model.run(batch));
    scored += rows(batch);
  }
  return out;
}

/** Rows (texts or pairs) in a tokenised batch. */
const rows = (b: WireInputs) => Object.values(b)[0]?.dims[0] ?? 0;

/** How a rerank runs (Reranker.score). */
export interface ScoreOptions {
  /** Pairs run through the model together; each batch is padded to its own longest pair only. */
  batchSize?: number;
  /** Passage tokens kept (after the query's); the model reads the start of a section, where its definition is. */
  passageTokens?: number;
  /** Pad every pair to this many tokens, as transformers.js does given a max_length (bench:rerank's "before"). */
  padTo?: number;
  /** Epoch ms after which no further batch starts: the call rejects with ScoreDeadlineExceeded. */
  deadline?: number;
}

/** Where model calls can run instead of the caller's thread (ModelWorker); `ready` is false until it can, and after it fails. */
export interface ModelHost {
  readonly ready: boolean;
  /** Closed on purpose (the server is stopping): its callers stop too, rather than load the model here. */
  readonly closed: boolean;
  /** Embedding: `urgent` for a search's query, which goes before queued work. */
  encode(inputs: WireInputs, urgent: boolean): Promise<Output>;
  /** Reranker.score, tokenising included; rejects with ScoreDeadlineExceeded past its deadline. */
  score(query: string, passages: string[], opts: ScoreOptions): Promise<number[]>;
}

/**
 * A model (or its parts) loaded on this thread when first needed, and again after a failed load. `beforeLoad` runs
 * before each load (the caller warns there when a model thread should have had the work).
 */
export class OnDemand<T> {
  private value: Promise<T> | undefined;

  constructor(private readonly load: () => Promise<T>, private readonly beforeLoad: () => void = () => undefined) {}

  get(): Promise<T> {
    if (!this.value) {
      this.beforeLoad();
      const loading = this.load();
      this.value = loading;
      loading.catch(() => { if (this.value === loading) this.value = undefined; });
    }
    return this.value;
  }

  /** Holds a value loaded elsewhere (at start-up, before the holder existed). */
  adopt(value: T): void {
    this.value = Promise.resolve(value);
  }

  /** Forgets what was loaded and hands it over (to be disposed of); undefined when nothing was, or the load failed. */
  async take(): Promise<T | undefined> {
    const value = this.value;
    this.value = undefined;
    return value?.catch(() => undefined);
  }
}

/**
 * `there` on the host while it is ready, `here` otherwise. A host that fails hands over to `here`; an error from a
 * host that is still ready (the model refused the input, a deadline passed) is the answer.
 */
export async function hostOrHere<T>(host: ModelHost | undefined, there: (h: ModelHost) => Promise<T>, here: () => Promise<T>): Promise<T> {
  if (host?.ready) {
    try {
      return await there(host);
    } catch (err) {
      if (host.ready || host.closed) throw err;
    }
  }
  // Loading a model here while the process stops is slow, and exiting while a session is still being created
  // ends the process by a signal instead of an exit code.
  if (host?.closed) throw new ModelsClosed();
  return here();
}

/** A model call made after the server's model thread was closed: the server is stopping. */
export class ModelsClosed extends Error {
  constructor() {
    super('model thread closed: the server is stopping');
  }
}
