import fs from 'node:fs';
import path from 'node:path';
import { loadProcedure } from '../../src/answer/plan/procedure.data';
import { loadStatuteGraph } from '../../src/seeds/seed';
import { startFakeLlm, type FakeLlm } from '../support/fake-llm';
import { startTestServer, type TestServer } from '../support/server';

const ASK = `query($input: AskInput!) { ask(input: $input) {
  text language generator citations { n documentId chunkId sectionId } sources { n documentId sectionId }
  plan { language era codes date firId families statutoryOnly steps { stepId phase phaseLabel text cite provisions sources doneBy } } } }`;

type Step = { stepId: string; phase: string; phaseLabel: string; text: string; cite: string; provisions: string[]; sources: number[]; doneBy: string | null };
type Plan = { language: string; era: string; codes: string; date: string | null; firId: string | null; families: string[]; statutoryOnly: boolean; steps: Step[] };
type AnswerT = { text: string; language: string; generator: string; citations: { n: number; documentId: string; chunkId: string }[]; sources: { n: number; documentId: string }[]; plan: Plan | null };

const PHASES = loadProcedure().phases.map((p) => p.id);
const seed = (id: string) => JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../seeds/cases', id.split('-')[1], `${id}.json`), 'utf8'));
const CASES = ['fir-hi-007', 'cs-hi-002', 'fir-gu-001', 'pn-gu-001', 'cs-gu-001', 'sop-en-002', 'sop-hi-001', 'sop-hi-002', 'sop-gu-001', 'sop-gu-003'];

/**
 * The bare acts every step of the procedure data names (whatever families a story is read as, each step can be
 * cited) and the offences of these cases' families (murder, theft) for the search: few enough to embed quickly.
 */
async function prepare(t: TestServer) {
  await loadStatuteGraph(t.app.stores.graph, t.app.catalogue);
  const p = loadProcedure();
  const ids = [
    ...p.steps.flatMap((s) => [...s.provisions.new, ...s.provisions.old]),
    ...p.families.filter((f) => ['murder', 'theft'].includes(f.id)).flatMap((f) => [...f.offences.new, ...f.offences.old]),
  ];
  const wanted = new Set(ids.map((id) => { const [c, n] = id.split(':'); return `act-${c.toLowerCase()}-${n.toLowerCase()}`; }));
  await t.app.ingest.ingest([...t.app.catalogue.bareActDocuments().filter((d) => wanted.has(d.id!)), ...CASES.map(seed)]);
}

const todo = (p: Plan) => p.steps.filter((s) => !s.doneBy);
const expectPhaseOrder = (steps: Step[]) => {
  const order = steps.map((s) => PHASES.indexOf(s.phase));
  expect(order.every((i) => i >= 0)).toBe(true);
  expect(order).toEqual([...order].sort((a, b) => a - b));
};

