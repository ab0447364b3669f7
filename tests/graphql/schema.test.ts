import fs from 'node:fs';
import path from 'node:path';
import { renderSchema } from '../../src/graphql/emit-schema';

describe('committed schema', () => {
  it('schema/schema.graphql matches the code (run `npm run schema:emit` after changing types)', async () => {
    const committed = fs.readFileSync(path.resolve(__dirname, '../../schema/schema.graphql'), 'utf8');
    expect(committed).toBe(await renderSchema());
  });
});
