/**
 * The small template language of the synthetic FIR texts (seeds/synthetic/fir-texts.json), so the prose lives in a
 * data file instead of in code:
 *
 *   {victim}            a detail of the FIR (its fields: FirTemplateFields); {^place} with a capital first letter
 *   {one:A|B|C}         one of the alternatives, each of which may hold further {…}
 *   {any:landmarks}     one entry of a name list of the FIR's language (names.<lang>.landmarks)
 *   {int:2-9}           a whole number from 2 to 9
 *   {code:OLD|NEW}      the wording of the old codes (IPC, CrPC) or of the new (BNS, BNSS), by the FIR's date
 *   {flag:girl}         draws a yes/no named girl, written at the start of the template; {if girl:A|B} uses it
 *
 * Alternatives are separated by | exactly (spaces count), and every alternative of a {one:…} or {code:…} is rendered
 * before one is chosen: the random draws a template makes do not depend on which alternative wins, as they did not
 * when these texts were code, so the generator's output is unchanged by the move.
 */
export type TemplateNode =
  | string
  | { field: string; capital: boolean }
  | { one: TemplateNode[][] }
  | { any: string }
  | { int: [number, number] }
  | { code: [TemplateNode[], TemplateNode[]] }
  | { flag: string }
  | { when: string; then: TemplateNode[]; otherwise: TemplateNode[] };

export interface RenderEnv {
  fields: Readonly<Record<string, string | number>>;
  isNew: boolean;
  list(name: string): readonly string[];
  pick<T>(xs: readonly T[]): T;
  int(lo: number, hi: number): number;
}

export class TemplateError extends Error {}

/** Parses a template; throws TemplateError, with the position, on a malformed one. */
export function parseTemplate(text: string): TemplateNode[] {
  const [nodes, end] = sequence(text, 0, false);
  if (end !== text.length) throw new TemplateError(`unexpected "${text[end]}" at ${end} in: ${text.slice(0, 80)}`);
  return nodes;
}

/** Literal text and {…} up to a "|" or "}" that closes the enclosing construct (when `nested`), or the end. */
function sequence(text: string, start: number, nested: boolean): [TemplateNode[], number] {
  const nodes: TemplateNode[] = [];
  let i = start;
  let literal = '';
  while (i < text.length) {
    const ch = text[i];
    if (ch === '|' || ch === '}') {
      if (!nested) throw new TemplateError(`unexpected "${ch}" at ${i} in: ${text.slice(0, 80)}`);
      break;
    }
    if (ch !== '{') {
      literal += ch;
      i++;
      continue;
    }
    if (literal) nodes.push(literal);
    literal = '';
    const [node, next] = construct(text, i + 1);
    nodes.push(node);
    i = next;
  }
  if (literal) nodes.push(literal);
  return [nodes, i];
}

/** Alternatives separated by "|", up to the closing "}"; returns the position after it. */
function alternatives(text: string, start: number): [TemplateNode[][], number] {
  const alts: TemplateNode[][] = [];
  let i = start;
  for (;;) {
    const [nodes, next] = sequence(text, i, true);
    alts.push(nodes);
    if (text[next] === '}') return [alts, next + 1];
    if (text[next] !== '|') throw new TemplateError(`unclosed "{" before ${start} in: ${text.slice(0, 80)}`);
    i = next + 1;
  }
}

function construct(text: string, start: number): [TemplateNode, number] {
  const head = /^(one:|code:|if (\w+):|any:(\w+)\}|int:(\d+)-(\d+)\}|flag:(\w+)\}|(\^?)(\w+)\})/.exec(text.slice(start, start + 40));
  if (!head) throw new TemplateError(`unknown "{${text.slice(start, start + 12)}…" at ${start - 1} in: ${text.slice(0, 80)}`);
  const after = start + head[0].length;
  const pair = (alts: TemplateNode[][], what: string): [TemplateNode[], TemplateNode[]] => {
    if (alts.length !== 2) throw new TemplateError(`{${what}…} takes two alternatives, not ${alts.length}, in: ${text.slice(0, 80)}`);
    return [alts[0], alts[1]];
  };
  if (head[1] === 'one:') {
    const [alts, next] = alternatives(text, after);
    return [{ one: alts }, next];
  }
  if (head[1] === 'code:') {
    const [alts, next] = alternatives(text, after);
    return [{ code: pair(alts, 'code:') }, next];
  }
  if (head[2]) {
    const [alts, next] = alternatives(text, after);
    const [then, otherwise] = pair(alts, `if ${head[2]}:`);
    return [{ when: head[2], then, otherwise }, next];
  }
  if (head[3]) return [{ any: head[3] }, after];
  if (head[4]) return [{ int: [Number(head[4]), Number(head[5])] }, after];
  if (head[6]) return [{ flag: head[6] }, after];
  return [{ field: head[8], capital: head[7] === '^' }, after];
}

/** Renders parsed nodes; throws TemplateError for a field or list the environment lacks. */
export function renderTemplate(nodes: TemplateNode[], env: RenderEnv, flags: Record<string, boolean> = {}): string {
  let out = '';
  for (const node of nodes) {
    if (typeof node === 'string') out += node;
    else if ('field' in node) {
      const value = env.fields[node.field];
      if (value === undefined) throw new TemplateError(`unknown field {${node.field}}`);
      const s = String(value);
      out += node.capital ? s.charAt(0).toUpperCase() + s.slice(1) : s;
    } else if ('one' in node) out += env.pick(node.one.map((alt) => renderTemplate(alt, env, flags)));
    else if ('any' in node) out += env.pick(env.list(node.any));
    else if ('int' in node) out += String(env.int(node.int[0], node.int[1]));
    else if ('code' in node) {
      const [old, now] = node.code.map((alt) => renderTemplate(alt, env, flags));
      out += env.isNew ? now : old;
    } else if ('flag' in node) flags[node.flag] = env.int(0, 1) === 1;
    else {
      if (!(node.when in flags)) throw new TemplateError(`{if ${node.when}:…} before its {flag:${node.when}}`);
      out += renderTemplate(flags[node.when] ? node.then : node.otherwise, env, flags);
    }
  }
  return out;
}
