import fs from 'node:fs';
import { normaliseQuery } from '../analyse/analyse';
import type { Embedder } from '../models/embedder';
import { EmbeddingCache } from '../models/embedding-cache';
import { fromRoot } from '../util/paths';
import { dot } from '../util/vector';

/** The shipped examples (`nyaya build-examples` writes them from tools/reranker/data). */
export const EXAMPLES_FILE = fromRoot('seeds', 'examples', 'examples.jsonl');

export interface LabelledExample {
  text: string;
  lang: string;
  kind: string;
  /** The sections that answer it, both codes where both apply ("IPC:379", "BNS:303"); none for an off-domain line. */
  sections: string[];
}

export interface ExampleMatch {
  id: string;
  /** The section's share of the neighbours' votes, the nearest weighing most (0–1). */
  score: number;
  /** Cosine between the query and the nearest example that cites the section. */
  nearest: number;
}

/** Neighbours consulted per query, and how sharply a closer neighbour outvotes a farther one (exp(SHARPNESS · Δcos)). */
export const NEIGHBOURS = 10;
export const SHARPNESS = 30;

/**
 * Queries shorter than this get no votes: the examples are whole complaints and questions, and a query of a few words
 * ("grievous hurt", "punishment for selling a minor") is an offence's name, which the section-name list matches; on the
 * design sets the examples' votes lowered the MRR of queries under eight words and raised it above (docs/measured.md).
 */
export const EXAMPLES_MIN_WORDS = 9;

/** The kind of a line no criminal-law provision answers (tax, civil, everyday questions): it votes no section. */
export const OFF_DOMAIN = 'offdomain';

/** The text an example is embedded as: normalised as a search normalises its query. */
export const exampleText = (e: Pick<LabelledExample, 'text'>) => normaliseQuery(e.text);

/** Reads a JSONL file of labelled examples; a malformed line is an error naming it (the file ships with the code). */
export function readExamples(file = EXAMPLES_FILE): LabelledExample[] {
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, 'utf8').split('\n').flatMap((raw, i) => {
    if (!raw.trim()) return [];
    const e = JSON.parse(raw) as Partial<LabelledExample>;
    const offDomain = e.kind === OFF_DOMAIN;
    if (typeof e.text !== 'string' || !Array.isArray(e.sections) || (!e.sections.length && !offDomain) || (e.sections.length && offDomain)) {
      throw new Error(`${file}:${i + 1}: an example needs "text" and a non-empty "sections" (none for kind "${OFF_DOMAIN}")`);
    }
    return [{ text: e.text, lang: e.lang ?? '', kind: e.kind ?? '', sections: e.sections.map(String) }];
  });
}

/**
 * Sections voted by the nearest labelled examples. A complaint told in a complainant's words, or a question about
 * what the police may do, is far from the statute's own wording but near other complaints and questions written the
 * same way, whose sections are known: the examples are written for training by helpers who saw no evaluation set
 * (tools/reranker/README.md). They are embedded as passages, so the seed's shipped vectors hold them.
 */
export class ExampleIndex {
  private readonly examples: LabelledExample[] = [];
  private readonly vectors: Float32Array[] = [];
  /** The off-domain lines' vectors: they vote nothing, they only measure how far outside the domain a query is. */
  private readonly outside: Float32Array[] = [];
  /** The in-domain examples citing each section, by position. */
  private readonly citing = new Map<string, number[]>();

  private constructor(all: LabelledExample[], vectors: Float32Array[]) {
    all.forEach((e, i) => {
      if (e.kind === OFF_DOMAIN) this.outside.push(vectors[i]);
      else {
        for (const id of e.sections) {
          const at = this.citing.get(id) ?? [];
          at.push(this.examples.length);
          this.citing.set(id, at);
        }
        this.examples.push(e);
        this.vectors.push(vectors[i]);
      }
    });
  }

  /** The in-domain examples (those that vote). */
  get size(): number {
    return this.examples.length;
  }

  /**
   * The query's cosine to the nearest in-domain example minus that to the nearest off-domain line: below zero the
   * query is written like the tax, civil and everyday questions, above like complaints and police questions. Null
   * without lines of both kinds. The refusal rule reads it (search/refusal.ts).
   */
  margin(query: Float32Array): number | null {
    if (!this.vectors.length || !this.outside.length) return null;
    return nearest(this.vectors, query) - nearest(this.outside, query);
  }

  /** Cosine between the query and the nearest example citing the section; null when none cites it. */
  nearestCiting(query: Float32Array, id: string): number | null {
    const at = this.citing.get(id);
    return at ? Math.max(...at.map((i) => dot(this.vectors[i], query))) : null;
  }

  static empty(): ExampleIndex {
    return new ExampleIndex([], []);
  }

  /** An index over vectors computed elsewhere, one per example, in order. */
  static of(examples: LabelledExample[], vectors: Float32Array[]): ExampleIndex {
    if (examples.length !== vectors.length) throw new Error(`${examples.length} examples but ${vectors.length} vectors`);
    return new ExampleIndex(examples, vectors);
  }

  /** Embeds the examples (embedExamples) and indexes them. */
  static async build(embedder: Pick<Embedder, 'embed' | 'info'>, examples: LabelledExample[], cacheFile?: string): Promise<ExampleIndex> {
    return new ExampleIndex(examples, await embedExamples(embedder, examples, cacheFile));
  }

  /** The sections of the `NEIGHBOURS` examples nearest the query vector, by their similarity-weighted votes, best first. */
  match(query: Float32Array, n: number, has: (id: string) => boolean = () => true): ExampleMatch[] {
    // The nearest NEIGHBOURS, kept sorted as the scan goes (an insertion into a few slots, not a sort of thousands).
    const top: { i: number; cos: number }[] = [];
    this.vectors.forEach((v, i) => {
      const cos = dot(v, query);
      if (top.length === NEIGHBOURS && cos <= top[NEIGHBOURS - 1].cos) return;
      let at = top.length;
      while (at > 0 && top[at - 1].cos < cos) at--;
      top.splice(at, 0, { i, cos });
      if (top.length > NEIGHBOURS) top.pop();
    });
    if (!top.length) return [];
    const votes = new Map<string, ExampleMatch>();
    let total = 0;
    for (const { i, cos } of top) {
      const w = Math.exp(SHARPNESS * (cos - top[0].cos));
      total += w;
      for (const id of this.examples[i].sections) {
        if (!has(id)) continue;
        const m = votes.get(id) ?? { id, score: 0, nearest: cos };
        m.score += w;
        votes.set(id, m);
      }
    }
    return [...votes.values()]
      .map((m) => ({ ...m, score: m.score / total }))
      .sort((a, b) => b.score - a.score || b.nearest - a.nearest || (a.id < b.id ? -1 : 1))
      .slice(0, n);
  }
}

/**
 * The examples' vectors, as the index and the section classifier's fit both read them: passages, normalised as a
 * search normalises its query; the shipped vectors first, then the disk memo `cacheFile`, then the model.
 */
export async function embedExamples(embedder: Pick<Embedder, 'embed' | 'info'>, examples: LabelledExample[], cacheFile?: string): Promise<Float32Array[]> {
  const cache = cacheFile ? new EmbeddingCache(cacheFile, embedder.info.dims) : undefined;
  try {
    return await embedder.embed(examples.map(exampleText), 'passage', 16, cache);
  } finally {
    cache?.close();
  }
}

function nearest(vectors: Float32Array[], query: Float32Array): number {
  let best = -Infinity;
  for (const v of vectors) {
    const cos = dot(v, query);
    if (cos > best) best = cos;
  }
  return best;
}
