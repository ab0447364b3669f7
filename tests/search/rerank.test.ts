import type { App } from '../../src/app/app';
import { loadConfig } from '../../src/config/config';
import { Reranker } from '../../src/models/reranker';
import { rerankStage } from '../../src/rerank/rerank';
import { NOT_NEEDED } from '../../src/rerank/rerank.stage';
import { closeIngestApp, openIngestApp } from '../support/ingest-app';
import { MODELS_DIR } from '../support/profiles';
import { loadSearchCorpus } from '../support/search-corpus';
import { DomainWords } from '../../src/search/domain-words';

// Real legal cross-encoder on a loaded 2-core machine: a rerank of 20 statutes takes seconds.
jest.setTimeout(300_000);

const sectionsOf = (r: Awaited<ReturnType<App['search']['search']>>) => [...new Set(r.hits.map((h) => h.chunk.sectionId ?? h.document.id))];
const stage = (r: Awaited<ReturnType<App['search']['search']>>) => r.stages.find((s) => s.name === 'rerank');

/** The rerank stage with the real legal cross-encoder, over the real embedded stores. Queries written for this test. */
describe('rerank stage (nyaya-cross-encoder-e5-6l, the shipped default model)', () => {
  let app: App;
  beforeAll(async () => {
    // The model's rank with an equal say (RERANK_WEIGHT defaults to 0, the fused order; see the test at the default).
    app = await openIngestApp('embedded', { RERANKER_MODEL: 'nyaya-cross-encoder-e5-6l', RERANK_BUDGET_MS: '120000', REFUSE_OFF_DOMAIN_P: 'none', RERANK_WEIGHT: '1' });
    await loadSearchCorpus(app);
  });
  afterAll(() => closeIngestApp(app));

  it('runs, scores the statutes it read and fuses its ranking with the fused one', async () => {
    const query = 'killing a person intentionally';
    const fused = await app.search.search({ query, topK: 6, rerank: false });
    const reranked = await app.search.search({ query, topK: 6 });
    expect(stage(fused)).toMatchObject({ status: 'SKIPPED', detail: 'disabled by request' });
    expect(stage(reranked)).toMatchObject({ status: 'RAN', detail: expect.stringMatching(/^nyaya-cross-encoder-e5-6l scored \d+ of \d+, fused with weight 1$/) });
    expect(reranked.hits.every((h) => h.scores.rerank === null || Number.isFinite(h.scores.rerank))).toBe(true);
    expect(reranked.hits.filter((h) => h.scores.rerank !== null).length).toBeGreaterThan(0);
    // Without the model a murder section leads (which one turns on near-equal scores: the lexicon favours the old
    // code's punishment section, dense the new code's); with it, the new code's murder sections lead.
    const first = sectionsOf(fused)[0];
    expect(['IPC:302', 'IPC:300', 'BNS:103', 'BNS:101']).toContain(first);
    expect(['BNS:103', 'BNS:101']).toContain(sectionsOf(reranked)[0]);
    // Fusion, not replacement: the section the fused ranking put first stays in the first three.
    expect(sectionsOf(reranked).slice(0, 3)).toContain(first);
    expect(sectionsOf(reranked).slice(0, 3)).toEqual(expect.arrayContaining(['IPC:302']));
  });

  it('refuses off-domain questions at the model\'s calibrated threshold (0), in three languages', async () => {
    expect(app.config.rerank.minLogit).toBe(0);
    for (const query of ['how do I bake a chocolate cake at home', 'घर पर पनीर कैसे बनाएं', 'ઘરે ઢોકળા કેવી રીતે બનાવવા']) {
      const r = await app.search.search({ query });
      expect(r.evidence.bestLogit).toBeLessThan(0);
      expect(r).toMatchObject({ belowThreshold: true, hits: [] });
    }
    const inDomain = await app.search.search({ query: 'killing a person intentionally' });
    expect(inDomain.belowThreshold).toBe(false);
  });

  it('keeps a section the user named on top, whatever the model scores', async () => {
    const r = await app.search.search({ query: 'IPC 420', topK: 5 });
    expect(stage(r)?.status).toBe('RAN');
    expect(sectionsOf(r).slice(0, 2)).toEqual(['IPC:420', 'BNS:318']);
    expect(r.hits[0].scores.rerank).toBeNull();
  });

  it('at the default weight (0) the model scores every statute, and the fused order stands', async () => {
    expect(loadConfig({}).rerank.weight).toBe(0);
    const query = 'killing a person intentionally';
    const fused = await app.search.search({ query, topK: 10, rerank: false });
    const candidates = fused.hits.map((h) => ({ chunk: h.chunk, fused: h.scores.fused, rerank: null }));
    const out = await rerankStage(app.rerank.reranker!, query, candidates, { ...app.config.rerank, weight: 0 });
    expect(out).toMatchObject({ status: 'RAN', detail: expect.stringMatching(/fused with weight 0$/) });
    expect(out.candidates.map((c) => c.chunk.id)).toEqual(candidates.map((c) => c.chunk.id));
    const statutes = out.candidates.filter((c) => c.chunk.documentType === 'BARE_ACT_SECTION');
    expect(statutes.length).toBeGreaterThan(0);
    expect(statutes.every((c) => Number.isFinite(c.rerank))).toBe(true);
    expect(out.best).toBe(Math.max(...statutes.map((c) => c.rerank!)));
  });

  it('lifts a named section above what the model prefers only when the model\'s rank has a say', async () => {
    const query = 'IPC 420 cheating';
    const named = await app.search.search({ query, topK: 6, rerank: false });
    // The fused order reversed, so the section the user named comes last.
    const candidates = named.hits.map((h) => ({ chunk: h.chunk, fused: h.scores.fused, rerank: null, scores: { reference: h.scores.reference ?? undefined } })).reverse();
    expect(candidates.at(-1)?.chunk.sectionId).toBe('IPC:420');
    const atZero = await rerankStage(app.rerank.reranker!, query, candidates, { ...app.config.rerank, weight: 0 });
    expect(atZero.candidates.map((c) => c.chunk.id)).toEqual(candidates.map((c) => c.chunk.id));
    const atOne = await rerankStage(app.rerank.reranker!, query, candidates, { ...app.config.rerank, weight: 1 });
    expect(atOne.candidates[0].chunk.sectionId).toBe('IPC:420');
  });

  it('a model that throws: FAILED with the reason, the fused order stands', async () => {
    // A real model that is no cross-encoder (the embedder has no classification head): scoring throws.
    const broken = await Reranker.load('multilingual-e5-small-q4', { modelsDir: MODELS_DIR, allowRemoteModels: false });
    await expect(broken.score('theft', ['Whoever commits theft'])).rejects.toThrow();
    const original = app.rerank.reranker;
    app.rerank.reranker = broken;
    try {
      const query = 'punishment for grievous hurt with a stick';
      const fused = await app.search.search({ query, topK: 6, rerank: false });
      const r = await app.search.search({ query, topK: 6 });
      expect(stage(r)).toMatchObject({ status: 'FAILED', detail: expect.stringContaining('fused order kept') });
      expect(r.hits.map((h) => h.chunk.id)).toEqual(fused.hits.map((h) => h.chunk.id));
      expect(r.hits.length).toBeGreaterThan(0);
    } finally {
      app.rerank.reranker = original;
      await broken.dispose();
    }
  });
});

