import fs from 'node:fs';
import path from 'node:path';

/** A folder's .jsonl files, sorted (what reads them is then deterministic in their order), or the file itself. */
export function jsonlFiles(p: string): string[] {
  const abs = path.resolve(p.trim());
  if (!fs.existsSync(abs)) throw new Error(`${p} does not exist`);
  if (!fs.statSync(abs).isDirectory()) return [abs];
  return fs.readdirSync(abs).filter((f) => f.endsWith('.jsonl')).sort().map((f) => path.join(abs, f));
}
