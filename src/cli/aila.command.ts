import fs from 'node:fs';
import type { Config } from '../config/config';
import { ABLATIONS } from '../eval/ablations';
import { ailaDocuments, evaluateAila, readQrels } from '../eval/aila-eval';
import { openEvalApp, stageLine } from '../eval/eval-index';

/** `eval --aila <dir> --qrels <file> [--run-out run.txt] [--json out.json] [--ablate]` */
export async function runAila(config: Config, args: Record<string, string | boolean | undefined>): Promise<number> {
  const dir = String(args.aila);
  if (typeof args.qrels !== 'string') {
    process.stderr.write('eval --aila needs --qrels <file>\n');
    return 2;
  }
  const qrels = readQrels(args.qrels);
  const t0 = performance.now();
  const { app, dispose } = await openEvalApp(config);
  try {
    process.stderr.write(`[eval:aila] ${stageLine(app)}\n`);
    const docs = ailaDocuments(dir);
    const results = await app.ingest.ingest(docs);
    process.stderr.write(`[eval:aila] indexed ${results.filter((r) => r.status !== 'FAILED').length}/${docs.length} statutes\n`);
    const variants = Object.entries(ABLATIONS).filter(([name]) => args.ablate || name === 'full' || name === 'keyword alone');
    const reports = [];
    for (const [name, options] of variants) reports.push({ name, report: await evaluateAila(app, dir, qrels, options, `nyaya-${name.replace(/\W+/g, '-')}`) });
    const full = reports[0].report;
    const floor = reports.find((r) => r.name === 'keyword alone')?.report;
    process.stdout.write(`${JSON.stringify({ overall: full.overall, keywordAlone: floor?.overall }, null, 2)}\n`);
    process.stdout.write(['', '| configuration | MAP | P@10 | BPREF | recip_rank |', '|---|---|---|---|---|',
      ...reports.map(({ name, report: r }) => `| ${name} | ${r.overall.map.toFixed(4)} | ${r.overall['P@10'].toFixed(4)} | ${r.overall.bpref.toFixed(4)} | ${r.overall.recip_rank.toFixed(4)} |`)].join('\n') + '\n');
    if (typeof args['run-out'] === 'string') fs.writeFileSync(args['run-out'], full.run.join('\n') + '\n');
    if (typeof args.json === 'string') {
      fs.writeFileSync(args.json, JSON.stringify({
        overall: full.overall, byLanguage: { en: full.overall }, byQuery: full.byQuery, stages: stageLine(app),
        variants: Object.fromEntries(reports.map((r) => [r.name, r.report.overall])),
      }, null, 2));
    }
    process.stderr.write(`[eval:aila] finished in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    return 0;
  } finally {
    await dispose();
  }
}
