import { BREAK, visit, type DocumentNode } from 'graphql';

const NUL = '\u0000';

/**
 * Where an operation's input holds U+0000: `$name.path` in the variables, or a literal in the document; undefined
 * when nowhere. PostgreSQL text cannot store that character, so a store query given one fails deep inside with an
 * encoding error; the transports refuse it up front as BAD_USER_INPUT instead. The variables are walked with an
 * explicit stack, since a hostile client can nest them far deeper than the call stack goes.
 */
export function findNul(document: DocumentNode, variables: unknown): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value: variables, path: '$' }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return path;
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => stack.push({ value: v, path: `${path}[${i}]` }));
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (k.includes(NUL)) return path;
        stack.push({ value: v, path: path === '$' ? `$${k}` : `${path}.${k}` });
      }
    }
  }
  let literal: string | undefined;
  visit(document, {
    StringValue(node) {
      if (!node.value.includes(NUL)) return undefined;
      literal = `a string literal at line ${node.loc?.startToken.line ?? '?'}`;
      return BREAK;
    },
  });
  return literal;
}
