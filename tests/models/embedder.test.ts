import { chunkDocument } from '../../src/chunk/chunker';
import { Embedder } from '../../src/models/embedder';
import { seedCorpus } from '../../src/seeds/seed';
import { loadStatutes } from '../../src/seeds/statutes';
import { generateFirs } from '../../src/seeds/synthetic-fir';
import type { DocumentInput } from '../../src/domain/document.types';
import { EMBEDDING_MODEL, MODELS_DIR } from '../support/profiles';

const settings = { modelsDir: MODELS_DIR, allowRemoteModels: false };
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0);

describe('embedder on the real multilingual-e5-small model', () => {
  let embedder: Embedder;
  beforeAll(async () => {
    embedder = await Embedder.load(EMBEDDING_MODEL, settings);
  });

  it('gives 384-dimensional unit vectors', async () => {
    const [v] = await embedder.embed(['Punishment for murder'], 'passage');
    expect(embedder.info.dims).toBe(384);
    expect(v).toHaveLength(384);
    expect(Math.hypot(...v)).toBeCloseTo(1, 4);
  });

  // Dynamic uint8 quantization scales activations per batch, so padding moves vectors slightly (cosine ~0.997).
  it('batches of mixed length give the same vectors as one at a time, in input order', async () => {
    const texts = ['theft of a motorcycle from the parking', 'हत्या', 'ખૂન માટે શિક્ષા અને દંડ', 'Whoever commits murder shall be punished with death'];
    const batched = await embedder.embed(texts, 'passage', 4);
    for (let i = 0; i < texts.length; i++) {
      const one = await embedder.embedOne(texts[i], 'passage');
      expect(dot(batched[i], one)).toBeGreaterThan(0.99);
    }
  });

  // The packer's counts decide where chunks end, and the shipped seed vectors are keyed by chunk text: the word memo
  // must give the tokenizer's own count on every text the packer counts.
  it('counts tokens word by word exactly as the tokenizer counts whole texts (seed corpus and synthetic FIRs)', () => {
    const texts: string[] = [];
    const record = (t: string) => {
      texts.push(t);
      return embedder.countTokensWhole(t);
    };
    const docs = [...seedCorpus(loadStatutes()).flatMap(([, list]) => list as DocumentInput[]), ...generateFirs(200, 5)];
    for (const d of docs) chunkDocument(d, record);
    const edges = ['a  b', 'धारा   302 ', ' ખૂન', 'line\nbreak and\ttab', ''];
    const differ = [...texts, ...edges].filter((t) => embedder.countTokens(t) !== embedder.countTokensWhole(t));
    expect(texts.length).toBeGreaterThan(5000);
    expect(differ).toEqual([]);
  });

  it('applies the query/passage prefixes e5 was trained with', async () => {
    const q = await embedder.embedOne('murder', 'query');
    const p = await embedder.embedOne('murder', 'passage');
    expect(dot(q, p)).toBeLessThan(0.999);
  });

  it('places a Hindi query nearer its English meaning than an unrelated text', async () => {
    const [q] = await embedder.embed(['हत्या के लिए दण्ड'], 'query');
    const [murder, theft] = await embedder.embed(['Punishment for murder', 'Registration of motor vehicles'], 'passage');
    expect(dot(q, murder)).toBeGreaterThan(dot(q, theft));
  });

  it('counts tokens with the model tokenizer', () => {
    expect(embedder.countTokens('Punishment for murder')).toBeGreaterThan(2);
    expect(embedder.countTokens('murder '.repeat(100))).toBeGreaterThanOrEqual(100);
  });
});
