import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Embedder } from '../models/embedder';

/**
 * Padded tokens per model call. onnxruntime runs on the event loop's thread, and one call of the embedder's own
 * 1,024-token batches blocks it for ~1.5 s on a loaded 2-core machine; half that keeps health well under a second.
 */
const SLICE_TOKENS = 512;
const MODEL_MAX_TOKENS = 512;

type Embed = Embedder['embed'];
const originals = new WeakMap<Embedder, Embed>();

/**
 * An `embed` that hands the event loop back between model calls: texts go to the model in slices of at most
 * SLICE_TOKENS padded tokens (shortest first, as the embedder itself batches), with a turn of the loop between
 * slices, so requests are answered while a long batch (the seed, an ingest) is embedded. `signal` stops it
 * between slices, so a stop does not wait for the rest of a batch.
 */
export function slicedEmbed(embedder: Embedder, signal?: AbortSignal, embedSlice?: Embed): Embed {
  const embed = embedSlice ?? originals.get(embedder) ?? embedder.embed.bind(embedder);
  const padded = (text: string, n: number) => (text.length + 3) * n <= SLICE_TOKENS
    ? text.length + 3 // a token covers at least one character: no need to tokenise short texts
    : Math.min(MODEL_MAX_TOKENS, embedder.countTokens(text) + 2);
  return async (texts, kind, batchSize = 8, cache?) => {
    signal?.throwIfAborted();
    // The seed's shipped passages need no model call, no slicing and no thread.
    const out = new Array<Float32Array>(texts.length);
    const todo: number[] = [];
    texts.forEach((t, i) => {
      const v = kind === 'passage' && cache !== null ? embedder.shippedPassage(t) : undefined;
      if (v) out[i] = v;
      else todo.push(i);
    });
    if (todo.length === texts.length) return embedThese(texts, kind, batchSize, cache);
    const rest = todo.length ? await embedThese(todo.map((i) => texts[i]), kind, batchSize, cache) : [];
    todo.forEach((i, j) => (out[i] = rest[j]));
    return out;
  };

  async function embedThese(texts: string[], kind: 'query' | 'passage', batchSize: number, cache: Parameters<Embed>[3]): Promise<Float32Array[]> {
    if (texts.length <= 1) return embed(texts, kind, batchSize, cache);
    const order = texts.map((_, i) => i).sort((a, b) => texts[a].length - texts[b].length);
    const out = new Array<Float32Array>(texts.length);
    for (let start = 0; start < order.length;) {
      let end = start + 1;
      while (end < order.length && end - start < batchSize && padded(texts[order[end]], end - start + 1) * (end - start + 1) <= SLICE_TOKENS) end++;
      const slice = order.slice(start, end);
      const vectors = await embed(slice.map((i) => texts[i]), kind, batchSize, cache);
      slice.forEach((i, j) => (out[i] = vectors[j]));
      start = end;
      await nextTurn();
      signal?.throwIfAborted();
    }
    return out;
  }
}

/** Makes every embedding this process does yield between model calls (the server's embedder, used by search and ingest). */
export function yieldWhileEmbedding(embedder: Embedder): void {
  if (originals.has(embedder)) return;
  originals.set(embedder, embedder.embed.bind(embedder));
  embedder.embed = slicedEmbed(embedder);
}

/**
 * The same embedder, whose `embed` yields between model calls and stops when `signal` is aborted: the seed's.
 * Its model calls run where the embedder's do (the model thread in the server).
 */
export function abortableEmbedder(embedder: Embedder, signal: AbortSignal): Embedder {
  const embed = slicedEmbed(embedder, signal);
  return new Proxy(embedder, {
    get(target, key) {
      if (key === 'embed') return embed;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
