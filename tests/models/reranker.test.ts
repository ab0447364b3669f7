import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Reranker } from '../../src/models/reranker';
import { BUNDLED_MODELS_DIR, ModelNotFoundError, resolveModel } from '../../src/models/model.loader';
import { MODELS_DIR } from '../support/profiles';

const settings = { modelsDir: MODELS_DIR, allowRemoteModels: false };

// tiny-random-cross-encoder has random weights: these tests check the scoring code, never the ranking.
describe('cross-encoder scoring code (tiny random model)', () => {
  let reranker: Reranker;
  beforeAll(async () => {
    reranker = await Reranker.load('tiny-random-cross-encoder', settings, 64);
  });

  const query = 'punishment for murder';
  const passages = ['Whoever commits murder shall be punished', 'हत्या के लिए दण्ड', 'ચોરી માટે શિક્ષા', 'theft'];

  it('returns one finite raw logit per passage, not a softmax', async () => {
    const scores = await reranker.score(query, passages);
    expect(scores).toHaveLength(4);
    for (const s of scores) expect(Number.isFinite(s)).toBe(true);
    // A single-logit softmax would give exactly 1 for every pair.
    expect(scores.some((s) => s !== 1)).toBe(true);
    expect(new Set(scores.map((s) => s.toFixed(6))).size).toBeGreaterThan(1);
  });

  it('is deterministic', async () => {
    expect(await reranker.score(query, passages)).toEqual(await reranker.score(query, passages));
  });

  it('scores a batch as it scores one pair at a time', async () => {
    const batched = await reranker.score(query, passages, 4);
    const single = await Promise.all(passages.map(async (p) => (await reranker.score(query, [p]))[0]));
    batched.forEach((s, i) => expect(s).toBeCloseTo(single[i], 4));
  });

  it('truncates long passages to the model limit instead of failing', async () => {
    const long = 'murder '.repeat(2000);
    const [a] = await reranker.score(query, [long]);
    const [b] = await reranker.score(query, [long + ' and more text past the limit']);
    expect(Number.isFinite(a)).toBe(true);
    expect(a).toBeCloseTo(b, 5);
  });
});

describe('model resolution', () => {
  it('uses the local folder when it exists', () => {
    expect(resolveModel('tiny-random-cross-encoder', settings)).toMatchObject({ where: 'local' });
  });

  it('finds the project\'s own model in models/ without MODELS_DIR, and MODELS_DIR first when it holds the same name', async () => {
    const shipped = resolveModel('nyaya-cross-encoder-e5-6l', { modelsDir: undefined, allowRemoteModels: false });
    expect(shipped).toEqual({ name: 'nyaya-cross-encoder-e5-6l', where: 'local', path: path.join(BUNDLED_MODELS_DIR, 'nyaya-cross-encoder-e5-6l') });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'models-'));
    try {
      fs.cpSync(path.join(BUNDLED_MODELS_DIR, 'nyaya-cross-encoder-e5-6l', 'config.json'), path.join(dir, 'nyaya-cross-encoder-e5-6l', 'config.json'), { recursive: true });
      expect(resolveModel('nyaya-cross-encoder-e5-6l', { modelsDir: dir, allowRemoteModels: false }).path).toBe(path.join(dir, 'nyaya-cross-encoder-e5-6l'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('loads the shipped model beside a model from MODELS_DIR: each from its own folder', async () => {
    const [shipped, other] = await Promise.all([
      Reranker.load('nyaya-cross-encoder-e5-6l', settings),
      Reranker.load('tiny-random-cross-encoder', settings),
    ]);
    try {
      expect(shipped.source.path).toBe(path.join(BUNDLED_MODELS_DIR, 'nyaya-cross-encoder-e5-6l'));
      const [murder, theft] = await shipped.score('punishment for murder', [
        'BNS s. 103 Punishment for murder\nWhoever commits murder shall be punished with death or imprisonment for life.',
        'BNS s. 303 Theft\nWhoever, intending to take dishonestly any movable property out of the possession of any person…',
      ]);
      expect(murder).toBeGreaterThan(0);
      expect(murder).toBeGreaterThan(theft);
      expect((await other.score('theft', ['x'])).length).toBe(1);
    } finally {
      await Promise.all([shipped.dispose(), other.dispose()]);
    }
  });

  it('falls back to the hub only when remote models are allowed', () => {
    expect(resolveModel('Xenova/ms-marco-MiniLM-L-6-v2', { ...settings, allowRemoteModels: true })).toEqual({ name: 'Xenova/ms-marco-MiniLM-L-6-v2', where: 'hub' });
    expect(() => resolveModel('Xenova/ms-marco-MiniLM-L-6-v2', settings)).toThrow(ModelNotFoundError);
    expect(() => resolveModel('Xenova/ms-marco-MiniLM-L-6-v2', settings)).toThrow(/ALLOW_REMOTE_MODELS=false/);
  });
});
