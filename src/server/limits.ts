import { Lexer, Source, TokenKind, type DocumentNode, type GraphQLError, type GraphQLSchema, type ValidationContext, type ValidationRule } from 'graphql';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import type { Config } from '../config/config';
import { AppError } from '../errors/app-error';
import { ErrorCode } from '../errors/error-codes';
import { findBadText } from './input-text';
import { operationCost } from './query-cost';

/**
 * One set of request limits for both transports. HTTP applies them through Apollo (limits.http.ts), WebSocket
 * through graphql-ws's onSubscribe (limits.ws.ts), because graphql-ws never passes through Apollo's plugins or
 * validation. Every violation is an AppError whose message names the limit, the value found and the variable
 * that sets it.
 */
export type Limits = Config['limits'];

export interface LimitViolation {
  code: ErrorCode.QUERY_TOO_COMPLEX | ErrorCode.QUERY_TOO_LARGE | ErrorCode.BAD_USER_INPUT;
  message: string;
}

export const violationError = (v: LimitViolation, extra?: Record<string, unknown>) => new AppError(v.code, v.message, extra);

/** Counts tokens up to one past the limit, so a huge document costs no more to reject than a small one. */
function countTokens(source: string, max: number): number {
  const lexer = new Lexer(new Source(source));
  let n = 0;
  try {
    while (lexer.advance().kind !== TokenKind.EOF && n <= max) n++;
  } catch {
    // A lexical error is the parser's to report, with its position.
  }
  return n;
}

/** The checks made on the raw document before it is parsed: its length, then its token count. */
export function checkSource(source: string, limits: Limits): LimitViolation | undefined {
  const bytes = Buffer.byteLength(source, 'utf8');
  if (bytes > limits.maxQueryBytes) {
    return { code: ErrorCode.QUERY_TOO_LARGE, message: `The GraphQL document is ${bytes} bytes; the limit is ${limits.maxQueryBytes} (GRAPHQL_MAX_QUERY_BYTES)` };
  }
  if (countTokens(source, limits.maxTokens) > limits.maxTokens) {
    return { code: ErrorCode.QUERY_TOO_COMPLEX, message: `The GraphQL document has more than ${limits.maxTokens} tokens (GRAPHQL_MAX_TOKENS)` };
  }
  return undefined;
}

/** graphql-armor reports "Syntax Error: Query depth limit of 10 exceeded, found 12."; keep the numbers, name the variable. */
const reportAs = (variable: string) => (ctx: ValidationContext | null, err: GraphQLError) => {
  const message = `${err.message.replace(/^Syntax Error:\s*/, '').replace(/\.$/, '')} (${variable})`;
  ctx?.reportError(new AppError(ErrorCode.QUERY_TOO_COMPLEX, message));
};

/** Depth, aliases and directives, as validation rules; reported, never thrown, so validation goes on normally. */
export function limitRules(limits: Limits): ValidationRule[] {
  const common = { exposeLimits: true, propagateOnRejection: false } as const;
  return [
    maxDepthRule({ ...common, n: limits.maxDepth, onReject: [reportAs('GRAPHQL_MAX_DEPTH')] }),
    maxAliasesRule({ ...common, n: limits.maxAliases, onReject: [reportAs('GRAPHQL_MAX_ALIASES')] }),
    maxDirectivesRule({ ...common, n: limits.maxDirectives, onReject: [reportAs('GRAPHQL_MAX_DIRECTIVES')] }),
  ] as ValidationRule[];
}

/** Text no store can hold, refused before any resolver runs (see input-text.ts). */
export function checkText(document: DocumentNode, variables: unknown): LimitViolation | undefined {
  const bad = findBadText(document, variables);
  return bad ? { code: ErrorCode.BAD_USER_INPUT, message: `Text must not contain ${bad.problem}; found in ${bad.where}` } : undefined;
}

/**
 * The cost of the operation about to run, with its variables; only after validation, which has already refused
 * fragment cycles. Variables that do not coerce pass here: execution refuses them before any resolver runs.
 */
export function checkCost(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined,
  variables: Record<string, unknown> | null | undefined, limits: Limits): LimitViolation | undefined {
  // Fragments can multiply fields far beyond the token count; stop counting well before that gets expensive.
  const maxNodes = limits.maxTokens * 10;
  const result = operationCost(schema, document, operationName, variables ?? undefined, maxNodes);
  if ('error' in result) {
    return result.error === 'too-many-nodes'
      ? { code: ErrorCode.QUERY_TOO_COMPLEX, message: `The operation expands to more than ${maxNodes} fields (10 × GRAPHQL_MAX_TOKENS)` }
      : undefined;
  }
  if (result.cost > limits.maxCost) {
    return { code: ErrorCode.QUERY_TOO_COMPLEX, message: `Query cost ${result.cost} is over the limit of ${limits.maxCost} (GRAPHQL_MAX_COST)` };
  }
  return undefined;
}
