import { startTestServer, type TestServer } from '../support/server';

const INGEST_MANY = `mutation($inputs: [IngestDocumentInput!]!, $batchId: ID) { ingestDocuments(inputs: $inputs, batchId: $batchId) {
  batchId created updated unchanged failed results { index id status chunks sections warnings error { code message problems { path message } } } } }`;

const fir = (i: number) => ({
  id: `gql-fir-${i}`, type: 'FIR', title: `FIR ${i}/2024`, date: '2024-08-0' + (i + 1), district: 'Surat',
  parts: [{ name: 'incident', text: `Mobile phone number ${i} stolen from a bus; offence u/s 303(2) BNS.` }],
});

describe('ingestion over GraphQL (embedded)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('embedded', { RERANKER_MODEL: 'none' });
  });
  afterAll(() => t.close());

  it('reports per-document results and streams batch progress over graphql-ws', async () => {
    const client = t.ws();
    const progress: { done: number; total: number; finished: boolean }[] = [];
    const finished = new Promise<void>((resolve, reject) => {
      client.subscribe({ query: 'subscription { ingestProgress(batchId: "batch-1") { done total failed finished } }' }, {
        next: (v) => {
          const p = (v.data as { ingestProgress: { done: number; total: number; finished: boolean } }).ingestProgress;
          progress.push(p);
          if (p.finished) resolve();
        },
        error: reject, complete: () => resolve(),
      });
    });
    await new Promise((r) => setTimeout(r, 200));
    const inputs = [fir(0), { ...fir(1), parts: [{ name: 'incident', text: '' }] }, fir(2)];
    const { body } = await t.gql<{ ingestDocuments: { created: number; failed: number; results: { status: string; error: { code: string; problems: { path: string }[] } | null }[] } }>(
      INGEST_MANY, { inputs, batchId: 'batch-1' });
    await finished;
    const r = body.data!.ingestDocuments;
    expect(r).toMatchObject({ created: 2, failed: 1 });
    expect(r.results.map((x) => x.status)).toEqual(['CREATED', 'FAILED', 'CREATED']);
    expect(r.results[1].error).toMatchObject({ code: 'INVALID_DOCUMENT', problems: [{ path: 'parts', message: 'is empty' }, { path: 'parts' }] });
    expect(progress[progress.length - 1]).toEqual({ done: 3, total: 3, failed: 1, finished: true });
  });

  it('tells a subscriber who arrives after the batch where it stands, then completes', async () => {
    const late = t.ws();
    const events: { done: number; finished: boolean }[] = [];
    await new Promise<void>((resolve, reject) => late.subscribe(
      { query: 'subscription { ingestProgress(batchId: "batch-1") { done finished } }' },
      { next: (v) => events.push((v.data as { ingestProgress: { done: number; finished: boolean } }).ingestProgress), error: reject, complete: resolve },
    ));
    expect(events).toEqual([{ done: 3, finished: true }]);
  });

  it('ingestDocument turns a bad document into a typed error, and leaves the stored one alone', async () => {
    const { body } = await t.gql(`mutation($input: IngestDocumentInput!) { ingestDocument(input: $input) { id status } }`,
      { input: { ...fir(0), date: '2024-13-45' } });
    expect(body.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    const again = await t.gql(`mutation($input: IngestDocumentInput!) { ingestDocument(input: $input) { id status } }`,
      { input: { ...fir(0), parts: [{ name: 'complainant', text: 'no incident part' }] } });
    expect(again.body.errors?.[0].extensions).toMatchObject({ code: 'INVALID_DOCUMENT' });
    expect((await t.app.stores.documents.chunksOfDocuments(['gql-fir-0'])).map((c) => c.text)).toEqual([fir(0).parts[0].text]);
  });

  it('deleteDocument removes a document and says NOT_FOUND for one that is not there', async () => {
    const ok = await t.gql('mutation { deleteDocument(id: "gql-fir-2") }');
    expect(ok.body.data).toEqual({ deleteDocument: true });
    const missing = await t.gql('mutation { deleteDocument(id: "gql-fir-2") }');
    expect(missing.body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});
