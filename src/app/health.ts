import type { App } from './app';

export type ComponentStatus = 'up' | 'down' | 'skipped';

export interface ComponentHealth {
  name: string;
  kind: 'store' | 'model';
  status: ComponentStatus;
  latencyMs: number | null;
  detail: string | null;
}

async function probe(name: string, fn: () => Promise<string | null | void>): Promise<ComponentHealth> {
  const t0 = performance.now();
  try {
    const detail = await Promise.race([
      fn(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out after 3000 ms')), 3000).unref()),
    ]);
    return { name, kind: 'store', status: 'up', latencyMs: Math.round((performance.now() - t0) * 10) / 10, detail: detail ?? null };
  } catch (err) {
    return { name, kind: 'store', status: 'down', latencyMs: null, detail: (err as Error).message.split('\n')[0] };
  }
}

/** Each store is pinged (with a timeout) and each model reported as loaded or skipped. */
export async function checkHealth(app: App): Promise<ComponentHealth[]> {
  const { stores } = app;
  const sqlName = stores.sql.kind === 'pglite' ? 'documents:pglite' : 'documents:postgres';
  const stores$ = await Promise.all([
    probe(sqlName, async () => {
      const c = await stores.documents.counts();
      return `${c.documents} documents, ${c.chunks} chunks, ${c.pending} pending index updates`;
    }),
    probe(stores.vector.name, async () => `${await stores.vector.count()} vectors`),
    probe(stores.graph.name, async () => {
      const c = await stores.graph.counts();
      return `${c.sections} sections, ${c.documents} documents, ${c.cites} citations, ${c.equivalences} equivalences`;
    }),
  ]);
  const models: ComponentHealth[] = [
    { name: `embedder:${app.embedder.info.model}`, kind: 'model', status: 'up', latencyMs: null, detail: `${app.embedder.info.dims} dims, ${app.embedder.info.source.where}` },
    {
      name: `reranker:${app.config.rerankerModel}`, kind: 'model', status: app.rerank.status, latencyMs: null,
      detail: app.rerank.reason ?? app.rerank.reranker?.source.where ?? null,
    },
  ];
  return [...stores$, ...models];
}
