import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/config/config';
import { projectRoot } from '../../src/util/paths';

describe('configuration', () => {
  it('has explicit defaults: embedded store, port 4000, e5 embedder, the project\'s own legal reranker (models/)', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      store: 'embedded', port: 4000, embeddingModel: 'Xenova/multilingual-e5-small', rerankerModel: 'nyaya-cross-encoder-e5-6l',
      allowRemoteModels: true, seedOnStart: true, chromaUrl: 'http://127.0.0.1:8000', neo4jUri: 'bolt://127.0.0.1:7687',
    });
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('defaults to the shipped legal cross-encoder whatever MODELS_DIR holds, reranking 20 statutes within 4 s', () => {
    const models = process.env.MODELS_DIR ?? path.resolve(__dirname, '../../../shared/models');
    expect(loadConfig({ MODELS_DIR: models })).toMatchObject({
      rerankerModel: 'nyaya-cross-encoder-e5-6l', rerank: { topN: 20, budgetMs: 4000, weight: 0, passageTokens: 256, statutesOnly: true },
    });
    expect(loadConfig({ MODELS_DIR: models }).rerank.minLogit).toBe(0);
    expect(loadConfig({ MODELS_DIR: models, RERANKER_MODEL: 'legal-cross-encoder-e5-6l' }).rerank.minLogit).toBe(-3);
    expect(loadConfig({ MODELS_DIR: models, RERANKER_MODEL: 'tiny-random-cross-encoder' }).rerank.minLogit).toBeNull();
    expect(loadConfig({ MODELS_DIR: models }).rerank.floorLogit).toBe(-8);
    expect(loadConfig({ MODELS_DIR: models, RERANK_FLOOR_LOGIT: 'none' }).rerank.floorLogit).toBeNull();
    expect(loadConfig({ MODELS_DIR: models, RERANK_FLOOR_LOGIT: '-4.5' }).rerank.floorLogit).toBe(-4.5);
    expect(loadConfig({ MODELS_DIR: models, RERANKER_MODEL: 'legal-cross-encoder-e5-6l' }).rerank.floorLogit).toBeNull();
    expect(loadConfig({ MODELS_DIR: models, RERANKER_MODEL: 'legal-cross-encoder-e5-12l' }).rerankerModel).toBe('legal-cross-encoder-e5-12l');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', STORE: '' })).toMatchObject({ port: 4000, store: 'embedded' });
  });

  it('keeps section-name embeddings under .cache/embeddings unless EMBEDDING_CACHE_DIR says where, or off', () => {
    expect(loadConfig({}).embeddingCacheDir).toBe(path.resolve('.cache/embeddings'));
    expect(loadConfig({ EMBEDDING_CACHE_DIR: '/var/cache/nyaya' }).embeddingCacheDir).toBe('/var/cache/nyaya');
    expect(loadConfig({ EMBEDDING_CACHE_DIR: 'off' }).embeddingCacheDir).toBeNull();
  });

  it('searches the shipped labelled examples at weight 3 unless EXAMPLES_FILE / EXAMPLES_WEIGHT say otherwise, and refuses at P(off-domain) 0.85', () => {
    expect(loadConfig({})).toMatchObject({ examplesFile: path.join(projectRoot(), 'seeds', 'examples', 'examples.jsonl'), examplesWeight: 3, sectionClassifierWeight: 3 });
    expect(loadConfig({ SECTION_CLASSIFIER_WEIGHT: '0' }).sectionClassifierWeight).toBe(0);
    expect(() => loadConfig({ SECTION_CLASSIFIER_WEIGHT: 'two' })).toThrow(/SECTION_CLASSIFIER_WEIGHT/);
    expect(loadConfig({}).rerank).toMatchObject({ offDomainP: 0.85, inDomainP: 0.02, refuseMargin: -0.01, keepMargin: 0.01 });
    expect(loadConfig({ REFUSE_EXAMPLE_MARGIN: 'none', KEEP_EXAMPLE_MARGIN: '0.02' }).rerank).toMatchObject({ refuseMargin: null, keepMargin: 0.02 });
    expect(() => loadConfig({ KEEP_EXAMPLE_MARGIN: 'wide' })).toThrow(/KEEP_EXAMPLE_MARGIN/);
    expect(loadConfig({ EXAMPLES_FILE: 'none', EXAMPLES_WEIGHT: '0.5' })).toMatchObject({ examplesFile: null, examplesWeight: 0.5 });
    expect(loadConfig({ EXAMPLES_FILE: 'my/examples.jsonl' }).examplesFile).toBe(path.resolve('my/examples.jsonl'));
    expect(() => loadConfig({ EXAMPLES_WEIGHT: '-1' })).toThrow(/EXAMPLES_WEIGHT/);
  });

  it('scores keywords in process on both profiles unless KEYWORD_INDEX=sql', () => {
    expect(loadConfig({}).keywordIndex).toBe('memory');
    expect(loadConfig({ STORE: 'services' }).keywordIndex).toBe('memory');
    expect(loadConfig({ STORE: 'services', KEYWORD_INDEX: 'sql' }).keywordIndex).toBe('sql');
  });

  it('uses the shipped seed vectors and a 15 s outbox lease unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ seedEmbeddings: true, outboxLeaseSeconds: 15 });
    expect(loadConfig({ SEED_EMBEDDINGS: 'false', OUTBOX_LEASE_SECONDS: '60' })).toMatchObject({ seedEmbeddings: false, outboxLeaseSeconds: 60 });
  });

  it('runs the server\'s models on a thread of their own unless MODEL_THREAD=false', () => {
    expect(loadConfig({}).modelThread).toBe(true);
    expect(loadConfig({ MODEL_THREAD: 'false' }).modelThread).toBe(false);
    expect(() => loadConfig({ MODEL_THREAD: 'sometimes' })).toThrow(/MODEL_THREAD/);
  });

  it.each([
    ['OUTBOX_LEASE_SECONDS', '1'],
    ['KEYWORD_INDEX', 'lucene'],
    ['STORE', 'cloud'],
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['CHROMA_URL', 'not a url'],
    ['NEO4J_URI', 'http://127.0.0.1:7474'],
    ['ALLOW_REMOTE_MODELS', 'maybe'],
  ])('rejects %s=%s with one line naming the variable', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(name);
    expect(message).toContain(JSON.stringify(value));
    expect(message.split('\n')).toHaveLength(1);
  });
});
