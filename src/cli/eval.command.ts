import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/config';
import { evaluateQueries, indexBareActs, readQueries, type DevReport } from '../eval/dev-eval';
import { openEvalApp, stageLine } from '../eval/eval-index';
import type { SearchRequest } from '../search/search.types';
import { runAila } from './aila.command';
import { evaluateRefusal } from '../eval/refusal-eval';

/** Stage-off variants for the ablation table: each turns one stage off, the last two are single retrievers. */
export const ABLATIONS: Record<string, Partial<SearchRequest>> = {
  full: {},
  'no glossary expansion': { disable: { expansion: true } },
  'no offence elements': { disable: { elements: true } },
  'no section names (meaning)': { disable: { names: true } },
  'no section lookup (references, glossary sections)': { disable: { sections: true } },
  'no IPC⇄BNS equivalents': { disable: { equivalents: true } },
  'no provision prior (penal / procedural)': { disable: { prior: true } },
  'no dense': { disable: { dense: true } },
  'no keyword': { disable: { keyword: true } },
  'WEIGHTED fusion instead of RRF': { fusion: 'WEIGHTED' },
  'no rerank': { rerank: false },
  'keyword alone': { disable: { dense: true, sections: true, expansion: true, equivalents: true } },
  'dense alone': { disable: { keyword: true, sections: true, expansion: true, equivalents: true } },
};

function table(rows: [string, DevReport][]): string {
  const langs = [...new Set(rows.flatMap(([, r]) => Object.keys(r.byLanguage)))].sort();
  const head = `| configuration | overall R@10 / MRR | ${langs.map((l) => `${l} R@10 / MRR`).join(' | ')} |`;
  const sep = `|---|---|${langs.map(() => '---').join('|')}|`;
  const fmt = (m?: { 'recall@10': number; mrr: number }) => (m ? `${m['recall@10'].toFixed(2)} / ${m.mrr.toFixed(2)}` : '–');
  return [head, sep, ...rows.map(([name, r]) => `| ${name} | ${fmt(r.overall)} | ${langs.map((l) => fmt(r.byLanguage[l])).join(' | ')} |`)].join('\n');
}

export async function evalCommand(config: Config, args: Record<string, string | boolean | undefined>): Promise<number> {
  if (typeof args.aila === 'string') return runAila(config, args);
  if (typeof args.queries !== 'string') {
    process.stderr.write('eval needs --queries <file.jsonl> or --aila <dir> --qrels <file>\n');
    return 2;
  }
  if (typeof args.offdomain === 'string') return refusalCommand(config, args.queries, args.offdomain, args);
  const queries = readQueries(args.queries);
  const t0 = performance.now();
  const { app, dispose } = await openEvalApp(config);
  try {
    process.stderr.write(`[eval] ${stageLine(app)}\n[eval] indexing the bare acts into an isolated store…\n`);
    let last = 0;
    await indexBareActs(app, (done, total) => {
      if (Date.now() - last > 5000 || done === total) {
        last = Date.now();
        process.stderr.write(`[eval] indexed ${done}/${total} sections\n`);
      }
    });
    // --variants "full,no rerank" runs the named rows only (a whole --ablate reranks every row).
    const named = typeof args.variants === 'string' ? args.variants.split(',').map((v) => v.trim()) : null;
    const unknown = named?.filter((n) => !(n in ABLATIONS)) ?? [];
    if (unknown.length) throw new Error(`unknown --variants ${unknown.join(', ')}; known: ${Object.keys(ABLATIONS).join(', ')}`);
    const variants = named ? named.map((n) => [n, ABLATIONS[n]] as [string, Partial<SearchRequest>])
      : args.ablate ? Object.entries(ABLATIONS) : [['full', {}] as [string, Partial<SearchRequest>]];
    const reports: [string, DevReport][] = [];
    for (const [name, options] of variants) {
      reports.push([name, await evaluateQueries(app.search, queries, options)]);
    }
    const full = reports[0][1];
    process.stdout.write(`${JSON.stringify({ overall: full.overall, byLanguage: full.byLanguage, byKind: full.byKind }, null, 2)}\n`);
    if (args.ablate || named) process.stdout.write(`\n${table(reports)}\n`);
    if (args.verbose) for (const q of full.perQuery) process.stdout.write(`${q.id} ${q.lang} ${q.kind} mrr=${q.metrics.mrr.toFixed(2)} R@10=${q.metrics['recall@10'].toFixed(2)} ${q.ranked.join(' ')}\n`);
    if (typeof args.json === 'string') {
      fs.mkdirSync(path.dirname(path.resolve(args.json)), { recursive: true });
      const out = { overall: full.overall, byLanguage: full.byLanguage, byKind: full.byKind, stages: stageLine(app), queries: args.queries,
        ...(args.ablate || named ? { ablation: Object.fromEntries(reports.map(([n, r]) => [n, { overall: r.overall, byLanguage: r.byLanguage }])) } : {}),
        perQuery: full.perQuery };
      fs.writeFileSync(args.json, JSON.stringify(out, null, 2));
    }
    process.stderr.write(`[eval] finished in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    return 0;
  } finally {
    await dispose();
  }
}

/**
 * `eval --queries a.jsonl,b.jsonl --offdomain o.jsonl [--json out.json]`: how often search refuses in-domain and
 * off-domain questions, at RERANK_MIN_LOGIT and at a sweep of other thresholds.
 */
async function refusalCommand(config: Config, inFiles: string, offFile: string, args: Record<string, string | boolean | undefined>): Promise<number> {
  const inDomain = inFiles.split(',').flatMap((f) => readQueries(f.trim()));
  const offDomain = readQueries(offFile);
  const { app, dispose } = await openEvalApp(config);
  try {
    process.stderr.write(`[eval] ${stageLine(app)}\n[eval] indexing the bare acts into an isolated store…\n`);
    await indexBareActs(app);
    let last = 0;
    const report = await evaluateRefusal(app.search, inDomain, offDomain, config.rerank.minLogit ?? -Infinity, (done, total) => {
      if (Date.now() - last > 10000 || done === total) {
        last = Date.now();
        process.stderr.write(`[eval] ${done}/${total} questions\n`);
      }
    });
    const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
    const lines = ['| RERANK_MIN_LOGIT | off-domain refused | in-domain refused |', '|---|---|---|',
      ...report.sweep.map((r) => `| ${r.threshold}${r.threshold === config.rerank.minLogit ? ' (configured)' : ''} | ${pct(r.offDomainRefused)} | ${pct(r.inDomainRefused)} |`)];
    process.stdout.write(`${JSON.stringify({ configured: report.configured, inDomain: inDomain.length, offDomain: offDomain.length }, null, 2)}\n\n${lines.join('\n')}\n`);
    if (typeof args.json === 'string') {
      fs.mkdirSync(path.dirname(path.resolve(args.json)), { recursive: true });
      fs.writeFileSync(args.json, JSON.stringify({ stages: stageLine(app), inDomainFiles: inFiles, offDomainFile: offFile, ...report }, null, 2));
    }
    return 0;
  } finally {
    await dispose();
  }
}
