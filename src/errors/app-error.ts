import { GraphQLError } from 'graphql';
import { ErrorCode } from './error-codes';

/** An error meant for the client: its message is safe to show and its code is one of ErrorCode. */
export class AppError extends GraphQLError {
  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message, { extensions: { code, ...(details ?? {}) } });
  }
}

