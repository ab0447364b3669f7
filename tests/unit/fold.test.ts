import { foldIndic } from '../../src/text/fold';
import { infinitive, isInflection } from '../../src/text/inflect';

describe('Indic spelling folds', () => {
  it.each([
    ['ज़हर', 'जहर'],
    ['पड़ोसी', 'पडोसी'],
    ['पहुँचाना', 'पहुंचाना'],
    ['दण्ड', 'दंड'],
    ['हिन्दी सम्बन्ध', 'हिंदी संबंध'],
    ['गये लिये हुयी', 'गए लिए हुई'],
    ['ગુજરાતી ઝ઼ેર', 'ગુજરાતી ઝેર'],
    ['પહોઁચાડી', 'પહોંચાડી'],
  ])('%s → %s', (from, to) => {
    expect(foldIndic(from)).toBe(to);
  });

  it('leaves alone what is not a variant', () => {
    // न्म and म्म are not a nasal before a stop of its class; word-initial ये is "these"; Gujarati ય stays.
    for (const w of ['जन्म', 'सम्मान', 'अन्य', 'ये लोग', 'ગયેલ', 'murder 302']) expect(foldIndic(w)).toBe(w);
  });
});

describe('infinitives', () => {
  it('knows Hindi -ना and Gujarati -વું verbs by their stem', () => {
    expect(infinitive('देना')?.stem).toBe('दे');
    expect(infinitive('નાખવું')?.stem).toBe('નાખ');
    expect(infinitive('murder')).toBeNull();
    expect(infinitive('ना')).toBeNull();
  });

  it('accepts a listed ending after the stem, never the bare stem or an unlisted continuation', () => {
    const give = infinitive('देना')!;
    expect(['देकर', 'देने', 'देता', 'दे', 'देखा'].map((w) => isInflection(give, w))).toEqual([true, true, true, false, false]);
    const station = infinitive('थाना')!;
    // A noun that ends like an infinitive meets its own oblique form and not "था" (was).
    expect(['थाने', 'था'].map((w) => isInflection(station, w))).toEqual([true, false]);
    const throwIt = infinitive('નાખવું')!;
    expect(['નાખી', 'નાખ્યો', 'નાખીને', 'નાખ'].map((w) => isInflection(throwIt, w))).toEqual([true, true, true, false]);
  });
});
