import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { createApp, type App } from '../app/app';
import { mintToken } from '../auth/token';
import type { Config } from '../config/config';
import type { DocumentInput } from '../domain/document.types';
import { getSchema } from '../graphql/schema';
import { loadStatuteGraph } from '../seeds/seed';
import { generateFirs } from '../seeds/synthetic-fir';
import { startServer } from '../server/http.server';
import { MemoryKeywordIndex } from '../stores/keyword/memory-keyword.index';
import { openPglite } from '../stores/sql/pglite.client';
import { fromRoot } from '../util/paths';
import { machine, percentile, writeResult } from './bench-env';

/**
 * `npm run bench:load`: a real server (HTTP and graphql-ws on loopback) under concurrent searches and askStreams,
 * then the memory a batch of long documents leaves behind. Run with `node --expose-gc` for the GC figures as such;
 * without the flag the same collector is reached through V8's flags (see `collect`).
 */
export interface LoadBenchOptions {
  /** Concurrent clients per level, and the searches each level sends (one count per level). */
  levels: number[]; requests: number[]; firs: number; docs: number; docKiB: number;
  /** A level stops taking new requests after this long, so a slow machine cannot run away with the clock. */
  levelSeconds: number;
}

/** Offences, lookups and narratives per language; a place and a time vary each, so no two texts repeat and the cache never answers. */
const QUERIES = {
  en: {
    bases: ['punishment for theft of a mobile phone', 'house breaking at night', 'cheating by impersonation', 'dowry death of a married woman', 'rash driving causing death',
      'kidnapping of a minor girl', 'anticipatory bail procedure', 'criminal intimidation by anonymous letter', 'Section 420 IPC', 'BNS 303 theft', 'electronic evidence certificate',
      'assault on a public servant on duty', 'The accused snatched a gold chain from a woman near the temple and fled on a motorcycle'],
    places: ['in Surat', 'at Rajkot', 'near Vadodara', 'in Ahmedabad', 'at Bhavnagar', 'in Jamnagar', 'near Anand', 'in Kutch'],
    times: ['last night', 'on Monday', 'in March', 'yesterday', 'this week'],
  },
  hi: {
    bases: ['चोरी की सजा', 'दहेज मृत्यु', 'धारा 498-ए', 'घर में घुसकर मारपीट', 'नाबालिग लड़की का अपहरण', 'आरोपी ने ऑनलाइन लिंक भेजकर खाते से पैसे निकाल लिए'],
    places: ['सूरत में', 'राजकोट में', 'वडोदरा के पास', 'अहमदाबाद में', 'भावनगर में', 'जामनगर में', 'आणंद के पास', 'कच्छ में'],
    times: ['कल रात', 'सोमवार को', 'मार्च में', 'कल', 'इस हफ्ते'],
  },
  gu: {
    bases: ['ચોરી માટે સજા', 'ખૂન કેસ', 'ઘરફોડ ચોરી', 'દહેજ માટે ત્રાસ', 'છેતરપિંડી કરીને પૈસા પડાવ્યા', 'આરોપીએ છરી બતાવી ફરિયાદી પાસેથી મોબાઈલ લૂંટી લીધો'],
    places: ['સુરતમાં', 'રાજકોટમાં', 'વડોદરા પાસે', 'અમદાવાદમાં', 'ભાવનગરમાં', 'જામનગરમાં', 'આણંદ પાસે', 'કચ્છમાં'],
    times: ['ગઈ રાત્રે', 'સોમવારે', 'માર્ચમાં', 'ગઈકાલે', 'આ અઠવાડિયે'],
  },
};
const BASES = Object.values(QUERIES).flatMap((q) => q.bases.map((text) => ({ text, q })));

/** The i-th query text: a mixed-radix count over base × place × time, so every i below the product is distinct. */
export function loadQuery(i: number): string {
  const b = BASES.length;
  if (i >= b * 40) throw new Error(`only ${b * 40} distinct benchmark queries`);
  const { text, q } = BASES[i % b];
  return `${text} ${q.places[Math.floor(i / b) % 8]} ${q.times[Math.floor(i / (b * 8)) % 5]}`;
}

const SEARCH = `query S($input: SearchInput!) { search(input: $input) {
  hits { citation text scores { dense keyword fused } document { id title type } } stages { name ms status } cached } }`;
const ASK = 'subscription A($input: AskInput!) { askStream(input: $input) { kind error { code message } } }';
const INGEST = 'mutation I($inputs: [IngestDocumentInput!]!) { ingestDocuments(inputs: $inputs) { results { error { message } } } }';

