import { generateFirs } from '../../src/seeds/synthetic-fir';
import { startTestServer, type TestServer } from '../support/server';

jest.setTimeout(120_000);

/** Stopping the server lets the ingest under way finish, closes subscriptions cleanly, and refuses new work. */
describe('graceful shutdown', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('embedded', { RERANKER_MODEL: 'none' });
  });
  afterAll(() => t.close());

  it('drains an ingest in flight and closes subscriptions with 1001', async () => {
    // Two groups (32 + 8): the stop comes after the first, and the second (a few seconds of embedding) finishes
    // within the drain's grace period. The first progress event now reaches the subscriber while the batch is under
    // way (ingest yields while it chunks); with 80 documents the rest outlasted the grace and the response was cut.
    const docs = generateFirs(40, 5);
    const ws = t.ws();
    const closed = new Promise<number>((resolve) => ws.on('closed', (e) => resolve((e as { code: number }).code)));
    const firstProgress = new Promise<{ done: number; total: number }>((resolve) => ws.subscribe(
      { query: 'subscription { ingestProgress(batchId: "drain-1") { done total } }' },
      { next: (m) => resolve((m.data as { ingestProgress: { done: number; total: number } }).ingestProgress), error: () => undefined, complete: () => undefined },
    ));
    await new Promise((r) => setTimeout(r, 200)); // let the subscription register before the batch starts
    const mutation = t.gql<{ ingestDocuments: { created: number; failed: number } }>(
      `mutation($d: [IngestDocumentInput!]!) { ingestDocuments(inputs: $d, batchId: "drain-1") { created failed } }`, { d: docs });
    const progress = await firstProgress;
    expect(progress.done).toBeLessThan(progress.total); // the stop really lands mid-batch
    const stopping = Promise.all([t.server.stop(), t.app.ingest.drain()]);
    const res = await mutation;
    await stopping;
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.ingestDocuments).toEqual({ created: 40, failed: 0 });
    expect(await closed).toBe(1001);
    expect((await t.app.stores.documents.counts()).documents).toBe(40);
    await expect(t.app.ingest.ingest(generateFirs(1, 9))).rejects.toMatchObject({ extensions: { code: 'STORE_UNAVAILABLE' } });
  });
});
