import fs from 'node:fs';
import { z } from 'zod';
import type { PlanService } from '../answer/plan/plan.service';
import { NEW_CODES_IN_FORCE } from '../domain/codes';

/** One case of seeds/plans/*.jsonl: an FIR, what is already on file, and the steps an IO must take next. */
const Case = z.object({
  id: z.string(),
  language: z.enum(['en', 'hi', 'gu']),
  family: z.string(),
  fir: z.object({ date: z.string(), title: z.string().default(''), text: z.string() }).passthrough(),
  record: z.array(z.object({ type: z.string(), title: z.string().default(''), text: z.string() }).passthrough()).default([]),
  expected: z.array(z.object({ phase: z.string(), provision: z.string(), step: z.string().optional() })).min(1),
});
export type PlanCase = z.infer<typeof Case>;

export function readPlanCases(file: string): PlanCase[] {
  if (!fs.existsSync(file)) throw new Error(`no such file: ${file}`);
  return fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l, i) => {
    const parsed = Case.safeParse(JSON.parse(l));
    if (!parsed.success) throw new Error(`${file}:${i + 1}: ${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message}`);
    return parsed.data;
  });
}

export interface PlanScore {
  id: string;
  language: string;
  recall: number;
  precision: number;
  familyFound: boolean;
  eraRight: boolean;
  planned: string[];
  missed: string[];
  extra: string[];
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const aggregate = (xs: PlanScore[]) => ({
  cases: xs.length, recall: mean(xs.map((x) => x.recall)), precision: mean(xs.map((x) => x.precision)),
  families: mean(xs.map((x) => Number(x.familyFound))), era: mean(xs.map((x) => Number(x.eraRight))),
});

/**
 * Plans each case from its FIR text, date and record (as a caller with every document would get it) and scores
 * the steps still to do against the expected ones by governing provision, at section level: recall is the share
 * of expected steps whose provision the plan cites, precision the share of planned steps citing an expected one.
 */
export async function evaluatePlans(planner: PlanService, cases: PlanCase[], progress?: (done: number) => void) {
  const scores: PlanScore[] = [];
  for (const c of cases) {
    const out = await planner.plan({
      query: c.fir.text, date: c.fir.date,
      record: c.record.map((r, i) => ({ id: `${c.id}-record-${i + 1}`, type: r.type, title: r.title, text: r.text })),
    });
    const expected = new Set(c.expected.map((e) => e.provision));
    const todo = out.plan.todo;
    const planned = new Set(todo.flatMap((s) => s.provisions));
    const hit = c.expected.filter((e) => planned.has(e.provision)).length;
    const relevant = todo.filter((s) => s.provisions.some((p) => expected.has(p))).length;
    const newCodes = c.fir.date >= NEW_CODES_IN_FORCE;
    scores.push({
      id: c.id, language: c.language, recall: hit / c.expected.length, precision: todo.length ? relevant / todo.length : 0,
      familyFound: out.plan.families.some((f) => f.id === c.family), eraRight: (out.plan.era === 'new') === newCodes,
      planned: [...planned], missed: [...expected].filter((p) => !planned.has(p)), extra: [...planned].filter((p) => !expected.has(p)),
    });
    progress?.(scores.length);
  }
  const languages = [...new Set(scores.map((s) => s.language))].sort();
  return {
    overall: aggregate(scores),
    byLanguage: Object.fromEntries(languages.map((l) => [l, aggregate(scores.filter((s) => s.language === l))])),
    perCase: scores,
  };
}
