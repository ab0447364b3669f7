import { IndexSync } from '../../src/index-sync/index-sync';
import { openStores, type Stores } from '../../src/stores/open-stores';
import type { OutboxEntry } from '../../src/stores/documents/document.store';
import { chunk, doc, DIMS } from '../contract/fixtures';
import { dropTestStores, openTestStores, PROFILES, testConfig, uniqueNamespace } from '../support/profiles';

const key = (e: OutboxEntry) => `${e.documentId}:${e.target}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Issue 28: several processes apply one outbox. Two store handles on one namespace stand for two instances (on the
 * services profile: two connection pools, two Chroma clients, two Neo4j drivers). Entries are leased with
 * FOR UPDATE SKIP LOCKED, completed only by their holder, and taken over once a holder's lease runs out.
 */
describe.each(PROFILES)('outbox claims (%s)', (profile) => {
  let a: Stores;
  let b: Stores;
  beforeAll(async () => {
    const ns = uniqueNamespace('obx');
    a = await openTestStores(profile, DIMS, ns);
    b = await openStores(testConfig(profile), { namespace: ns, inMemory: true, dims: DIMS });
  });
  afterAll(async () => {
    await b?.close();
    await dropTestStores(a);
  });

  const save = async (ids: string[]) => {
    for (const id of ids) await a.documents.save(doc(id), [chunk(id, 0, `Text of ${id}`), chunk(id, 1, `More of ${id}`)], ['vector', 'graph']);
  };
  const drain = async () => {
    const left = await a.documents.claimOutbox('drain', 60, 10_000);
    await a.documents.completeOutboxMany(left);
  };

  it('two claimers at once take disjoint entries, and together all of them', async () => {
    await save(Array.from({ length: 10 }, (_, i) => `c${i}`));
    // Which claimer locks rows first is up to the server: the one that comes second skips them (it may get none).
    const [x, y] = await Promise.all([a.documents.claimOutbox('A#1', 30, 7), b.documents.claimOutbox('B#1', 30, 100)]);
    expect(x.length).toBeLessThanOrEqual(7);
    expect(x.every((e) => e.claimedBy === 'A#1') && y.every((e) => e.claimedBy === 'B#1')).toBe(true);
    expect(x.map(key).filter((k) => y.map(key).includes(k))).toEqual([]);
    expect(new Set([...x, ...y].map(key)).size).toBe(20);
    // Nothing is left for a third claimer while the leases run.
    expect(await a.documents.claimOutbox('C#1', 30, 100)).toEqual([]);
    await a.documents.completeOutboxMany(x);
    await b.documents.completeOutboxMany(y);
    expect((await a.documents.counts()).pending).toBe(0);
  });

  it('only the holder completes an entry; one re-queued while held is released, not lost', async () => {
    await save(['h1']);
    const held = await a.documents.claimOutbox('A#2', 30, 10);
    expect(held.map(key).sort()).toEqual(['h1:graph', 'h1:vector']);
    await b.documents.completeOutboxMany(held.map((e) => ({ ...e, claimedBy: 'B#2' })));
    await b.documents.completeOutboxMany(held.map((e) => ({ ...e, claimedBy: undefined })));
    expect((await a.documents.counts()).pending).toBe(2);

    // A newer write while A applies: A's completion must keep the new work, and hand it over at once.
    await save(['h1']);
    await a.documents.completeOutboxMany(held);
    expect((await a.documents.counts()).pending).toBe(2);
    const again = await b.documents.claimOutbox('B#3', 30, 10);
    expect(again.map(key).sort()).toEqual(['h1:graph', 'h1:vector']);
    await b.documents.completeOutboxMany(again);
    expect((await a.documents.counts()).pending).toBe(0);
  });

  it('a failure releases the entry with back-off; a holder that stops renewing loses its entries to the next claim', async () => {
    await save(['f1']);
    const [e] = (await a.documents.claimOutbox('A#4', 30, 10)).filter((x) => x.target === 'vector');
    await a.documents.failOutbox(e, 'vector store down');
    const [row] = await a.sql.query<{ claimed_by: string | null; attempts: number }>(
      `SELECT claimed_by, attempts FROM {S}.outbox WHERE document_id = 'f1' AND target = 'vector'`);
    expect(row).toEqual({ claimed_by: null, attempts: 1 });
    await a.documents.retryOutboxNow();
    await a.documents.releaseOutbox('A#4');

    const dying = await a.documents.claimOutbox('A#5', 0.5, 10);
    expect(dying).toHaveLength(2);
    expect(await b.documents.claimOutbox('B#5', 30, 10)).toEqual([]);
    await sleep(800);
    const taken = await b.documents.claimOutbox('B#5', 30, 10);
    expect(taken.map(key).sort()).toEqual(dying.map(key).sort());
    // The old holder comes back too late: its completion is not the new holder's.
    await a.documents.completeOutboxMany(dying);
    expect((await a.documents.counts()).pending).toBe(2);
    await b.documents.completeOutboxMany(taken);
    expect((await a.documents.counts()).pending).toBe(0);
  });

  it('two syncs applying at once write each document to each store once', async () => {
    const ids = Array.from({ length: 24 }, (_, i) => `s${String(i).padStart(2, '0')}`);
    await save(ids);
    const written: Record<string, string[]> = { vector: [], graph: [] };
    for (const s of [a, b]) {
      const replace = s.vector.replaceDocuments.bind(s.vector);
      s.vector.replaceDocuments = async (docs) => {
        written.vector.push(...docs.map((d) => d.documentId));
        return replace(docs);
      };
      const sync = s.graph.syncDocuments.bind(s.graph);
      s.graph.syncDocuments = async (docs) => {
        written.graph.push(...docs.map((d) => d.id));
        return sync(docs);
      };
    }
    const one = new IndexSync(a, { instance: 'one' });
    const two = new IndexSync(b, { instance: 'two' });
    const everything: string[] | undefined = undefined;
    const loop = async (sync: IndexSync) => {
      for (let i = 0; i < 50 && (await sync.apply(everything, 5)).pending > 0;) i++;
    };
    await Promise.all([loop(one), loop(two)]);
    expect((await a.documents.counts()).pending).toBe(0);
    expect(written.vector.filter((id) => ids.includes(id)).sort()).toEqual(ids);
    expect(written.graph.filter((id) => ids.includes(id)).sort()).toEqual(ids);
    const held = new Set(await a.vector.documentIds());
    expect(ids.every((id) => held.has(id))).toBe(true);
  });

  it('an apply for some documents waits for the pass that holds them, so they are indexed when it returns', async () => {
    await drain();
    await save(['w1']);
    const other = await b.documents.claimOutbox('B#6', 30, 10);
    expect(other).toHaveLength(2);
    let returned = false;
    const applying = new IndexSync(a, { instance: 'waiter' }).apply(['w1']).then((r) => {
      returned = true;
      return r;
    });
    await sleep(600);
    expect(returned).toBe(false);
    // The other pass finishes (as if it had indexed w1) and completes its entries.
    await b.documents.completeOutboxMany(other);
    const report = await applying;
    expect(returned).toBe(true);
    expect(report.pending).toBe(0);
  });
});
