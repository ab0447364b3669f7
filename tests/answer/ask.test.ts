import fs from 'node:fs';
import path from 'node:path';
import { loadStatuteGraph } from '../../src/seeds/seed';
import { loadSearchCorpus } from '../support/search-corpus';
import { startFakeLlm, type FakeLlm } from '../support/fake-llm';
import { startTestServer, type TestServer } from '../support/server';

const ASK = `query($input: AskInput!) { ask(input: $input) {
  text language generator fallbackReason belowThreshold completeness
  citations { n documentId chunkId sectionId } sources { n header documentId } } }`;

type AnswerT = { text: string; language: string; generator: string; fallbackReason: string | null; belowThreshold: boolean; completeness: number | null;
  citations: { n: number; documentId: string; chunkId: string; sectionId: string | null }[]; sources: { n: number; header: string }[] };

async function prepare(t: TestServer) {
  await loadStatuteGraph(t.app.stores.graph, t.app.catalogue);
  await loadSearchCorpus(t.app);
  const seed = (lang: string, id: string) => JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../seeds/cases', lang, `${id}.json`), 'utf8'));
  await t.app.ingest.ingest([seed('en', 'cs-en-001'), seed('en', 'pn-en-001'), seed('en', 'sop-en-001')]);
}

describe('ask and askStream (embedded, extractive generator)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('embedded', { RERANKER_MODEL: 'none' });
    await prepare(t);
  });
  afterAll(() => t.close());

  it.each([
    ['en', 'What is the punishment for murder?', 'From the sources:', ['IPC:302', 'BNS:103']],
    ['hi', 'हत्या की सजा क्या है?', 'स्रोतों के अनुसार:', ['IPC:302', 'BNS:103']],
    ['gu', 'ચોરી માટે શું સજા છે?', 'સ્રોતો મુજબ:', ['IPC:379', 'BNS:303']],
  ])('answers in %s with every citation resolving to a chunk, a document and a section', async (lang, query, intro, sections) => {
    const { body } = await t.gql<{ ask: AnswerT }>(ASK, { input: { query } });
    expect(body.errors).toBeUndefined();
    const a = body.data!.ask;
    expect(a).toMatchObject({ language: lang, generator: 'extractive', belowThreshold: false });
    expect(a.text.startsWith(intro)).toBe(true);
    expect(a.citations.map((c) => c.sectionId)).toEqual(expect.arrayContaining(sections));
    const chunks = await t.app.stores.documents.getChunks(a.citations.map((c) => c.chunkId));
    expect(chunks).toHaveLength(a.citations.length);
    const graphSections = await t.app.stores.graph.getSections(a.citations.map((c) => c.sectionId!).filter(Boolean));
    expect(graphSections.length).toBe(a.citations.filter((c) => c.sectionId).length);
    for (const c of a.citations) expect(a.text).toContain(`[${c.n}]`);
    for (const s of a.sources) expect(s.header).toMatch(/^\[Source: [^,]+, [^,]+, [^\]]+\]$/);
  });

  it('reviews a draft chargesheet: missing elements, weak points, completeness', async () => {
    const draft = 'Chargesheet in FIR 45/2024, Kothrud police station. The accused Ravi stabbed the victim; he is charged u/s 302 IPC. Statements of two witnesses were recorded.';
    const { body } = await t.gql<{ ask: AnswerT }>(ASK, { input: { query: draft, useCase: 'CHARGESHEET_REVIEW', date: '2024-09-01' } });
    const a = body.data!.ask;
    expect(a.text).toContain('Missing elements:');
    expect(a.text).toMatch(/medical \/ post-mortem \/ forensic report/);
    expect(a.text).toMatch(/charges under the IPC, which BNS replaced/);
    expect(a.completeness).toBeGreaterThan(0);
    expect(a.completeness).toBeLessThan(100);
  });

  it('streams typed events over graphql-ws in order', async () => {
    const client = t.ws();
    const kinds: string[] = [];
    let done: { answer: AnswerT } | undefined;
    await new Promise<void>((resolve, reject) => {
      client.subscribe(
        { query: 'subscription($input: AskInput!) { askStream(input: $input) { kind text citation { n chunkId } answer { text citations { n } } } }', variables: { input: { query: 'punishment for theft' } } },
        {
          next: (v) => {
            const e = (v.data as { askStream: { kind: string; answer?: AnswerT } }).askStream;
            kinds.push(e.kind);
            if (e.kind === 'DONE') done = e as never;
          },
          error: reject, complete: resolve,
        },
      );
    });
    expect(kinds.slice(0, 2)).toEqual(['ANALYSIS', 'SOURCES']);
    expect(kinds[kinds.length - 1]).toBe('DONE');
    expect(kinds).toContain('TEXT_DELTA');
    expect(kinds.filter((k) => k === 'CITATION').length).toBe(done!.answer.citations.length);
    expect(new Set(kinds.slice(2, -1))).toEqual(new Set(['TEXT_DELTA', 'CITATION']));
  });

  it('rejects a variable of the wrong shape and an unknown use case with typed errors', async () => {
    const wrong = await t.gql(ASK, { input: { query: 42 } });
    expect(wrong.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const unknown = await t.gql(ASK, { input: { query: 'x', useCase: 'POETRY' } });
    expect(unknown.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const long = await t.gql(ASK, { input: { query: 'x'.repeat(20001) } });
    expect(long.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    // The error says what is wrong and where, without echoing the 20 KB input.
    expect(long.body.errors?.[0].message).toMatch(/^query: query must be at most 20000 characters/);
    expect(JSON.stringify(long.body).length).toBeLessThan(1500);
    const badDate = await t.gql(ASK, { input: { query: 'x', date: '2023-02-30' } });
    expect(badDate.body.errors?.[0]).toMatchObject({ message: expect.stringContaining('is not a real date'), extensions: { code: 'BAD_USER_INPUT' } });
  });
});

describe('ask with an OpenAI-compatible LLM (fake SSE server)', () => {
  let llm: FakeLlm;
  let t: TestServer;
  afterEach(async () => {
    await t?.close();
    await llm?.close();
  });

  const start = async (mode: Parameters<typeof startFakeLlm>[0], timeoutMs = '5000') => {
    llm = await startFakeLlm(mode);
    t = await startTestServer('embedded', { RERANKER_MODEL: 'none', LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-model', LLM_TIMEOUT_MS: timeoutMs });
    await loadStatuteGraph(t.app.stores.graph, t.app.catalogue);
    await loadSearchCorpus(t.app);
  };

  it('streams the model answer and resolves its citation markers, even split across deltas', async () => {
    await start({ chunks: ['Murder is punished with death or life imprisonment ', '[', '1]', ' and fine [2].'] });
    const { body } = await t.gql<{ ask: AnswerT }>(ASK, { input: { query: 'punishment for murder' } });
    const a = body.data!.ask;
    expect(a.generator).toBe('llm');
    expect(a.text).toBe('Murder is punished with death or life imprisonment [1] and fine [2].');
    expect(a.citations.map((c) => c.n)).toEqual([1, 2]);
    expect(llm.requests[0].body).toMatchObject({ model: 'fake-model', stream: true });
    expect(String((llm.requests[0].body.messages as { content: string }[])[0].content)).toContain('[Source: ');
  });

  it('falls back to the extractive answer when the model fails', async () => {
    await start({ status: 500 });
    const { body } = await t.gql<{ ask: AnswerT }>(ASK, { input: { query: 'punishment for murder' } });
    expect(body.data!.ask).toMatchObject({ generator: 'extractive', fallbackReason: expect.stringContaining('500') });
    expect(body.data!.ask.citations.length).toBeGreaterThan(0);
  });

  it('falls back when the model times out', async () => {
    await start({ chunks: ['slow'], delayMs: 3000 }, '300');
    const { body } = await t.gql<{ ask: AnswerT }>(ASK, { input: { query: 'punishment for murder' } });
    expect(body.data!.ask.generator).toBe('extractive');
    expect(body.data!.ask.fallbackReason).toMatch(/LLM failed/);
  });

  it('stops the model stream when the client unsubscribes', async () => {
    await start({ chunks: Array.from({ length: 40 }, (_, i) => `part ${i} `), delayMs: 100 });
    const client = t.ws();
    await new Promise<void>((resolve) => {
      const unsubscribe = client.subscribe(
        { query: 'subscription { askStream(input: { query: "punishment for murder" }) { kind text } }' },
        {
          next: (v) => {
            if ((v.data as { askStream: { kind: string } }).askStream.kind === 'TEXT_DELTA') {
              unsubscribe();
              resolve();
            }
          },
          error: () => resolve(), complete: () => resolve(),
        },
      );
    });
    for (let i = 0; i < 30 && !llm.requests[0]?.closedEarly; i++) await new Promise((r) => setTimeout(r, 100));
    expect(llm.requests[0].closedEarly).toBe(true);
  });
});
