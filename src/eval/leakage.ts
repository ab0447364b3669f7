import fs from 'node:fs';
import { normaliseQuery } from '../analyse/analyse';
import { jsonlFiles } from '../util/jsonl';
import { fromRoot } from '../util/paths';

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

/** Query sets no training line may copy: every set under seeds/queries and, where ../shared is beside the project, its bench sets. */
export function evaluationQueryFiles(): string[] {
  return [fromRoot('seeds', 'queries'), fromRoot('..', 'shared', 'bench', 'dev-queries.jsonl'), fromRoot('..', 'shared', 'bench', 'aila2019', 'queries.jsonl')];
}

/** The tenth of the training lines held out for design measurements (tools/reranker/prepare.py wrote them). */
export const DESIGN_HOLDOUT = ['trainsplit-holdout.jsonl', 'trainsplit-offdomain.jsonl'].map((f) => fromRoot('seeds', 'queries', f));

/**
 * What may be fitted on, of the helper-written training lines: not the design hold-out (else the design sets measure
 * lines the fit has seen), not a near copy of any evaluation query. Used by build-examples and train-domain alike.
 */
export function screenTraining<T extends { text: string }>(lines: T[]): { kept: T[]; heldOut: number; leaked: number } {
  const leaks = leakGuard(queryTexts(evaluationQueryFiles()));
  const heldOut = new Set(queryTexts(DESIGN_HOLDOUT).map(normaliseQuery));
  const out = { kept: [] as T[], heldOut: 0, leaked: 0 };
  for (const l of lines) {
    if (heldOut.has(normaliseQuery(l.text))) out.heldOut++;
    else if (leaks(l.text)) out.leaked++;
    else out.kept.push(l);
  }
  return out;
}
