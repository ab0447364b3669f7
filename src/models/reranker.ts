import { resolveModel, withModelEnv, type ModelSettings, type ModelSource } from './model.loader';

interface Tensor { data: Float32Array; dims: number[] }
interface PairTokenizer {
  (a: string[], opts: { text_pair: string[]; padding: boolean; truncation: boolean; max_length?: number }): Record<string, unknown>;
  encode(text: string, pair?: null, opts?: { add_special_tokens?: boolean }): number[];
  decode(ids: number[], opts?: { skip_special_tokens?: boolean }): string;
}
type Classifier = (inputs: Record<string, unknown>) => Promise<{ logits: Tensor }>;

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

/**
 * onnxruntime-node runs a model synchronously on the event loop's thread, so a timer cannot interrupt a batch:
 * the deadline is checked between batches, and the loop is let go between them so other requests move on.
 */
export class ScoreDeadlineExceeded extends Error {
  constructor(readonly scored: number, readonly total: number) {
    super(`deadline passed after ${scored} of ${total} pairs`);
  }
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
  private constructor(
    readonly model: string,
    readonly source: ModelSource,
    private readonly tokenizer: PairTokenizer,
    private readonly classifier: Classifier,
    readonly maxTokens: number,
    private readonly release: () => Promise<void> = async () => undefined,
  ) {}

  /** Releases the ONNX session (see Embedder.dispose). */
  async dispose(): Promise<void> {
    await this.release();
  }

  static async load(name: string, settings: ModelSettings, maxTokens = 512): Promise<Reranker> {
    const source = resolveModel(name, settings);
    const { tokenizer, model } = await withModelEnv(source, async (t) => ({
      tokenizer: (await t.AutoTokenizer.from_pretrained(name)) as unknown as PairTokenizer,
      model: (await t.AutoModelForSequenceClassification.from_pretrained(name, { quantized: true })) as unknown as Classifier,
    }));
    const release = async () => { await (model as unknown as { dispose?: () => Promise<void> }).dispose?.(); };
    return new Reranker(name, source, tokenizer, (inputs) => model(inputs), maxTokens, release);
  }

  /** Tokens of a text without special tokens. */
  private ids(text: string): number[] {
    return this.tokenizer.encode(text, null, { add_special_tokens: false });
  }

  /** The text cut to its first `n` tokens (unchanged when it is shorter). */
  private cut(text: string, ids: number[], n: number): string {
    return ids.length <= n ? text : this.tokenizer.decode(ids.slice(0, n), { skip_special_tokens: true });
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
    const scores = new Array<number>(passages.length);
    for (let i = 0; i < cut.length; i += batchSize) {
      if (deadline !== undefined) {
        await new Promise((resolve) => setImmediate(resolve));
        if (Date.now() > deadline) throw new ScoreDeadlineExceeded(i, cut.length);
      }
      const batch = cut.slice(i, i + batchSize);
      const inputs = this.tokenizer(batch.map(() => q), { text_pair: batch.map((b) => b.text), padding: true, truncation: true, ...(padTo ? { max_length: padTo } : {}) });
      const { logits } = await this.classifier(inputs);
      const width = logits.dims[logits.dims.length - 1] ?? 1;
      batch.forEach((b, j) => { scores[b.index] = logits.data[j * width]; });
    }
    return scores;
  }
}
