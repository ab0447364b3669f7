import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { App } from '../../src/app/app';
import { DomainClassifier, weightsFile } from '../../src/analyse/domain.classifier';
import { fitDomain } from '../../src/analyse/domain.fit';
import { closeIngestApp, openIngestApp } from '../support/ingest-app';
import { loadSearchCorpus } from '../support/search-corpus';
import { refused } from '../../src/search/refusal';

jest.setTimeout(300_000);

/**
 * The domain classifier shipped for the test embedding model, through the real embedder and stores, with no
 * cross-encoder: it refuses on its own. Questions written for this test, not taken from any evaluation or training set.
 */
describe('refusal by the domain classifier (shipped weights, real embedding model)', () => {
  let app: App;
  beforeAll(async () => {
    app = await openIngestApp('embedded', { RERANKER_MODEL: 'none' });
    await loadSearchCorpus(app);
    // As the server does at start: the labelled examples (and so the example margin) are ready before the first search.
    await app.search.warm();
  });
  afterAll(() => closeIngestApp(app));

  it.each([
    ['en', 'how much stamp duty is payable when gifting a flat to my daughter'],
    ['hi', 'GST रिटर्न देर से भरने पर कितना ब्याज और लेट फीस लगती है'],
    ['gu', 'ઇન્કમ ટેક્સ રિફંડ હજુ સુધી ખાતામાં કેમ જમા નથી થયું'],
  ])('refuses an off-domain question (%s) in search and in ask, without a cross-encoder', async (lang, query) => {
    const r = await app.search.search({ query });
    expect(r.evidence).toMatchObject({ named: false, bestLogit: null });
    expect(r.evidence.offDomain).toBeGreaterThanOrEqual(app.config.rerank.offDomainP!);
    // The labelled examples agree: the question is nearer an off-domain training line than any complaint.
    expect(r.evidence.exampleMargin).toBeLessThan(0);
    expect(r).toMatchObject({ belowThreshold: true, hits: [] });
    const answer = await app.ask.ask({ query });
    expect(answer).toMatchObject({ belowThreshold: true, citations: [], language: lang });
  });

  it.each([
    ['en', 'my neighbour hit my son on the head with an iron rod and threatened to kill him'],
    ['hi', 'गिरफ्तारी के बाद आरोपी को कितने घंटे के भीतर मजिस्ट्रेट के सामने पेश करना होता है'],
    ['gu', 'દહેજ માટે પતિ અને સાસુ રોજ મારઝૂડ કરે છે, ફરિયાદ કઈ કલમમાં થાય'],
  ])('answers an in-domain question (%s)', async (_lang, query) => {
    const r = await app.search.search({ query });
    expect(r.evidence.offDomain).toBeLessThan(0.5);
    expect(r.evidence.exampleMargin).toBeGreaterThan(0);
    expect(r.belowThreshold).toBe(false);
    expect(r.hits.length).toBeGreaterThan(0);
  });

  it('does not classify a query of fewer than four words: the fit has almost no short in-domain lines', async () => {
    for (const query of ['dowry', 'ઘરફોડ ચોરી', 'remand extension']) {
      const r = await app.search.search({ query });
      expect(r.evidence).toMatchObject({ offDomain: null, exampleMargin: null });
      expect(r.belowThreshold).toBe(false);
    }
  });

  it('never refuses a named section, nor a question naming a code it covers, and records no probability for them', async () => {
    const r = await app.search.search({ query: 'section 80C IPC' });
    expect(r.evidence).toMatchObject({ named: true, offDomain: null, exampleMargin: null });
    expect(r.belowThreshold).toBe(false);
    const code = await app.search.search({ query: 'is a tax demand notice covered anywhere in the Bharatiya Nyaya Sanhita' });
    expect(code.evidence).toMatchObject({ named: false, offDomain: null, exampleMargin: null });
  });

  it('refuses by the example margin alone, with the classifier turned off', async () => {
    const t = { ...app.config.rerank, offDomainP: null };
    const r = await app.search.search({ query: 'what is the best way to store basmati rice so insects do not get in' });
    expect(r.evidence.exampleMargin).toBeLessThan(app.config.rerank.refuseMargin!);
    expect(refused(r.evidence, t)).toBe(true);
    expect(refused(r.evidence, { ...t, refuseMargin: null })).toBe(false);
  });
});

describe('domain classifier weights', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nyaya-domain-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('are found for the embedding model they were fitted on, and for no other', () => {
    expect(DomainClassifier.load('multilingual-e5-small-q4')?.embeddingModel).toBe('multilingual-e5-small-q4');
    expect(DomainClassifier.load('some-other-embedder', dir)).toBeNull();
  });

  it('refuse to load when the file was fitted on another model or has the wrong size', () => {
    const good = JSON.parse(fs.readFileSync(weightsFile('multilingual-e5-small-q4'), 'utf8'));
    fs.writeFileSync(weightsFile('renamed/model', dir), JSON.stringify(good));
    expect(() => DomainClassifier.load('renamed/model', dir)).toThrow(/weights for multilingual-e5-small-q4 .* do not fit renamed\/model/);
    fs.writeFileSync(weightsFile('short', dir), JSON.stringify({ ...good, embeddingModel: 'short', weights: good.weights.slice(1) }));
    expect(() => DomainClassifier.load('short', dir)).toThrow(/do not fit short/);
  });

  it('a fit separates two separable groups, and the same lines give the same weights', () => {
    const v = (a: number, b: number) => Float32Array.from([a, b, 0.5]);
    const xs = [v(1, 0.1), v(0.9, 0.2), v(0.8, 0), v(0.1, 1), v(0, 0.9), v(0.2, 0.8), v(0.15, 0.95)];
    const ys = [1, 1, 1, 0, 0, 0, 0];
    const a = fitDomain(xs, ys, 'toy', { iterations: 300 });
    expect(a.trainingAccuracy).toBe(1);
    const c = DomainClassifier.of({ ...a, fitted: {} });
    expect(c.offDomain(v(0.95, 0.05))).toBeGreaterThan(0.9);
    expect(c.offDomain(v(0.05, 0.95))).toBeLessThan(0.1);
    expect(fitDomain(xs, ys, 'toy', { iterations: 300 })).toEqual(a);
    expect(() => fitDomain(xs, ys.map(() => 0), 'toy')).toThrow(/both labels/);
    expect(() => c.offDomain(Float32Array.from([1, 2]))).toThrow(/2-dim vector, fitted on 3/);
  });
});
