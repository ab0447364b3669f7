import path from 'node:path';
import { Embedder } from '../../src/models/embedder';

const settings = { modelsDir: path.resolve(__dirname, '../../../shared/models'), allowRemoteModels: false };

describe('Embedder on the real multilingual-e5-small model', () => {
  let embedder: Embedder;
  beforeAll(async () => {
    embedder = await Embedder.load(process.env.EMBEDDING_MODEL ?? 'multilingual-e5-small-q4', settings);
  });

  it('gives 384-dim unit vectors', async () => {
    const [v] = await embedder.embed(['Punishment for murder'], 'passage');
    expect(v).toHaveLength(384);
    expect(Math.hypot(...v)).toBeCloseTo(1, 4);
  });
});
