import fs from 'node:fs';
import { jsonlFiles } from '../util/jsonl';

/** A text this close to an evaluation query (Jaccard of word trigrams) counts as a copy of it, as tools/reranker/prepare.py decides. */
export const NEAR_COPY = 0.4;

/** The word trigrams of a text, lower-cased; a text of fewer than three words is one shingle. */
export function shingles(text: string): Set<string> {
  const w = text.toLowerCase().match(/[\p{L}\p{N}\p{M}_]+/gu) ?? [];
  const out = new Set<string>();
  for (let i = 0; i < Math.max(1, w.length - 2); i++) out.add(w.slice(i, i + 3).join(' '));
  return out;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return shared / (a.size + b.size - shared);
}

/** The query texts of every JSONL query file given (a folder stands for its .jsonl files); missing paths are skipped. */
export function queryTexts(paths: string[]): string[] {
  const files = paths.filter((p) => fs.existsSync(p)).flatMap((p) => jsonlFiles(p));
  return files.flatMap((f) => fs.readFileSync(f, 'utf8').split('\n').flatMap((l) => {
    if (!l.trim()) return [];
    const r = JSON.parse(l) as { query?: string; text?: string };
    return [r.query ?? r.text ?? ''].filter(Boolean);
  }));
}

/** Tells whether a text is a near copy of any of `queries` (shingled once, checked many times). */
export function leakGuard(queries: string[]): (text: string) => boolean {
  const sets = queries.map(shingles).filter((s) => s.size);
  // Indexed by shingle, so a text is compared only with the queries it shares a trigram with.
  const byShingle = new Map<string, number[]>();
  sets.forEach((s, i) => s.forEach((x) => (byShingle.get(x) ?? byShingle.set(x, []).get(x)!).push(i)));
  return (text) => {
    const s = shingles(text);
    const seen = new Set<number>();
    for (const x of s) for (const i of byShingle.get(x) ?? []) seen.add(i);
    for (const i of seen) if (jaccard(s, sets[i]) >= NEAR_COPY) return true;
    return false;
  };
}
