import type { Config } from '../config/config';
import { prepareDocument } from '../ingest/prepare';
import { openEvalApp } from '../eval/eval-index';
import { generateFirs } from '../seeds/synthetic-fir';
import { machine, previousRows, rssMiB, writeResult } from './bench-env';

export interface IngestBenchRow {
  profile: string;
  documents: number;
  chunks: number;
  seconds: number;
  docsPerSecond: number;
  chunksPerSecond: number;
  rawEmbedChunksPerSecond: number;
  pipelineOverhead: number;
  peakRssMiB: number;
  /** The models on a thread of their own, as the server runs them (--model-thread); absent in rows from before 2026-11-27, which had them on the main thread. */
  modelThread?: boolean;
  measuredAt?: string;
}

/**
 * Ingests N synthetic FIRs into a fresh isolated store and compares the pipeline's rate with the raw
 * embedding rate of the same model on the same chunk texts (measured on the first 500 documents), so the
 * pipeline's own overhead is visible: 1 − (time the model alone would need / time the pipeline took).
 */
export async function benchIngest(config: Config, profile: 'embedded' | 'services', n: number, log: (s: string) => void, modelThread = false): Promise<IngestBenchRow> {
  process.env.EVAL_EMBEDDING_CACHE = 'off';
  const { app, dispose } = await openEvalApp({ ...config, store: profile }, { modelThread });
  try {
    const docs = generateFirs(n, 7);
    const sample = docs.slice(0, Math.min(500, n)).map((d) => prepareDocument(d, {
      count: (t) => app.embedder.countTokens(t), catalogue: app.catalogue, glossary: app.glossary,
    }));
    const texts = sample.flatMap((p) => p.embedTexts);
    let t0 = performance.now();
    await app.embedder.embed(texts, 'passage');
    const rawRate = texts.length / ((performance.now() - t0) / 1000);
    log(`[bench:ingest] ${profile} raw embedding: ${rawRate.toFixed(1)} chunks/s over ${texts.length} chunks`);

    let peak = rssMiB();
    let last = 0;
    t0 = performance.now();
    const results = await app.ingest.ingest(docs, {
      groupSize: 64,
      onProgress: (p) => {
        peak = Math.max(peak, rssMiB());
        if (Date.now() - last > 10000) {
          last = Date.now();
          log(`[bench:ingest] ${profile} ${p.done}/${p.total}`);
        }
      },
    });
    const seconds = (performance.now() - t0) / 1000;
    const chunks = results.reduce((s, r) => s + r.chunks, 0);
    const failed = results.filter((r) => r.status === 'FAILED').length;
    if (failed) log(`[bench:ingest] ${failed} documents failed`);
    const chunksPerSecond = chunks / seconds;
    return {
      profile, documents: n, chunks, seconds: Math.round(seconds * 10) / 10,
      docsPerSecond: Math.round((n / seconds) * 10) / 10, chunksPerSecond: Math.round(chunksPerSecond * 10) / 10,
      rawEmbedChunksPerSecond: Math.round(rawRate * 10) / 10,
      pipelineOverhead: Math.round((1 - chunksPerSecond / rawRate) * 1000) / 1000, peakRssMiB: peak,
      modelThread: app.modelThread !== null, measuredAt: new Date().toISOString(),
    };
  } finally {
    await dispose();
  }
}

/** `modelThread`: the models on a thread of their own, as the server runs them; by default on the main thread, as `npm run ingest` runs them. */
export async function runIngestBench(config: Config, sizes: number[], profiles: ('embedded' | 'services')[], log: (s: string) => void, opts: { modelThread?: boolean } = {}) {
  const rows: IngestBenchRow[] = [];
  for (const profile of profiles) for (const n of sizes) {
    const row = await benchIngest(config, profile, n, log, opts.modelThread);
    rows.push(row);
    log(`[bench:ingest] ${JSON.stringify(row)}`);
  }
  // Rows of other sizes and profiles stay, each with the date it was measured.
  const same = (a: IngestBenchRow, b: IngestBenchRow) => a.profile === b.profile && a.documents === b.documents && !!a.modelThread === !!b.modelThread;
  const kept = previousRows<IngestBenchRow>('ingest').filter((p) => !rows.some((r) => same(r, p)));
  const all = [...kept, ...rows].sort((a, b) => a.profile.localeCompare(b.profile) || a.documents - b.documents || Number(!!a.modelThread) - Number(!!b.modelThread));
  const file = writeResult('ingest', { machine: machine(config), rows: all });
  const table = ['| profile | FIRs | models | chunks | seconds | docs/s | chunks/s | raw embedding chunks/s | pipeline overhead | peak RSS MiB |', '|---|---|---|---|---|---|---|---|---|---|',
    ...all.map((r) => `| ${r.profile} | ${r.documents} | ${r.modelThread ? 'own thread' : 'main thread'} | ${r.chunks} | ${r.seconds} | ${r.docsPerSecond} | ${r.chunksPerSecond} | ${r.rawEmbedChunksPerSecond} | ${(r.pipelineOverhead * 100).toFixed(1)}% | ${r.peakRssMiB} |`)];
  return { file, table: table.join('\n') };
}

