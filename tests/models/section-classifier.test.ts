import { exampleText, OFF_DOMAIN, readExamples } from '../../src/expand/examples';
import { SectionClassifier } from '../../src/expand/section-classifier';
import { normaliseQuery } from '../../src/analyse/analyse';
import { Embedder } from '../../src/models/embedder';
import { loadStatutes } from '../../src/seeds/statutes';
import { EMBEDDING_MODEL, MODELS_DIR } from '../support/profiles';

describe('the shipped section classifier (models/section-classifier, real multilingual-e5-small)', () => {
  const classifier = SectionClassifier.load(EMBEDDING_MODEL);
  const catalogue = loadStatutes();
  let embedder: Embedder;
  beforeAll(async () => {
    embedder = await Embedder.load(EMBEDDING_MODEL, { modelsDir: MODELS_DIR, allowRemoteModels: false });
  });
  afterAll(async () => embedder.dispose());

  it('is fitted on the shipped examples: the same sections, each one the catalogue knows (rerun `npm run train:sections` after build:examples)', () => {
    expect(classifier).not.toBeNull();
    const cited = new Set(readExamples().filter((e) => e.kind !== OFF_DOMAIN).flatMap((e) => e.sections));
    expect(classifier!.size).toBe(cited.size);
    expect(classifier!.top(new Float32Array(classifier!.dims), classifier!.size).map((m) => m.id).filter((id) => !cited.has(id) || !catalogue.has(id))).toEqual([]);
  });

  it('finds the offence a story tells in passing, beside its main one, in English, Hindi and Gujarati', async () => {
    // Written for this test: a beating whose aside is a smashed motorcycle; a theft from a house whose aside is a threat.
    const stories = [
      { text: 'My neighbour and his two sons came to my house with sticks over the drain dispute, beat me on the back and legs and before leaving they smashed the headlight and mirrors of my motorcycle parked outside.',
        aside: ['IPC:427', 'BNS:324'] },
      { text: 'रात को मेरे घर का ताला तोड़कर कोई सोने की चेन और नकदी ले गया। अगले दिन पड़ोस के लड़के ने फोन करके धमकी दी कि पुलिस में गए तो जान से मार देंगे।',
        aside: ['IPC:506', 'BNS:351'] },
      { text: 'ગઈકાલે રાત્રે અમારી દુકાનનું શટર તોડીને ચોર રોકડ અને મોબાઇલ ફોન લઈ ગયા, અને જતાં જતાં કાઉન્ટરનો કાચ અને સીસીટીવી કેમેરા તોડી નાખ્યા.',
        aside: ['IPC:427', 'BNS:324'] },
    ];
    const vectors = await embedder.embed(stories.map((s) => normaliseQuery(s.text)), 'query');
    // The main offence is the neighbours' votes' to find (and the other lists'): the classifier is asked for the aside.
    const tops = vectors.map((v) => classifier!.top(v, 10, (id) => catalogue.has(id)).map((m) => m.id));
    expect(tops.map((top, i) => stories[i].aside.filter((id) => top.includes(id)))).toEqual(stories.map((s) => s.aside));
  });

  it('scores an example it was fitted on highest for the sections it cites', async () => {
    const example = readExamples().find((e) => e.kind !== OFF_DOMAIN && e.sections.length >= 2)!;
    const [v] = await embedder.embed([exampleText(example)], 'passage');
    const top = classifier!.top(v, 10).map((m) => m.id);
    expect(example.sections.filter((id) => top.includes(id)).length).toBeGreaterThanOrEqual(1);
  });
});
