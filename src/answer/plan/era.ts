import { NEW_CODES_IN_FORCE, parseSectionId } from '../../domain/codes';
import { normaliseDigits } from '../../text/normalise';
import type { Era } from './procedure.data';

const NEW = new Set(['BNS', 'BNSS', 'BSA']);
const OLD = new Set(['IPC', 'CrPC', 'IEA']);

/** dd.mm.yyyy, dd/mm/yyyy, dd-mm-yyyy and yyyy-mm-dd, as FIRs write them. */
const DATES = /\b(\d{1,2})[./-](\d{1,2})[./-](\d{4})\b|\b(\d{4})-(\d{2})-(\d{2})\b/g;

/**
 * The FIR's date when none was given: the latest real date its text mentions (the registration comes after the
 * incident it records), never one in the future.
 */
export function dateInText(text: string, today = new Date().toISOString().slice(0, 10)): string | null {
  let best: string | null = null;
  for (const m of normaliseDigits(text).matchAll(DATES)) {
    const [y, mo, d] = m[4] ? [m[4], m[5], m[6]] : [m[3], m[2].padStart(2, '0'), m[1].padStart(2, '0')];
    const iso = `${y}-${mo}-${d}`;
    if (Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > 31 || iso > today) continue;
    if (!best || iso > best) best = iso;
  }
  return best;
}

/**
 * Which code governs the investigation: the new codes for an FIR registered on or after 1 July 2024, the old
 * ones before (BNSS s. 531(2)(a) keeps pending investigations under the CrPC). Without a date, the codes the
 * FIR itself cites decide; with neither, the codes in force today.
 */
export function chooseEra(date: string | null | undefined, cited: string[]): { era: Era; decidedBy: 'date' | 'citations' | 'today' } {
  if (date) return { era: date >= NEW_CODES_IN_FORCE ? 'new' : 'old', decidedBy: 'date' };
  const codes = cited.map((id) => parseSectionId(id)?.code).filter((c): c is NonNullable<typeof c> => !!c);
  const n = codes.filter((c) => NEW.has(c)).length;
  const o = codes.filter((c) => OLD.has(c)).length;
  if (n !== o) return { era: n > o ? 'new' : 'old', decidedBy: 'citations' };
  return { era: 'new', decidedBy: 'today' };
}
