import type { DocumentType } from '../domain/document.types';
import type { WriteGuard } from '../stores/documents/document.store';
import type { Principal } from './principal';

/** The documents that belong to a district's police: the only ones a non-admin may write. */
export const CASE_RECORDS: readonly DocumentType[] = ['FIR', 'CHARGESHEET', 'PANCHNAMA'];

type Meta = { type: DocumentType; district: string | null };

/**
 * Who may write what, decided by what a document *is* — its type and owning district — and never by whether the
 * caller can see it (rulings, SOPs and bare-act sections are visible to everyone, and writable by ADMIN only).
 * `refusal` judges a validated document against what is stored under its id; `guard` repeats the same rule
 * inside the save statement, so a document stored between the check and the write cannot be replaced either.
 */
export interface WritePolicy {
  refusal(doc: Meta & { id: string }, existing: Meta | null): string | null;
  guard: WriteGuard | undefined;
}

/** The one answer for an id the caller may not write, whatever is stored under it and whether the caller sees it. */
export const idNotAvailable = (id: string) => `The id "${id}" is not available to this caller; choose another id, or leave it out to have one derived`;

const ANYTHING: WritePolicy = { refusal: () => null, guard: undefined };

export function writePolicyFor(p: Principal): WritePolicy {
  if (p.role === 'ADMIN') return ANYTHING;
  const own = (district: string | null) => !!district && p.districts.includes(district.toLowerCase());
  return {
    refusal(doc, existing) {
      if (!CASE_RECORDS.includes(doc.type)) return `Role ${p.role} may ingest only ${CASE_RECORDS.join(', ')} documents`;
      if (!own(doc.district)) return `Role ${p.role} may ingest only documents of its own districts (${p.districts.join(', ') || 'none'})`;
      // One answer whatever the stored document is and whether the caller may see it.
      if (existing && !(CASE_RECORDS.includes(existing.type) && own(existing.district))) {
        return idNotAvailable(doc.id);
      }
      return null;
    },
    guard: { types: CASE_RECORDS, districts: p.districts },
  };
}
