import type { Config } from '../config/config';
import { Glossary } from '../expand/glossary';
import { Embedder } from '../models/embedder';
import { seedPassages } from '../seeds/seed-passages';
import { shippedFiles, useShippedEmbeddings, writeShippedEmbeddings } from '../seeds/shipped-embeddings';
import { loadStatutes } from '../seeds/statutes';

/** Texts re-embedded without the memo after writing, to catch a memo left by another build of the model. */
const SPOT_CHECKS = 24;
/**
 * Batch-mates alone move a quantized model's vector to a cosine of ~0.996 (activations are scaled per batch), so
 * only a larger gap says the memo came from another model.
 */
const SAME_MODEL = 0.99;

/**
 * `npm run seed:embeddings`: writes seeds/embeddings/<model>.{f32,json}, the passage vectors of the seed corpus
 * for EMBEDDING_MODEL, which a first start then uses instead of running the model on every chunk. Run it after
 * a change to seeds/, chunking or the default model; the memo in EMBEDDING_CACHE_DIR makes a rerun quick.
 */
export async function packEmbeddingsCommand(config: Config): Promise<number> {
  const embedder = await Embedder.load(config.embeddingModel, config);
  try {
    embedder.useCache(config.embeddingCacheDir);
    const texts = seedPassages(loadStatutes(), Glossary.load(), (t) => embedder.countTokens(t));
    process.stderr.write(`[seed:embeddings] ${texts.length} passages of seeds/ for ${config.embeddingModel}\n`);
    let last = 0;
    const manifest = await writeShippedEmbeddings(embedder, texts, undefined, (done, total) => {
      if (Date.now() - last < 3000 && done < total) return;
      last = Date.now();
      process.stderr.write(`[seed:embeddings] ${done}/${total} embedded (memo: ${embedder.stats.cached} read, ${embedder.stats.computed} computed)\n`);
    });
    // The memo may hold vectors of an older build of the model under the same name: compare a sample with fresh ones.
    const sample = Array.from({ length: SPOT_CHECKS }, (_, i) => texts[Math.floor(((i + 0.5) / SPOT_CHECKS) * texts.length)]);
    const fresh = await embedder.embed(sample, 'passage', 8, null);
    const held = await embedder.embed(sample, 'passage');
    const worst = Math.min(...sample.map((_, i) => fresh[i].reduce((s, x, k) => s + x * held[i][k], 0)));
    if (worst < SAME_MODEL) {
      process.stderr.write(`[seed:embeddings] the memo disagrees with the model (cosine ${worst.toFixed(4)}): delete ${config.embeddingCacheDir} and run again\n`);
      return 1;
    }
    embedder.useCache(null);
    const check = await useShippedEmbeddings(embedder);
    if (!check.used) {
      process.stderr.write(`[seed:embeddings] written, but the load check refuses it: ${check.reason}\n`);
      return 1;
    }
    const files = shippedFiles(config.embeddingModel);
    process.stdout.write(`${manifest.vectors} vectors (${config.embeddingModel}, ${manifest.dims} dims) written to ${files.vectors}; spot check: worst cosine ${worst.toFixed(5)}\n`);
    return 0;
  } finally {
    embedder.useCache(null);
    await embedder.dispose();
  }
}