/**
 * At the shipped defaults the model's rank has weight 0, so it runs only where its logit can decide the refusal: a
 * complaint the examples and the domain classifier place in the domain is answered without it, in the order the
 * model would have left. Queries written for this test.
 */
describe('rerank at the default weight (0)', () => {
  let app: App;
  beforeAll(async () => {
    app = await openIngestApp('embedded', { RERANKER_MODEL: 'nyaya-cross-encoder-e5-6l', RERANK_BUDGET_MS: '120000' });
    await loadSearchCorpus(app);
    // The labelled examples embedded, so both searches below read the same lists.
    await app.search.warm();
  });
  afterAll(() => closeIngestApp(app));

  it('skips the model when the refusal is decided without it, with the hits it would have left in place', async () => {
    expect(app.config.rerank).toMatchObject({ weight: 0, scoreAlways: false });
    const query = 'Two men broke the lock of my shop at night, hit my brother on the head with an iron rod and ran off with the cash box';
    const skipped = await app.search.search({ query, topK: 8 });
    expect(stage(skipped)).toMatchObject({ status: 'SKIPPED', detail: NOT_NEEDED });
    expect(skipped.belowThreshold).toBe(false);
    expect(skipped.evidence.bestLogit).toBeNull();
    expect(skipped.hits.length).toBeGreaterThan(0);
    expect(skipped.hits.every((h) => h.scores.rerank === null)).toBe(true);
    app.config.rerank.scoreAlways = true;
    app.changes.fire();
    try {
      const scored = await app.search.search({ query, topK: 8 });
      expect(stage(scored)?.status).toBe('RAN');
      expect(Number.isFinite(scored.evidence.bestLogit)).toBe(true);
      expect(scored.hits.some((h) => h.scores.rerank !== null)).toBe(true);
      expect(scored.hits.map((h) => h.chunk.id)).toEqual(skipped.hits.map((h) => h.chunk.id));
      expect(scored.belowThreshold).toBe(false);
    } finally {
      app.config.rerank.scoreAlways = false;
      app.changes.fire();
    }
  });
});

/** When the model is slower than its budget, the search still answers, in fused order, and says why. */
describe('rerank fallback', () => {
  let app: App;
  beforeAll(async () => {
    // RERANK_SCORE_ALWAYS: at the default weight a query the other signals decide would not reach the model at all.
    app = await openIngestApp('embedded', { RERANKER_MODEL: 'legal-cross-encoder-e5-12l', RERANK_BUDGET_MS: '10', RERANK_SCORE_ALWAYS: 'true' });
    await loadSearchCorpus(app);
  });
  afterAll(() => closeIngestApp(app));

  it('past RERANK_BUDGET_MS: TIMED_OUT, the fused order stands', async () => {
    const query = 'someone stole my motorcycle from the parking';
    const fused = await app.search.search({ query, topK: 6, rerank: false });
    const r = await app.search.search({ query, topK: 6 });
    expect(stage(r)).toMatchObject({ status: 'TIMED_OUT', detail: expect.stringContaining('10 ms budget (RERANK_BUDGET_MS)') });
    expect(r.hits.map((h) => h.chunk.id)).toEqual(fused.hits.map((h) => h.chunk.id));
    expect(r.hits.every((h) => h.scores.rerank === null)).toBe(true);
    expect(r.belowThreshold).toBe(false);
  });
});

