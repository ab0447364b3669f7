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
      ['The neighbours leave their dog unchained in the lane and yesterday it bit my daughter on the leg.', 'animal_negligence'],
      ['ગામના ચોકમાં એક શખ્સ દારૂ પીને જાહેરમાં બૂમાબૂમ કરતો હતો.', 'drunken_misconduct'],
      ['ઘરે કામ કરતી બાઈ તિજોરીમાંથી રોકડ લઈને નાસી ગઈ.', 'theft_by_servant'],
      ['दो बदमाशों ने पेट्रोल पंप के कर्मचारी को तमंचा दिखाकर गल्ले से नकदी लूट ली।', 'armed_robbery'],
      ['જૂની અદાવતમાં તેણે મને ગોડાઉનમાં બે દિવસ પૂરી રાખ્યો.', 'wrongful_confinement'],
      ['At the engagement function the groom\'s uncle fired his rifle in the air and the pellets hit a guest.', 'rash_firing'],
      ['મારી 6 વર્ષની દીકરી ટ્યુશનથી ઘરે પરત આવેલ નથી અને અજાણ્યા નંબર પરથી 5 લાખ રૂપિયા આપો તેવો ફોન આવ્યો.', 'child_ransom'],
      ['The villagers beat the forest guard with sticks when he tried to seize the cut teak logs.', 'hurt_public_servant'],
      ['जब पुलिस टीम वारंट लेकर उसे गिरफ्तार करने पहुंची तो उसने सिपाही को धक्का देकर पत्थर मारा।', 'resisting_arrest'],
      ['The dairy owner sold milk adulterated with urea and detergent to the villagers.', 'adulteration'],
      ['આરોપીએ વોટ્સએપ ગ્રુપમાં બીજી કોમ વિરુદ્ધ ખોટી ખબર ફેલાવી.', 'public_mischief_statement'],
      ['पड़ोसी ने रंजिश में हमारी बकरियों के चारे में कीटनाशक मिला दिया जिससे दो बकरियां मर गईं।', 'animal_poisoning'],
      ['While being taken to court under police escort, the undertrial pushed the constable and fled.', 'escape_under_escort'],
      ['કોર્ટમાં રજૂ કરવા લઈ જતી વખતે જાપ્તામાંથી કેદી પોલીસને ધક્કો મારી ફરાર થઈ ગયો.', 'escape_under_escort'],
      ['The cashier of our petrol pump was supposed to deposit the day\'s collection but kept the money and ran off.', 'cbt_by_servant'],
      ['दो लोग फर्जी पुलिस बनकर आए और जांच के बहाने मेरी सोने की चेन उतरवाकर ले गए।', 'personation'],
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
      // छू must not be left bare by its auxiliaries (रहा, रहे are function words): it would meet छूट (release).
      ['अदालत से जमानत पर छूट रहा था।', 'SEXUAL_TOUCH'],
      // Cues that once copied phrases from read queries, now in their general form, must not fire on everyday words.
      ['He visits his mother in the village every month.', 'DEMAND_MONEY'],
      ['जब मैं घर पहुंचा तो मेरी पत्नी वहां नहीं थी, वह मायके गई थी।', 'TAKE_PROPERTY'],
      ['मेरा बेटा पुलिस में भर्ती होकर पुलिस वाला बनना चाहता है।', 'PERSONATE'],
      ['ટ્રેનમાં ભીડ હતી એટલે તે પાછો નીચે ઉતર્યો.', 'NOT_RETURNED'],
      ['વરસાદને કારણે શેઠે અમને વહેલા ઘરે જવા દીધા.', 'CONFINE'],
      ['શેઠ દર મહિને સમયસર મજૂરી આપે છે.', 'FORCED_LABOUR'],
      ['मैंने दुकान के चेंजिंग रूम में कपड़े ट्राई किए और मोबाइल से बिल का वीडियो भेजा।', 'VOYEUR'],
    ])('reads no element from an everyday clause whose function words would shorten a cue: "%s"', (text, element) => {
      expect([...shipped.elements(text).keys()]).not.toContain(element);
    });

    it('reads a stolen motorcycle pushed away as theft, not robbery: pushing a thing is no force on a person', () => {
      const found = shipped.infer('CCTV shows two boys pushing my motorcycle away from the parking at night; it was stolen.').map((o) => o.rule.id);
      expect(found).not.toContain('robbery');
      expect(found.some((id) => id === 'theft' || id === 'vehicle_theft')).toBe(true);
    });

    it('puts rioting before the hurt it involves when a group attacks', () => {
      const found = shipped.infer('Over a land dispute 7 men came with lathis and beat my father and brother.').map((o) => o.rule.id);
      expect(found).toContain('hurt_with_weapon');
      expect(found.indexOf('rioting')).toBeLessThan(found.indexOf('hurt_with_weapon'));
    });

    it('reads no hurt to a public servant where the constable only found the dead', () => {
      const found = shipped.infer('The constable on patrol found the man stabbed to death near the canal.').map((o) => o.rule.id);
      expect(found).not.toContain('hurt_public_servant');
    });

    it('reads a poisoned animal as mischief, not murder, and a poisoned person still as murder', () => {
      expect(shipped.infer('उसने भैंस के चारे में जहर मिला दिया, भैंस मर गई।').map((o) => o.rule.id)).not.toContain('murder');
      expect(shipped.infer('उसने चाय में जहर मिला दिया, पति की मौत हो गई।').map((o) => o.rule.id)).toContain('murder');
    });

    it('leaves the words of a robbery to the robbery: "રોકડા લઈ નાસી ગયા" is property taken, not only a flight', () => {
      const text = 'બે છોકરાઓએ છરી બતાવી ધમકાવી મારો મોબાઈલ અને રોકડા બળજબરીથી લઈ નાસી ગયા.';
      expect(shipped.elements(text).has('TAKE_PROPERTY')).toBe(true);
      expect(shipped.infer(text).map((o) => o.rule.id)).toContain('armed_robbery');
    });

    it('reads iron rods carried off from a site as theft, not an armed robbery', () => {
      const found = shipped.infer('रात में निर्माण स्थल से लोहे की सरिया और पाइप चोरी हो गए।').map((o) => o.rule.id);
      expect(found).not.toContain('armed_robbery');
    });

    it('still reads the same cues with their objects: fled with the chain, जलकर खाक', () => {
      expect(shipped.elements('Two men snatched her chain and fled with the chain.').get('TAKE_PROPERTY')).toBe('fled with chain');
      expect(shipped.elements('दुकान जलकर खाक हो गई।').has('FIRE')).toBe(true);
    });
  });
});
