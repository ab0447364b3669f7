import { logger } from '../logger';
import { resolveModel, withModelEnv, type ModelSettings, type ModelSource } from './model.loader';
import { classifyBatches, hostOrHere, loadClassifier, OnDemand, ScoreDeadlineExceeded, toWire, type ModelHost, type ScoreOptions, type Session } from './sessions';

export { ScoreDeadlineExceeded, type ScoreOptions };

interface PairTokenizer {
  (a: string[], opts: { text_pair: string[]; padding: boolean; truncation: boolean; max_length?: number }): Record<string, unknown>;
  encode(text: string, pair?: null, opts?: { add_special_tokens?: boolean }): number[];
  decode(ids: number[], opts?: { skip_special_tokens?: boolean }): string;
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
  /** Another thread that scores (ModelWorker); this one scores before that is ready and after it fails. */
  private host: ModelHost | undefined;
  /** Tokenizer and model on this thread: loaded by `load` unless the model thread scores, else when a score needs them. */
  private readonly parts: OnDemand<{ tokenizer: PairTokenizer; session: Session }>;

  private constructor(
    readonly model: string,
    readonly source: ModelSource,
    loadParts: () => Promise<{ tokenizer: PairTokenizer; session: Session }>,
    readonly maxTokens: number,
  ) {
    this.parts = new OnDemand(loadParts, () => {
      if (this.host) logger.warn({ model }, 'model thread unavailable: loading the cross-encoder on the main thread');
    });
  }

  /** Releases the ONNX session (see Embedder.dispose). */
  async dispose(): Promise<void> {
    await (await this.parts.take())?.session.dispose();
  }

  /**
   * Tokenizer and model, loaded now unless `model` is false: then nothing is loaded here until a score has nowhere
   * else to run (the model thread scores, tokenising included: the pairs of one search take ~60 ms to tokenise).
   */
  static async load(name: string, settings: ModelSettings, maxTokens = 512, o: { model?: boolean } = {}): Promise<Reranker> {
    const source = resolveModel(name, settings);
    const loadParts = async () => {
      const tokenizer = await withModelEnv(source, async (t) => (await t.AutoTokenizer.from_pretrained(name)) as unknown as PairTokenizer);
      return { tokenizer, session: await loadClassifier(name, settings) };
    };
    const reranker = new Reranker(name, source, loadParts, maxTokens);
    if (o.model !== false) await reranker.parts.get();
    return reranker;
  }

  offload(host: ModelHost | undefined): void {
    this.host = host;
  }

  /** One raw logit per passage (the first logit when the head has several), in input order. */
  async score(query: string, passages: string[], opts: ScoreOptions | number = {}): Promise<number[]> {
    const o = typeof opts === 'number' ? { batchSize: opts } : opts;
    return hostOrHere(this.host, (h) => h.score(query, passages, o), () => this.scoreHere(query, passages, o));
  }

  private async scoreHere(query: string, passages: string[], opts: ScoreOptions): Promise<number[]> {
    const { batchSize = 16, passageTokens = this.maxTokens, padTo, deadline } = opts;
    const { tokenizer, session } = await this.parts.get();
    const ids = (text: string) => tokenizer.encode(text, null, { add_special_tokens: false });
    /** The text cut to its first `n` tokens (unchanged when it is shorter). */
    const cutTo = (text: string, t: number[], n: number) => (t.length <= n ? text : tokenizer.decode(t.slice(0, n), { skip_special_tokens: true }));
    const queryIds = ids(query);
    const queryLimit = Math.floor((this.maxTokens - PAIR_SPECIALS) * QUERY_SHARE);
    const q = cutTo(query, queryIds, queryLimit);
    const budget = Math.max(1, Math.min(passageTokens, this.maxTokens - PAIR_SPECIALS - Math.min(queryIds.length, queryLimit)));
    const cut = passages.map((p, index) => {
      const t = ids(p);
      return { index, text: cutTo(p, t, budget), tokens: Math.min(t.length, budget) };
    });
    // Similar lengths together: a batch costs its longest pair times its size.
    cut.sort((a, b) => a.tokens - b.tokens);
    const groups: (typeof cut)[] = [];
    for (let i = 0; i < cut.length; i += batchSize) groups.push(cut.slice(i, i + batchSize));
    const batches = groups.map((batch) => toWire(tokenizer(batch.map(() => q),
      { text_pair: batch.map((b) => b.text), padding: true, truncation: true, ...(padTo ? { max_length: padTo } : {}) })));
    const outputs = await classifyBatches(session, batches, deadline);
    const scores = new Array<number>(passages.length);
    groups.forEach((batch, k) => {
      const logits = outputs[k];
      const width = logits.dims[logits.dims.length - 1] ?? 1;
      batch.forEach((b, j) => { scores[b.index] = logits.data[j * width]; });
    });
    return scores;
  }
}
