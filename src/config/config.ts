import path from 'node:path';
import { z } from 'zod';
import { EXAMPLES_FILE } from '../expand/examples';
import { RRF_WEIGHTS } from '../fuse/fuse';
import { localModelFolder } from '../models/model.loader';

/**
 * Configuration is read from the environment once, validated, and frozen. A bad value stops start-up with a
 * single line naming the variable, so an operator never has to read a stack trace to fix a typo.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const url = (protocols: string[]) =>
  z.string().refine((v) => {
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `must be a URL with protocol ${protocols.join(' or ')}`);

/** REFUSE_OFF_DOMAIN_P unset: chosen on the design sets (docs/measured.md, *Refusal: the domain classifier*). */
const OFF_DOMAIN_P = 0.85;
/** KEEP_IN_DOMAIN_P unset: chosen on the same design sets, after OFF_DOMAIN_P. */
const IN_DOMAIN_P = 0.02;
/** REFUSE_EXAMPLE_MARGIN and KEEP_EXAMPLE_MARGIN unset: chosen on the design sets (docs/measured.md, *Example margin*). */
const REFUSE_MARGIN = -0.01;
const KEEP_MARGIN = 0.01;

const schema = z.object({
  STORE: z.enum(['embedded', 'services']).default('embedded'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).default('postgres://nyaya:nyaya@127.0.0.1:5432/nyaya'),
  DB_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier').default('nyaya'),
  CHROMA_URL: url(['http:', 'https:']).default('http://127.0.0.1:8000'),
  CHROMA_COLLECTION: z.string().regex(/^[a-zA-Z0-9][a-zA-Z0-9._-]{1,60}$/, 'must be 2-61 chars of letters, digits, . _ -').default('nyaya_chunks'),
  NEO4J_URI: url(['bolt:', 'neo4j:', 'bolt+s:', 'neo4j+s:']).default('bolt://127.0.0.1:7687'),
  NEO4J_USER: z.string().default('neo4j'),
  NEO4J_PASSWORD: z.string().default('neo4j'),
  NEO4J_NAMESPACE: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).default('nyaya'),
  MODELS_DIR: z.string().optional(),
  ALLOW_REMOTE_MODELS: bool.default(true),
  EMBEDDING_MODEL: z.string().min(1).default('Xenova/multilingual-e5-small'),
  // Embeddings computed once per model and kept across restarts (the section names search compares queries with).
  EMBEDDING_CACHE_DIR: z.string().default('.cache/embeddings'),
  // Unset: the legal cross-encoder when MODELS_DIR holds it, else the hub's English ms-marco model.
  RERANKER_MODEL: z.string().min(1).optional(),
  // Labelled examples whose nearest neighbours vote sections (a JSONL file, unset: the shipped
  // seeds/examples/examples.jsonl; 'none': that list is off), and their list's RRF weight (dense and keyword: 1).
  EXAMPLES_FILE: z.string().min(1).optional(),
  EXAMPLES_WEIGHT: z.coerce.number().min(0).max(10).default(RRF_WEIGHTS.examples),
  // RRF weight of the section classifier's list (models/section-classifier, `npm run train:sections`); 0 turns it off.
  // Chosen on the design sets (docs/measured.md, *Romanised Hindi read in Devanagari, and the section classifier
  // fitted on query vectors*).
  SECTION_CLASSIFIER_WEIGHT: z.coerce.number().min(0).max(10).default(RRF_WEIGHTS.classifier),
  RERANK_TOP_N: z.coerce.number().int().min(1).max(100).default(20),
  RERANK_BUDGET_MS: z.coerce.number().int().min(10).max(600000).default(4000),
  // The model's rank beside the fused rank. 0.25 had the best design sums of R@10 and MRR among 0, 0.25, 0.5, 1 and
  // 1.5 with 3,875 and 5,015 labelled examples; with 5,975, 0 (the fused order) has: 3.175 against 3.173 at 0.1 and
  // 3.164 at 0.25 (docs/measured.md, *A third batch of labelled examples*). The model still scores the pool at 0: its
  // best logit is one of the refusal's signals, and its scores are returned with each hit.
  RERANK_WEIGHT: z.coerce.number().min(0).max(10).default(0),
  RERANK_PASSAGE_TOKENS: z.coerce.number().int().min(16).max(512).default(256),
  // At weight 0 the model is run only when its logit can decide the refusal; true runs it for every search.
  RERANK_SCORE_ALWAYS: bool.default(false),
  // Logit of the best-scored statute below which a query without a named section is refused as off-domain;
  // unset: the value measured for the legal cross-encoders, and no model-based refusal for other models.
  RERANK_MIN_LOGIT: z.coerce.number().min(-50).max(50).optional(),
  RERANK_FLOOR_LOGIT: z.union([z.literal('none'), z.coerce.number().min(-50).max(50)]).optional(),
  // P(off-domain) from the domain classifier at or above which an unnamed query is refused ('none': not used).
  REFUSE_OFF_DOMAIN_P: z.union([z.literal('none'), z.coerce.number().min(0).max(1)]).default(OFF_DOMAIN_P),
  // P(off-domain) below which the model's low logits do not refuse a question ('none': they always may).
  KEEP_IN_DOMAIN_P: z.union([z.literal('none'), z.coerce.number().min(0).max(1)]).default(IN_DOMAIN_P),
  // Cosine to the nearest labelled example minus that to the nearest off-domain line: below the first an unnamed query
  // is refused, at or above the second the model's low logits do not refuse it ('none': not used).
  REFUSE_EXAMPLE_MARGIN: z.union([z.literal('none'), z.coerce.number().min(-2).max(2)]).default(REFUSE_MARGIN),
  KEEP_EXAMPLE_MARGIN: z.union([z.literal('none'), z.coerce.number().min(-2).max(2)]).default(KEEP_MARGIN),
  LLM_BASE_URL: url(['http:', 'https:']).optional(),
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  LLM_API_KEY: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600000).default(30000),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  SEED_ON_START: bool.default(true),
  SEED_EMBEDDINGS: bool.default(true),
  MODEL_THREAD: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_ISSUER: z.string().min(1).default('nyaya-graph'),
  JWT_AUDIENCE: z.string().min(1).default('nyaya-graph'),
  // Tokens must carry `exp`; one valid for longer than this from now is refused (and not minted).
  JWT_MAX_LIFETIME_HOURS: z.coerce.number().int().min(1).max(24 * 366).default(24 * 30),
  API_KEYS: z.string().optional(),
  // Proxies whose X-Forwarded-For is believed when telling anonymous callers apart: false, true, loopback,
  // a hop count, or comma-separated addresses/CIDRs (proxy-addr's syntax, as Express's "trust proxy").
  TRUST_PROXY: z.string().default('false'),
  ASK_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(30),
  // Request limits, applied alike over HTTP and WebSocket (src/server/limits.ts).
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(1).max(100).default(10),
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(0).max(1000).default(15),
  GRAPHQL_MAX_DIRECTIVES: z.coerce.number().int().min(0).max(1000).default(20),
  GRAPHQL_MAX_TOKENS: z.coerce.number().int().min(10).max(1000000).default(2000),
  GRAPHQL_MAX_COST: z.coerce.number().int().min(1).max(10000000).default(1500),
  GRAPHQL_MAX_QUERY_BYTES: z.coerce.number().int().min(100).max(10000000).default(20000),
  GRAPHQL_ALLOW_BATCHING: bool.default(false),
  GRAPHQL_MAX_BATCH: z.coerce.number().int().min(1).max(1000).default(10),
  REQUEST_MAX_BYTES: z.coerce.number().int().min(1024).max(1073741824).default(2097152),
  // Embedded profile: vectors past which pgvector answers from an IVFFlat index instead of a full scan.
  VECTOR_ANN_MIN_ROWS: z.coerce.number().int().min(100).max(1000000000).default(20000),
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(15),
  // Where keyword postings are scored: in process (following the chunks table) or in SQL.
  KEYWORD_INDEX: z.enum(['memory', 'sql']).default('memory'),
});

