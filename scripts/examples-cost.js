#!/usr/bin/env node
// What the labelled examples cost a search, apart from the query's embedding (which the search computes anyway): the
// vote (ExampleIndex.match), the section classifier beside it (SectionClassifier.top, with the nearest citing example
// of each section it adds) and the refusal's example margin (ExampleIndex.margin), each timed
// over 200 random unit vectors after 20 warm-up calls. Run after `npm run build`, with the embedding model's settings
// (MODELS_DIR, EMBEDDING_MODEL): the shipped vectors are used when the model reproduces them.
const { loadConfig } = require('../dist/src/config/config');
const { Embedder } = require('../dist/src/models/embedder');
const { ExampleIndex, readExamples } = require('../dist/src/expand/examples');
const { SectionClassifier } = require('../dist/src/expand/section-classifier');

(async () => {
  const config = loadConfig();
  const embedder = await Embedder.load(config.embeddingModel, config);
  const examples = readExamples();
  const index = await ExampleIndex.build(embedder, examples);
  const dims = embedder.info.dims;
  const queries = Array.from({ length: 200 }, () => {
    const v = Float32Array.from({ length: dims }, () => Math.random() - 0.5);
    const n = Math.hypot(...v);
    return v.map((x) => x / n);
  });
  const classifier = SectionClassifier.load(config.embeddingModel);
  const rows = { examples: examples.length, voting: index.size, classifierSections: classifier?.size ?? 0 };
  const classify = (q) => classifier?.top(q, 20).map((m) => index.nearestCiting(q, m.id));
  for (const [name, f] of [['matchMs', (q) => index.match(q, 10)], ['classifierMs', classify], ['marginMs', (q) => index.margin(q)]]) {
    for (const q of queries.slice(0, 20)) f(q);
    const t = process.hrtime.bigint();
    for (const q of queries) f(q);
    rows[name] = Math.round(Number(process.hrtime.bigint() - t) / 1e4 / queries.length) / 100;
  }
  process.stdout.write(`${JSON.stringify(rows)}\n`);
  process.exit(0);
})().catch((err) => {
  process.stderr.write(`examples-cost: ${err.message}\n`);
  process.exit(1);
});
