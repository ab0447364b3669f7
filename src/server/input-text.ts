import { BREAK, visit, type DocumentNode } from 'graphql';
import { findUnstorable, textProblem } from '../text/storable';

/**
 * Where an operation's input holds text no store can keep (U+0000, or a lone surrogate): `$name.path` in the
 * variables, or a literal in the document, with what is wrong; undefined when nowhere. The transports refuse it
 * up front as BAD_USER_INPUT instead of letting a store query fail on it.
 */
export function findBadText(document: DocumentNode, variables: unknown): { where: string; problem: string } | undefined {
  const inVariables = findUnstorable(variables);
  if (inVariables) return inVariables;
  let found: { where: string; problem: string } | undefined;
  visit(document, {
    StringValue(node) {
      const problem = textProblem(node.value);
      if (!problem) return undefined;
      found = { where: `a string literal at line ${node.loc?.startToken.line ?? '?'}`, problem };
      return BREAK;
    },
  });
  return found;
}
