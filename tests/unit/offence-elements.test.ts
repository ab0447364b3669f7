import { OffenceElements, type OffenceRule } from '../../src/expand/elements';
import { Glossary, type GlossaryEntry } from '../../src/expand/glossary';
import { loadStatutes } from '../../src/seeds/statutes';

const cue = (id: string, en: string[], hi: string[] = [], gu: string[] = []): GlossaryEntry => ({ id, en, hi, gu, sections: [], kind: 'element' });
const rule = (id: string, requires: string, o: Partial<OffenceRule> = {}): OffenceRule => ({
  id, offence: id, slots: requires.split(' + ').map((s) => s.split('|')), unless: [], replaces: [], sections: [`IPC:${id}`], ...o,
});

const cues = new Glossary([
  cue('DEATH', ['died', 'dead'], ['मौत'], ['મોત']),
  cue('WEAPON', ['axe', 'knife'], ['कुल्हाड़ी'], ['કુહાડી']),
  cue('VIOLENCE', ['hit', 'attacked']),
  cue('TAKE', ['ran away with', 'took']),
  cue('GROUP', ['six men', 'mob']),
  cue('VEHICLE', ['truck']),
]);
const rules = [
  rule('murder', 'DEATH + VIOLENCE|WEAPON', { unless: ['VEHICLE'] }),
  rule('robbery', 'TAKE + VIOLENCE|WEAPON'),
  rule('dacoity', 'TAKE + GROUP + VIOLENCE|WEAPON', { replaces: ['robbery'] }),
];
const offences = (text: string, r = rules) => new OffenceElements(cues, r).infer(text).map((o) => o.rule.id);

describe('offence elements', () => {
  it('fires a rule only when every slot is met, and names the words that met them', () => {
    const e = new OffenceElements(cues, rules);
    expect(offences('he hit him with an axe and he died')).toEqual(['murder']);
    expect(e.infer('he hit him with an axe and he died')[0].cues).toEqual(['died', 'hit']);
    expect(offences('he was found dead in his room')).toEqual([]);
  });

  it('reads Hindi and Gujarati cues, Gujarati also through its Devanagari spelling', () => {
    expect(offences('कुल्हाड़ी से वार, मौके पर मौत')).toEqual(['murder']);
    expect(offences('કુહાડીના ઘા, ભાઈનું મોત')).toEqual(['murder']);
  });

  it('does not fire a rule whose exclusion is present', () => {
    expect(offences('the truck hit the cyclist, who died')).toEqual([]);
  });

  it('lets the more specific offence replace the lesser one and puts rules with more ingredients first', () => {
    expect(offences('six men attacked the driver and ran away with the cash')).toEqual(['dacoity']);
    expect(offences('two men attacked the driver and ran away with the cash')).toEqual(['robbery']);
    expect(offences('a mob attacked the shop with knives and ran away with cash; the owner died')).toEqual(['dacoity', 'murder']);
  });

  it('names the sections of the offences an inferred one takes the place of, through their own replacements', () => {
    const chain = [
      rule('hurt', 'VIOLENCE'),
      rule('weapon_hurt', 'VIOLENCE + WEAPON', { replaces: ['hurt'] }),
      rule('murder', 'DEATH + VIOLENCE|WEAPON', { replaces: ['weapon_hurt'] }),
      rule('theft', 'TAKE'),
    ];
    const e = new OffenceElements(cues, chain);
    expect([...e.lesserSections(e.infer('he hit him with an axe and he died'))].sort()).toEqual(['IPC:hurt', 'IPC:weapon_hurt']);
    // An offence inferred in its own right is not lesser, even where another would replace it.
    expect([...e.lesserSections(e.infer('he hit him with an axe, took his purse, and he died'))].sort()).toEqual(['IPC:hurt', 'IPC:weapon_hurt']);
    expect(e.lesserSections(e.infer('he took the purse')).size).toBe(0);
  });

  it('refuses rules that name unknown elements or rules', () => {
    expect(() => new OffenceElements(cues, [rule('x', 'DEATH + POISON')])).toThrow(/unknown elements: POISON/);
    expect(() => new OffenceElements(cues, [rule('x', 'DEATH', { replaces: ['nothing'] })])).toThrow(/unknown rules: nothing/);
  });

  describe('the shipped lexicon and rules', () => {
    const shipped = OffenceElements.load();
    const catalogue = loadStatutes();

    it('loads, and every rule points at sections of the statutes', () => {
      expect(shipped.rules.length).toBeGreaterThan(20);
      for (const r of shipped.rules) {
        expect(r.sections.length).toBeGreaterThan(0);
        for (const s of r.sections) expect([r.id, s, catalogue.has(s)]).toEqual([r.id, s, true]);
      }
    });

    it.each([
      ['Two men on a motorcycle snatched the gold chain from her neck and sped away.', 'snatching'],
      ['रात में घर का ताला तोड़कर अलमारी से सोने के गहने और नकदी चोरी कर ले गए।', 'house_breaking_at_night'],
      ['પતિ અને સાસુ દહેજ માટે ત્રાસ આપતા હતા અને તેણે ગળાફાંસો ખાઈ લીધો.', 'dowry_death'],
    ])('infers the offence from the ingredients of "%s"', (text, offence) => {
      expect(shipped.infer(text).map((o) => o.rule.id)).toContain(offence);
    });

    it.each([
      'The investigating officer recorded the statements of five witnesses at the police station.',
      'पुलिस टीम मौके पर पहुंची और पंचनामा तैयार किया गया।',
      'ઘટના સીસીટીવી કેમેરામાં કેદ થઈ અને પોલીસે તપાસ શરૂ કરી.',
    ])('infers nothing from procedural text: "%s"', (text) => {
      expect(shipped.infer(text)).toEqual([]);
    });

    it.each([
      ['The accused fled from the spot before the police arrived.', 'TAKE_PROPERTY'],
      ['I had kept cash in the almirah of my bedroom.', 'ENTRUSTED'],
      ['रात को खाना खाकर सब सो गए।', 'FIRE'],
      ['हम घर बंद करके गांव गए थे।', 'CONFINE'],
    ])('reads no element from an everyday clause whose function words would shorten a cue: "%s"', (text, element) => {
      expect([...shipped.elements(text).keys()]).not.toContain(element);
    });

    it('still reads the same cues with their objects: fled with the chain, जलकर खाक', () => {
      expect(shipped.elements('Two men snatched her chain and fled with the chain.').get('TAKE_PROPERTY')).toBe('fled with chain');
      expect(shipped.elements('दुकान जलकर खाक हो गई।').has('FIRE')).toBe(true);
    });
  });
});
