import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config/config';
import { embedExamples, exampleText, OFF_DOMAIN, readExamples } from '../expand/examples';
import { SectionClassifier, sectionWeightsFiles } from '../expand/section-classifier';
import { EmbeddingCache } from '../models/embedding-cache';
import { Embedder } from '../models/embedder';
import { fromRoot } from '../util/paths';

/** The fit itself: numpy does in a minute what a JavaScript loop would take over an hour to do. */
export const FIT_SCRIPT = fromRoot('tools', 'sections', 'fit.py');

/**
 * `nyaya train-sections`: embeds the shipped labelled examples (seeds/examples, already screened of the design hold-out
 * and of near copies of evaluation queries by build-examples) as passages, as the examples' index does, and as queries,
 * as a search embeds its own, and fits one logistic regression per section on both (tools/sections/fit.py, numpy;
 * PYTHON names the interpreter). Writes models/section-classifier/<model>.{json,f32}, where the service finds them.
 * Run it after build-examples.
 */
export async function trainSectionsCommand(config: Config): Promise<number> {
  if (!config.examplesFile) {
    process.stderr.write('train-sections: EXAMPLES_FILE=none: there are no examples to fit on\n');
    return 2;
  }
  const examples = readExamples(config.examplesFile).filter((e) => e.kind !== OFF_DOMAIN);
  if (!examples.length) {
    process.stderr.write(`train-sections: ${config.examplesFile} holds no in-domain example (run npm run build:examples)\n`);
    return 2;
  }
  const python = process.env.PYTHON ?? 'python3';
  const probe = spawnSync(python, ['-c', 'import numpy'], { encoding: 'utf8' });
  if (probe.status !== 0) {
    process.stderr.write(`train-sections: ${python} cannot import numpy (${(probe.stderr || String(probe.error)).trim().split('\n').pop()}); `
      + 'install it (python3 -m pip install numpy) or point PYTHON at an interpreter that has it\n');
    return 2;
  }
  const embedder = await Embedder.load(config.embeddingModel, config);
  process.stderr.write(`[train-sections] embedding ${examples.length} examples with ${config.embeddingModel}\n`);
  const cacheFile = config.embeddingCacheDir ? EmbeddingCache.fileFor(config.embeddingCacheDir, config.embeddingModel, 'examples-') : undefined;
  const passages = await embedExamples(embedder, examples, cacheFile);
  // The classifier reads a search's query vector ("query: " prefix); fitted on the passage vectors alone it scored
  // 0.14 lower (R@10 + MRR of its own top 10, design sets). Both views are kept: the passages are what the examples'
  // index holds.
  process.stderr.write(`[train-sections] embedding them as queries too\n`);
  const queries = await embedder.embed(examples.map(exampleText), 'query', 16);
  const vectors = [...passages, ...queries];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nyaya-sections-'));
  try {
    const flat = new Float32Array(vectors.length * embedder.info.dims);
    vectors.forEach((v, i) => flat.set(v, i * embedder.info.dims));
    fs.writeFileSync(path.join(dir, 'vectors.f32'), Buffer.from(flat.buffer));
    const sections = examples.map((e) => e.sections);
    fs.writeFileSync(path.join(dir, 'input.json'), JSON.stringify({ dims: embedder.info.dims, sections: [...sections, ...sections] }));
    const files = sectionWeightsFiles(config.embeddingModel);
    fs.mkdirSync(path.dirname(files.meta), { recursive: true });
    const prefix = files.meta.replace(/\.json$/, '');
    const fit = spawnSync(python, [FIT_SCRIPT, dir, prefix], { stdio: ['ignore', 'inherit', 'inherit'] });
    if (fit.status !== 0) {
      process.stderr.write(`train-sections: ${FIT_SCRIPT} failed (exit ${fit.status ?? fit.signal})\n`);
      return 1;
    }
    const classifier = SectionClassifier.load(config.embeddingModel);
    process.stdout.write(`section classifier for ${config.embeddingModel}: ${classifier?.size ?? 0} sections; written to ${files.meta} and ${files.weights}\n`);
    return 0;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await embedder.dispose();
  }
}
