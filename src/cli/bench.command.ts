import type { Config } from '../config/config';
import { runIngestBench } from '../bench/ingest.bench';
import { firsForChunks, runSearchBench } from '../bench/search.bench';
import { runLoadBench } from '../bench/load.bench';
import { runRerankBench } from '../bench/rerank.bench';
import { runFirstStartBench, type FirstStartVariant } from '../bench/first-start.bench';

const list = (v: unknown, fallback: string) => String(v ?? fallback).split(',').map((s) => s.trim()).filter(Boolean);

export async function benchIngestCommand(config: Config, args: Record<string, unknown>): Promise<number> {
  const sizes = list(args.sizes, '1000,10000').map(Number);
  const profiles = list(args.profiles, 'embedded,services') as ('embedded' | 'services')[];
  const { file, table } = await runIngestBench(config, sizes, profiles, (s) => process.stderr.write(s + '\n'), { modelThread: args['model-thread'] === true });
  process.stdout.write(`${table}\n\nwritten to ${file}\n`);
  return 0;
}

/**
 * `--sizes` are FIR counts (each synthetic FIR makes 4 chunks, on top of ~3,400 bare-act chunks);
 * `--chunks 10000,100000` names the corpus by its chunk count instead.
 */
export async function benchSearchCommand(config: Config, args: Record<string, unknown>): Promise<number> {
  const sizes = args.chunks !== undefined ? list(args.chunks, '').map((c) => firsForChunks(Number(c))) : list(args.sizes, '1650').map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < 0)) {
    process.stderr.write('--sizes and --chunks take comma-separated whole numbers\n');
    return 2;
  }
  const profiles = list(args.profiles, 'embedded,services') as ('embedded' | 'services')[];
  const realFirs = args['real-firs'] === undefined ? undefined : Number(args['real-firs']);
  if (realFirs !== undefined && (!Number.isInteger(realFirs) || realFirs < 1)) {
    process.stderr.write('--real-firs takes a whole number of FIRs (at least 1) to embed with the model\n');
    return 2;
  }
  const namespace = args.namespace === undefined ? undefined : String(args.namespace);
  if (namespace !== undefined && (!/^eval_[a-z0-9]+$/.test(namespace) || profiles.join() !== 'services')) {
    process.stderr.write('--namespace takes a namespace kept by an earlier run (eval_…, printed with EVAL_KEEP_NAMESPACE=1), with --profiles services\n');
    return 2;
  }
  const { file, table } = await runSearchBench(config, sizes, profiles, Number(args.rounds ?? 3), (s) => process.stderr.write(s + '\n'), realFirs, namespace);
  process.stdout.write(`${table}\n\nwritten to ${file}\n`);
  return 0;
}

/**
 * `--levels 1,5,20` concurrent clients sending `--requests 60,100,200` searches (one count per level), over the bare acts and
 * `--firs` synthetic FIRs; then `--docs` documents of `--doc-kib` KiB ingested for the memory figures.
 */
export async function benchLoadCommand(config: Config, args: Record<string, unknown>): Promise<number> {
  const levels = list(args.levels, '1,5,20').map(Number);
  const requests = list(args.requests, '60,100,200').map(Number);
  const [firs, docs, docKiB, levelSeconds] = [args.firs ?? 400, args.docs ?? 6, args['doc-kib'] ?? 100, args.seconds ?? 180].map(Number);
  if ([...levels, ...requests, firs, docs, docKiB, levelSeconds].some((n) => !Number.isInteger(n) || n < 0) || levels.some((c) => c < 1)) {
    process.stderr.write('--levels, --requests, --firs, --docs, --doc-kib and --seconds take whole numbers (levels at least 1)\n');
    return 2;
  }
  const { file, table } = await runLoadBench(config, { levels, requests, firs, docs, docKiB, levelSeconds }, (s) => process.stderr.write(s + '\n'));
  process.stdout.write(`${table}\n\nwritten to ${file}\n`);
  return 0;
}

/** `--models legal-cross-encoder-e5-6l,legal-cross-encoder-e5-12l --firs 1650 --caps 128,256,512`. */
export async function benchRerankCommand(config: Config, args: Record<string, unknown>): Promise<number> {
  const models = list(args.models, 'nyaya-cross-encoder-e5-6l,legal-cross-encoder-e5-12l');
  const chunks = list(args.chunks, '10000,100000').map(Number);
  const realFirs = Number(args['real-firs'] ?? 1650);
  const caps = list(args.caps, '128,256,512').map(Number);
  if (chunks.some((c) => !Number.isInteger(c) || c < 1) || !Number.isInteger(realFirs) || realFirs < 0 || caps.some((c) => !Number.isInteger(c) || c < 16)) {
    process.stderr.write('--chunks and --real-firs take whole numbers, --caps whole numbers of at least 16\n');
    return 2;
  }
  const { file, table } = await runRerankBench(config, { models, chunks, realFirs, caps }, (s) => process.stderr.write(s + '\n'));
  process.stdout.write(`${table}\n\nwritten to ${file}\n`);
  return 0;
}

/** `--variants shipped,computed` (with and without the shipped seed vectors), each given at most `--seconds` to be ready. */
export async function benchFirstStartCommand(config: Config, args: Record<string, unknown>): Promise<number> {
  const variants = list(args.variants, 'shipped');
  const limit = Number(args.seconds ?? 1800);
  if (variants.some((v) => v !== 'shipped' && v !== 'computed') || !Number.isInteger(limit) || limit < 10) {
    process.stderr.write('--variants takes shipped and/or computed; --seconds a whole number of at least 10\n');
    return 2;
  }
  const { file, table } = await runFirstStartBench(config, variants as FirstStartVariant[], limit, (s) => process.stderr.write(s + '\n'));
  process.stdout.write(`${table}\n\nwritten to ${file}\n`);
  return 0;
}