const ROLE_NAMES = ['ADMIN', 'INVESTIGATOR', 'PROSECUTOR', 'COURT', 'ANALYST', 'PUBLIC'] as const;
const apiKeys = z.array(z.object({
  id: z.string().min(1),
  key: z.string().min(16, 'keys must be at least 16 characters'),
  role: z.enum(ROLE_NAMES),
  districts: z.array(z.string().min(1)).default([]),
}));

/** Development gets a known secret so `npm run token` works out of the box; production must set its own. */
export const DEV_JWT_SECRET = 'nyaya-graph-development-secret-do-not-use-in-production';

export type Config = Readonly<{
  store: 'embedded' | 'services';
  dataDir: string;
  databaseUrl: string;
  dbSchema: string;
  chromaUrl: string;
  chromaCollection: string;
  neo4jUri: string;
  neo4jUser: string;
  neo4jPassword: string;
  neo4jNamespace: string;
  modelsDir: string | undefined;
  allowRemoteModels: boolean;
  embeddingModel: string;
  /** The labelled examples' file; null when EXAMPLES_FILE=none. */
  examplesFile: string | null;
  /** RRF weight of the examples' list (RRF fusion only). */
  examplesWeight: number;
  /** RRF weight of the section classifier's list (RRF fusion only); 0: not used. */
  sectionClassifierWeight: number;
  /** Directory for embeddings kept across restarts; null when EMBEDDING_CACHE_DIR=off. */
  embeddingCacheDir: string | null;
  /** Use seeds/embeddings/ (the seed's passage vectors made ahead of time) when the loaded model reproduces them. */
  seedEmbeddings: boolean;
  /** The server runs its models on a thread of their own (the embedder's tokenizer stays on the event loop's thread). */
  modelThread: boolean;
  rerankerModel: string;
  rerank: {
    topN: number; budgetMs: number; weight: number; passageTokens: number; statutesOnly: boolean; scoreAlways: boolean; minLogit: number | null; floorLogit: number | null;
    offDomainP: number | null; inDomainP: number | null; refuseMargin: number | null; keepMargin: number | null;
  };
  llm: { baseUrl: string; model: string; apiKey: string | undefined; timeoutMs: number } | null;
  port: number;
  host: string;
  seedOnStart: boolean;
  logLevel: string;
  production: boolean;
  auth: {
    /** Null in production without JWT_SECRET: only API keys authenticate then. */
    jwtSecret: string | null;
    jwtIssuer: string;
    jwtAudience: string;
    jwtMaxLifetimeSeconds: number;
    apiKeys: { id: string; key: string; role: (typeof ROLE_NAMES)[number]; districts: string[] }[];
  };
  askRatePerMinute: number;
  /** Which peers' X-Forwarded-For is believed (TRUST_PROXY): false, true, a hop count or a list of addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  /** Embedded profile: vectors past which the dense index is an IVFFlat index (pgvector.ann.ts). */
  vectorAnnMinRows: number;
  /** How long an instance holds the outbox entries it claimed without renewing them (it renews every third of it). */
  outboxLeaseSeconds: number;
  /** Keyword postings scored in process (the default, memory-keyword.index.ts) or by SQL (keyword.index.ts). */
  keywordIndex: 'memory' | 'sql';
  limits: {
    maxDepth: number;
    maxAliases: number;
    maxDirectives: number;
    maxTokens: number;
    maxCost: number;
    maxQueryBytes: number;
    allowBatching: boolean;
    maxBatch: number;
    requestMaxBytes: number;
  };
}>;

