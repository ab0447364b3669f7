import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Embedder } from '../../src/models/embedder';
import { Glossary } from '../../src/expand/glossary';
import { SectionNames } from '../../src/expand/section-names';
import { loadStatutes } from '../../src/seeds/statutes';
import { EMBEDDING_MODEL, MODELS_DIR } from '../support/profiles';

const settings = { modelsDir: MODELS_DIR, allowRemoteModels: false };
const DEVANAGARI = /[\u0900-\u097F]/;
const GUJARATI = /[\u0A80-\u0AFF]/;

describe('section names matched by meaning (real multilingual-e5-small)', () => {
  const catalogue = loadStatutes();
  const glossary = Glossary.load();
  let embedder: Embedder;
  let names: SectionNames;
  let dir: string;
  beforeAll(async () => {
    embedder = await Embedder.load(EMBEDDING_MODEL, settings);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'names-'));
    names = await SectionNames.build(embedder, catalogue, glossary, path.join(process.cwd(), '.cache', 'embeddings', `names-${EMBEDDING_MODEL}.f32`));
  });
  afterAll(async () => {
    await embedder.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('collects statutory titles in English and Hindi and the glossary forms, each with its language', () => {
    const collected = SectionNames.collect(catalogue, glossary);
    const of = (text: string) => collected.find((n) => n.text === text);
    expect(of(catalogue.get('IPC:302')!.title!)).toMatchObject({ language: 'en', ids: expect.arrayContaining(['IPC:302']) });
    expect(of(catalogue.get('IPC:302')!.titleHi!)).toMatchObject({ language: 'hi' });
    expect(collected.filter((n) => n.language === 'gu').every((n) => GUJARATI.test(n.text))).toBe(true);
    expect(collected.filter((n) => n.language === 'en').some((n) => DEVANAGARI.test(n.text))).toBe(false);
    // A glossary concept names all its sections at once, in both codes.
    expect(of('cheating by personation')?.ids).toEqual(expect.arrayContaining(['IPC:419', 'BNS:319']));
    expect(names.size).toBe(collected.length);
  });

  it.each([
    ['en', 'cheating by pretending to be someone else', ['IPC:419', 'BNS:319'], ['en']],
    ['hi', 'सरकारी कर्मचारी को काम करने से रोकना', ['IPC:186', 'BNS:221'], ['hi']],
  ] as const)('finds a %s paraphrase of an offence among the names of its language: "%s"', async (_lang, query, expected, languages) => {
    const [v] = await embedder.embed([query], 'query');
    const found = names.match(v, 4, languages);
    expect(found).toHaveLength(4);
    expect(found.map((m) => m.id)).toEqual(expect.arrayContaining([...expected]));
    expect(found.map((m) => m.score)).toEqual([...found.map((m) => m.score)].sort((a, b) => b - a));
    const script = languages[0] === 'en' ? (t: string) => !DEVANAGARI.test(t) && !GUJARATI.test(t) : (t: string) => DEVANAGARI.test(t);
    expect(found.every((m) => script(m.name))).toBe(true);
  });

  it('builds without the memo when its place cannot be written (a file where the folder should be)', async () => {
    const small = { ...catalogue, sections: catalogue.sections.filter((s) => s.id === 'IPC:302') };
    const blocker = path.join(dir, 'not-a-dir');
    fs.writeFileSync(blocker, 'x');
    const built = await SectionNames.build(embedder, small, new Glossary([]), path.join(blocker, 'names.f32'));
    expect(built.size).toBe(SectionNames.collect(small, new Glossary([])).length);
    expect(built.size).toBeGreaterThan(0);
  });

  it('keeps the embeddings in a disk memo: a second build embeds nothing', async () => {
    const small = { ...catalogue, sections: catalogue.sections.filter((s) => ['IPC:302', 'BNS:103', 'IPC:379'].includes(s.id)) };
    const file = path.join(dir, 'names.f32');
    const first = await SectionNames.build(embedder, small, new Glossary([]), file);
    const computed = embedder.stats.computed;
    const second = await SectionNames.build(embedder, small, new Glossary([]), file);
    expect(embedder.stats.computed).toBe(computed);
    expect(second.size).toBe(first.size);
    const [v] = await embedder.embed(['punishment for murder'], 'query');
    expect(second.match(v, 2, ['en']).map((m) => m.id).sort()).toEqual(['BNS:103', 'IPC:302']);
    expect(first.match(v, 2, ['en'])).toEqual(second.match(v, 2, ['en']));
  });
});
