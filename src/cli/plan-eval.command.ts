import fs from 'node:fs';
import path from 'node:path';
import { PlanService } from '../answer/plan/plan.service';
import type { Config } from '../config/config';
import { indexBareActs } from '../eval/dev-eval';
import { openEvalApp, readFiles, stageLine } from '../eval/eval-index';
import { evaluatePlans, readPlanCases } from '../eval/plan-eval';

/** `eval --plans seeds/plans/plan-eval1.jsonl [--json out.json] [--verbose]`: SOP_ASSISTANT plans scored by provision. */
export async function planCommand(config: Config, file: string, args: Record<string, string | boolean | undefined>): Promise<number> {
  const cases = readFiles(file, readPlanCases);
  if (!cases) return 2;
  const t0 = performance.now();
  const { app, dispose } = await openEvalApp(config);
  try {
    process.stderr.write(`[eval] ${stageLine(app)}\n[eval] indexing the bare acts into an isolated store…\n`);
    await indexBareActs(app);
    const planner = new PlanService({ search: app.search, documents: app.stores.documents, countTokens: (t) => app.embedder.countTokens(t) });
    const report = await evaluatePlans(planner, cases, (n) => { if (n % 6 === 0) process.stderr.write(`[eval] planned ${n}/${cases.length}\n`); });
    const pct = (x: number) => x.toFixed(2);
    const rows = [['overall', report.overall] as const, ...Object.entries(report.byLanguage)];
    process.stdout.write(['| cases | n | step recall | step precision | family found | code by date |', '|---|---|---|---|---|---|',
      ...rows.map(([name, r]) => `| ${name} | ${r.cases} | ${pct(r.recall)} | ${pct(r.precision)} | ${pct(r.families)} | ${pct(r.era)} |`)].join('\n') + '\n');
    if (args.verbose) for (const c of report.perCase) process.stdout.write(`${c.id} R=${pct(c.recall)} P=${pct(c.precision)} missed=${c.missed.join(',')} extra=${c.extra.join(',')}\n`);
    if (typeof args.json === 'string') {
      fs.mkdirSync(path.dirname(path.resolve(args.json)), { recursive: true });
      fs.writeFileSync(args.json, JSON.stringify({ file, stages: stageLine(app), ...report }, null, 2));
    }
    process.stderr.write(`[eval] finished in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    return 0;
  } finally {
    await dispose();
  }
}
