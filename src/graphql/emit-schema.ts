import 'reflect-metadata';
import fs from 'node:fs';
import { printSchema } from 'graphql';
import { fromRoot } from '../util/paths';
import { getSchema } from './schema';

/** Writes schema/schema.graphql; the committed copy is checked against this output by a test. */
export async function renderSchema(): Promise<string> {
  return printSchema(await getSchema()) + '\n';
}

if (require.main === module) {
  renderSchema().then((sdl) => {
    fs.mkdirSync(fromRoot('schema'), { recursive: true });
    fs.writeFileSync(fromRoot('schema', 'schema.graphql'), sdl);
    process.stdout.write(`wrote schema/schema.graphql (${sdl.length} bytes)\n`);
  });
}