const round = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;
const pct = (xs: number[]) => ({ p50: round(percentile(xs, 50)), p95: round(percentile(xs, 95)), max: round(Math.max(0, ...xs)) });
const load1 = () => Math.round(os.loadavg()[0] * 100) / 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `n` tasks with `c` in flight, each worker on its own slot (its own socket for askStream); none starts after `until`. */
async function pool<T>(n: number, c: number, until: number, task: (i: number, worker: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(c, n) }, async (_x, w) => {
    while (next < n && performance.now() < until) out.push(await task(next++, w));
  }));
  return out;
}

export interface Bench { app: App; url: string; token: string; dataDir: string; stop(): Promise<void> }

/**
 * A server as `npm start` runs it (embedded profile, PGlite on disk, index sync on) in a fresh DATA_DIR and schema.
 * The corpus is loaded in process, with the passage memo, then the memo is dropped: the server never holds one.
 */
export async function startBench(config: Config, firs: number, log: (s: string) => void): Promise<Bench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nyaya-load-'));
  const cfg: Config = { ...config, store: 'embedded', dataDir, askRatePerMinute: 100000 };
  const app = await createApp(cfg, { namespace: `load_${Date.now().toString(36)}` }, { modelThread: true });
  await loadStatuteGraph(app.stores.graph, app.catalogue);
  if (process.env.EVAL_EMBEDDING_CACHE !== 'off') app.embedder.useCache(process.env.EVAL_EMBEDDING_CACHE ?? fromRoot('.cache', 'embeddings'));
  log(`[bench:load] indexing bare acts and ${firs} synthetic FIRs`);
  await app.ingest.ingest([...app.catalogue.bareActDocuments(), ...generateFirs(firs, 11)], { groupSize: 64 });
  app.embedder.useCache(null);
  if (app.stores.keyword instanceof MemoryKeywordIndex) await app.stores.keyword.whenReady();
  await app.search.warm();
  app.sync.start();
  const server = await startServer(app, await getSchema(), 0, '127.0.0.1');
  const token = await mintToken(app.config.auth, { sub: 'bench-load', role: 'ADMIN', districts: [] }, '2h');
  return {
    app, url: server.url, token, dataDir,
    stop: async () => { await server.stop(); await app.close(); fs.rmSync(dataDir, { recursive: true, force: true }); },
  };
}

