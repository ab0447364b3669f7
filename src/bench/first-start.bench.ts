import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config/config';
import { freePort } from '../util/free-port';
import { fromRoot } from '../util/paths';
import { machine, percentile, writeResult } from './bench-env';

/**
 * What `npm start` does on a fresh clone: the compiled server on an empty DATA_DIR and an empty embedding memo,
 * timed from the spawn to `/healthz` answering, to `/readyz` answering 200 (the whole seed searchable), with
 * `{ health }` polled meanwhile for its latency. `computed` turns the shipped seed vectors off (SEED_EMBEDDINGS=false).
 */
export type FirstStartVariant = 'shipped' | 'computed';

export interface FirstStartRow {
  variant: FirstStartVariant;
  healthzSeconds: number | null;
  readySeconds: number | null;
  documents: number | null;
  healthPolls: number;
  healthP50Ms: number;
  healthMaxMs: number;
  /** The slowest `{ health }` while the seed was loading (after the models and stores were ready). */
  healthMaxSeedingMs: number;
  /** When the slowest `{ health }` was sent, and the seed phase then. */
  healthMaxAt: { seconds: number; phase: string | null };
  /** Seconds from the spawn at which each seed phase was first logged. */
  phases: Record<string, number>;
  stopSeconds: number | null;
  timedOut: boolean;
}

const HEALTH = JSON.stringify({ query: '{ health { ready seed { state phase documentsDone documentsTotal } } }' });
/** Phases of `seed` before the seed itself runs. */
const NOT_SEEDING = /^(starting|checking)/;

async function status(url: string, timeoutMs = 2000): Promise<number | null> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })).status;
  } catch {
    return null;
  }
}

async function runOnce(config: Config, variant: FirstStartVariant, limitSeconds: number, log: (s: string) => void): Promise<FirstStartRow> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nyaya-first-start-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env, STORE: 'embedded', DATA_DIR: path.join(tmp, 'data'), EMBEDDING_CACHE_DIR: path.join(tmp, 'memo'), PORT: String(port),
    HOST: '127.0.0.1', SEED_ON_START: 'true', SEED_EMBEDDINGS: variant === 'shipped' ? 'true' : 'false', LOG_LEVEL: 'info',
    EMBEDDING_MODEL: config.embeddingModel, SEED_LIMIT: '',
  };
  const t0 = performance.now();
  const seconds = () => Math.round((performance.now() - t0) / 100) / 10;
  const child = spawn(process.execPath, [fromRoot('dist', 'src', 'index.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const phases: Record<string, number> = {};
  let buffered = '';
  const onLog = (d: Buffer) => {
    buffered += d.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      try {
        const j = JSON.parse(line) as { phase?: string; msg?: string };
        if (j.phase && !(j.phase in phases)) phases[j.phase] = seconds();
        if (j.msg?.startsWith('ready')) phases.ready ??= seconds();
      } catch { /* not a log line */ }
    }
  };
  // pino writes to stderr; stdout is read too, in case a transport moves it.
  child.stderr.on('data', onLog);
  child.stdout.on('data', onLog);
  // A benchmark stopped with Ctrl-C takes its server with it.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  const exited = new Promise<number>((resolve) => child.once('exit', () => (process.off('exit', orphan), resolve(seconds()))));
  const row: FirstStartRow = {
    variant, healthzSeconds: null, readySeconds: null, documents: null, healthPolls: 0, healthP50Ms: 0, healthMaxMs: 0, healthMaxSeedingMs: 0,
    healthMaxAt: { seconds: 0, phase: null }, phases, stopSeconds: null, timedOut: false,
  };
  const latencies: number[] = [];
  let lastLog = 0;
  try {
    while (seconds() < limitSeconds) {
      if (row.healthzSeconds === null && (await status(`${base}/healthz`, 1000)) === 200) row.healthzSeconds = seconds();
      if (row.healthzSeconds !== null) {
        const t = performance.now();
        const sentAt = seconds();
        const res = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: HEALTH, signal: AbortSignal.timeout(10_000) }).catch(() => null);
        const body = res ? ((await res.json().catch(() => null)) as { data?: { health?: { seed?: { documentsDone: number; documentsTotal: number; phase: string } } } } | null) : null;
        const ms = performance.now() - t;
        const seed = body?.data?.health?.seed;
        if (ms > row.healthMaxMs) Object.assign(row, { healthMaxMs: Math.round(ms), healthMaxAt: { seconds: sentAt, phase: seed?.phase ?? null } });
        if (seed && !NOT_SEEDING.test(seed.phase)) row.healthMaxSeedingMs = Math.max(row.healthMaxSeedingMs, Math.round(ms));
        latencies.push(ms);
        if (seed) row.documents = seed.documentsDone;
        if (seed && Date.now() - lastLog > 15_000) {
          lastLog = Date.now();
          log(`[first-start ${variant}] ${seconds()} s: ${seed.phase} ${seed.documentsDone}/${seed.documentsTotal}`);
        }
        if ((await status(`${base}/readyz`)) === 200) {
          row.readySeconds = seconds();
          break;
        }
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    row.timedOut = row.readySeconds === null;
  } finally {
    const stopAt = seconds();
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    row.stopSeconds = Math.round(((await exited) - stopAt) * 10) / 10;
    clearTimeout(killer);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  Object.assign(row, { healthPolls: latencies.length, healthP50Ms: Math.round(percentile(latencies, 50)) });
  return row;
}

export async function runFirstStartBench(config: Config, variants: FirstStartVariant[], limitSeconds: number, log: (s: string) => void): Promise<{ file: string; table: string }> {
  const rows: FirstStartRow[] = [];
  for (const v of variants) {
    const row = await runOnce(config, v, limitSeconds, log);
    log(`[first-start ${v}] ready after ${row.readySeconds ?? `> ${limitSeconds}`} s`);
    rows.push(row);
  }
  const file = writeResult('first-start', { machine: { ...machine(config), loadAverage: os.loadavg() }, rows });
  const table = [
    '| seed vectors | /healthz | ready (/readyz 200) | documents | health p50 / max | health max while seeding | stop after SIGTERM |',
    '|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.variant} | ${r.healthzSeconds ?? '–'} s | ${r.readySeconds ?? `> ${limitSeconds}`} s | ${r.documents ?? '–'} | ${r.healthP50Ms} / ${r.healthMaxMs} ms (at ${r.healthMaxAt.seconds} s) | ${r.healthMaxSeedingMs} ms | ${r.stopSeconds ?? '–'} s |`),
  ].join('\n');
  return { file, table };
}
