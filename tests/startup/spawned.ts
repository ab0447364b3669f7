import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../src/util/free-port';
import { EMBEDDING_MODEL, MODELS_DIR, type Profile } from '../support/profiles';

export { freePort };

const ROOT = path.resolve(__dirname, '../..');
const ENTRY = path.join(ROOT, 'dist/src/index.js');

/** These tests run what `npm start` runs: the compiled server. Builds it when missing or older than src/. */
/** dist/ as `npm start` would build it: compiled only when a source changed (scripts/build-if-stale.js). */
export function ensureBuilt(): void {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-if-stale.js')], { cwd: ROOT, stdio: 'inherit', timeout: 300_000 });
}

export interface Seed { state: string; phase: string; documentsDone: number; documentsTotal: number; documentsFailed: number; detail: string | null }
export interface Health { ready: boolean; seed: Seed | null; components: { name: string; status: string; detail: string | null }[] }

/** What every store holds, read from health's component details. */
export interface Counts { documents: number; chunks: number; pending: number; vectors: number; sections: number; graphDocuments: number; cites: number; equivalences: number }

export function countsOf(h: Health): Counts {
  const detail = (prefix: string) => h.components.find((c) => c.name.startsWith(prefix))?.detail ?? '';
  const num = (text: string, label: string) => Number(new RegExp(`(\\d+) ${label}`).exec(text)?.[1] ?? NaN);
  const docs = detail('documents:');
  const graph = detail('graph');
  return {
    documents: num(docs, 'documents'), chunks: num(docs, 'chunks'), pending: num(docs, 'pending'),
    vectors: num(detail('vector'), 'vectors'),
    sections: num(graph, 'sections'), graphDocuments: num(graph, 'documents'), cites: num(graph, 'citations'), equivalences: num(graph, 'equivalences'),
  };
}

export interface Spawned {
  child: ChildProcess;
  port: number;
  startedAt: number;
  /** Log messages (pino `msg`) so far, in order. */
  logs(): string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** `{ health }`, with how long it took; null when no answer came within `timeoutMs`. */
  health(timeoutMs?: number): Promise<{ ms: number; health: Health } | null>;
  readyz(): Promise<number | null>;
  healthz(): Promise<number | null>;
}

const HEALTH = '{ health { ready seed { state phase documentsDone documentsTotal documentsFailed detail } components { name status detail } } }';

/** `node dist/src/index.js`, as `npm start` runs it, on `dataDir` (embedded) or namespace `ns` (services). */
export async function spawnServer(profile: Profile, opts: { dataDir: string; ns: string; seedLimit: number; env?: Record<string, string> }): Promise<Spawned> {
  const port = await freePort();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    STORE: profile, DATA_DIR: opts.dataDir, PORT: String(port), HOST: '127.0.0.1',
    DB_SCHEMA: opts.ns, CHROMA_COLLECTION: `${opts.ns}_chunks`, NEO4J_NAMESPACE: opts.ns,
    MODELS_DIR, EMBEDDING_MODEL, ALLOW_REMOTE_MODELS: 'false', RERANKER_MODEL: 'none',
    SEED_ON_START: 'true', SEED_LIMIT: String(opts.seedLimit), LOG_LEVEL: 'info', NODE_ENV: 'development',
    ...(opts.env ?? {}),
  };
  const startedAt = Date.now();
  const child = spawn(process.execPath, [ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  const messages: string[] = [];
  let rest = '';
  child.stderr!.on('data', (b: Buffer) => {
    const lines = (rest + b.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      try {
        messages.push(String((JSON.parse(line) as { msg?: string }).msg ?? ''));
      } catch {
        messages.push(line);
      }
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() }));
  });
  const base = `http://127.0.0.1:${port}`;
  const get = async (p: string) => {
    try {
      return (await fetch(base + p, { signal: AbortSignal.timeout(5000) })).status;
    } catch {
      return null;
    }
  };
  return {
    child, port, startedAt, exited,
    logs: () => [...messages],
    async health(timeoutMs = 5000) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${base}/graphql`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: HEALTH }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const body = (await res.json()) as { data?: { health: Health } };
        return body.data ? { ms: performance.now() - t0, health: body.data.health } : null;
      } catch {
        return null;
      }
    },
    readyz: () => get('/readyz'),
    healthz: () => get('/healthz'),
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `{ health }` until `done` says so (or fails the test after `limitMs`), handing every answer to `seen`. */
export async function pollHealth(s: Spawned, done: (h: Health) => boolean, limitMs: number, seen?: (a: { ms: number; health: Health }) => void): Promise<Health> {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    const a = await s.health();
    if (a) {
      seen?.(a);
      if (done(a.health)) return a.health;
    }
    if (s.child.exitCode !== null) throw new Error(`the server exited (${s.child.exitCode}); log:\n${s.logs().slice(-20).join('\n')}`);
    await sleep(200);
  }
  throw new Error(`health did not reach the expected state within ${limitMs} ms; log:\n${s.logs().slice(-20).join('\n')}`);
}

/** The counts from an answer in which every store answered its probe afresh (a slow one answers with its last result). */
export async function freshCounts(s: Spawned): Promise<Counts> {
  const h = await pollHealth(s, (x) => x.components.length > 0 && x.components.every((c) => !/\(as of /.test(c.detail ?? '')), 60_000);
  return countsOf(h);
}

/** Ends a server a test left running (and waits for it), so no process outlives its test. */
export async function kill(s: Spawned | undefined): Promise<void> {
  if (!s || s.child.exitCode !== null || s.child.signalCode !== null) return;
  s.child.kill('SIGKILL');
  await s.exited;
}
