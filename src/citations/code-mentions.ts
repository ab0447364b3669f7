import { tokenize } from './tokenize';

/**
 * Whether the text names one of the six codes the service covers (IPC, BNS, CrPC, BNSS, IEA, BSA) or their family
 * ("evidence law", "प्रक्रिया संहिता"), in any of the three languages, with or without a section number: a question
 * that asks about them is in the domain whatever else it says ("65B certificate under which section of the BSA").
 */
export function namesCoveredCode(text: string): boolean {
  return tokenize(text).some((t) => t.kind === 'code' && (t.ref.kind === 'code' || t.ref.kind === 'family'));
}
