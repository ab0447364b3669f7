import type { DocumentType } from './document.types';

/**
 * What one caller may read, handed to every store query so that the stores themselves leave out what the
 * caller may not see (a SQL predicate, a Chroma where-clause, a Cypher predicate) instead of results being
 * filtered afterwards. A document is visible when `all`, or its type is in `openTypes`, or its district
 * (lower-cased) is in `districts`.
 */
export interface AccessScope {
  all: boolean;
  openTypes: DocumentType[];
  districts: string[];
}

export function canSee(scope: AccessScope | undefined, doc: { type: string; district: string | null | undefined }): boolean {
  if (!scope || scope.all) return true;
  if ((scope.openTypes as string[]).includes(doc.type)) return true;
  return !!doc.district && scope.districts.includes(doc.district.toLowerCase());
}