/**
 * Refusal: a question with no section named, no offence the lexicon knows and no word of criminal justice is refused
 * in search and ask when the cross-encoder finds no statute above RERANK_MIN_LOGIT. The threshold is set high here
 * so the rule, not the model's calibration (measured by `npm run eval -- --offdomain`), is what is tested.
 */
describe('refusal of off-domain questions (real model, threshold set high)', () => {
  let app: App;
  beforeAll(async () => {
    // The domain classifier and the example margin off: these tests are about the model's rule (tests/search/domain.test.ts
    // has the other two).
    app = await openIngestApp('embedded', {
      RERANKER_MODEL: 'nyaya-cross-encoder-e5-6l', RERANK_BUDGET_MS: '120000', RERANK_MIN_LOGIT: '20', RERANK_FLOOR_LOGIT: 'none', REFUSE_OFF_DOMAIN_P: 'none',
      REFUSE_EXAMPLE_MARGIN: 'none', KEEP_EXAMPLE_MARGIN: 'none', RERANK_SCORE_ALWAYS: 'true',
    });
    await loadSearchCorpus(app);
  });
  afterAll(() => closeIngestApp(app));

  it.each([
    ['en', 'how do I bake a chocolate cake at home'],
    ['hi', 'घर पर पनीर कैसे बनाएं'],
    ['gu', 'ઘરે ઢોકળા કેવી રીતે બનાવવા'],
  ])('refuses an off-domain question (%s) in search and in ask, in its language', async (lang, query) => {
    const r = await app.search.search({ query });
    expect(stage(r)?.status).toBe('RAN');
    expect(r).toMatchObject({ belowThreshold: true, hits: [] });
    expect(r.evidence).toMatchObject({ named: false, lexicon: 0, domainWords: false, bestLogit: expect.any(Number) });
    const answer = await app.ask.ask({ query });
    expect(answer).toMatchObject({ belowThreshold: true, citations: [], language: lang });
  });

  it.each([
    ['a section named', 'BNS 318 cheating'],
    ['an offence the lexicon knows', 'दहेज मृत्यु'],
    ['a word of criminal justice', 'ધરપકડ પછી કેટલા કલાકમાં મેજિસ્ટ્રેટ સામે રજૂ કરવા'],
  ])('answers an in-domain question with %s, whatever the model scores', async (_why, query) => {
    const r = await app.search.search({ query });
    expect(r.belowThreshold).toBe(false);
    expect(r.hits.length).toBeGreaterThan(0);
  });

  it('without the model the old rule stands: nothing is refused for the model\'s sake', async () => {
    const r = await app.search.search({ query: 'how do I bake a chocolate cake at home', rerank: false });
    expect(r.evidence.bestLogit).toBeNull();
    expect(r.belowThreshold).toBe(false);
  });
});

/** The floor: below it even a question with a word of criminal justice is refused; a named section never is. */
describe('refusal below the floor (real model, floor set high)', () => {
  let app: App;
  beforeAll(async () => {
    app = await openIngestApp('embedded', { RERANKER_MODEL: 'nyaya-cross-encoder-e5-6l', RERANK_BUDGET_MS: '120000', RERANK_FLOOR_LOGIT: '20', REFUSE_OFF_DOMAIN_P: 'none' });
    await loadSearchCorpus(app);
  });
  afterAll(() => closeIngestApp(app));

  it('refuses a question with a word of criminal justice when no statute scores above the floor, and never a named section', async () => {
    expect(app.config.rerank.floorLogit).toBe(20);
    const r = await app.search.search({ query: 'police verification for a passport renewal' });
    expect(r.evidence).toMatchObject({ named: false, domainWords: true, bestLogit: expect.any(Number) });
    expect(r).toMatchObject({ belowThreshold: true, hits: [] });
    const named = await app.search.search({ query: 'BNS 318 cheating' });
    expect(named.belowThreshold).toBe(false);
    expect(named.hits.length).toBeGreaterThan(0);
  });
});

describe('domain words', () => {
  it('match whole short words and the start of longer ones, in three scripts', () => {
    const words = DomainWords.load();
    expect(words.mentioned('The police arrested him')).toBe(true);
    expect(words.mentioned('FIR lodged yesterday')).toBe(true);
    expect(words.mentioned('the first firm in town')).toBe(false);
    expect(words.mentioned('मेरे भाई को पुलिस ने पकड़ा')).toBe(true);
    expect(words.mentioned('આરોપીની ધરપકડ થઈ')).toBe(true);
    expect(words.mentioned('how to make tea')).toBe(false);
  });
});
