import fs from 'node:fs';
import { weightsFile } from '../analyse/domain.classifier';
import { fromRoot } from '../util/paths';
import { dot } from '../util/vector';
import type { ExampleMatch } from './examples';

/** Where fitted weights live, one pair of files per embedding model (`npm run train:sections` writes them). */
export const SECTIONS_DIR = fromRoot('models', 'section-classifier');

/** What `tools/sections/fit.py` writes beside the weights. */
export interface SectionWeightsMeta {
  dims: number;
  /** Multiplies the query vector before the weights (the fit's input scaling). */
  scale: number;
  /** Section ids ("IPC:379"), one per row of weights. */
  labels: string[];
  bias: number[];
  /** Examples, labels, regularisation, iterations, training accuracy. */
  fitted: Record<string, unknown>;
}

/** The files for a model, named as the domain classifier's are (weightsFile), the weights beside the JSON. */
export const sectionWeightsFiles = (embeddingModel: string, dir = SECTIONS_DIR) => {
  const meta = weightsFile(embeddingModel, dir);
  return { meta, weights: meta.replace(/\.json$/, '.f32') };
};

/**
 * One logistic regression per section over the labelled examples' embeddings. The examples' nearest neighbours
 * (ExampleIndex.match) vote for the offences of the complaints a story resembles as a whole, so a story's main
 * offence outvotes what it tells in passing (the goods damaged in a robbery, the threat after a beating): 59 % of the
 * design narratives' missed sections were in no list at all (docs/measured.md). A linear score adds up what each part
 * of the story says, so a clause about damage raises mischief whatever else the story holds. Its sections are their
 * own ranked list in fusion (SECTION_CLASSIFIER_WEIGHT), beside the votes' list.
 */
export class SectionClassifier {
  private readonly rows: Float32Array[];

  private constructor(private readonly meta: SectionWeightsMeta, weights: Float32Array) {
    const { dims, labels } = meta;
    this.rows = labels.map((_, i) => weights.subarray(i * dims, (i + 1) * dims));
  }

  /** The weights fitted on `embeddingModel`'s vectors, or null when there are none (the examples' votes then stand alone). */
  static load(embeddingModel: string, dir = SECTIONS_DIR): SectionClassifier | null {
    const files = sectionWeightsFiles(embeddingModel, dir);
    if (!fs.existsSync(files.meta) || !fs.existsSync(files.weights)) return null;
    const meta = JSON.parse(fs.readFileSync(files.meta, 'utf8')) as SectionWeightsMeta;
    const raw = fs.readFileSync(files.weights);
    const weights = new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
    if (weights.length !== meta.labels.length * meta.dims || meta.bias.length !== meta.labels.length) {
      throw new Error(`${files.weights}: ${weights.length} weights do not make ${meta.labels.length} sections of ${meta.dims} dims`);
    }
    return new SectionClassifier(meta, weights);
  }

  get size(): number {
    return this.meta.labels.length;
  }

  get dims(): number {
    return this.meta.dims;
  }

  /** The `n` sections of highest probability for a query vector; `has` drops sections the corpus lacks. */
  top(query: Float32Array, n: number, has: (id: string) => boolean = () => true): ExampleMatch[] {
    if (query.length !== this.meta.dims) throw new Error(`section classifier: a ${query.length}-dim vector, fitted on ${this.meta.dims}`);
    const { scale, bias, labels } = this.meta;
    const scored: { id: string; z: number }[] = [];
    this.rows.forEach((row, i) => {
      if (has(labels[i])) scored.push({ id: labels[i], z: scale * dot(row, query) + bias[i] });
    });
    scored.sort((a, b) => b.z - a.z || (a.id < b.id ? -1 : 1));
    return scored.slice(0, n).map(({ id, z }) => ({ id, score: 1 / (1 + Math.exp(-z)), nearest: 0 }));
  }
}
