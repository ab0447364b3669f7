import type { AccessScope } from '../../domain/access';
import type { SearchFilter } from '../store.types';

/** The caller's access as a SQL predicate over a document's type and district columns ('TRUE' for full access). */
export function accessSql(access: AccessScope | undefined, params: unknown[], typeCol: string, districtCol: string): string {
  if (!access || access.all) return 'TRUE';
  params.push(access.openTypes);
  const types = `$${params.length}`;
  params.push(access.districts);
  const districts = `$${params.length}`;
  return `(${typeCol} = ANY(${types}::text[]) OR lower(${districtCol}) = ANY(${districts}::text[]))`;
}

/**
 * Turns a SearchFilter into a SQL predicate over the columns chunks and vec_items share
 * (document_type, language, district, date, section_id, sections, document_id).
 * Parameters are appended to `params`; the predicate is applied inside the query, never afterwards.
 */
export function filterSql(f: SearchFilter | undefined, params: unknown[], alias = ''): string {
  if (!f) return 'TRUE';
  const a = alias ? `${alias}.` : '';
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const parts: string[] = [];
  if (f.documentTypes?.length) parts.push(`${a}document_type = ANY(${p(f.documentTypes)}::text[])`);
  if (f.languages?.length) parts.push(`${a}language = ANY(${p(f.languages)}::text[])`);
  if (f.districts?.length) parts.push(`lower(${a}district) = ANY(${p(f.districts.map((d) => d.toLowerCase()))}::text[])`);
  if (f.dateFrom) parts.push(`${a}date >= ${p(f.dateFrom)}::date`);
  if (f.dateTo) parts.push(`${a}date <= ${p(f.dateTo)}::date`);
  if (f.sections?.length) {
    const s = p(f.sections);
    parts.push(`(${a}sections && ${s}::text[] OR ${a}section_id = ANY(${s}::text[]))`);
  }
  if (f.codes?.length) parts.push(`split_part(${a}section_id, ':', 1) = ANY(${p(f.codes)}::text[])`);
  if (f.documentIds?.length) parts.push(`${a}document_id = ANY(${p(f.documentIds)}::text[])`);
  if (f.access && !f.access.all) parts.push(accessSql(f.access, params, `${a}document_type`, `${a}district`));
  return parts.length ? parts.join(' AND ') : 'TRUE';
}
