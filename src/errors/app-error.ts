import { GraphQLError } from 'graphql';
import { ErrorCode } from './error-codes';

/** An error meant for the client: its message is safe to show and its code is one of ErrorCode. */
export class AppError extends GraphQLError {
  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message, { extensions: { code, ...(details ?? {}) } });
  }
}

export const badInput = (message: string, details?: Record<string, unknown>) => new AppError(ErrorCode.BAD_USER_INPUT, message, details);
export const notFound = (message: string) => new AppError(ErrorCode.NOT_FOUND, message);
