import type { CasePlan } from './plan.service';

/** The plan as data, for clients that show it as a checklist rather than as text. */
export interface PlanSummary {
  language: string;
  era: 'new' | 'old';
  codes: string;
  date: string | null;
  firId: string | null;
  families: string[];
  statutoryOnly: boolean;
  steps: PlanStepSummary[];
}

export interface PlanStepSummary {
  stepId: string;
  phase: string;
  phaseLabel: string;
  text: string;
  cite: string;
  provisions: string[];
  /** Source numbers this step cites (its provisions, then its SOP). */
  sources: number[];
  /** The case-record document showing the step done; null for steps still to do. */
  doneBy: string | null;
}

export function planSummary(c: CasePlan): PlanSummary {
  const step = (s: CasePlan['plan']['todo'][number]): PlanStepSummary => {
    const src = c.sources.get(s.step.id);
    return {
      stepId: s.step.id, phase: s.step.phase, phaseLabel: s.phaseLabel, text: s.text, cite: s.cite, provisions: s.provisions,
      // The FIR given as the question's text has no id of its own.
      sources: [...(src?.provisions ?? []), ...(src?.sops ?? [])], doneBy: s.doneBy ? (s.doneBy.id === 'query' ? 'FIR' : s.doneBy.id) : null,
    };
  };
  return {
    language: c.language, era: c.plan.era, codes: c.plan.era === 'new' ? 'BNSS/BSA' : 'CrPC/IEA', date: c.date, firId: c.firId,
    families: c.plan.families.map((f) => f.id), statutoryOnly: c.statutoryOnly,
    steps: [...c.plan.todo, ...c.plan.done].map(step),
  };
}
