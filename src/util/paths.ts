import fs from 'node:fs';
import path from 'node:path';

let root: string | undefined;

/** The folder holding package.json: the same from src/ under ts-jest and from dist/ when built. */
export function projectRoot(): string {
  if (root) return root;
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('package.json not found above ' + __dirname);
    dir = up;
  }
  return (root = dir);
}

export function fromRoot(...parts: string[]): string {
  return path.join(projectRoot(), ...parts);
}
