import type { AccessScope } from '../domain/access';
import type { DocumentType } from '../domain/document.types';
import type { Principal, Role } from './principal';

/** Published material: anyone, signed in or not, may read it. */
export const PUBLIC_TYPES: DocumentType[] = ['BARE_ACT_SECTION', 'COURT_RULING'];
/** Police-internal but not case-specific: every signed-in official. */
const OFFICIAL_TYPES: DocumentType[] = [...PUBLIC_TYPES, 'SOP'];

/**
 * The document scope of a principal. Case records (FIRs, chargesheets, panchnamas) are visible only in the
 * caller's own districts; ADMIN sees everything, and so does an ANALYST with no district (a state-level desk).
 */
export function scopeFor(p: Principal): AccessScope {
  if (p.role === 'ADMIN' || (p.role === 'ANALYST' && p.districts.length === 0)) return { all: true, openTypes: [], districts: [] };
  if (p.role === 'PUBLIC') return { all: false, openTypes: PUBLIC_TYPES, districts: [] };
  return { all: false, openTypes: OFFICIAL_TYPES, districts: p.districts };
}

/** Operations beyond reading, by role. */
export const MAY_INGEST: readonly Role[] = ['ADMIN', 'INVESTIGATOR'];
export const MAY_DELETE: readonly Role[] = ['ADMIN'];
