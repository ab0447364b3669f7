import fs from 'node:fs';
import path from 'node:path';
import { EXAMPLES_FILE, OFF_DOMAIN, type LabelledExample } from '../expand/examples';
import { screenTraining } from '../eval/leakage';
import { loadStatutes } from '../seeds/statutes';
import { jsonlFiles } from '../util/jsonl';
import { DOMAIN_TRAINING, readLines, type Line } from './train-domain.command';

/**
 * `nyaya build-examples [--data dir] [--out file]`: writes seeds/examples/examples.jsonl, the labelled examples whose
 * nearest neighbours vote sections for a query (expand/examples.ts). From the training lines of tools/reranker/data,
 * it drops the tenth held out from training (seeds/queries/trainsplit-holdout.jsonl and trainsplit-offdomain.jsonl,
 * kept for design measurements), near copies of any evaluation query, and section ids the statute catalogue does not
 * know. Off-domain lines are kept without sections: they vote nothing, but tell the refusal how near a query is to
 * questions no criminal-law provision answers. Run it after the training lines or a query set change; then
 * `npm run seed:embeddings`, which ships the examples' vectors with the seed's.
 */
export async function buildExamplesCommand(args: Record<string, unknown>): Promise<number> {
  let lines: Line[];
  try {
    lines = jsonlFiles(args.data ? String(args.data) : DOMAIN_TRAINING).flatMap(readLines);
  } catch (err) {
    process.stderr.write(`build-examples: ${(err as Error).message}\n`);
    return 2;
  }
  const catalogue = loadStatutes();
  const { kept, heldOut, leaked } = screenTraining(lines);
  const count = { lines: lines.length, offDomain: 0, heldOut, leaked, unknownIds: 0, noSection: 0 };
  const out: LabelledExample[] = [];
  for (const l of kept) {
    if (l.kind === OFF_DOMAIN) {
      count.offDomain++;
      out.push({ text: l.text, lang: l.lang, kind: OFF_DOMAIN, sections: [] });
    } else {
      const sections = l.sections.filter((id) => catalogue.has(id));
      count.unknownIds += l.sections.length - sections.length;
      if (!sections.length) count.noSection++;
      else out.push({ text: l.text, lang: l.lang, kind: l.kind, sections });
    }
  }
  const file = args.out ? path.resolve(String(args.out)) : EXAMPLES_FILE;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, out.map((e) => JSON.stringify(e)).join('\n') + '\n');
  process.stdout.write(`${out.length} examples written to ${path.relative(process.cwd(), file)} (of ${count.lines} lines; ${count.offDomain} of them off-domain, without sections; dropped: `
    + `${count.heldOut} held out, ${count.leaked} near copies of evaluation queries, ${count.noSection} without a known section; ${count.unknownIds} unknown ids dropped)\n`);
  return 0;
}
