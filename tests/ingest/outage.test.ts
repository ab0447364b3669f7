import type { App } from '../../src/app/app';
import type { DocumentInput } from '../../src/domain/document.types';
import { servicesEnabled } from '../support/profiles';
import { closeIngestApp, openIngestApp, storeState } from '../support/ingest-app';
import { startServer, stopServer } from '../support/servers';

const describeServices = servicesEnabled ? describe : describe.skip;

const docs = (prefix: string): DocumentInput[] => Array.from({ length: 6 }, (_, i) => ({
  id: `${prefix}-${i}`, type: 'FIR', title: `FIR ${i}/2024 theft`, date: '2024-09-0' + (i + 1), district: 'Surat',
  parts: [{ name: 'incident', text: `Motorcycle number GJ-05-AB-10${i}${i} stolen from the parking; offence u/s 303(2) BNS.` }],
}));

async function expectAllStoresAgree(app: App, ids: string[]) {
  for (const id of ids) {
    expect(await storeState(app, id)).toEqual({ exists: true, hash: expect.any(String), chunks: [`${id}#0`], inVector: true, cites: ['BNS:303'] });
  }
  expect((await app.stores.documents.counts()).pending).toBe(0);
}

/**
 * These stop a real server in the middle of a batch and start it again: the document store (the source of
 * truth) keeps every document, the outbox keeps the index work, and after the server returns the stores agree.
 */
jest.setTimeout(300_000);

describeServices('a server stopped in the middle of an ingest (services)', () => {
  let app: App;
  beforeAll(async () => {
    app = await openIngestApp('services');
  });
  afterAll(() => closeIngestApp(app));

  it.each(['chroma', 'neo4j'] as const)('loses nothing when %s stops and converges when it returns', async (server) => {
    const batch = docs(`outage-${server}`);
    let stopped = false;
    try {
      const results = await app.ingest.ingest(batch, {
        groupSize: 2,
        onProgress: (p) => {
          if (!stopped && p.done === 2) {
            stopServer(server);
            stopped = true;
          }
        },
      });
      expect(stopped).toBe(true);
      expect(results.map((r) => r.status)).toEqual(batch.map(() => 'CREATED'));
      const { documents, pending } = await app.stores.documents.counts();
      expect(documents).toBeGreaterThanOrEqual(6);
      expect(pending).toBeGreaterThanOrEqual(4);
    } finally {
      startServer(server);
    }
    await app.stores.documents.retryOutboxNow();
    for (let i = 0; i < 20 && (await app.stores.documents.counts()).pending > 0; i++) {
      await app.sync.apply();
      if ((await app.stores.documents.counts()).pending > 0) {
        await new Promise((r) => setTimeout(r, 1000));
        await app.stores.documents.retryOutboxNow();
      }
    }
    await expectAllStoresAgree(app, batch.map((d) => d.id!));
    // Re-ingesting the same batch afterwards is a no-op: nothing duplicated.
    expect((await app.ingest.ingest(batch)).map((r) => r.status)).toEqual(batch.map(() => 'UNCHANGED'));
    expect(await app.stores.vector.count()).toBe(server === 'chroma' ? 6 : 12);
  });

  it('the reconciler queues documents a store lost entirely', async () => {
    await app.stores.graph.deleteDocument('outage-chroma-0');
    await app.stores.vector.deleteDocument('outage-neo4j-1');
    expect(await app.sync.reconcile()).toEqual({ queued: 2 });
    await app.sync.apply();
    await expectAllStoresAgree(app, ['outage-chroma-0', 'outage-neo4j-1']);
  });
});
