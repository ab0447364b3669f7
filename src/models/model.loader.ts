import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InferenceSession } from 'onnxruntime-node';
import { fromRoot } from '../util/paths';

export class ModelNotFoundError extends Error {}

export interface ModelSource {
  /** The name given to transformers.js: a folder name under MODELS_DIR, or a hub id. */
  name: string;
  where: 'local' | 'hub';
  path?: string;
}

export interface ModelSettings {
  modelsDir: string | undefined;
  allowRemoteModels: boolean;
}

type Transformers = typeof import('@xenova/transformers', { with: { 'resolution-mode': 'import' } });
let lib: Promise<Transformers> | undefined;

/**
 * Added to every onnxruntime session transformers.js creates (2.17 passes only the execution providers).
 * onnxruntime-node 1.14 runs a model synchronously on the calling thread, the event loop's, which works as one
 * of the intra-op threads; the default adds a spinning pool thread per further core. On 2 cores that pool only
 * contends with the event loop and other processes: one thread took a short query from 25.5 to 12.7 ms and
 * ingest from ~6.8 to ~12 FIR chunks/s (bench:load investigation, load average ~5). Bigger machines keep half.
 */
export const SESSION_OPTIONS: InferenceSession.SessionOptions = { intraOpNumThreads: Math.max(1, Math.floor(os.availableParallelism() / 2)) };

/** transformers.js is loaded lazily: commands that never touch a model start without paying for it. */
export function transformers(): Promise<Transformers> {
  lib ??= withSessionOptions().then(() => import('@xenova/transformers'));
  return lib;
}

/** Makes InferenceSession.create, as transformers.js calls it (a model and options), add SESSION_OPTIONS. */
async function withSessionOptions(): Promise<void> {
  const ort = await import('onnxruntime-node');
  const session = (ort.default ?? ort).InferenceSession as unknown as { create: (...args: unknown[]) => Promise<InferenceSession> };
  const create = session.create.bind(session);
  session.create = (...args: unknown[]) => {
    const [model, options] = args;
    if (args.length > 2 || (options !== undefined && (typeof options !== 'object' || options === null))) return create(...args);
    return create(model, { ...SESSION_OPTIONS, ...(options as object | undefined) });
  };
}

/** Models trained for this project and shipped with it (models/ beside package.json; README, Reranking). */
export const BUNDLED_MODELS_DIR = fromRoot('models');

/** The folder holding model `name` under `dir`, when it is a transformers.js model folder. */
function modelFolder(dir: string | undefined, name: string): string | undefined {
  if (!dir) return undefined;
  const folder = path.join(dir, name);
  return fs.existsSync(path.join(folder, 'config.json')) ? folder : undefined;
}

/** Where model `name` is on disk: MODELS_DIR/<name> first, then the project's own models/<name>. */
export function localModelFolder(name: string, modelsDir: string | undefined): string | undefined {
  return modelFolder(modelsDir, name) ?? modelFolder(BUNDLED_MODELS_DIR, name);
}

/**
 * A model name resolves to MODELS_DIR/<name> when that folder exists, else to the project's own models/<name>
 * (no network either way); otherwise to the hub, only when ALLOW_REMOTE_MODELS allows it. The result is fixed
 * before any weight is read, so a missing model is reported as one clear line at start-up.
 */
export function resolveModel(name: string, s: ModelSettings): ModelSource {
  const folder = localModelFolder(name, s.modelsDir);
  if (folder) return { name, where: 'local', path: folder };
  if (s.allowRemoteModels) return { name, where: 'hub' };
  throw new ModelNotFoundError(
    `model "${name}" not found in MODELS_DIR (${s.modelsDir ?? 'unset'}) and ALLOW_REMOTE_MODELS=false`,
  );
}

let envLock: Promise<unknown> = Promise.resolve();

/**
 * Points transformers.js at the right place for this model and runs `load` (its `from_pretrained` calls) before
 * any other model's: transformers.js's `env` is process-global, and two models may live in different folders.
 */
export function withModelEnv<T>(source: ModelSource, load: (t: Transformers) => Promise<T>): Promise<T> {
  const run = envLock.then(async () => {
    const t = await transformers();
    if (source.where === 'local' && source.path) {
      t.env.localModelPath = path.dirname(source.path) + path.sep;
      t.env.allowLocalModels = true;
    }
    t.env.allowRemoteModels = source.where === 'hub';
    return load(t);
  });
  envLock = run.catch(() => undefined);
  return run;
}
