import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ErrorCode } from '../errors/error-codes';
import type { IngestProgress, IngestResult, IngestService } from '../ingest/ingest.service';
import type { CitationGraph } from '../stores/graph/graph.types';
import type { SqlClient } from '../stores/sql/sql.client';
import { fromRoot } from '../util/paths';
import { loadJudgments } from './judgments';
import type { StatuteCatalogue } from './statutes';

export interface SeedSummary {
  sections: number;
  equivalences: number;
  results: IngestResult[];
  /** Stopped by its signal before the end: the next run finishes it. */
  aborted: boolean;
}

/** Every *.json under seeds/cases (one document per file, or an array). */
export function loadCaseFiles(dir = fromRoot('seeds', 'cases')): unknown[] {
  if (!fs.existsSync(dir)) return [];
  const out: unknown[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.json')) {
        const v = JSON.parse(fs.readFileSync(p, 'utf8'));
        out.push(...(Array.isArray(v) ? v : [v]));
      }
    }
  };
  walk(dir);
  return out;
}

const GRAPH_PART = 250;

/** Loads the statute graph (acts, sections, equivalences): idempotent, and needed before any citation links. */
export async function loadStatuteGraph(graph: CitationGraph, catalogue: StatuteCatalogue): Promise<void> {
  await graph.upsertActs(catalogue.acts);
  // In parts, with a turn of the event loop between them: all 2,350 sections at once hold PGlite's thread ~0.5 s.
  for (let i = 0; i < catalogue.sections.length; i += GRAPH_PART) {
    await graph.upsertSections(catalogue.sections.slice(i, i + GRAPH_PART));
    await nextTurn();
  }
  for (let i = 0; i < catalogue.equivalences.length; i += GRAPH_PART) {
    await graph.upsertEquivalences(catalogue.equivalences.slice(i, i + GRAPH_PART));
    await nextTurn();
  }
}

export interface SeedProgress extends IngestProgress {
  phase: string;
  /** Across every part of seeds/ this run loads. */
  corpusDone: number;
  corpusTotal: number;
  corpusFailed: number;
}

export interface SeedOptions {
  onProgress?: (p: SeedProgress) => void;
  /** Which parts of seeds/ to load; all by default. */
  include?: { statutes?: boolean; judgments?: boolean; cases?: boolean };
  /** At most this many documents of each part (quick starts and tests); all by default. */
  limit?: number;
  /** Checked between slices of documents (and by an abortable embedder between model calls): stops the seed early. */
  signal?: AbortSignal;
  /** Where the seed records that it started and that it finished (the store's meta table); unrecorded without it. */
  sql?: SqlClient;
  /** Runs after the last document and before the completion marker: index updates an earlier, killed run left queued. */
  settle?: () => Promise<void>;
}

/**
 * Documents per ingest call, at most SLICE and SLICE_CHARS of JSON (one document when it is longer). Each call
 * saves its documents in one transaction and applies them to the indexes once, so fewer, larger calls load the
 * seed faster (each apply costs ~25 ms of bookkeeping on PGlite); ingest gives the event loop a turn while it
 * chunks, and a stop is seen between calls (about a second apart on 2 cores).
 */
const SLICE = 32;
const SLICE_CHARS = 48_000;

function slices(docs: unknown[]): [number, unknown[]][] {
  const out: [number, unknown[]][] = [];
  let start = 0;
  let chars = 0;
  docs.forEach((d, i) => {
    const size = JSON.stringify(d)?.length ?? 0;
    if (i > start && (i - start >= SLICE || chars + size > SLICE_CHARS)) {
      out.push([start, docs.slice(start, i)]);
      start = i;
      chars = 0;
    }
    chars += size;
  });
  if (start < docs.length) out.push([start, docs.slice(start)]);
  return out;
}

/** A failure the next run can mend: an invalid seed document would fail every time, anything else may not. */
export function retryable(r: IngestResult): boolean {
  return r.status === 'FAILED' && r.error?.code !== ErrorCode.INVALID_DOCUMENT;
}