export class ConfigError extends Error {
  constructor(readonly variable: string, message: string) {
    super(`Invalid configuration: ${variable} ${message}`);
  }
}

/** Values never echoed in an error: a typo report must not put a secret into a log. */
const SECRET_VARIABLES = new Set(['JWT_SECRET', 'NEO4J_PASSWORD', 'LLM_API_KEY', 'API_KEYS']);

function shown(variable: string, value: string | undefined): string {
  if (value === undefined) return '(unset)';
  if (SECRET_VARIABLES.has(variable)) return `a value of ${value.length} characters, not shown`;
  if (variable.endsWith('_URL') || variable.endsWith('_URI')) return JSON.stringify(value.replace(/\/\/[^/@]*@/, '//…@'));
  return JSON.stringify(value);
}

/**
 * The legal cross-encoders, best first (README, Reranking): this project's retrained model, shipped in models/, then
 * the shared one when MODELS_DIR holds it; else a hub model for users online.
 */
export const LOCAL_RERANKERS = ['nyaya-cross-encoder-e5-6l', 'legal-cross-encoder-e5-6l'];
export const HUB_RERANKER = 'Xenova/ms-marco-MiniLM-L-6-v2';

/** Refusal thresholds measured on the legal models' logits (`npm run eval -- --offdomain`, README). */
const CALIBRATED_MIN_LOGIT: Record<string, number> = { 'nyaya-cross-encoder-e5-6l': 0, 'legal-cross-encoder-e5-6l': -3 };
/** Chosen on the design sets only (realistic1 against offdomain1; docs/measured.md): the largest refusal with ≤ 2 % in-domain refused. */
const CALIBRATED_FLOOR_LOGIT: Record<string, number> = { 'nyaya-cross-encoder-e5-6l': -8 };

function defaultReranker(modelsDir: string | undefined): string {
  return LOCAL_RERANKERS.find((name) => localModelFolder(name, modelsDir)) ?? HUB_RERANKER;
}

