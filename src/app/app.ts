import type { Config } from '../config/config';
import { logger } from '../logger';
import { Embedder } from '../models/embedder';
import { Reranker } from '../models/reranker';
import { openStores, type OpenOptions, type Stores } from '../stores/open-stores';

export interface RerankerState {
  reranker: Reranker | null;
  status: 'up' | 'skipped';
  reason: string | null;
}

/** Everything a request needs, created once per process. */
export interface App {
  config: Config;
  stores: Stores;
  embedder: Embedder;
  rerank: RerankerState;
  startedAt: Date;
  close(): Promise<void>;
}

export class StartupError extends Error {}

export async function loadReranker(config: Config): Promise<RerankerState> {
  if (config.rerankerModel === 'none') return { reranker: null, status: 'skipped', reason: 'RERANKER_MODEL=none' };
  try {
    const reranker = await Reranker.load(config.rerankerModel, config);
    return { reranker, status: 'up', reason: null };
  } catch (err) {
    const reason = `reranker "${config.rerankerModel}" could not be loaded: ${(err as Error).message.split('\n')[0]}`;
    logger.warn(reason + '; the rerank stage is skipped');
    return { reranker: null, status: 'skipped', reason };
  }
}

/**
 * Opens the stores and loads the models. A failure here is reported as one line and stops start-up:
 * the embedder is required (nothing can be indexed or searched without it), the reranker is not.
 */
export async function createApp(config: Config, storeOptions: Partial<OpenOptions> = {}): Promise<App> {
  let embedder: Embedder;
  try {
    embedder = await Embedder.load(config.embeddingModel, config);
  } catch (err) {
    throw new StartupError(`EMBEDDING_MODEL: ${(err as Error).message.split('\n')[0]}`);
  }
  const rerank = await loadReranker(config);
  let stores: Stores;
  try {
    stores = await openStores(config, { dims: embedder.info.dims, ...storeOptions });
  } catch (err) {
    throw new StartupError((err as Error).message);
  }
  return {
    config, stores, embedder, rerank, startedAt: new Date(),
    close: () => stores.close(),
  };
}
