import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/config';
import { ABLATIONS } from '../eval/ablations';
import { evaluateQueries, indexBareActs, readQueries, type DevReport } from '../eval/dev-eval';
import { openEvalApp, readFiles, stageLine } from '../eval/eval-index';
import type { SearchRequest } from '../search/search.types';
import { runAila } from './aila.command';
import { planCommand } from './plan-eval.command';
import { evaluateRefusal, replayRefusal, type RefusalRates, type RefusalReport } from '../eval/refusal-eval';

function table(rows: [string, DevReport][]): string {
  const langs = [...new Set(rows.flatMap(([, r]) => Object.keys(r.byLanguage)))].sort();
  const head = `| configuration | overall R@10 / MRR | ${langs.map((l) => `${l} R@10 / MRR`).join(' | ')} |`;
  const sep = `|---|---|${langs.map(() => '---').join('|')}|`;
  const fmt = (m?: { 'recall@10': number; mrr: number }) => (m ? `${m['recall@10'].toFixed(2)} / ${m.mrr.toFixed(2)}` : '–');
  return [head, sep, ...rows.map(([name, r]) => `| ${name} | ${fmt(r.overall)} | ${langs.map((l) => fmt(r.byLanguage[l])).join(' | ')} |`)].join('\n');
}

export async function evalCommand(config: Config, args: Record<string, string | boolean | undefined>): Promise<number> {
  if (typeof args.aila === 'string') return runAila(config, args);
  if (typeof args['refusal-from'] === 'string') return replayCommand(config, args['refusal-from'], args);
  if (typeof args.plans === 'string') return planCommand(config, args.plans, args);
  if (typeof args.queries !== 'string') {
    process.stderr.write('eval needs --queries <file.jsonl>, --plans <file.jsonl> or --aila <dir> --qrels <file>\n');
    return 2;
  }
  if (typeof args.offdomain === 'string') return refusalCommand(config, args.queries, args.offdomain, args);
  const queries = readFiles(args.queries, readQueries);
  if (!queries) return 2;
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
 * `eval --queries a.jsonl,b.jsonl --offdomain o.jsonl[,p.jsonl] [--json out.json]`: how often search refuses in-domain and
 * off-domain questions, at RERANK_MIN_LOGIT and at a sweep of other thresholds.
 */
function refusalTable(config: Config, report: RefusalReport, inDomain: number, offDomain: number): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  // One table per sweep: each row is a value of the setting, marked where it is the configured one.
  const table = <K extends string>(title: string, rows: (RefusalRates & Record<K, number | null>)[], key: K, configured: number | null) => [
    `| ${title} | off-domain refused | in-domain refused |`, '|---|---|---|',
    ...rows.map((r) => `| ${r[key] ?? 'none'}${r[key] === configured ? ' (configured)' : ''} | ${pct(r.offDomainRefused)} | ${pct(r.inDomainRefused)} |`),
  ];
  const { rerank } = config;
  const lines = [
    ...table('RERANK_MIN_LOGIT', report.sweep, 'threshold', rerank.minLogit), '',
    ...table(`RERANK_FLOOR_LOGIT (at RERANK_MIN_LOGIT ${report.configured.threshold})`, report.floorSweep, 'floor', rerank.floorLogit), '',
    ...table('REFUSE_OFF_DOMAIN_P (domain classifier)', report.offDomainSweep, 'offDomainP', rerank.offDomainP), '',
    ...table('KEEP_IN_DOMAIN_P', report.inDomainSweep, 'inDomainP', rerank.inDomainP), '',
    ...table('REFUSE_EXAMPLE_MARGIN', report.refuseMarginSweep, 'refuseMargin', rerank.refuseMargin), '',
    ...table('KEEP_EXAMPLE_MARGIN', report.keepMarginSweep, 'keepMargin', rerank.keepMargin),
  ];
  return `${JSON.stringify({ configured: report.configured, inDomain, offDomain }, null, 2)}\n\n${lines.join('\n')}\n`;
}

/**
 * `eval --refusal-from a.json,b.json [--ids r2-,o2-] [--json out.json]`: the refusal rule replayed, at RERANK_MIN_LOGIT and the sweep,
 * on the recorded evidence of earlier `eval --offdomain` and `eval --queries` runs (no search, no model).
 */
function replayCommand(config: Config, files: string, args: Record<string, string | boolean | undefined>): number {
  // --ids r2-,o2-: only the questions whose id starts so (one run can hold a design and a clean set).
  const prefixes = typeof args.ids === 'string' ? args.ids.split(',').map((p) => p.trim()) : null;
  const keep = (id: string) => !prefixes || prefixes.some((p) => id.startsWith(p));
  const runs = files.split(',').map((f) => JSON.parse(fs.readFileSync(f.trim(), 'utf8')) as Parameters<typeof replayRefusal>[0][number]);
  const report = replayRefusal(runs.map((r) => ({ perQuery: r.perQuery.filter((q) => keep(q.id)) })), config.rerank);
  const count = (inDomain: boolean) => report.perQuery.filter((q) => q.inDomain === inDomain).length;
  process.stdout.write(refusalTable(config, report, count(true), count(false)));
  if (typeof args.json === 'string') {
    fs.mkdirSync(path.dirname(path.resolve(args.json)), { recursive: true });
    fs.writeFileSync(args.json, JSON.stringify({ replayedFrom: files, ...report }, null, 2));
  }
  return 0;
}

async function refusalCommand(config: Config, inFiles: string, offFile: string, args: Record<string, string | boolean | undefined>): Promise<number> {
  const inDomain = inFiles.split(',').flatMap((f) => readQueries(f.trim()));
  const offDomain = offFile.split(',').flatMap((f) => readQueries(f.trim()));
  const { app, dispose } = await openEvalApp(config);
  try {
    process.stderr.write(`[eval] ${stageLine(app)}\n[eval] indexing the bare acts into an isolated store…\n`);
    await indexBareActs(app);
    let last = 0;
    const report = await evaluateRefusal(app.search, inDomain, offDomain, config.rerank, (done, total) => {
      if (Date.now() - last > 10000 || done === total) {
        last = Date.now();
        process.stderr.write(`[eval] ${done}/${total} questions\n`);
      }
    });
    process.stdout.write(refusalTable(config, report, inDomain.length, offDomain.length));
    if (typeof args.json === 'string') {
      fs.mkdirSync(path.dirname(path.resolve(args.json)), { recursive: true });
      fs.writeFileSync(args.json, JSON.stringify({ stages: stageLine(app), inDomainFiles: inFiles, offDomainFile: offFile, ...report }, null, 2));
    }
    return 0;
  } finally {
    await dispose();
  }
}
