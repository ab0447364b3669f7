import type { Era, Family, Procedure, ProcedureStep } from './procedure.data';
import { doneSteps, type RecordDocument } from './record';

export interface PlannedStep {
  step: ProcedureStep;
  phaseLabel: string;
  text: string;
  /** The governing provisions in the code that governs this investigation. */
  provisions: string[];
  cite: string;
  /** The record document that shows the step done, for steps already done. */
  doneBy: RecordDocument | null;
}

export interface Plan {
  era: Era;
  families: Family[];
  todo: PlannedStep[];
  done: PlannedStep[];
}

/**
 * The investigation plan: every step of the case's families (and those every case needs) that the governing
 * code provides for, in phase order, split into what the record shows done and what is still to do.
 */
export function buildPlan(p: Procedure, families: Family[], era: Era, language: string, record: RecordDocument[]): Plan {
  const ids = new Set(families.map((f) => f.id));
  const phaseOrder = new Map(p.phases.map((ph, i) => [ph.id, i]));
  const relevant = p.steps
    .map((step, i) => ({ step, i }))
    .filter(({ step }) => step.provisions[era].length && (step.families.includes('*') || (ids.size > 0 && step.families.some((f) => ids.has(f)))))
    .sort((a, b) => phaseOrder.get(a.step.phase)! - phaseOrder.get(b.step.phase)! || a.i - b.i)
    .map(({ step }) => step);
  const done = doneSteps(relevant, record);
  const lang = (t: Record<'en' | 'hi' | 'gu', string>) => t[language as 'en' | 'hi' | 'gu'] ?? t.en;
  const planned = relevant.map((step): PlannedStep => ({
    step,
    phaseLabel: lang(p.phases.find((ph) => ph.id === step.phase)!.label),
    text: lang(step.text),
    provisions: step.provisions[era],
    cite: step.cite[era],
    doneBy: done.get(step.id) ?? null,
  }));
  return { era, families, todo: planned.filter((s) => !s.doneBy), done: planned.filter((s) => s.doneBy) };
}
