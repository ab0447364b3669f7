import type { App } from './app';

export type SeedState = 'PENDING' | 'RUNNING' | 'DONE' | 'FAILED';

/**
 * Where this process's start is: loading models and opening stores, then loading seeds/ in the background.
 * Health and /readyz read it; search has its full corpus once the state is DONE.
 */
export class StartupStatus {
  state: SeedState = 'PENDING';
  phase = 'starting: loading models and opening stores';
  /** Seed documents gone through this start (created, unchanged or failed), of those it goes through. */
  documentsDone = 0;
  documentsTotal = 0;
  documentsFailed = 0;
  detail: string | null = null;

  constructor(readonly profile: string) {}

  get ready(): boolean {
    return this.state === 'DONE';
  }

  update(p: Partial<Pick<StartupStatus, 'state' | 'phase' | 'documentsDone' | 'documentsTotal' | 'documentsFailed' | 'detail'>>): void {
    Object.assign(this, p);
  }

  snapshot() {
    const { state, phase, documentsDone, documentsTotal, documentsFailed, detail } = this;
    return { state, phase, documentsDone, documentsTotal, documentsFailed, detail };
  }
}

// One start per app, and one before the app exists: the server answers health while its app is being created.
const byApp = new WeakMap<App, StartupStatus>();
let booting: StartupStatus | undefined;

/** Records the start under way: without an app while it is being created, then for that app. */
export function trackStartup(status: StartupStatus, app?: App): void {
  if (app) byApp.set(app, status);
  booting = app ? undefined : status;
}

/** The start of this app (or of the app still being created); undefined for apps made without one (tests, CLI). */
export function startupOf(app: App | undefined): StartupStatus | undefined {
  return app ? byApp.get(app) : booting;
}

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

const plainProbe = probe;

/**
 * While the seed loads, a probe slower than this answers with the store's previous result (marked with its age) while it finishes:
 * Neo4j took up to 2.3 s to count while the seed wrote the statute graph, and health must answer well within a second.
 */
const PROMPT_MS = 500;
const lastProbes = new WeakMap<App, Map<string, { at: number; health: ComponentHealth }>>();
// One probe per store at a time: callers polling a slow store share it instead of piling more work on the store.
const inflight = new WeakMap<App, Map<string, Promise<ComponentHealth>>>();

async function promptProbe(app: App, name: string, fn: () => Promise<string | null | void>): Promise<ComponentHealth> {
  let last = lastProbes.get(app);
  if (!last) lastProbes.set(app, (last = new Map()));
  let running = inflight.get(app);
  if (!running) inflight.set(app, (running = new Map()));
  const full = running.get(name) ?? probe(name, fn).then((health) => {
    last.set(name, { at: Date.now(), health });
    running.delete(name);
    return health;
  });
  running.set(name, full);
  const previous = last.get(name);
  if (!previous) return full;
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), PROMPT_MS).unref());
  const ageS = Math.round((Date.now() - previous.at) / 100) / 10;
  return (await Promise.race([full, late])) ?? {
    ...previous.health, latencyMs: null, detail: `${previous.health.detail ?? ''} (as of ${ageS} s ago: this probe is taking over ${PROMPT_MS} ms)`.trim(),
  };
}

/** Each store is pinged (with a timeout) and each model reported as loaded or skipped. */
export async function checkHealth(app: App): Promise<ComponentHealth[]> {
  const { stores } = app;
  const sqlName = stores.sql.kind === 'pglite' ? 'documents:pglite' : 'documents:postgres';
  // Only while the seed loads: afterwards a slow probe is news (a store going down), never to be hidden by an old answer.
  const seeding = startupOf(app)?.ready === false;
  const probe = (name: string, fn: () => Promise<string | null | void>) => (seeding ? promptProbe(app, name, fn) : plainProbe(name, fn));
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
