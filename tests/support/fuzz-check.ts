import { ErrorCode } from '../../src/errors/error-codes';

/**
 * The one allow-list of codes a malformed request may get back. All are public ErrorCode values; the GraphQL
 * ones are what Apollo names parse, validation, variable and envelope failures. Not in it: INTERNAL_SERVER_ERROR,
 * STORE_UNAVAILABLE: malformed input reaching those is a bug, masked or not.
 */
export const ALLOWED_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  ErrorCode.GRAPHQL_PARSE_FAILED, ErrorCode.GRAPHQL_VALIDATION_FAILED, ErrorCode.BAD_USER_INPUT, ErrorCode.BAD_REQUEST,
  ErrorCode.OPERATION_RESOLUTION_FAILURE, ErrorCode.PERSISTED_QUERY_NOT_FOUND, ErrorCode.PERSISTED_QUERY_NOT_SUPPORTED,
  ErrorCode.INVALID_DOCUMENT, ErrorCode.UNKNOWN_SECTION, ErrorCode.NOT_FOUND, ErrorCode.QUERY_TOO_LONG, ErrorCode.QUERY_TOO_COMPLEX,
  ErrorCode.QUERY_TOO_LARGE, ErrorCode.PAYLOAD_TOO_LARGE, ErrorCode.UNAUTHENTICATED, ErrorCode.FORBIDDEN, ErrorCode.RATE_LIMITED,
]);

/** What a stack trace or a server path looks like once it has reached a client. */
const LEAKS: RegExp[] = [
  /\n\s+at \S/, // a stack frame
  /\b\w+\.(?:ts|js):\d+/, // file:line
  /\/src\//,
  /node_modules/,
  /^\w*Error: [^\n]*\n/m, // "TypeError: …" followed by more lines
  /stacktrace/i,
];

/** Every string anywhere in a JSON value (messages, extension values, keys). */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => strings(v, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) { out.push(k); strings(v, out); }
  return out;
}

/** Leaks in a response, leaving out text that only echoes what the request itself sent. */
export function leaksIn(texts: string[], request: string): string[] {
  const found: string[] = [];
  for (const text of texts) {
    for (const pattern of LEAKS) {
      const m = pattern.exec(text);
      if (m && !request.includes(m[0].trim())) found.push(`${pattern} in ${JSON.stringify(text.slice(0, 300))}`);
    }
  }
  return found;
}

/** Problems with the errors of one GraphQL response body (HTTP or a graphql-ws payload). */
export function errorProblems(errors: unknown): string[] {
  if (errors === undefined) return [];
  if (!Array.isArray(errors) || errors.length === 0) return [`errors is not a non-empty array: ${JSON.stringify(errors)?.slice(0, 200)}`];
  return errors.flatMap((e: { message?: unknown; extensions?: { code?: unknown } }) => {
    const code = String(e?.extensions?.code);
    const problems: string[] = [];
    if (typeof e?.message !== 'string') problems.push(`error without a message: ${JSON.stringify(e).slice(0, 200)}`);
    if (!ALLOWED_CODES.has(code)) problems.push(`code ${code}: ${String(e?.message).slice(0, 200)}`);
    return problems;
  });
}

/** Problems with one HTTP answer to a malformed request. */
export function httpProblems(answer: { status: number; contentType: string; text: string }, request: string): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return [...problems, `not JSON (${answer.status}, ${answer.contentType}): ${answer.text.slice(0, 200)}`, ...leaksIn([answer.text], request)];
  }
  if (!/json/.test(answer.contentType)) problems.push(`content-type ${answer.contentType}`);
  const { data, errors } = (body ?? {}) as { data?: unknown; errors?: unknown };
  if (data === undefined && errors === undefined) problems.push(`neither data nor errors: ${answer.text.slice(0, 200)}`);
  return [...problems, ...errorProblems(errors), ...leaksIn([answer.text, ...strings(body)], request)];
}

export { strings as jsonStrings };
