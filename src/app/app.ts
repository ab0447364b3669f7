import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Config } from '../config/config';
import { logger } from '../logger';
import { Embedder } from '../models/embedder';
import { EmbeddingCache } from '../models/embedding-cache';
import { useShippedEmbeddings } from '../seeds/shipped-embeddings';
import { ModelWorker } from '../models/model-worker';
import { Reranker } from '../models/reranker';
import { openStores, type OpenOptions, type Stores } from '../stores/open-stores';
import { CounterpartShares } from '../expand/charging';
import { OffenceElements } from '../expand/elements';
import { Glossary } from '../expand/glossary';
import { readExamples } from '../expand/examples';
import { SectionClassifier } from '../expand/section-classifier';
import { DomainWords } from '../search/domain-words';
import { DomainClassifier } from '../analyse/domain.classifier';
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
  /** The thread the server's model calls run on; null where they run on the event loop's thread. */
  modelThread: ModelWorker | null;
  startedAt: Date;
  close(): Promise<void>;
}

export class StartupError extends Error {}

/** `model: false`: nothing loaded on this thread until a score needs it (the model thread scores). */
export async function loadReranker(config: Config, o: { model?: boolean } = {}): Promise<RerankerState> {
  if (config.rerankerModel === 'none') return { reranker: null, status: 'skipped', reason: 'RERANKER_MODEL=none' };
  try {
    const reranker = await Reranker.load(config.rerankerModel, config, 512, o);
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
 * The server's model thread (MODEL_THREAD): it loads the models while this thread loads only the embedder's
 * tokenizer. Null, after a warning, when it cannot load them: this thread loads its own then.
 */
async function startModelThread(config: Config, withReranker: boolean): Promise<{ thread: ModelWorker; rerankerError: string | null; dims: number } | null> {
  const thread = ModelWorker.start({ embeddingModel: config.embeddingModel, rerankerModel: withReranker && config.rerankerModel !== 'none' ? config.rerankerModel : null, settings: config });
  if (!thread) return null;
  try {
    return { thread, ...(await thread.loaded) };
  } catch (err) {
    logger.warn({ err: (err as Error).message }, 'model thread did not start; models run on the main thread');
    await thread.close().catch(() => undefined);
    return null;
  }
}

/**
 * Opens the stores and loads the models. A failure here is reported as one line and stops start-up:
 * the embedder is required (nothing can be indexed or searched without it), the reranker is not.
 * `modelThread`: run model calls on a thread of their own when the configuration allows (the server; CLI commands
 * and tests use one thread).
 */
export async function createApp(config: Config, storeOptions: Partial<OpenOptions> = {}, opts: { reranker?: boolean; modelThread?: boolean } = {}): Promise<App> {
  logger.level = config.logLevel;
  const threaded = opts.modelThread && config.modelThread ? await startModelThread(config, opts.reranker !== false) : null;
  let embedder: Embedder;
  try {
    embedder = await Embedder.load(config.embeddingModel, config, { model: !threaded });
  } catch (err) {
    await threaded?.thread.close();
    throw new StartupError(`EMBEDDING_MODEL: ${(err as Error).message.split('\n')[0]}`);
  }
  if (threaded && threaded.dims !== embedder.info.dims) {
    await threaded.thread.close();
    throw new StartupError(`EMBEDDING_MODEL: the model gives ${threaded.dims}-dimensional vectors, its config.json says ${embedder.info.dims}`);
  }
  embedder.offload(threaded?.thread);
  if (config.seedEmbeddings) await attachSeedEmbeddings(embedder);
  let rerank = opts.reranker === false
    ? { reranker: null, status: 'skipped' as const, reason: 'not loaded by this command' }
    : await loadReranker(config, { model: !threaded });
  if (threaded?.rerankerError && rerank.reranker) {
    const reason = `reranker "${config.rerankerModel}" could not be loaded: ${threaded.rerankerError}`;
    logger.warn(reason + '; the rerank stage is skipped');
    rerank = { reranker: null, status: 'skipped', reason };
  }
  rerank.reranker?.offload(threaded?.thread);
  const modelThread = threaded?.thread ?? null;
  let stores: Stores;
  try {
    stores = await openStores(config, { dims: embedder.info.dims, ...storeOptions });
  } catch (err) {
    await threaded?.thread.close();
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
  const domain = loadDomainClassifier(config);
  const examples = config.examplesFile ? readExamples(config.examplesFile) : [];
  const sectionClassifier = config.sectionClassifierWeight > 0 && examples.length ? loadSectionClassifier(config) : null;
  const examplesCache = config.embeddingCacheDir ? EmbeddingCache.fileFor(config.embeddingCacheDir, config.embeddingModel, 'examples-') : undefined;
  const search = new SearchService({
    stores, embedder, rerank, glossary, elements, catalogue, changes, namesCache, examples, examplesCache, examplesWeight: config.examplesWeight, classifierWeight: config.sectionClassifierWeight,
    sectionClassifier, counterparts: CounterpartShares.fromExamples(examples),
    rerankSettings: config.rerank, domainWords: DomainWords.load(), domain,
  });
  const ask = new AskService({ search, stores, embedder, catalogue }, config.llm);
  return {
    config, stores, embedder, rerank, catalogue, glossary, elements, sync, ingest, changes, search, ask, startedAt: new Date(),
    askLimiter: links.askLimiter, progress: links.progress, audit: new AuditLog(stores.sql), modelThread,
    close: async () => {
      await ingest.drain();
      await sync.stop();
      await modelThread?.close();
      await stores.close();
      await Promise.allSettled([embedder.dispose(), rerank.reranker?.dispose()]);
    },
  };
}

/**
 * Weights fitted on the configured embedding model's vectors (the domain classifier, the section classifier), or null:
 * the feature that reads them goes without, and the log says how to fit them.
 */
function loadFitted<T>(config: Config, what: string, fit: string, without: string, load: (embeddingModel: string) => T | null): T | null {
  try {
    const fitted = load(config.embeddingModel);
    if (!fitted) logger.info({ embeddingModel: config.embeddingModel }, `no ${what} fitted on this embedding model (${fit}): ${without}`);
    return fitted;
  } catch (err) {
    logger.warn({ err: (err as Error).message }, `${what} not loaded: ${without}`);
    return null;
  }
}

const loadSectionClassifier = (config: Config) => loadFitted(config, 'section classifier', 'npm run train:sections', "the examples' votes stand alone", (m) => SectionClassifier.load(m));

function loadDomainClassifier(config: Config): DomainClassifier | null {
  if (config.rerank.offDomainP === null && config.rerank.inDomainP === null) return null;
  return loadFitted(config, 'domain classifier', 'nyaya train-domain', 'refusal goes without it', (m) => DomainClassifier.load(m));
}
