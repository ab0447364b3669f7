const NUL = '\u0000';
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a string cannot be stored as text, or undefined when it can. PostgreSQL text holds neither U+0000 nor a lone
 * UTF-16 surrogate (it has no UTF-8 form), and refuses both deep inside a query with an encoding error.
 */
export function textProblem(s: string): string | undefined {
  if (s.includes(NUL)) return 'the NUL character (U+0000)';
  if (LONE_SURROGATE.test(s)) return 'ill-formed Unicode (a lone surrogate, e.g. \\ud800)';
  return undefined;
}

/** The first string (keys included) in a JSON-like value that cannot be stored, with its path; explicit stack. */
export function findUnstorable(value: unknown, root = '$'): { where: string; problem: string } | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path: root }];
  while (stack.length) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) return { where: path, problem };
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => stack.push({ value: x, path: `${path}[${i}]` }));
    } else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        const problem = textProblem(k);
        if (problem) return { where: path, problem };
        stack.push({ value: x, path: path === '$' ? `$${k}` : `${path}.${k}` });
      }
    }
  }
  return undefined;
}
