import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { AppError } from '../errors/app-error';
import { ErrorCode } from '../errors/error-codes';
import { logger } from '../logger';
import { unavailableStore } from '../errors/store-errors';

const KNOWN = new Set<string>(Object.values(ErrorCode));

/**
 * Every error leaves with a code from ErrorCode. Errors we did not raise on purpose are logged with their
 * stack and, in production, reach the client only as INTERNAL_SERVER_ERROR with no stack or internals.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown, production: boolean): GraphQLFormattedError {
  const unwrapped = unwrapResolverError(error);
  // A limit reported by a validation rule arrives wrapped in Apollo's ValidationError, whose code replaces its own.
  const original = unwrapped instanceof GraphQLError && unwrapped.originalError instanceof AppError ? unwrapped.originalError : unwrapped;
  const code = original instanceof AppError ? String(original.extensions.code) : String(formatted.extensions?.code ?? '');
  if (code === 'ARGUMENT_VALIDATION_ERROR' || Array.isArray(formatted.extensions?.validationErrors)) {
    // class-validator's errors carry the whole input (`target`, `value`): a 5,000-character query came back inside
    // an 11 KB error. Keep what is wrong, where, and at most ~200 characters of it.
    const problems = flattenValidation(formatted.extensions?.validationErrors);
    const message = problems.length ? problems.map((p) => `${p.property}: ${Object.values(p.constraints).join('; ')}`).join('; ') : formatted.message;
    return { message: clip(message, 400), path: formatted.path, locations: formatted.locations, extensions: { code: ErrorCode.BAD_USER_INPUT, validationErrors: problems } };
  }
  if (original instanceof AppError || (KNOWN.has(code) && code !== ErrorCode.INTERNAL_SERVER_ERROR)) {
    const { stacktrace: _drop, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions: { ...extensions, code: code || ErrorCode.BAD_USER_INPUT } };
  }
  if (code === ErrorCode.INTERNAL_SERVER_ERROR && isClientStatus(original)) {
    // Apollo refuses some requests with an HTTP 4xx but no code (an unsupported persisted-query version, a hash
    // that does not match its query): the client's mistake, not ours.
    const { stacktrace: _drop, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions: { ...extensions, code: ErrorCode.BAD_REQUEST } };
  }
  const store = unavailableStore(original);
  if (store) {
    logger.warn({ err: original }, `${store} is unavailable`);
    return { message: `${store} is unavailable; try again shortly`, path: formatted.path, extensions: { code: ErrorCode.STORE_UNAVAILABLE } };
  }
  logger.error({ err: original }, 'unexpected error in a GraphQL operation');
  if (production) {
    return { message: 'Internal server error', path: formatted.path, extensions: { code: ErrorCode.INTERNAL_SERVER_ERROR } };
  }
  const { stacktrace: _drop, ...extensions } = formatted.extensions ?? {};
  return { ...formatted, extensions: { ...extensions, code: ErrorCode.INTERNAL_SERVER_ERROR } };
}

const clip = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max)}…` : text);

interface Problem { property: string; constraints: Record<string, string> }

/** class-validator's nested errors as flat `input.filter.dateFrom` paths with their (clipped) messages only. */
function flattenValidation(errors: unknown, prefix = ''): Problem[] {
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((e: { property?: string; constraints?: Record<string, string>; children?: unknown[] }) => {
    const property = prefix ? `${prefix}.${e.property ?? '?'}` : String(e.property ?? '?');
    const own = e.constraints ? [{ property, constraints: Object.fromEntries(Object.entries(e.constraints).map(([k, v]) => [k, clip(String(v))])) }] : [];
    return [...own, ...flattenValidation(e.children, property)];
  });
}

function isClientStatus(error: unknown): boolean {
  const status = error instanceof GraphQLError ? (error.extensions.http as { status?: unknown } | undefined)?.status : undefined;
  return typeof status === 'number' && status >= 400 && status < 500;
}
