import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Config } from '../config/config';
import { logger } from '../logger';
import { Embedder } from '../models/embedder';
import { EmbeddingCache } from '../models/embedding-cache';
import { useShippedEmbeddings } from '../seeds/shipped-embeddings';
import { Reranker } from '../models/reranker';
import { openStores, type OpenOptions, type Stores } from '../stores/open-stores';
import { OffenceElements } from '../expand/elements';
import { Glossary } from '../expand/glossary';
import { DomainWords } from '../search/domain-words';
import { IndexSync } from '../index-sync/index-sync';
import { IngestService } from '../ingest/ingest.service';
import { loadStatutes, type StatuteCatalogue } from '../seeds/statutes';
import { ChangeSignal } from './change-signal';
import { SearchService } from '../search/search.service';
import { AskService } from '../answer/ask.service';
import type { AskRateLimiter } from '../auth/rate-limit';
import type { ProgressFeed } from '../graphql/pubsub';
import { linkInstances } from './instances';
import { AuditLog } from '../audit/audit.log';

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
  catalogue: StatuteCatalogue;
  glossary: Glossary;
  /** Offence ingredients and the rules that combine them, for narratives. */
  elements: OffenceElements;
  sync: IndexSync;
  ingest: IngestService;
  /** Fired after every write, so caches of search results can be dropped. */
  changes: ChangeSignal;
  search: SearchService;
  ask: AskService;
  askLimiter: AskRateLimiter;
  /** Ingest progress for subscriptions: in process, or shared by every instance on the services profile. */
  progress: ProgressFeed;
  audit: AuditLog;
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

/** The seed's shipped passage vectors, when they are this model's (a mismatch only costs the time to embed). */
async function attachSeedEmbeddings(embedder: Embedder): Promise<void> {
  const check = await useShippedEmbeddings(embedder).catch((err: Error) => ({ used: false as const, reason: err.message.split('\n')[0] }));
  if (check.used) logger.debug({ vectors: check.vectors }, 'seed embeddings: shipped vectors match the model');
  else logger.info({ reason: check.reason }, `seed embeddings: not used (${check.reason}); a first start embeds the seed itself`);
}

/**
 * Opens the stores and loads the models. A failure here is reported as one line and stops start-up:
 * the embedder is required (nothing can be indexed or searched without it), the reranker is not.
 */
export async function createApp(config: Config, storeOptions: Partial<OpenOptions> = {}, opts: { reranker?: boolean } = {}): Promise<App> {
  let embedder: Embedder;
  try {
    embedder = await Embedder.load(config.embeddingModel, config);
  } catch (err) {
    throw new StartupError(`EMBEDDING_MODEL: ${(err as Error).message.split('\n')[0]}`);
  }
  if (config.seedEmbeddings) await attachSeedEmbeddings(embedder);
  const rerank = opts.reranker === false
    ? { reranker: null, status: 'skipped' as const, reason: 'not loaded by this command' }
    : await loadReranker(config);
  let stores: Stores;
  try {
    stores = await openStores(config, { dims: embedder.info.dims, ...storeOptions });
  } catch (err) {
    throw new StartupError((err as Error).message);
  }
  // Each load holds the event loop for a few hundred ms on 2 cores: a turn between them lets `{ health }` through.
  const catalogue = loadStatutes();
  await nextTurn();
  const glossary = Glossary.load();
  await nextTurn();
  const elements = OffenceElements.load();
  await nextTurn();
  const sync = new IndexSync(stores, { leaseSeconds: config.outboxLeaseSeconds });
  const changes = new ChangeSignal();
  let links: Awaited<ReturnType<typeof linkInstances>>;
  try {
    links = await linkInstances(config, stores, changes);
  } catch (err) {
    await stores.close().catch(() => undefined);
    throw new StartupError(`PostgreSQL (instance links): ${(err as Error).message.split('\n')[0]}`);
  }
  // Tests close an app through its stores (dropTestStores): the links go first, as they write through the stores.
  const closeStores = stores.close.bind(stores);
  let linksClosed: Promise<void> | undefined;
  stores.close = async () => {
    await (linksClosed ??= links.close());
    await closeStores();
  };
  const ingest = new IngestService({ stores, embedder, catalogue, glossary, sync, onChange: () => changes.fire() });
  const namesCache = config.embeddingCacheDir ? EmbeddingCache.fileFor(config.embeddingCacheDir, config.embeddingModel, 'names-') : undefined;
  const search = new SearchService({ stores, embedder, rerank, glossary, elements, catalogue, changes, namesCache, rerankSettings: config.rerank, domainWords: DomainWords.load() });
  const ask = new AskService({ search, stores, embedder, catalogue }, config.llm);
  return {
    config, stores, embedder, rerank, catalogue, glossary, elements, sync, ingest, changes, search, ask, startedAt: new Date(),
    askLimiter: links.askLimiter, progress: links.progress, audit: new AuditLog(stores.sql),
    close: async () => {
      await ingest.drain();
      await sync.stop();
      await stores.close();
      await Promise.allSettled([embedder.dispose(), rerank.reranker?.dispose()]);
    },
  };
}
