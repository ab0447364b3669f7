import fs from 'node:fs';
import path from 'node:path';
import { normaliseQuery } from '../analyse/analyse';
import { weightsFile, type DomainWeights } from '../analyse/domain.classifier';
import { fitDomain, FIT_DEFAULTS } from '../analyse/domain.fit';
import type { Config } from '../config/config';
import { Embedder } from '../models/embedder';
import { screenTraining } from '../eval/leakage';
import { jsonlFiles } from '../util/jsonl';
import { fromRoot } from '../util/paths';

/**
 * The lines the classifier learns from: written for training by helpers who never saw an evaluation set (the same
 * lines the shipped cross-encoder learnt from, tools/reranker/README.md). `kind: offdomain` is label 1, every
 * other kind (narratives, procedure questions, offence look-ups) label 0.
 */
export const DOMAIN_TRAINING = fromRoot('tools', 'reranker', 'data');

export interface Line {
  text: string;
  lang: string;
  kind: string;
  /** The sections that answer it; none for an off-domain line. */
  sections: string[];
}

/**
 * `nyaya train-domain [--data dir-or-files] [--out file]`: embeds the training lines (less the design hold-out and near
 * copies of evaluation queries: eval/leakage.ts) as queries with EMBEDDING_MODEL
 * (normalised as a search normalises them), fits the domain classifier and writes its weights to
 * models/domain-classifier/<model>.json, where the service finds them. About two minutes on 2 cores.
 */
export async function trainDomainCommand(config: Config, args: Record<string, unknown>): Promise<number> {
  let files: string[];
  let screened: ReturnType<typeof screenTraining<Line>>;
  try {
    files = args.data ? String(args.data).split(',').flatMap(jsonlFiles) : jsonlFiles(DOMAIN_TRAINING);
    screened = screenTraining(files.flatMap(readLines));
  } catch (err) {
    process.stderr.write(`train-domain: ${(err as Error).message}\n`);
    return 2;
  }
  const lines = screened.kept;
  const off = lines.filter((l) => l.kind === 'offdomain').length;
  if (!off || off === lines.length) {
    process.stderr.write(`train-domain: ${files.join(', ')} must hold both off-domain lines (kind "offdomain") and others\n`);
    return 2;
  }
  const embedder = await Embedder.load(config.embeddingModel, config);
  process.stderr.write(`[train-domain] ${lines.length} lines (${off} off-domain) from ${files.length} files, leaving out ${screened.heldOut} held out for design `
    + `and ${screened.leaked} near copies of evaluation queries; embedding with ${config.embeddingModel}\n`);
  const xs: Float32Array[] = [];
  const t0 = performance.now();
  for (let i = 0; i < lines.length; i += 256) {
    xs.push(...(await embedder.embed(lines.slice(i, i + 256).map((l) => normaliseQuery(l.text)), 'query', 16)));
    process.stderr.write(`[train-domain] ${xs.length}/${lines.length} embedded (${Math.round((performance.now() - t0) / 1000)} s)\n`);
  }
  const ys = lines.map((l) => (l.kind === 'offdomain' ? 1 : 0));
  const { trainingAccuracy, ...fit } = fitDomain(xs, ys, config.embeddingModel);
  const weights: DomainWeights = {
    ...fit,
    fitted: {
      files: files.map((f) => path.relative(fromRoot(), f)), lines: lines.length, offDomain: off,
      ...FIT_DEFAULTS, trainingAccuracy: Math.round(trainingAccuracy * 1e4) / 1e4,
    },
  };
  const out = args.out ? path.resolve(String(args.out)) : weightsFile(config.embeddingModel);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(weights) + '\n');
  process.stdout.write(`domain classifier for ${config.embeddingModel}: ${lines.length} lines, training accuracy ${weights.fitted.trainingAccuracy}; written to ${out}\n`);
  return 0;
}

/** The training lines of one JSONL file; a malformed line is an error naming the file and line. */
export function readLines(file: string): Line[] {
  return fs.readFileSync(file, 'utf8').split('\n').flatMap((raw, i) => {
    if (!raw.trim()) return [];
    let l: Partial<Line>;
    try {
      l = JSON.parse(raw) as Partial<Line>;
    } catch {
      throw new Error(`${file}:${i + 1}: not a JSON line`);
    }
    if (typeof l.text !== 'string' || typeof l.kind !== 'string') throw new Error(`${file}:${i + 1}: a line needs "text" and "kind"`);
    return [{ text: l.text, lang: l.lang ?? '', kind: l.kind, sections: (l.sections ?? []).map(String) }];
  });
}
