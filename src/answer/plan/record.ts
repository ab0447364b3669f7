import type { ProcedureStep } from './procedure.data';

/** One document of the case as the planner reads it. */
export interface RecordDocument {
  id: string;
  type: string;
  title: string;
  text: string;
}

const fold = (s: string) => s.normalize('NFC').toLowerCase().replace(/\s+/g, ' ');

/**
 * Steps the case record already shows done, with the document that shows it: a document of the kind the step
 * produces (a chargesheet), or a completed-action phrase the data file lists for it ("post-mortem report",
 * "पंचायतनामा भरकर"). Phrases of intent ("will be sent for post-mortem") are not in the data, so a step only
 * planned is not taken as done.
 */
export function doneSteps(steps: ProcedureStep[], record: RecordDocument[]): Map<string, RecordDocument> {
  const texts = record.map((d) => ({ d, text: fold(`${d.title}\n${d.text}`) }));
  const done = new Map<string, RecordDocument>();
  for (const s of steps) {
    const cues = [...s.doneWhen.cues.en, ...s.doneWhen.cues.hi, ...s.doneWhen.cues.gu].map(fold).filter((c) => c.length >= 3);
    const hit = texts.find(({ d, text }) => s.doneWhen.documentTypes.includes(d.type) || cues.some((c) => text.includes(c)));
    if (hit) done.set(s.id, hit.d);
  }
  return done;
}
