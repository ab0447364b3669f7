import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config/config';
import { fromRoot } from '../util/paths';

/** What a benchmark ran on, written next to its numbers. */
export function machine(config: Config): Record<string, string | number> {
  return {
    date: new Date().toISOString(), cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, embeddingModel: config.embeddingModel,
  };
}

export function writeResult(name: string, data: unknown): string {
  const file = fromRoot('bench-results', `${name}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
  return file;
}

/** The rows a results file holds already, so a run at one size or profile adds to the others instead of erasing them. */
export function previousRows<T>(name: string): T[] {
  try {
    return (JSON.parse(fs.readFileSync(fromRoot('bench-results', `${name}.json`), 'utf8')) as { rows?: T[] }).rows ?? [];
  } catch {
    return [];
  }
}

export function percentile(xs: number[], p: number): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

export const rssMiB = () => Math.round(process.memoryUsage().rss / 2 ** 20);

/**
 * Runs `fn` under the V8 CPU profiler when BENCH_CPU_PROFILE names a folder, writing `<name>.cpuprofile` there (open
 * it in Chrome's DevTools): where a benchmark's time goes at a size too slow to reproduce by hand.
 */
export async function profiled<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return fn();
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}