/** What the completion marker names: a seed limited to a few documents per part does not pass for the whole corpus. */
export const seedScope = (limit?: number) => (limit ? `first ${limit} of each part` : 'all');

const MARKER = 'seed';

/**
 * `started:<scope>` from the first write of a seed, `complete:<scope>` once everything is saved and indexed:
 * a store that holds documents is not taken for a seeded one unless the seed said it finished.
 */
export async function readSeedMarker(sql: SqlClient): Promise<{ state: 'started' | 'complete'; scope: string } | null> {
  const [row] = await sql.query<{ value: string }>(`SELECT value FROM {S}.meta WHERE key = $1`, [MARKER]);
  const m = row?.value.match(/^(started|complete):(.*)$/);
  return m ? { state: m[1] as 'started' | 'complete', scope: m[2] } : null;
}

export async function writeSeedMarker(sql: SqlClient, state: 'started' | 'complete', scope: string): Promise<void> {
  await sql.query(`INSERT INTO {S}.meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [MARKER, `${state}:${scope}`]);
}

/** The documents of seeds/ by part, in load order. */
export function seedCorpus(catalogue: StatuteCatalogue, include: SeedOptions['include'] = {}, limit?: number): [string, unknown[]][] {
  const inc = { statutes: true, judgments: true, cases: true, ...include };
  const parts: [string, unknown[]][] = [
    ['bare acts', inc.statutes ? catalogue.bareActDocuments() : []],
    ['judgments', inc.judgments ? loadJudgments(fromRoot('seeds', 'judgments')) : []],
    ['cases', inc.cases ? loadCaseFiles() : []],
  ];
  return parts.map(([name, docs]) => [name, limit ? docs.slice(0, limit) : docs]);
}

/**
 * Loads seeds/: the statute graph, one document per bare-act section, the judgments and the sample cases.
 * Idempotent (documents have fixed ids; one stored with the same content is UNCHANGED), so a seed stopped or
 * killed at any point is finished by running it again. Between slices of documents the event loop gets a turn.
 */
export async function seed(graph: CitationGraph, ingest: IngestService, catalogue: StatuteCatalogue, o: SeedOptions = {}): Promise<SeedSummary> {
  const scope = seedScope(o.limit);
  if (o.sql) await writeSeedMarker(o.sql, 'started', scope);
  await loadStatuteGraph(graph, catalogue);
  const results: IngestResult[] = [];
  let failedBefore = 0; // failures of earlier parts
  const corpus = seedCorpus(catalogue, o.include, o.limit);
  const corpusTotal = corpus.reduce((n, [, docs]) => n + docs.length, 0);
  const summary = (aborted: boolean): SeedSummary => ({ sections: catalogue.sections.length, equivalences: catalogue.equivalences.length, results, aborted });
  for (const [phase, docs] of corpus) {
    if (!docs.length) continue;
    const batchId = randomUUID();
    const before = results.length;
    let failedHere = 0; // failures of earlier slices of this part
    const parts = slices(docs);
    for (const [k, [start, slice]] of parts.entries()) {
      if (o.signal?.aborted) return summary(true);
      const offset = results.length - before;
      const report = (p: IngestProgress) => o.onProgress?.({
        ...p, batchId, phase, total: docs.length, done: offset + p.done, failed: failedHere + p.failed,
        finished: p.finished && k === parts.length - 1, corpusDone: before + offset + p.done, corpusTotal,
        corpusFailed: failedBefore + failedHere + p.failed,
      });
      try {
        const got = await ingest.ingest(slice, { signal: o.signal, onProgress: report, groupSize: SLICE });
        results.push(...got.map((r) => ({ ...r, index: r.index + start })));
        failedHere += got.filter((r) => r.status === 'FAILED').length;
      } catch (err) {
        if (o.signal?.aborted) return summary(true);
        throw err;
      }
      await nextTurn();
    }
    failedBefore += failedHere;
  }
  if (o.signal?.aborted) return summary(true);
  await o.settle?.();
  if (o.sql && !results.some(retryable) && !o.signal?.aborted) await writeSeedMarker(o.sql, 'complete', scope);
  return summary(false);
}
