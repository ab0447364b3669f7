import { LRUCache } from 'lru-cache';
import { logger } from '../logger';
import { EmbeddingCache } from './embedding-cache';
import { resolveModel, withModelEnv, type ModelSettings, type ModelSource } from './model.loader';
import { hiddenSize, hostOrHere, loadEncoder, OnDemand, toWire, type ModelHost, type Output, type Session } from './sessions';

type Tokenizer = ((text: string | string[], opts?: Record<string, unknown>) => Record<string, unknown> & { input_ids: { size: number; data: BigInt64Array } }) & {
  decode(ids: number[] | bigint[], opts?: Record<string, unknown>): string;
};

/**
 * Tokens one model call may hold, counted as its size times its longest text (what every text is padded to).
 * onnxruntime keeps the largest activations it has ever allocated for the rest of the process: batches of eight
 * 500-token passages (the chunks of a long FIR) left ~550 MiB more RSS behind than calls of two (bench:load).
 * Two full-length passages fit; short texts still go eight at a time.
 */
const BATCH_TOKENS = 1024;

export interface EmbedderInfo {
  model: string;
  source: ModelSource;
  dims: number;
  maxTokens: number;
}

/**
 * The dense embedder (multilingual-e5-small by default): mean pooling, L2-normalised, quantized ONNX.
 * E5 models were trained with "query: " / "passage: " prefixes and lose accuracy without them.
 */
export class Embedder {
  readonly maxTokens = 512;
  private cache: EmbeddingCache | undefined;
  /** Passage vectors shipped with the project for its seed corpus (read-only), consulted before the memo. */
  private shipped: EmbeddingCache | undefined;
  /** Texts embedded by the model (not served from a cache) and the time spent in the model, for benchmarks. */
  readonly stats = { computed: 0, cached: 0, modelMs: 0 };
  /** Recent query embeddings: one search embeds its query for the section names and again for the chunk index. */
  private readonly recentQueries = new LRUCache<string, Float32Array>({ max: 256 });
  /** Another thread that runs the model calls; caches, batching and tokenising stay here. */
  private host: ModelHost | undefined;
  /** The model on this thread: loaded by `load` unless the model thread holds it, else when a call needs it. */
  private readonly model: OnDemand<Session>;
  /**
   * Token counts of single words. Ingest counts every paragraph and sentence of every document to pack chunks, and
   * tokenising them whole was most of its CPU time; documents share most of their words. Used only when the
   * tokenizer splits at spaces before anything else (Metaspace: XLM-R, E5), where a text's count is the sum of its
   * words' counts.
   */
  private readonly wordTokens = new LRUCache<string, number>({ max: 200_000 });
  private readonly splitsAtSpaces: boolean;

  private constructor(
    readonly info: EmbedderInfo,
    readonly tokenizer: Tokenizer,
    private readonly prefixes: { query: string; passage: string },
    loadModel: () => Promise<Session>,
  ) {
    this.splitsAtSpaces = (tokenizer as { pre_tokenizer?: object }).pre_tokenizer?.constructor.name === 'MetaspacePreTokenizer';
    this.model = new OnDemand(loadModel, () => {
      if (this.host) logger.warn({ model: info.model }, 'model thread unavailable: loading the embedding model on the main thread');
    });
  }

  /**
   * The tokenizer, and the model unless `model` is false: then the model loads on this thread only when a call
   * has nowhere else to run (the server's model thread holds it; `offload`), and the vector length comes from
   * the model's config.
   */
  static async load(name: string, settings: ModelSettings, o: { model?: boolean } = {}): Promise<Embedder> {
    const source = resolveModel(name, settings);
    const tokenizer = await withModelEnv(source, async (t) => (await t.AutoTokenizer.from_pretrained(name)) as unknown as Tokenizer);
    const wantsPrefix = /e5/i.test(name);
    const prefixes = wantsPrefix ? { query: 'query: ', passage: 'passage: ' } : { query: '', passage: '' };
    const make = (dims: number) => new Embedder({ model: name, source, dims, maxTokens: 512 }, tokenizer, prefixes, () => loadEncoder(name, settings));
    if (o.model === false) return make(await hiddenSize(name, settings));
    const session = await loadEncoder(name, settings);
    const probe = await session.run(toWire(tokenizer(['probe'], { padding: true, truncation: true })));
    const embedder = make(probe.dims[probe.dims.length - 1]);
    embedder.model.adopt(session);
    return embedder;
  }

  /** Releases the ONNX session: its native handle otherwise keeps the whole model (and what refers to it) alive. */
  async dispose(): Promise<void> {
    await (await this.model.take())?.dispose();
  }

  /** Model calls go to `host` while it is ready, and run on this thread otherwise (before it loads, after it fails). */
  offload(host: ModelHost | undefined): void {
    this.host = host;
  }

