import { prepareEnv, resolveModel, type ModelSettings, type ModelSource } from './model.loader';

interface Tensor { data: Float32Array; dims: number[] }
type PairTokenizer = (a: string[], opts: { text_pair: string[]; padding: boolean; truncation: boolean; max_length?: number }) => Record<string, unknown>;
type Classifier = (inputs: Record<string, unknown>) => Promise<{ logits: Tensor }>;

/**
 * A cross-encoder scoring (query, passage) pairs with raw logits. The text-classification pipeline would
 * softmax a single-logit head into 1.0 for every pair, so the model is called directly.
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
    const t = await prepareEnv(source, settings);
    const tokenizer = (await t.AutoTokenizer.from_pretrained(name)) as unknown as PairTokenizer;
    const model = (await t.AutoModelForSequenceClassification.from_pretrained(name, { quantized: true })) as unknown as Classifier;
    const release = async () => { await (model as unknown as { dispose?: () => Promise<void> }).dispose?.(); };
    return new Reranker(name, source, tokenizer, (inputs) => model(inputs), maxTokens, release);
  }

  /** One raw logit per passage (the first logit when the head has several), in input order. */
  async score(query: string, passages: string[], batchSize = 16): Promise<number[]> {
    const scores: number[] = [];
    for (let i = 0; i < passages.length; i += batchSize) {
      const batch = passages.slice(i, i + batchSize);
      const inputs = this.tokenizer(batch.map(() => query), {
        text_pair: batch, padding: true, truncation: true, max_length: this.maxTokens,
      });
      const { logits } = await this.classifier(inputs);
      const width = logits.dims[logits.dims.length - 1] ?? 1;
      for (let j = 0; j < batch.length; j++) scores.push(logits.data[j * width]);
    }
    return scores;
  }
}