export async function post<T>(b: Bench, query: string, variables: Record<string, unknown>): Promise<T> {
  const send = () => fetch(b.url, {
    method: 'POST', signal: AbortSignal.timeout(120_000),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${b.token}` },
    body: JSON.stringify({ query, variables }),
  });
  // A keep-alive socket the server closed while its loop was busy is the client's stale socket, not an answer: resend, as tests/support does.
  const res = await send().catch((err: { cause?: { code?: string } }) => (err.cause?.code === 'ECONNRESET' ? send() : Promise.reject(err)));
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length || !body.data) throw new Error(body.errors?.[0]?.message ?? `HTTP ${res.status}`);
  return body.data;
}

/**
 * What the process did while a level ran: CPU cores used and event-loop utilisation (1.0: the main thread was never
 * idle, so requests queued behind it whatever the cores).
 */
async function observed<T>(fn: () => Promise<T>) {
  const [elu, cpu, loadAverage, t0] = [performance.eventLoopUtilization(), process.cpuUsage(), load1(), performance.now()];
  const result = await fn();
  const [seconds, used] = [(performance.now() - t0) / 1000, process.cpuUsage(cpu)];
  return {
    result, seconds, loadAverage, cores: round2((used.user + used.system) / 1e6 / seconds),
    eventLoopUtilisation: round2(performance.eventLoopUtilization(elu).utilization),
  };
}

export async function searchLevel(b: Bench, c: number, n: number, offset: number, seconds: number) {
  type Data = { search: { stages: { name: string; ms: number; status: string }[]; cached: boolean } };
  const o = await observed(() => pool(n, c, performance.now() + seconds * 1000, async (i) => {
    const t0 = performance.now();
    const d = await post<Data>(b, SEARCH, { input: { query: loadQuery(offset + i), topK: 10 } }).catch((err: Error) => err);
    return d instanceof Error ? { ms: performance.now() - t0, error: `${d.message} ${(d.cause as { code?: string } | undefined)?.code ?? ''}`.trim() } : { ms: performance.now() - t0, ...d.search };
  }));
  const ok = o.result.filter((r) => !('error' in r)) as ({ ms: number } & Data['search'])[];
  const stageMs: Record<string, number[]> = {};
  // How many searches the cross-encoder reordered: under load some keep the fused order (TIMED_OUT).
  const rerank: Record<string, number> = {};
  for (const r of ok) {
    for (const s of r.stages) (stageMs[s.name] ??= []).push(s.ms);
    const st = r.stages.find((s) => s.name === 'rerank')?.status ?? 'none';
    rerank[st] = (rerank[st] ?? 0) + 1;
  }
  return {
    concurrency: c, requests: o.result.length, errors: o.result.length - ok.length, cached: ok.filter((r) => r.cached).length,
    firstError: (o.result.find((r) => 'error' in r) as { error?: string } | undefined)?.error ?? null,
    searchesPerSecond: round2(ok.length / o.seconds), latencyMs: pct(ok.map((r) => r.ms)),
    stagesMs: Object.fromEntries(Object.entries(stageMs).map(([k, v]) => [k, pct(v)])), rerank,
    seconds: round(o.seconds), loadAverage: o.loadAverage, cores: o.cores, eventLoopUtilisation: o.eventLoopUtilisation,
  };
}

/** One askStream to its end: the time to its first event (ANALYSIS, after the search) and to DONE. */
function askOnce(client: Client, query: string): Promise<{ first: number; done: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let first = 0;
    const fail = (e: unknown) => { clearTimeout(timer); stop(); reject(e instanceof Error ? e : new Error(JSON.stringify(e))); };
    const timer = setTimeout(() => fail(new Error('askStream took over 120 s')), 120_000);
    const stop = client.subscribe<{ askStream: { kind: string; error: { message: string } | null } }>({ query: ASK, variables: { input: { query } } }, {
      next: (r) => {
        first ||= performance.now() - t0;
        if (r.errors?.length || r.data?.askStream.kind === 'ERROR') fail(new Error(r.errors?.[0]?.message ?? r.data?.askStream.error?.message));
      }, error: fail,
      complete: () => { clearTimeout(timer); resolve({ first, done: performance.now() - t0 }); },
    });
  });
}

async function askLevel(b: Bench, c: number, n: number, offset: number, seconds: number) {
  const clients = Array.from({ length: c }, () => createClient({
    url: b.url.replace('http', 'ws'), webSocketImpl: WebSocket, retryAttempts: 0, lazy: true, connectionParams: { authorization: `Bearer ${b.token}` },
  }));
  try {
    const o = await observed(() => pool(n, c, performance.now() + seconds * 1000, (i, w) => askOnce(clients[w], loadQuery(offset + i))));
    return {
      concurrency: c, streams: o.result.length, firstEventMs: pct(o.result.map((r) => r.first)), doneMs: pct(o.result.map((r) => r.done)),
      seconds: round(o.seconds), loadAverage: o.loadAverage, cores: o.cores, eventLoopUtilisation: o.eventLoopUtilisation,
    };
  } finally {
    await Promise.all(clients.map((c) => c.dispose()));
  }
}

/** A full GC: `global.gc` under `node --expose-gc`, otherwise the same function obtained through V8's flags. */
export function collect(): void {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) return g();
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

/** Where the process's memory is: V8's heap, off-heap buffers, PGlite's WebAssembly heap and the keyword postings. */
export async function memory(b: Bench) {
  const mib = (x: number) => Math.round(x / 2 ** 20);
  const m = process.memoryUsage();
  const pg = (await openPglite(path.join(b.dataDir, 'pglite'))) as unknown as { mod?: { HEAPU8?: Uint8Array } };
  const kw = b.app.stores.keyword instanceof MemoryKeywordIndex ? b.app.stores.keyword.stats() : null;
  return {
    at: new Date().toISOString(), rssMiB: mib(m.rss), heapUsedMiB: mib(m.heapUsed), heapTotalMiB: mib(m.heapTotal), externalMiB: mib(m.external),
    arrayBuffersMiB: mib(m.arrayBuffers), pgliteWasmHeapMiB: pg.mod?.HEAPU8 ? mib(pg.mod.HEAPU8.byteLength) : null,
    keywordPostingsMiB: kw ? mib(kw.bytes) : null, chunks: (await b.app.stores.documents.counts()).chunks,
  };
}

/** A long FIR of about `kib` KiB (UTF-8): the parts of consecutive synthetic FIRs of one language, none used twice. */
export function bigFirs(n: number, kib: number): DocumentInput[] {
  const pool = generateFirs(Math.ceil(n * kib * 1.2), 23);
  const next = { en: 0, hi: 0, gu: 0 };
  return Array.from({ length: n }, (_x, i) => {
    const lang = (['en', 'hi', 'gu'] as const)[i % 3];
    const paragraphs: string[] = [];
    for (let bytes = 0; bytes < kib * 1024 && next[lang] < pool.length; next[lang]++) {
      if (pool[next[lang]].language !== lang) continue;
      for (const p of pool[next[lang]].parts ?? []) bytes += Buffer.byteLength(paragraphs[paragraphs.push(p.text) - 1]) + 2;
    }
    return { id: `load-big-${i}`, type: 'FIR', title: `FIR ${1000 + i}/2024 (load benchmark)`, language: lang, date: '2024-09-01', district: 'Surat',
      parts: [{ name: 'incident', text: paragraphs.join('\n\n') }] } as DocumentInput;
  });
}

async function memoryPhase(b: Bench, docs: number, kib: number, log: (s: string) => void) {
  collect();
  const before = await memory(b);
  const t0 = performance.now();
  // Two documents per request keeps a request well under REQUEST_MAX_BYTES, as a client uploading files would.
  const [all, failed] = [bigFirs(docs, kib), [] as string[]];
  for (let i = 0; i < all.length; i += 2) {
    const r = await post<{ ingestDocuments: { results: { error: { message: string } | null }[] } }>(b, INGEST, { inputs: all.slice(i, i + 2) });
    failed.push(...r.ingestDocuments.results.flatMap((x) => (x.error ? [x.error.message] : [])));
    log(`[bench:load] ingested ${Math.min(i + 2, all.length)}/${all.length} documents of ~${kib} KiB, RSS ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB`);
  }
  const [seconds, afterIngest] = [round((performance.now() - t0) / 1000), await memory(b)];
  collect();
  await sleep(10_000);
  collect();
  return { documents: docs, docKiB: kib, failed, seconds, before, afterIngest, afterGcAndIdle: await memory(b), heap: v8.getHeapStatistics() };
}

export async function runLoadBench(config: Config, o: LoadBenchOptions, log: (s: string) => void) {
  const loadAtStart = load1();
  const b = await startBench(config, o.firs, log);
  try {
    const chunks = (await b.app.stores.documents.counts()).chunks;
    // Each level reads on in the query list, so no text is sent twice in a run.
    let offset = 0;
    const search = [];
    for (const [j, c] of o.levels.entries()) {
      const n = o.requests[j] ?? o.requests[o.requests.length - 1];
      log(`[bench:load] ${n} searches at concurrency ${c} over ${chunks} chunks (load average ${load1()})`);
      search.push(await searchLevel(b, c, n, (offset += n) - n, o.levelSeconds));
      log(`[bench:load] ${JSON.stringify(search[search.length - 1])}`);
    }
    const ask = [];
    for (const [c, n] of [[1, 10], [20, 40]]) ask.push(await askLevel(b, c, n, (offset += n) - n, o.levelSeconds));
    log(`[bench:load] askStream ${JSON.stringify(ask)}`);
    const mem = await memoryPhase(b, o.docs, o.docKiB, log);
    const file = writeResult('load', { machine: machine(config), loadAverageAtStart: loadAtStart, chunks, options: o, search, ask, memory: mem });
    const m = (s: Awaited<ReturnType<typeof memory>>) => `${s.rssMiB} / ${s.heapUsedMiB} / ${s.externalMiB} / ${s.arrayBuffersMiB} / ${s.pgliteWasmHeapMiB}`;
    const table = [
      '| clients | searches | searches/s | p50 ms | p95 ms | CPU cores | event-loop use | load avg |', '|---|---|---|---|---|---|---|---|',
      ...search.map((r) => `| ${r.concurrency} | ${r.requests} (${r.errors} errors) | ${r.searchesPerSecond} | ${r.latencyMs.p50} | ${r.latencyMs.p95} | ${r.cores} | ${r.eventLoopUtilisation} | ${r.loadAverage} |`),
      ...ask.map((r) => `| askStream ×${r.concurrency} | ${r.streams} | first event p50 ${r.firstEventMs.p50} / p95 ${r.firstEventMs.p95} ms | done p50 ${r.doneMs.p50} ms | | ${r.cores} | ${r.eventLoopUtilisation} | ${r.loadAverage} |`),
      '', `memory (MiB: RSS / heap used / external / arrayBuffers / PGlite heap), ${mem.documents} documents of ~${mem.docKiB} KiB in ${mem.seconds} s:`,
      `before ${m(mem.before)}; after ingest ${m(mem.afterIngest)}; after GC + 10 s idle ${m(mem.afterGcAndIdle)}`,
    ];
    return { file, table: table.join('\n') };
  } finally {
    await b.stop();
  }
}
