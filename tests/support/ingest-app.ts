import { createApp, type App } from '../../src/app/app';
import { loadStatuteGraph } from '../../src/seeds/seed';
import { dropTestStores, testConfig, uniqueNamespace, type Profile } from './profiles';

/** The real app (real embedder, real stores) in a namespace of its own, with the statute graph loaded. */
export async function openIngestApp(profile: Profile, env: Record<string, string> = {}): Promise<App> {
  const app = await createApp(testConfig(profile, { RERANKER_MODEL: 'none', ...env }), { namespace: uniqueNamespace('ing'), inMemory: true });
  await loadStatuteGraph(app.stores.graph, app.catalogue);
  return app;
}

export async function closeIngestApp(app: App | undefined): Promise<void> {
  if (!app) return;
  await app.sync.stop();
  await dropTestStores(app.stores);
}

/** What every store holds for one document: used to prove the stores agree. */
export async function storeState(app: App, id: string) {
  const { documents, vector, graph } = app.stores;
  const [doc] = await documents.getDocuments([id]);
  const chunks = await documents.chunksOfDocuments([id]);
  const vectorIds = (await vector.documentIds()).includes(id);
  const cites = (await graph.citationsOf([id])).map((c) => `${c.sectionId}${c.inferred ? '*' : ''}`);
  return { exists: !!doc, hash: doc?.contentHash ?? null, chunks: chunks.map((c) => c.id), inVector: vectorIds, cites };
}
