import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { EmbeddingCache } from '../models/embedding-cache';
import type { Embedder } from '../models/embedder';
import { fromRoot } from '../util/paths';

/**
 * Passage embeddings of the seed corpus (its chunks and the section names), made once with the default model and
 * shipped in seeds/embeddings/, so that a first start indexes the seed without running the model on every chunk:
 * on 2 cores that inference is most of the first start. They are used only after the loaded model has embedded
 * the manifest's probe passages to the same vectors, so another model (or another build of it) under the same
 * name computes its own.
 */
export interface ShippedManifest {
  model: string;
  dims: number;
  vectors: number;
  /** SHA-256 of the vectors file: a damaged or half-copied file is not used. */
  sha256: string;
  /**
   * Passages (without the model's prefix) and their vectors (base64 float32), each embedded alone: a quantized model
   * scales its activations per batch, so a vector computed beside other texts differs in the third digit.
   */
  probes: { text: string; vector: string }[];
  createdAt: string;
}

/** Cosine at or above which a probe counts as the same vector: the same model, each embedded alone, differs in the 6th digit. */
const SAME_VECTOR = 0.9999;

const encode = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');
const decode = (s: string) => new Float32Array(new Uint8Array(Buffer.from(s, 'base64')).buffer);

/** Each probe alone, so that its vector does not depend on the others. */
async function embedAlone(embedder: Embedder, texts: string[]): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (const t of texts) out.push(...(await embedder.embed([t], 'passage', 1, null)));
  return out;
}

export function shippedFiles(model: string, dir = fromRoot('seeds', 'embeddings')): { vectors: string; manifest: string } {
  const base = path.join(dir, model.replace(/[^A-Za-z0-9._-]/g, '_'));
  return { vectors: `${base}.f32`, manifest: `${base}.json` };
}

export type ShippedCheck = { used: true; vectors: number } | { used: false; reason: string };

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return dot / Math.sqrt(na * nb);
}

/** Hands `embedder` the shipped vectors of its model when they exist and its probes agree with it; says why not otherwise. */
export async function useShippedEmbeddings(embedder: Embedder, dir?: string): Promise<ShippedCheck> {
  const files = shippedFiles(embedder.info.model, dir);
  if (!fs.existsSync(files.manifest) || !fs.existsSync(files.vectors)) return { used: false, reason: `none shipped for ${embedder.info.model}` };
  let manifest: ShippedManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(files.manifest, 'utf8')) as ShippedManifest;
  } catch (err) {
    return { used: false, reason: `unreadable manifest: ${(err as Error).message.split('\n')[0]}` };
  }
  if (manifest.dims !== embedder.info.dims) return { used: false, reason: `shipped for ${manifest.dims} dimensions, the model has ${embedder.info.dims}` };
  const bytes = fs.readFileSync(files.vectors);
  if (createHash('sha256').update(bytes).digest('hex') !== manifest.sha256) return { used: false, reason: 'the vectors file does not match its manifest (damaged or partly copied)' };
  const probes = Array.isArray(manifest.probes) ? manifest.probes : [];
  if (!probes.length) return { used: false, reason: 'the manifest names no probe passages' };
  const computed = await embedAlone(embedder, probes.map((p) => p.text));
  for (const [i, probe] of probes.entries()) {
    const shipped = decode(probe.vector);
    const c = shipped.length === embedder.info.dims ? cosine(shipped, computed[i]) : 0;
    if (c < SAME_VECTOR) return { used: false, reason: `made by another model: probe ${i + 1} has cosine ${c.toFixed(5)} with this one's` };
  }
  const pack = new EmbeddingCache(files.vectors, manifest.dims, { readOnly: true, bytes });
  embedder.useShipped(pack);
  return { used: true, vectors: pack.size };
}

/**
 * Writes the shipped vectors of `embedder`'s model for `texts` (the seed's chunk passages and section names),
 * computing those its memo lacks; probes are spread over the texts. Returns the manifest written.
 */
export async function writeShippedEmbeddings(embedder: Embedder, texts: string[], dir?: string, onProgress?: (done: number, total: number) => void): Promise<ShippedManifest> {
  const unique = [...new Set(texts)];
  const entries = new Map<string, Float32Array>();
  const step = 256;
  for (let start = 0; start < unique.length; start += step) {
    const slice = unique.slice(start, start + step);
    const vectors = await embedder.embed(slice, 'passage');
    slice.forEach((t, i) => entries.set(embedder.passageKey(t), vectors[i]));
    onProgress?.(Math.min(start + step, unique.length), unique.length);
  }
  const files = shippedFiles(embedder.info.model, dir);
  const bytes = EmbeddingCache.write(files.vectors, entries);
  const texts3 = [0.1, 0.5, 0.9].map((f) => unique[Math.floor(f * (unique.length - 1))]).filter((t): t is string => t !== undefined);
  const probes = (await embedAlone(embedder, texts3)).map((v, i) => ({ text: texts3[i], vector: encode(v) }));
  const manifest: ShippedManifest = {
    model: embedder.info.model, dims: embedder.info.dims, vectors: entries.size,
    sha256: createHash('sha256').update(bytes).digest('hex'), probes, createdAt: new Date().toISOString(),
  };
  fs.writeFileSync(files.manifest, JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}
