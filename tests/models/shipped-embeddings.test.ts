import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Glossary } from '../../src/expand/glossary';
import { EmbeddingCache } from '../../src/models/embedding-cache';
import { Embedder } from '../../src/models/embedder';
import { seedPassages } from '../../src/seeds/seed-passages';
import { shippedFiles, useShippedEmbeddings, writeShippedEmbeddings, type ShippedManifest } from '../../src/seeds/shipped-embeddings';
import { loadStatutes } from '../../src/seeds/statutes';
import { EMBEDDING_MODEL, MODELS_DIR } from '../support/profiles';

/**
 * The seed's passage vectors shipped in seeds/embeddings/ (issue 26, a faster first start), with the real
 * embedding model: used only when the loaded model reproduces the manifest's probes, refused with a reason when
 * the file is damaged or another model made it, and complete for the seed corpus as it is now.
 */
jest.setTimeout(300_000);

const TEXTS = [
  'Section 379 IPC: whoever intends to take dishonestly any movable property out of the possession of any person commits theft.',
  'धारा 103 बीएनएस: हत्या के लिए दंड।',
  'કલમ 318: છેતરપિંડી.',
  'Panchnama of the scene: a broken lock, two mobile phones recovered from the cupboard.',
];

describe('shipped seed embeddings', () => {
  let embedder: Embedder;
  let dir: string;

  beforeAll(async () => {
    embedder = await Embedder.load(EMBEDDING_MODEL, { modelsDir: MODELS_DIR, allowRemoteModels: false });
  });

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nyaya-shipped-'));
    embedder.useShipped(undefined);
  });

  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  afterAll(async () => embedder.dispose());

  const manifestOf = () => JSON.parse(fs.readFileSync(shippedFiles(EMBEDDING_MODEL, dir).manifest, 'utf8')) as ShippedManifest;

  it('serves the shipped vectors instead of running the model, and they are the model\'s own', async () => {
    const manifest = await writeShippedEmbeddings(embedder, [...TEXTS, TEXTS[0]], dir);
    expect(manifest).toMatchObject({ model: EMBEDDING_MODEL, dims: embedder.info.dims, vectors: TEXTS.length });
    expect(await useShippedEmbeddings(embedder, dir)).toEqual({ used: true, vectors: TEXTS.length });
    const computedBefore = embedder.stats.computed;
    const served = await embedder.embed(TEXTS, 'passage');
    expect(embedder.stats.computed).toBe(computedBefore);
    const fresh = await embedder.embed(TEXTS, 'passage', 8, null);
    expect(embedder.stats.computed).toBe(computedBefore + TEXTS.length);
    // Batch-mates move a quantized model's vectors in the third digit, no more.
    served.forEach((v, i) => expect(v.reduce((s, x, k) => s + x * fresh[i][k], 0)).toBeGreaterThan(0.99));
    // Queries are never served from passage vectors (E5 embeds them with another prefix).
    const [query] = await embedder.embed([TEXTS[0]], 'query');
    expect(query.reduce((s, x, k) => s + x * served[0][k], 0)).toBeLessThan(0.999);
  });

  it('refuses vectors another model made, naming the probe that disagrees', async () => {
    await writeShippedEmbeddings(embedder, TEXTS, dir);
    // Another model's vectors: each probe's vector rotated by one dimension (its manifest otherwise intact).
    const rotate = (b64: string) => {
      const v = new Float32Array(new Uint8Array(Buffer.from(b64, 'base64')).buffer);
      const r = Float32Array.from(v, (_, k) => v[(k + 1) % v.length]);
      return Buffer.from(r.buffer).toString('base64');
    };
    const m = manifestOf();
    fs.writeFileSync(shippedFiles(EMBEDDING_MODEL, dir).manifest, JSON.stringify({ ...m, probes: m.probes.map((p) => ({ ...p, vector: rotate(p.vector) })) }));
    const check = await useShippedEmbeddings(embedder, dir);
    expect(check).toEqual({ used: false, reason: expect.stringMatching(/^made by another model: probe 1 has cosine /) });
    const computedBefore = embedder.stats.computed;
    await embedder.embed(TEXTS, 'passage');
    expect(embedder.stats.computed).toBe(computedBefore + TEXTS.length);
  });

  it('refuses a damaged file, a manifest for other dimensions, and says when none is shipped', async () => {
    expect(await useShippedEmbeddings(embedder, dir)).toEqual({ used: false, reason: `none shipped for ${EMBEDDING_MODEL}` });
    await writeShippedEmbeddings(embedder, TEXTS, dir);
    const { vectors, manifest } = shippedFiles(EMBEDDING_MODEL, dir);
    fs.writeFileSync(manifest, JSON.stringify({ ...manifestOf(), dims: 768 }));
    expect(await useShippedEmbeddings(embedder, dir)).toEqual({ used: false, reason: `shipped for 768 dimensions, the model has ${embedder.info.dims}` });
    await writeShippedEmbeddings(embedder, TEXTS, dir);
    fs.truncateSync(vectors, fs.statSync(vectors).size - 100);
    expect(await useShippedEmbeddings(embedder, dir)).toEqual({ used: false, reason: expect.stringMatching(/damaged or partly copied/) });
  });

  it('the committed seeds/embeddings/ covers every passage of the seed corpus and passes the load check', async () => {
    const texts = seedPassages(loadStatutes(), Glossary.load(), (t) => embedder.countTokens(t));
    expect(await useShippedEmbeddings(embedder)).toMatchObject({ used: true });
    const pack = new EmbeddingCache(shippedFiles(EMBEDDING_MODEL).vectors, embedder.info.dims, { readOnly: true });
    const missing = texts.filter((t) => !pack.get(embedder.passageKey(t)));
    // Fails after a change to seeds/, chunking or the glossary until `npm run seed:embeddings` is run again.
    expect({ missing: missing.length, first: missing[0]?.slice(0, 80) }).toEqual({ missing: 0, first: undefined });
  });
});
