import fs from 'node:fs';
import { fromRoot } from '../../util/paths';

const cache = new Map<string, string>();

/**
 * Cypher lives in cypher/<name>.cypher, apart from the TypeScript that runs it. `{{<fragment> <node>}}` stands for
 * cypher/fragments/<fragment>.cypher with its `{{node}}` replaced: the access predicate is written once
 * (`{{visible d}}`) instead of in every query that reads documents.
 */
export function cypher(name: string): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = fs.readFileSync(fromRoot('cypher', `${name}.cypher`), 'utf8').replace(/\{\{(\w+) (\w+)\}\}/g, (_, fragment: string, node: string) =>
      fs.readFileSync(fromRoot('cypher', 'fragments', `${fragment}.cypher`), 'utf8').replace(/^\s*\/\/.*$/gm, '').trim().replaceAll('{{node}}', node));
    cache.set(name, text);
  }
  return text;
}

/** A file of several statements, split on `;` at line ends; comment lines dropped. */
export function cypherStatements(name: string): string[] {
  return cypher(name)
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*\/\/.*$/gm, '').trim())
    .filter(Boolean);
}
