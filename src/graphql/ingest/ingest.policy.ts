import { canSee } from '../../domain/access';
import { MAY_INGEST } from '../../auth/scope';
import type { GraphQLContext } from '../context';
import { requireRole } from '../context';

const CASE_RECORDS = ['FIR', 'CHARGESHEET', 'PANCHNAMA'];

/**
 * Why this caller may not ingest this document, or null. ADMIN ingests anything; an INVESTIGATOR only case
 * records of their own districts, and never over an existing document they cannot see (an explicit id of
 * another district's FIR would otherwise overwrite it).
 */
export async function ingestRefusal(ctx: GraphQLContext, input: Record<string, unknown>): Promise<string | null> {
  if (ctx.principal.role === 'ADMIN') return null;
  const type = String(input.type ?? '');
  const district = typeof input.district === 'string' ? input.district : null;
  if (!CASE_RECORDS.includes(type)) return `Role ${ctx.principal.role} may ingest only ${CASE_RECORDS.join(', ')} documents`;
  if (!district || !ctx.principal.districts.includes(district.toLowerCase())) {
    return `Role ${ctx.principal.role} may ingest only documents of its own districts (${ctx.principal.districts.join(', ') || 'none'})`;
  }
  if (typeof input.id === 'string') {
    const [existing] = await ctx.app.stores.documents.getDocuments([input.id]);
    if (existing && !canSee(ctx.scope, existing)) return `Document "${input.id}" belongs to a district this caller cannot write to`;
  }
  return null;
}

export function requireIngestRole(ctx: GraphQLContext): void {
  requireRole(ctx, MAY_INGEST, 'ingest documents');
}
