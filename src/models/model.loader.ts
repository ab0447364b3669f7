import fs from 'node:fs';
import path from 'node:path';

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

/** transformers.js is loaded lazily: commands that never touch a model start without paying for it. */
export function transformers(): Promise<Transformers> {
  lib ??= import('@xenova/transformers');
  return lib;
}

/**
 * A model name resolves to MODELS_DIR/<name> when that folder exists (no network at all); otherwise to the
 * hub, only when ALLOW_REMOTE_MODELS allows it. The result is fixed before any weight is read, so a missing
 * model is reported as one clear line at start-up.
 */
export function resolveModel(name: string, s: ModelSettings): ModelSource {
  if (s.modelsDir) {
    const folder = path.join(s.modelsDir, name);
    if (fs.existsSync(path.join(folder, 'config.json'))) return { name, where: 'local', path: folder };
  }
  if (s.allowRemoteModels) return { name, where: 'hub' };
  throw new ModelNotFoundError(
    `model "${name}" not found in MODELS_DIR (${s.modelsDir ?? 'unset'}) and ALLOW_REMOTE_MODELS=false`,
  );
}

/** Points transformers.js at the right place for this model; its `env` is process-global. */
export async function prepareEnv(source: ModelSource, s: ModelSettings): Promise<Transformers> {
  const t = await transformers();
  if (source.where === 'local' && s.modelsDir) {
    t.env.localModelPath = s.modelsDir.endsWith(path.sep) ? s.modelsDir : s.modelsDir + path.sep;
    t.env.allowLocalModels = true;
  }
  t.env.allowRemoteModels = source.where === 'hub';
  return t;
}