function trustProxy(v: string): boolean | number | string[] {
  if (v === 'true' || v === 'false') return v === 'true';
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, as a shell `FOO= npm start` means.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue.path[0] ?? 'environment');
    throw new ConfigError(variable, `${issue.message} (got ${shown(variable, present[variable])})`);
  }
  const e = parsed.data;
  let keys: z.infer<typeof apiKeys> = [];
  if (e.API_KEYS) {
    let json: unknown;
    try {
      json = JSON.parse(e.API_KEYS);
    } catch {
      throw new ConfigError('API_KEYS', 'must be a JSON array of {"id","key","role","districts"}');
    }
    const k = apiKeys.safeParse(json);
    if (!k.success) throw new ConfigError('API_KEYS', `${k.error.issues[0].path.join('.')}: ${k.error.issues[0].message}`);
    keys = k.data;
  }
  const production = e.NODE_ENV === 'production';
  const rerankerModel = e.RERANKER_MODEL ?? defaultReranker(e.MODELS_DIR);
  return Object.freeze({
    store: e.STORE,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    dbSchema: e.DB_SCHEMA,
    chromaUrl: e.CHROMA_URL,
    chromaCollection: e.CHROMA_COLLECTION,
    neo4jUri: e.NEO4J_URI,
    neo4jUser: e.NEO4J_USER,
    neo4jPassword: e.NEO4J_PASSWORD,
    neo4jNamespace: e.NEO4J_NAMESPACE,
    modelsDir: e.MODELS_DIR ? path.resolve(e.MODELS_DIR) : undefined,
    allowRemoteModels: e.ALLOW_REMOTE_MODELS,
    embeddingModel: e.EMBEDDING_MODEL,
    examplesFile: e.EXAMPLES_FILE === 'none' ? null : e.EXAMPLES_FILE ? path.resolve(e.EXAMPLES_FILE) : EXAMPLES_FILE,
    examplesWeight: e.EXAMPLES_WEIGHT,
    sectionClassifierWeight: e.SECTION_CLASSIFIER_WEIGHT,
    embeddingCacheDir: e.EMBEDDING_CACHE_DIR === 'off' || !e.EMBEDDING_CACHE_DIR ? null : path.resolve(e.EMBEDDING_CACHE_DIR),
    rerankerModel,
    rerank: { topN: e.RERANK_TOP_N, budgetMs: e.RERANK_BUDGET_MS, weight: e.RERANK_WEIGHT, passageTokens: e.RERANK_PASSAGE_TOKENS, statutesOnly: true, scoreAlways: e.RERANK_SCORE_ALWAYS,
      minLogit: e.RERANK_MIN_LOGIT ?? CALIBRATED_MIN_LOGIT[rerankerModel] ?? null,
      floorLogit: e.RERANK_FLOOR_LOGIT === 'none' ? null : e.RERANK_FLOOR_LOGIT ?? CALIBRATED_FLOOR_LOGIT[rerankerModel] ?? null,
      offDomainP: e.REFUSE_OFF_DOMAIN_P === 'none' ? null : e.REFUSE_OFF_DOMAIN_P,
      inDomainP: e.KEEP_IN_DOMAIN_P === 'none' ? null : e.KEEP_IN_DOMAIN_P,
      refuseMargin: e.REFUSE_EXAMPLE_MARGIN === 'none' ? null : e.REFUSE_EXAMPLE_MARGIN,
      keepMargin: e.KEEP_EXAMPLE_MARGIN === 'none' ? null : e.KEEP_EXAMPLE_MARGIN },
    llm: e.LLM_BASE_URL ? { baseUrl: e.LLM_BASE_URL, model: e.LLM_MODEL, apiKey: e.LLM_API_KEY, timeoutMs: e.LLM_TIMEOUT_MS } : null,
    port: e.PORT,
    host: e.HOST,
    seedOnStart: e.SEED_ON_START,
    seedEmbeddings: e.SEED_EMBEDDINGS,
    modelThread: e.MODEL_THREAD,
    logLevel: e.LOG_LEVEL,
    production,
    auth: {
      jwtSecret: e.JWT_SECRET ?? (production ? null : DEV_JWT_SECRET),
      jwtIssuer: e.JWT_ISSUER,
      jwtAudience: e.JWT_AUDIENCE,
      jwtMaxLifetimeSeconds: e.JWT_MAX_LIFETIME_HOURS * 3600,
      apiKeys: keys,
    },
    askRatePerMinute: e.ASK_RATE_PER_MINUTE,
    trustProxy: trustProxy(e.TRUST_PROXY),
    vectorAnnMinRows: e.VECTOR_ANN_MIN_ROWS,
    outboxLeaseSeconds: e.OUTBOX_LEASE_SECONDS,
    keywordIndex: e.KEYWORD_INDEX,
    limits: {
      maxDepth: e.GRAPHQL_MAX_DEPTH,
      maxAliases: e.GRAPHQL_MAX_ALIASES,
      maxDirectives: e.GRAPHQL_MAX_DIRECTIVES,
      maxTokens: e.GRAPHQL_MAX_TOKENS,
      maxCost: e.GRAPHQL_MAX_COST,
      maxQueryBytes: e.GRAPHQL_MAX_QUERY_BYTES,
      allowBatching: e.GRAPHQL_ALLOW_BATCHING,
      maxBatch: e.GRAPHQL_MAX_BATCH,
      requestMaxBytes: e.REQUEST_MAX_BYTES,
    },
  });
}