  /** Tokenised here; the model runs on the host while it is ready, else here. */
  private async call(texts: string[], kind: 'query' | 'passage'): Promise<Output> {
    const inputs = toWire(this.tokenizer(texts, { padding: true, truncation: true }));
    return hostOrHere(this.host, (h) => h.encode(inputs, kind === 'query'), async () => (await this.model.get()).run(inputs));
  }

  /**
   * Memoises passage embeddings on disk under `dir` (one file per model); null stops, so that the memo's
   * in-memory copy of every passage vector is not held by a process that only needed it to load a corpus.
   */
  useCache(dir: string | null): void {
    this.cache?.close();
    this.cache = dir ? new EmbeddingCache(EmbeddingCache.fileFor(dir, this.info.model), this.info.dims) : undefined;
  }

  /** Passage vectors made by this model ahead of time (seeds/embeddings), checked by the caller before it hands them over. */
  useShipped(pack: EmbeddingCache | undefined): void {
    this.shipped = pack;
  }

  /** The shipped vector of a passage, when there is one. */
  shippedPassage(text: string): Float32Array | undefined {
    return this.shipped?.get(this.passageKey(text));
  }

  /** The memo key of a passage: model and prefixed text. */
  passageKey(text: string): string {
    return EmbeddingCache.key(this.info.model, this.prefixes.passage + text);
  }

  /** Tokens of `text` without special tokens; the same figure as `countTokensWhole`, from the word memo where it applies. */
  countTokens(text: string): number {
    // A leading or trailing space is a token of its own (▁): counted whole.
    if (!this.splitsAtSpaces || text.startsWith(' ') || text.endsWith(' ')) return this.countTokensWhole(text);
    let n = 0;
    for (const w of text.split(' ')) {
      if (!w) continue;
      let c = this.wordTokens.get(w);
      if (c === undefined) this.wordTokens.set(w, (c = this.countTokensWhole(w)));
      n += c;
    }
    return n;
  }

  /** Tokens of `text` as the tokenizer counts it whole. */
  countTokensWhole(text: string): number {
    return this.tokenizer(text, { add_special_tokens: false }).input_ids.size;
  }

  /**
   * Embeds in batches of similar length: padding a short text to a long one's length wastes most of a batch.
   * Passages come from the shipped vectors when they hold them, and are memoised in `cache` (by default the one
   * `useCache` set); `null` computes every passage with the model.
   */
  async embed(texts: string[], kind: 'query' | 'passage', batchSize = 8, passageCache: EmbeddingCache | null | undefined = this.cache): Promise<Float32Array[]> {
    const prefix = this.prefixes[kind];
    const out: Float32Array[] = new Array(texts.length);
    const cache = kind === 'passage' ? passageCache ?? undefined : undefined;
    const shipped = kind === 'passage' && passageCache !== null ? this.shipped : undefined;
    const keys = cache || shipped ? texts.map((t) => EmbeddingCache.key(this.info.model, prefix + t)) : [];
    const todo = texts.map((t, i) => ({ i, len: t.length })).filter(({ i }) => {
      const hit = kind === 'query' ? this.recentQueries.get(texts[i]) : shipped?.get(keys[i]) ?? cache?.get(keys[i]);
      if (hit) out[i] = hit;
      return !hit;
    });
    this.stats.cached += texts.length - todo.length;
    this.stats.computed += todo.length;
    const order = todo.sort((a, b) => a.len - b.len);
    const inputs = order.map((o) => prefix + texts[o.i]);
    for (let start = 0; start < order.length;) {
      const end = this.batchEnd(inputs, start, batchSize);
      const batch = order.slice(start, end);
      const t0 = performance.now();
      const res = await this.call(inputs.slice(start, end), kind);
      this.stats.modelMs += performance.now() - t0;
      start = end;
      const dims = this.info.dims;
      batch.forEach((b, j) => {
        out[b.i] = Float32Array.from(res.data.subarray(j * dims, (j + 1) * dims));
        if (cache) cache.put(keys[b.i], out[b.i]);
        if (kind === 'query') this.recentQueries.set(texts[b.i], out[b.i]);
      });
    }
    return out;
  }

  /**
   * Where a batch that starts at `start` of `sorted` (shortest first) ends: at most `size` texts and BATCH_TOKENS
   * padded tokens. Only texts long enough to matter are tokenised, since a token covers at least one character.
   */
  private batchEnd(sorted: string[], start: number, size: number): number {
    let end = start + 1;
    for (; end < sorted.length && end - start < size; end++) {
      const n = end - start + 1;
      const longest = sorted[end];
      if ((longest.length + 3) * n <= BATCH_TOKENS) continue;
      if (Math.min(this.maxTokens, this.countTokens(longest) + 2) * n > BATCH_TOKENS) break;
    }
    return end;
  }

  async embedOne(text: string, kind: 'query' | 'passage'): Promise<Float32Array> {
    return (await this.embed([text], kind))[0];
  }
}
