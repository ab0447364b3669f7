import { logger } from '../logger';
import { resolveModel, withModelEnv, type ModelSettings, type ModelSource } from './model.loader';
import { classifyBatches, loadClassifier, ScoreDeadlineExceeded, toWire, type ModelHost, type Output, type Session, type WireInputs } from './sessions';

export { ScoreDeadlineExceeded };

interface PairTokenizer {
  (a: string[], opts: { text_pair: string[]; padding: boolean; truncation: boolean; max_length?: number }): Record<string, unknown>;
  encode(text: string, pair?: null, opts?: { add_special_tokens?: boolean }): number[];
  decode(ids: number[], opts?: { skip_special_tokens?: boolean }): string;
}

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

/** Special tokens of a pair (`<s> q </s></s> p </s>`, `[CLS] q [SEP] p [SEP]`): at most four. */
const PAIR_SPECIALS = 4;
/** A query may take at most this share of the model's positions, so a long narrative still leaves room for the passage. */
const QUERY_SHARE = 0.6;

/**
 * A cross-encoder scoring (query, passage) pairs with raw logits. The text-classification pipeline would
 * softmax a single-logit head into 1.0 for every pair, so the model is called directly.
 *
 * Cost is dominated by padded tokens: transformers.js pads every pair to `max_length` when one is given (NOTES.md),
 * so the passage is cut to its token budget here, pairs are sorted by length, and each batch is padded only to its
 * own longest pair. The query is never cut to make room for a passage; only a query longer than the model's share
 * for queries is.
 */
export class Reranker {
  /** Another thread that runs the model (ModelWorker); this one runs it before that is ready and after it fails. */
  private host: ModelHost | undefined;

  private constructor(
    readonly model: string,
    readonly source: ModelSource,
    private readonly tokenizer: PairTokenizer,
    private session: Promise<Session> | undefined,
    private readonly loadSession: () => Promise<Session>,
    readonly maxTokens: number,
  ) {}

  /** Releases the ONNX session (see Embedder.dispose). */
  async dispose(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    await (await session?.catch(() => undefined))?.dispose();
  }

  /** The tokenizer, and the model unless `model` is false (see Embedder.load). */
  static async load(name: string, settings: ModelSettings, maxTokens = 512, o: { model?: boolean } = {}): Promise<Reranker> {
    const source = resolveModel(name, settings);
    const tokenizer = await withModelEnv(source, async (t) => (await t.AutoTokenizer.from_pretrained(name)) as unknown as PairTokenizer);
    const loadSession = () => loadClassifier(name, settings);
    const session = o.model === false ? undefined : loadSession();
    await session;
    return new Reranker(name, source, tokenizer, session, loadSession, maxTokens);
  }

  /** Model calls go to `host` while it is ready; tokenising stays here. */
  offload(host: ModelHost | undefined): void {
    this.host = host;
  }

  /** Tokens of a text without special tokens. */
  private ids(text: string): number[] {
    return this.tokenizer.encode(text, null, { add_special_tokens: false });
  }

  /** The text cut to its first `n` tokens (unchanged when it is shorter). */
  private cut(text: string, ids: number[], n: number): string {
    return ids.length <= n ? text : this.tokenizer.decode(ids.slice(0, n), { skip_special_tokens: true });
  }

  private async classify(batches: WireInputs[], deadline: number | undefined): Promise<Output[]> {
    const host = this.host;
    if (host?.ready) {
      try {
        return await host.classify(batches, deadline);
      } catch (err) {
        if (err instanceof ScoreDeadlineExceeded || host.ready) throw err;
      }
    }
    if (!this.session) {
      if (this.host) logger.warn({ model: this.model }, 'model thread unavailable: loading the cross-encoder on the main thread');
      this.session = this.loadSession();
    }
    return classifyBatches(await this.session, batches, deadline);
  }

  /** One raw logit per passage (the first logit when the head has several), in input order. */
  async score(query: string, passages: string[], opts: ScoreOptions | number = {}): Promise<number[]> {
    const { batchSize = 16, passageTokens = this.maxTokens, padTo, deadline } = typeof opts === 'number' ? { batchSize: opts } : opts;
    const queryIds = this.ids(query);
    const queryLimit = Math.floor((this.maxTokens - PAIR_SPECIALS) * QUERY_SHARE);
    const q = this.cut(query, queryIds, queryLimit);
    const budget = Math.max(1, Math.min(passageTokens, this.maxTokens - PAIR_SPECIALS - Math.min(queryIds.length, queryLimit)));
    const cut = passages.map((p, index) => {
      const ids = this.ids(p);
      return { index, text: this.cut(p, ids, budget), tokens: Math.min(ids.length, budget) };
    });
    // Similar lengths together: a batch costs its longest pair times its size.
    cut.sort((a, b) => a.tokens - b.tokens);
    const groups: (typeof cut)[] = [];
    for (let i = 0; i < cut.length; i += batchSize) groups.push(cut.slice(i, i + batchSize));
    const batches = groups.map((batch) => toWire(this.tokenizer(batch.map(() => q),
      { text_pair: batch.map((b) => b.text), padding: true, truncation: true, ...(padTo ? { max_length: padTo } : {}) })));
    const outputs = await this.classify(batches, deadline);
    const scores = new Array<number>(passages.length);
    groups.forEach((batch, k) => {
      const logits = outputs[k];
      const width = logits.dims[logits.dims.length - 1] ?? 1;
      batch.forEach((b, j) => { scores[b.index] = logits.data[j * width]; });
    });
    return scores;
  }
}