describe('SOP_ASSISTANT plans (embedded, real models)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('embedded', { RERANKER_MODEL: 'none' });
    await prepare(t);
  }, 600_000);
  afterAll(() => t.close());

  it('plans the Hindi murder FIR under BNSS/BSA in Hindi: cited steps in phase order, nothing the record shows done', async () => {
    const { body } = await t.gql<{ ask: AnswerT }>(ASK, { input: { query: 'इस एफआईआर में आगे क्या कार्यवाही करनी है?', useCase: 'SOP_ASSISTANT', firId: 'fir-hi-007' } });
    expect(body.errors).toBeUndefined();
    const a = body.data!.ask;
    expect(a.language).toBe('hi');
    expect(a.plan).toMatchObject({ era: 'new', codes: 'BNSS/BSA', date: '2024-12-07', firId: 'fir-hi-007', statutoryOnly: false });
    expect(a.plan!.families).toContain('murder');
    const steps = todo(a.plan!);
    expect(steps.length).toBeGreaterThanOrEqual(5);
    expectPhaseOrder(steps);
    for (const s of steps) {
      expect(s.provisions.every((p) => /^(BNSS|BSA|BNS):/.test(p))).toBe(true);
      expect(s.sources.length).toBeGreaterThan(0);
      expect(s.text).toMatch(/[\u0900-\u097F]/);
    }
    // What the FIR and its chargesheet show done is listed as done, never again as a step to take.
    const done = a.plan!.steps.filter((s) => s.doneBy);
    expect(done.map((s) => s.doneBy)).toEqual(expect.arrayContaining(['cs-hi-002']));
    expect(steps.map((s) => s.stepId).filter((id) => done.some((d) => d.stepId === id))).toEqual([]);
    // Every cited number resolves to a stored chunk, and every step's line carries its citations.
    const chunks = await t.app.stores.documents.getChunks(a.citations.map((c) => c.chunkId));
    expect(chunks).toHaveLength(a.citations.length);
    const lines = a.text.split('\n').filter((l) => /^\d+\. /.test(l));
    expect(lines).toHaveLength(steps.length);
    lines.forEach((l, i) => expect(l).toContain(`[${steps[i].sources[0]}]`));
  });

  it('plans the Gujarati burglary FIR of 2023 under the CrPC in Gujarati, without repeating the spot panchnama', async () => {
    const { body } = await t.gql<{ ask: AnswerT }>(ASK, { input: { query: 'આ ગુનામાં હવે તપાસમાં શું કરવું?', useCase: 'SOP_ASSISTANT', firId: 'fir-gu-001' } });
    expect(body.errors).toBeUndefined();
    const a = body.data!.ask;
    expect(a.language).toBe('gu');
    expect(a.plan).toMatchObject({ era: 'old', codes: 'CrPC/IEA', date: '2023-02-20' });
    expect(a.plan!.families).toContain('theft');
    const steps = todo(a.plan!);
    expect(steps.length).toBeGreaterThanOrEqual(5);
    expectPhaseOrder(steps);
    for (const s of steps) expect(s.provisions.every((p) => /^(CrPC|IEA|IPC):/.test(p))).toBe(true);
    expect(a.text).toMatch(/[\u0A80-\u0AFF]/);
    expect(a.plan!.steps.some((s) => s.phase === 'scene' && s.doneBy === 'pn-gu-001')).toBe(true);
  });

  it('cites the SOPs an investigator may read, and gives a public caller the statutory steps only', async () => {
    const story = 'दिनांक 02.09.2024 को रात करीब 10 बजे गांव के बाहर खेत में अभियुक्त ने मेरे भाई के सिर पर लाठी से कई वार किए जिससे उसकी मौके पर मृत्यु हो गई। धारा 103(1) बीएनएस।';
    const officer = `Bearer ${await t.token('INVESTIGATOR', ['Varanasi'])}`;
    const withRole = (await t.gql<{ ask: AnswerT }>(ASK, { input: { query: story, useCase: 'SOP_ASSISTANT' } }, { authorization: officer })).body.data!.ask;
    expect(withRole.plan!.statutoryOnly).toBe(false);
    expect(withRole.sources.some((s) => s.documentId.startsWith('sop-'))).toBe(true);

    const publicAsk = (await t.gql<{ ask: AnswerT }>(ASK, { input: { query: story, useCase: 'SOP_ASSISTANT' } }, { authorization: '' })).body.data!.ask;
    expect(publicAsk.plan).toMatchObject({ statutoryOnly: true, era: 'new', language: 'hi' });
    expect(todo(publicAsk.plan!).length).toBeGreaterThanOrEqual(5);
    expect(publicAsk.sources.length).toBeGreaterThan(0);
    expect(publicAsk.sources.every((s) => s.documentId.startsWith('act-'))).toBe(true);
    expect(publicAsk.text).toContain('पुलिस भूमिका');
  });

  it('answers a hidden FIR id exactly like a missing one, and refuses firId outside SOP_ASSISTANT or for a non-FIR', async () => {
    const anon = { authorization: '' };
    const hidden = await t.gql(ASK, { input: { query: '', useCase: 'SOP_ASSISTANT', firId: 'fir-hi-007' } }, anon);
    const missing = await t.gql(ASK, { input: { query: '', useCase: 'SOP_ASSISTANT', firId: 'fir-xx-999' } }, anon);
    const err = (r: { body: { errors?: { message: string; extensions?: { code?: string } }[] } }) => r.body.errors?.[0];
    expect(err(hidden as never)?.extensions?.code).toBe('NOT_FOUND');
    expect(err(hidden as never)?.message.replace('fir-hi-007', 'X')).toBe(err(missing as never)?.message.replace('fir-xx-999', 'X'));
    expect(err(await t.gql(ASK, { input: { query: 'x', firId: 'fir-hi-007' } }) as never)?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(err(await t.gql(ASK, { input: { query: '', useCase: 'SOP_ASSISTANT', firId: 'sop-hi-001' } }) as never)?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(err(await t.gql(ASK, { input: { query: '  ', useCase: 'SOP_ASSISTANT' } }) as never)?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('SOP_ASSISTANT with an OpenAI-compatible LLM (fake SSE server)', () => {
  let llm: FakeLlm;
  let t: TestServer;
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  it('gives the model the plan as the context of its prompt', async () => {
    llm = await startFakeLlm({ chunks: ['Register and visit the scene [1].'] });
    t = await startTestServer('embedded', { RERANKER_MODEL: 'none', LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-model', LLM_TIMEOUT_MS: '5000' });
    // The plan needs no retrieval quality here: the FIR names its sections.
    await loadStatuteGraph(t.app.stores.graph, t.app.catalogue);
    await t.app.ingest.ingest(['fir-gu-001', 'pn-gu-001'].map(seed));
    const { body } = await t.gql<{ ask: AnswerT }>(ASK, { input: { query: '', useCase: 'SOP_ASSISTANT', firId: 'fir-gu-001' } });
    const a = body.data!.ask;
    expect(a.generator).toBe('llm');
    const prompt = String((llm.requests[0].body.messages as { content: string }[])[0].content);
    expect(prompt).toContain('Investigation plan');
    for (const s of todo(a.plan!)) expect(prompt).toContain(s.text);
  }, 600_000);
});
