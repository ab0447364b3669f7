import type { GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { AppError } from '../errors/app-error';
import { ErrorCode } from '../errors/error-codes';
import { logger } from '../logger';

const KNOWN = new Set<string>(Object.values(ErrorCode));

/**
 * Every error leaves with a code from ErrorCode. Errors we did not raise on purpose are logged with their
 * stack and, in production, reach the client only as INTERNAL_SERVER_ERROR with no stack or internals.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown, production: boolean): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  const code = String(formatted.extensions?.code ?? '');
  if (original instanceof AppError || (KNOWN.has(code) && code !== ErrorCode.INTERNAL_SERVER_ERROR)) {
    const { stacktrace: _drop, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions: { ...extensions, code: code || ErrorCode.BAD_USER_INPUT } };
  }
  if (code === 'ARGUMENT_VALIDATION_ERROR') {
    const { stacktrace: _drop, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions: { ...extensions, code: ErrorCode.BAD_USER_INPUT } };
  }
  logger.error({ err: original }, 'unexpected error in a GraphQL operation');
  if (production) {
    return { message: 'Internal server error', path: formatted.path, extensions: { code: ErrorCode.INTERNAL_SERVER_ERROR } };
  }
  const { stacktrace: _drop, ...extensions } = formatted.extensions ?? {};
  return { ...formatted, extensions: { ...extensions, code: ErrorCode.INTERNAL_SERVER_ERROR } };
}
