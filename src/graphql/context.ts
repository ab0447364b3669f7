import type { App } from '../app/app';
import type { Principal, Role } from '../auth/principal';
import { scopeFor } from '../auth/scope';
import type { AccessScope } from '../domain/access';
import { AppError } from '../errors/app-error';
import { ErrorCode } from '../errors/error-codes';
import { createLoaders, type Loaders } from './loaders';

/** Per-request context: the process-wide app plus what is scoped to this request (caller, scope, loaders). */
export interface GraphQLContext {
  app: App;
  requestId: string;
  principal: Principal;
  /** The client's address (X-Forwarded-For believed only from TRUST_PROXY peers): tells anonymous callers apart. */
  clientAddress: string;
  /** Passed to every store query so the stores leave out what this caller may not see. */
  scope: AccessScope;
  loaders: Loaders;
  /** Stores a resolver had to answer without; reported in the response extensions. */
  missingSources: Set<string>;
}

export function createContext(app: App, requestId: string, principal: Principal, clientAddress = 'unknown'): GraphQLContext {
  const scope = scopeFor(principal);
  return { app, requestId, principal, clientAddress, scope, loaders: createLoaders(app, scope), missingSources: new Set() };
}

export function requireRole(ctx: GraphQLContext, roles: readonly Role[], action: string): void {
  if (roles.includes(ctx.principal.role)) return;
  if (ctx.principal.via === 'anonymous') throw new AppError(ErrorCode.UNAUTHENTICATED, `Sign in to ${action}`, { http: { status: 401 } });
  throw new AppError(ErrorCode.FORBIDDEN, `Role ${ctx.principal.role} may not ${action}`);
}

/** Records a read by a restricted caller in the audit log (full-access callers cannot have anything hidden). */
export function audit(ctx: GraphQLContext, operation: string, query: string | null, returned: number, hidden: number | Promise<number>): void {
  if (ctx.scope.all) return;
  void Promise.resolve(hidden).catch(() => 0).then((n) => ctx.app.audit.record({ principal: ctx.principal, operation, query, returned, hidden: n }));
}
