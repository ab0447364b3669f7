// Design sets only: how often the whole narrative, each sentence, and each sentence against offence names find the relevant statutes. usage: node scripts/diag/narrative-retrieval.mjs <file> <kinds>
/* global process, console, URL */
import { createRequire } from 'node:module';
const require = createRequire(new URL('../../package.json', import.meta.url));
const root = new URL('../../dist/src/', import.meta.url).pathname;
const { loadConfig } = require(root + 'config/config.js');
const { openEvalApp } = require(root + 'eval/eval-index.js');
const { indexBareActs, readQueries, rollUp } = require(root + 'eval/dev-eval.js');
const [file, kinds] = process.argv.slice(2);
const queries = readQueries(file).filter((q) => kinds.split(',').includes(q.kind));
const { app, dispose } = await openEvalApp(loadConfig());
await indexBareActs(app);
const filter = { documentTypes: ['BARE_ACT_SECTION'] };
const secOf = async (hits) => {
  const chunks = await app.stores.documents.getChunks(hits.map((h) => h.chunkId));
  const m = new Map(chunks.map((c) => [c.id, c.sectionId]));
  return hits.map((h) => m.get(h.chunkId)).filter(Boolean);
};
const acc = {};
const add = (k, v) => ((acc[k] ??= []).push(v));
for (const q of queries) {
  const rel = new Set(q.relevant.map(rollUp));
  const rec = (ids) => [...rel].filter((r) => ids.includes(r)).length / rel.size;
  const sentences = q.query.split(/(?<=[.?!।])\s+|\n+/).map((s) => s.trim()).filter((s) => s.split(/\s+/).length >= 4);
  const pairs = sentences.slice(0, -1).map((s, i) => `${s} ${sentences[i + 1]}`);
  const [whole, ...sv] = await app.embedder.embed([q.query, ...sentences], 'query');
  const wholeIds = [...new Set(await secOf(await app.stores.vector.query(whole, 60, filter)))];
  add('whole@20', rec(wholeIds.slice(0, 20))); add('whole@60', rec(wholeIds));
  for (const k of [3, 5]) {
    const u = new Set();
    for (const v of sv) for (const id of (await secOf(await app.stores.vector.query(v, 12, filter))).filter((x, i, a) => a.indexOf(x) === i).slice(0, k)) u.add(id);
    add(`sent top${k}`, rec([...u])); add(`sent top${k} size`, u.size);
  }
  if (pairs.length) {
    const pv = await app.embedder.embed(pairs, 'query');
    const u = new Set();
    for (const v of pv) for (const id of (await secOf(await app.stores.vector.query(v, 12, filter))).filter((x, i, a) => a.indexOf(x) === i).slice(0, 3)) u.add(id);
    add('pair top3', rec([...u])); add('pair top3 size', u.size);
  }
  add('sentences', sentences.length);
  const names = await app.search.warm();
  const langs = { en: ['en'], hi: ['hi'], gu: ['gu', 'hi'] }[q.lang];
  for (const k of [2, 3, 5]) {
    const u = new Set();
    for (const v of sv) for (const m of names.match(v, 40, langs).filter((m) => app.catalogue.isPenal(m.id) || q.kind !== 'facts').slice(0, k)) u.add(m.id);
    add(`names sent top${k}`, rec([...u])); add(`names sent top${k} size`, u.size);
  }
  const wm = names.match(whole, 60, langs).filter((m) => app.catalogue.isPenal(m.id) || q.kind !== 'facts');
  add('names whole@10', rec(wm.slice(0, 10).map((m) => m.id))); add('names whole@30', rec(wm.slice(0, 30).map((m) => m.id)));
}
for (const [k, v] of Object.entries(acc)) console.log(k.padEnd(18), (v.reduce((a, b) => a + b, 0) / v.length).toFixed(3));
await dispose();
process.exit(0);
