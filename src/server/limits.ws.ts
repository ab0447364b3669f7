import {
  GraphQLError, NoSchemaIntrospectionCustomRule, getOperationAST, getVariableValues, parse, specifiedRules, validate,
  type DocumentNode, type ExecutionArgs, type FormattedExecutionResult, type GraphQLFormattedError, type GraphQLSchema,
} from 'graphql';
import type { ExecutionResult, SubscribePayload } from 'graphql-ws';
import type { Config } from '../config/config';
import { AppError } from '../errors/app-error';
import { ErrorCode } from '../errors/error-codes';
import { formatError } from '../graphql/format-error';
import { checkCost, checkSource, checkText, limitRules, violationError } from './limits';

/** The same error with the code Apollo would have given it over HTTP. */
const withCode = (e: GraphQLError, code: ErrorCode) =>
  e instanceof AppError ? e : new GraphQLError(e.message, { nodes: e.nodes, source: e.source, positions: e.positions, extensions: { ...e.extensions, code } });

/**
 * graphql-ws's own pipeline parses and validates with graphql's defaults only. This is Apollo's pipeline for
 * WebSocket: the same limits, introspection off in production, the same error codes, and errors formatted (and
 * masked in production) by the same formatError as HTTP.
 */
export function wsLimitHooks(schema: GraphQLSchema, config: Config) {
  const { limits, production } = config;
  const rules = [...specifiedRules, ...limitRules(limits), ...(production ? [NoSchemaIntrospectionCustomRule] : [])];
  const format = (errors: readonly GraphQLError[]): GraphQLFormattedError[] => errors.map((e) => formatError(e.toJSON(), e, production));

  return {
    /** Execution arguments for graphql-ws, or the errors that refuse the operation. */
    onSubscribe(payload: SubscribePayload): ExecutionArgs | GraphQLError[] {
      const tooBig = checkSource(payload.query, limits);
      if (tooBig) return [violationError(tooBig)];
      let document: DocumentNode;
      try {
        document = parse(payload.query);
      } catch (err) {
        return [withCode(err instanceof GraphQLError ? err : new GraphQLError('Syntax Error'), ErrorCode.GRAPHQL_PARSE_FAILED)];
      }
      const invalid = validate(schema, document, rules, { hideSuggestions: production });
      if (invalid.length) {
        // Limit rules report AppErrors; graphql's own rules report plain errors.
        return invalid.map((e) => (e.originalError instanceof AppError ? e.originalError : withCode(e, ErrorCode.GRAPHQL_VALIDATION_FAILED)));
      }
      const operationName = payload.operationName ?? undefined;
      const operation = getOperationAST(document, operationName);
      if (!operation) {
        const message = operationName ? `Unknown operation named "${operationName}"` : 'Must provide operation name if query contains multiple operations';
        return [new AppError(ErrorCode.OPERATION_RESOLUTION_FAILURE, message)];
      }
      const variables = payload.variables ?? {};
      const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables, { maxErrors: 10, hideSuggestions: production });
      if (coerced.errors) return coerced.errors.map((e) => withCode(e, ErrorCode.BAD_USER_INPUT));
      const refused = checkText(document, variables) ?? checkCost(schema, document, operationName, variables, limits);
      if (refused) return [violationError(refused)];
      // No contextValue: graphql-ws fills it in from the server's `context` option (authentication included).
      return { schema, document, operationName, variableValues: variables };
    },

    /** Errors in results, formatted as over HTTP. */
    onNext(result: ExecutionResult): FormattedExecutionResult | undefined {
      if (!result.errors?.length) return undefined;
      return { ...result, errors: format(result.errors) };
    },

    /** Errors refusing an operation, or thrown by a subscription's stream, formatted as over HTTP. */
    onError(errors: readonly GraphQLError[]): GraphQLFormattedError[] {
      return format(errors);
    },
  };
}
