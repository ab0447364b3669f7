import fs from 'node:fs';
import { z } from 'zod';
import { fromRoot } from '../../util/paths';

/**
 * Procedure knowledge (seeds/procedure/investigation-steps.json): investigation steps per offence family, in
 * phase order, each tied to the provision that governs it in the new code and the old one. Kept as data so
 * that a legal reviewer can correct a step without reading code.
 */
const Text = z.object({ en: z.string().min(1), hi: z.string().min(1), gu: z.string().min(1) });
const Ids = z.array(z.string().regex(/^(IPC|BNS|CrPC|BNSS|IEA|BSA):[0-9]+[A-Z]{0,2}$/, 'a section id is CODE:NUMBER'));
const Cues = z.object({ en: z.array(z.string()).default([]), hi: z.array(z.string()).default([]), gu: z.array(z.string()).default([]) });

const Step = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  phase: z.string(),
  families: z.array(z.string()).min(1),
  provisions: z.object({ new: Ids, old: Ids }),
  cite: z.object({ new: z.string(), old: z.string() }),
  text: Text,
  doneWhen: z.object({ documentTypes: z.array(z.string()).default([]), cues: Cues.default({ en: [], hi: [], gu: [] }) }).default({ documentTypes: [], cues: { en: [], hi: [], gu: [] } }),
});

export const ProcedureSchema = z.object({
  version: z.literal(1),
  source: z.string(),
  phases: z.array(z.object({ id: z.string(), label: Text })).min(1),
  families: z.array(z.object({ id: z.string(), label: Text, offences: z.object({ new: Ids, old: Ids }) })).min(1),
  steps: z.array(Step).min(1),
}).superRefine((p, ctx) => {
  const phases = new Set(p.phases.map((x) => x.id));
  const families = new Set(p.families.map((x) => x.id));
  const ids = new Set<string>();
  p.steps.forEach((s, i) => {
    if (ids.has(s.id)) ctx.addIssue({ code: 'custom', path: ['steps', i, 'id'], message: `duplicate step id ${s.id}` });
    ids.add(s.id);
    if (!phases.has(s.phase)) ctx.addIssue({ code: 'custom', path: ['steps', i, 'phase'], message: `unknown phase ${s.phase}` });
    for (const f of s.families) if (f !== '*' && !families.has(f)) ctx.addIssue({ code: 'custom', path: ['steps', i, 'families'], message: `unknown family ${f}` });
    if (!s.provisions.new.length && !s.provisions.old.length) ctx.addIssue({ code: 'custom', path: ['steps', i, 'provisions'], message: 'a step names at least one provision' });
  });
});

export type Procedure = z.infer<typeof ProcedureSchema>;
export type ProcedureStep = Procedure['steps'][number];
export type Family = Procedure['families'][number];
export type Era = 'new' | 'old';

let cached: Procedure | undefined;

export function loadProcedure(file = fromRoot('seeds', 'procedure', 'investigation-steps.json')): Procedure {
  if (cached && file === fromRoot('seeds', 'procedure', 'investigation-steps.json')) return cached;
  const parsed = ProcedureSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return (cached = parsed.data);
}

/** Every section id the file names (steps and families), for the check against the statute catalogue. */
export function namedProvisions(p: Procedure): string[] {
  return [...new Set([
    ...p.steps.flatMap((s) => [...s.provisions.new, ...s.provisions.old]),
    ...p.families.flatMap((f) => [...f.offences.new, ...f.offences.old]),
  ])];
}
