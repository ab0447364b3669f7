import fs from 'node:fs';
import path from 'node:path';
import { fromRoot } from '../util/paths';

/** Where fitted weights live, one file per embedding model (`nyaya train-domain` writes them). */
export const DOMAIN_DIR = fromRoot('models', 'domain-classifier');

/**
 * Queries shorter than this are not classified: almost every in-domain training line is longer (3 of 3,144 lines have
 * fewer words; 38 of the 718 off-domain lines do), so the fit reads shortness itself as off-domain ("dowry" 0.98).
 */
export const DOMAIN_MIN_WORDS = 4;

/** A fitted logistic regression over standardised query embeddings: P(the question is outside criminal justice). */
export interface DomainWeights {
  /** The embedding model whose query vectors it was fitted on: it reads no other model's vectors. */
  embeddingModel: string;
  dims: number;
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
  /** How it was fitted: files, examples per label, regularisation, accuracy on the training lines. */
  fitted: Record<string, unknown>;
}

/** The file name for a model: its name with every character outside [A-Za-z0-9._-] replaced. */
export const weightsFile = (embeddingModel: string, dir = DOMAIN_DIR) => path.join(dir, `${embeddingModel.replace(/[^A-Za-z0-9._-]/g, '_')}.json`);

/**
 * Says how far a question lies outside the service's domain (crimes, criminal procedure, evidence), from the query
 * vector the dense stage computes anyway. The cross-encoder scores (question, statute) pairs, so it can only say that no
 * statute fits; a tax question and a Hindi complaint told in everyday words can both leave every statute low. The
 * embedding places the question itself among the kinds of questions the service is and is not for.
 */
export class DomainClassifier {
  private constructor(private readonly w: DomainWeights) {}

  /** The weights fitted on `embeddingModel`'s vectors, or null when there are none (refusal then goes without). */
  static load(embeddingModel: string, dir = DOMAIN_DIR): DomainClassifier | null {
    const file = weightsFile(embeddingModel, dir);
    if (!fs.existsSync(file)) return null;
    const w = JSON.parse(fs.readFileSync(file, 'utf8')) as DomainWeights;
    if (w.embeddingModel !== embeddingModel || [w.mean, w.scale, w.weights].some((a) => a.length !== w.dims)) {
      throw new Error(`${file}: weights for ${w.embeddingModel} (${w.dims} dims) do not fit ${embeddingModel}`);
    }
    return new DomainClassifier(w);
  }

  static of(w: DomainWeights): DomainClassifier {
    return new DomainClassifier(w);
  }

  get embeddingModel(): string {
    return this.w.embeddingModel;
  }

  /** P(off-domain) for a query vector of the model it was fitted on. */
  offDomain(v: Float32Array): number {
    const { mean, scale, weights, bias, dims } = this.w;
    if (v.length !== dims) throw new Error(`domain classifier: a ${v.length}-dim vector, fitted on ${dims}`);
    let z = bias;
    for (let i = 0; i < dims; i++) z += weights[i] * ((v[i] - mean[i]) / scale[i]);
    return 1 / (1 + Math.exp(-z));
  }
}
