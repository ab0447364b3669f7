import type { ApolloServerPlugin } from '@apollo/server';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import type { ValidationRule } from 'graphql';
import { ErrorCode } from '../errors/error-codes';
import { logger } from '../logger';
import { checkCost, checkSource, checkText, limitRules, violationError, type Limits } from './limits';

const BAD_REQUEST_STATUS = { http: { status: 400 } };

/** Options for the ApolloServer constructor: the validation rules and batching switch, from the same limits as WebSocket. */
export function apolloLimitOptions(limits: Limits, production: boolean): {
  validationRules: ValidationRule[];
  allowBatchedHttpRequests: boolean;
  hideSchemaDetailsFromClientErrors: boolean;
} {
  // "Did you mean …?" suggestions would describe the schema that introspection is turned off to hide.
  return { validationRules: limitRules(limits), allowBatchedHttpRequests: limits.allowBatching, hideSchemaDetailsFromClientErrors: production };
}

/** Text and cost, once the operation and its variables are known (length and tokens are checked by graphqlBody). */
export function limitsPlugin(limits: Limits): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          // Apollo calls this hook even when no operation matched (typed as always set); execution reports that.
          const op = operation as typeof operation | undefined;
          if (!op) return;
          const violation = checkText(document, request.variables) ?? checkCost(schema, document, op.name?.value, request.variables, limits);
          if (violation) throw violationError(violation, BAD_REQUEST_STATUS);
        },
      };
    },
  };
}

const errorBody = (code: ErrorCode, message: string) => ({ errors: [{ message, extensions: { code } }] });

/**
 * The JSON body parser with REQUEST_MAX_BYTES, a guard on batched (array) bodies, then the length and token count
 * of every document. Those two are checked here rather than in an Apollo plugin because Apollo answers anything
 * thrown before parsing with a bare 500.
 */
export function graphqlBody(limits: Limits): RequestHandler[] {
  const batches: RequestHandler = (req, res, next) => {
    if (!Array.isArray(req.body)) return next();
    if (!limits.allowBatching) {
      res.status(400).json(errorBody(ErrorCode.BAD_REQUEST, 'Batched requests are turned off (GRAPHQL_ALLOW_BATCHING=false): send one operation per request'));
    } else if (req.body.length > limits.maxBatch) {
      res.status(413).json(errorBody(ErrorCode.PAYLOAD_TOO_LARGE, `A batch of ${req.body.length} operations is over the limit of ${limits.maxBatch} (GRAPHQL_MAX_BATCH)`));
    } else {
      next();
    }
  };
  const documents: RequestHandler = (req, res, next) => {
    const body: unknown[] = Array.isArray(req.body) ? req.body : [req.body];
    // A repeated GET parameter arrives as an array, and Apollo reads its first value: check every one.
    const queries = [...body.map((b) => (typeof b === 'object' && b !== null ? (b as { query?: unknown }).query : undefined)), ...[req.query.query].flat()];
    for (const query of queries) {
      const violation = typeof query === 'string' ? checkSource(query, limits) : undefined;
      if (violation) return void res.status(400).json(errorBody(violation.code, violation.message));
    }
    next();
  };
  return [express.json({ limit: limits.requestMaxBytes }), batches, documents];
}

/** body-parser's error types (http-errors `type`) and what the client is told about each. */
const BODY_ERRORS: Record<string, { status: number; code: ErrorCode; message: (limits: Limits) => string }> = {
  'entity.too.large': { status: 413, code: ErrorCode.PAYLOAD_TOO_LARGE, message: (l) => `The request body is over the limit of ${l.requestMaxBytes} bytes (REQUEST_MAX_BYTES)` },
  'entity.parse.failed': { status: 400, code: ErrorCode.BAD_REQUEST, message: () => 'The request body is not valid JSON' },
  'entity.verify.failed': { status: 400, code: ErrorCode.BAD_REQUEST, message: () => 'The request body could not be verified' },
  'encoding.unsupported': { status: 415, code: ErrorCode.BAD_REQUEST, message: () => 'Unsupported content encoding; send identity, gzip, deflate or br' },
  'charset.unsupported': { status: 415, code: ErrorCode.BAD_REQUEST, message: () => 'Unsupported charset; send UTF-8' },
  'request.size.invalid': { status: 400, code: ErrorCode.BAD_REQUEST, message: () => 'The request body does not match its Content-Length' },
  'request.aborted': { status: 400, code: ErrorCode.BAD_REQUEST, message: () => 'The request was aborted' },
};

/**
 * Errors raised before Apollo (by the body parser) leave as GraphQL-shaped JSON with a code, instead of Express's
 * HTML error page, which shows the stack trace unless the process runs with NODE_ENV=production.
 */
export function graphqlBodyErrors(limits: Limits): ErrorRequestHandler {
  return (err: unknown, _req, res, next) => {
    if (res.headersSent) return next(err);
    const e = (typeof err === 'object' && err !== null ? err : {}) as { type?: unknown; status?: unknown };
    const known = BODY_ERRORS[String(e.type)];
    if (known) {
      res.status(known.status).json(errorBody(known.code, known.message(limits)));
      return;
    }
    // Other 4xx from the parser (a corrupt gzip/deflate/br stream arrives as a bare 400): the client's fault.
    if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
      res.status(e.status).json(errorBody(ErrorCode.BAD_REQUEST, 'The request body could not be read'));
      return;
    }
    logger.error({ err }, 'unexpected error before the GraphQL request was parsed');
    res.status(500).json(errorBody(ErrorCode.INTERNAL_SERVER_ERROR, 'Internal server error'));
  };
}
