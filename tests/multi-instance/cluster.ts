import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { pollHealth, spawnServer, type Spawned } from '../startup/spawned';

/** Two (or more) compiled API processes on one namespace of the real PostgreSQL, Chroma and Neo4j. */

export type Reply<T> = { status: number; body: { data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] } };

export async function gql<T = Record<string, unknown>>(s: Spawned, query: string, variables: Record<string, unknown>, token: string, timeoutMs = 120_000): Promise<Reply<T>> {
  const res = await fetch(`http://127.0.0.1:${s.port}/graphql`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }), signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: res.status, body: (await res.json()) as Reply<T>['body'] };
}

/** `node dist/src/index.js` on namespace `ns` without the seed, waited for until it is ready. */
export async function startInstance(ns: string, env: Record<string, string>): Promise<Spawned> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nyaya-multi-'));
  const s = await spawnServer('services', { dataDir, ns, seedLimit: 1, env: { SEED_ON_START: 'false', ...env } });
  await pollHealth(s, (h) => h.ready, 180_000);
  return s;
}

export interface Following<T> {
  events: T[];
  /** Settles when the subscription completes (or fails). */
  done: Promise<void>;
  dispose(): Promise<void>;
}

/** Subscribes over graphql-ws and collects the events' `field`. */
export function follow<T>(s: Spawned, query: string, field: string, token: string): Following<T> {
  const client = createClient({
    url: `ws://127.0.0.1:${s.port}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true,
    connectionParams: { authorization: `Bearer ${token}` },
  });
  const events: T[] = [];
  const done = new Promise<void>((resolve, reject) => {
    client.subscribe({ query }, {
      next: (v) => (v.errors ? reject(new Error(JSON.stringify(v.errors))) : events.push((v.data as Record<string, T>)[field])),
      error: (e) => reject(e instanceof Error ? e : new Error(JSON.stringify(e))),
      complete: resolve,
    });
  });
  done.catch(() => undefined);
  return { events, done, dispose: () => client.dispose() as Promise<void> };
}

/** An FIR of three parts (three chunks) carrying `word`, so that a search for the word finds it and nothing else. */
export function fir(id: string, word = 'harbourgate'): Record<string, unknown> {
  return {
    id, type: 'FIR', title: `FIR ${id} theft of a tempo`, date: '2024-09-01', district: 'Surat',
    parts: [
      { name: 'incident', text: `A tempo loaded with cloth bales was stolen near the ${word} godown at night; offence u/s 303(2) BNS.` },
      { name: 'evidence', text: `CCTV footage from the ${word} gate shows two men driving the tempo away at 02:10.` },
      { name: 'accused', text: `The accused were traced through a mobile phone found at the ${word} yard (${id}).` },
    ],
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns true or `limitMs` passes; returns whether it did. */
export async function until(check: () => Promise<boolean>, limitMs: number, everyMs = 250): Promise<boolean> {
  const end = Date.now() + limitMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(everyMs);
  }
  return check();
}
