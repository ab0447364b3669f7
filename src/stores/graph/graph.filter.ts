import { accessSql } from '../sql/filter.sql';
import type { GraphDocumentFilter } from './graph.types';

/**
 * A document filter (with the caller's access) as a SQL predicate over g_documents `alias`. Districts compare
 * case-insensitively, as in the Cypher twin below, so both graphs agree on "Pune" and "pune".
 */
export function graphDocumentSql(f: GraphDocumentFilter | undefined, params: unknown[], alias = 'd'): string {
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const parts: string[] = [];
  if (f?.types?.length) parts.push(`${alias}.type = ANY(${p(f.types)}::text[])`);
  if (f?.districts?.length) parts.push(`lower(${alias}.district) = ANY(${p(f.districts.map((d) => d.toLowerCase()))}::text[])`);
  if (f?.dateFrom) parts.push(`${alias}.date >= ${p(f.dateFrom)}::date`);
  if (f?.dateTo) parts.push(`${alias}.date <= ${p(f.dateTo)}::date`);
  if (f?.access && !f.access.all) parts.push(accessSql(f.access, params, `${alias}.type`, `${alias}.district`));
  return parts.length ? parts.join(' AND ') : 'TRUE';
}

/**
 * The parameters every Cypher document predicate takes (see cypher/*.cypher: the predicate text is repeated
 * in each file because Cypher has no macros). Nulls mean "no restriction".
 */
export function graphDocumentParams(f: GraphDocumentFilter | undefined): Record<string, unknown> {
  const access = f?.access;
  return {
    types: f?.types?.length ? f.types : null,
    districts: f?.districts?.length ? f.districts.map((d) => d.toLowerCase()) : null,
    dateFrom: f?.dateFrom ?? null,
    dateTo: f?.dateTo ?? null,
    allAccess: !access || access.all,
    openTypes: access?.openTypes ?? [],
    accessDistricts: access?.districts ?? [],
  };
}
