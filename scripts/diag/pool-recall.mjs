// Design sets only: R@10, recall within the 20 hits (the rerank pool) and MRR per variant. usage: node scripts/diag/pool-recall.mjs <files> <variantsJSON> [kinds]
/* global process, console, URL */
import { createRequire } from 'node:module';
const require = createRequire(new URL('../../package.json', import.meta.url));
const root = new URL('../../dist/src/', import.meta.url).pathname;
const { loadConfig } = require(root + 'config/config.js');
const { openEvalApp } = require(root + 'eval/eval-index.js');
const { indexBareActs, readQueries, rollUp } = require(root + 'eval/dev-eval.js');
const [files, variantsJson, kindFilter] = process.argv.slice(2);
let queries = files.split(',').flatMap((f) => readQueries(f));
if (kindFilter) queries = queries.filter((q) => kindFilter.split(',').includes(q.kind));
const variants = JSON.parse(variantsJson);
const config = loadConfig();
const { app, dispose } = await openEvalApp(config);
await indexBareActs(app);
const out = {};
for (const [name, opt] of Object.entries(variants)) {
  const rows = [];
  const t0 = Date.now();
  for (const q of queries) {
    const res = await app.search.search({ query: q.query, topK: 20, ...opt });
    const ranked = [];
    for (const h of res.hits) for (const s of (h.chunk.sectionId ? [h.chunk.sectionId] : h.chunk.sections)) if (!ranked.includes(s)) ranked.push(s);
    const rel = new Set(q.relevant.map(rollUp));
    const at = (k) => ranked.slice(0, k).filter((s) => rel.has(s)).length / Math.max(1, rel.size);
    const first = ranked.findIndex((s) => rel.has(s));
    rows.push({ id: q.id, lang: q.lang, kind: q.kind, r10: at(10), r20: at(ranked.length), mrr: first < 0 ? 0 : 1 / (first + 1), refused: res.belowThreshold });
  }
  const agg = (rs) => rs.length ? [rs.length, ...['r10', 'r20', 'mrr'].map((k) => (rs.reduce((a, r) => a + r[k], 0) / rs.length).toFixed(3))].join(' ') : '-';
  console.log(`== ${name} (${((Date.now() - t0) / 1000).toFixed(0)} s)  n r10 rAll mrr`);
  console.log('  all', agg(rows));
  for (const l of ['en', 'hi', 'gu']) console.log('  ', l, agg(rows.filter((r) => r.lang === l)));
  for (const k of [...new Set(rows.map((r) => r.kind))]) console.log('  ', k, agg(rows.filter((r) => r.kind === k)));
  out[name] = rows;
}
(await import('node:fs')).writeFileSync(process.env.OUT ?? '/dev/null', JSON.stringify(out));
await dispose();
process.exit(0);
