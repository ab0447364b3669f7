import { analyseQuery } from '../../src/analyse/analyse';
import { gujaratiTransliterator, hindiTransliterator, romanisedLanguage, Transliterator } from '../../src/text/romanised';

describe('romanised Hindi', () => {
  it.each([
    ['Mere ghar mein raat ko chori ho gayi aur almari se gehne le gaye', true],
    ['kya police bina warrant ke giraftar kar sakti hai?', true],
    ['FIR kaise likhwani hai', true],
    ['Use the tab to open the case file and check the seizure memo', false],
    ['The accused went to the shop to do his work and was arrested there', false],
    ['FIR No. 45/2024 u/s 379 IPC, Ramesh Kumar s/o Mohan Lal, Kothrud PS', false],
    ['what is the punishment for theft', false],
    ['ghar', false],
  ])('%s → %s', (text, expected) => {
    expect(romanisedLanguage(text) === 'hi').toBe(expected);
  });

  it('reads a romanised word as the Devanagari word it spells, however the vowels are written', () => {
    const t = Transliterator.fromTexts(['उसने मुझे मारा और घर से भाग गया। रात को घर पर कोई नहीं था।']);
    expect(t.word('maara')).toBe('मारा');
    expect(t.word('mara')).toBe('मारा');
    expect(t.word('ghar')).toBe('घर');
    expect(t.word('raat')).toBe('रात');
    expect(t.word('nahi')).toBe('नहीं');
    // No Hindi word is spelt so: the word stays as typed.
    expect(t.word('Redmi')).toBeNull();
    expect(t.toDevanagari('raat ko ghar par Redmi phone')).toBe('रात को घर पर Redmi phone');
  });

  it('prefers the reading spelt most alike, then the more frequent', () => {
    const t = Transliterator.fromTexts(['सर सर सर सार', 'भी भी भी भाई']);
    expect(t.word('sar')).toBe('सर');
    expect(t.word('saar')).toBe('सार');
    expect(t.word('bhai')).toBe('भाई');
  });

  it('builds its readings from the shipped Hindi text', () => {
    const t = hindiTransliterator();
    expect(t.size).toBeGreaterThan(5000);
    expect(t.toDevanagari('chori ki saza')).toBe('चोरी की सजा');
  });

  it('lets the search read a romanised Hindi query as Hindi, its references as typed', () => {
    const a = analyseQuery('IPC ki dhara 379 mein chori ki saza kya hai', { narrowed: false });
    expect(a.romanised).toBe(true);
    expect(a.language).toBe('hi');
    expect(a.references.map((r) => r.id)).toEqual(['IPC:379']);
    expect(a.normalised).toContain('चोरी');
    const en = analyseQuery('punishment for theft under IPC 379', { narrowed: false });
    expect(en.romanised).toBe(false);
    expect(en.normalised).toBe('punishment for theft under IPC 379');
  });

  it.each([
    ['Amara ghar ma raate chori thai chhe ane almari mathi dagina lai gaya', 'gu'],
    ['police kone arrest kari shake, warrant vagar?', 'gu'],
    // Told by the genitive "ni", quantity words and the gerund in -vu/-vi alone (none of the words above).
    ['jamin ni arji ketla divas ma karvi?', 'gu'],
    ['seized vehicle ketla samay sudhi police station ma raheshe', 'gu'],
    ['bail ki arzi kitne din mein lagani hai?', 'hi'],
    // "ne", "ke", "nahi" are Gujarati as much as Hindi: they do not outvote "maara", "che", "nathi".
    ['maara bhai ne police e pakdyo che ke nahi e khabar nathi', 'gu'],
    ['Mere ghar mein raat ko chori ho gayi aur almari se gehne le gaye', 'hi'],
    ['The accused went to the shop to do his work and was arrested there', null],
  ])('tells romanised Gujarati from romanised Hindi and English: %s → %s', (text, expected) => {
    expect(romanisedLanguage(text)).toBe(expected);
  });

  it('reads romanised Gujarati in Gujarati script, from the shipped Gujarati text', () => {
    expect(gujaratiTransliterator().size).toBeGreaterThan(3000);
    const a = analyseQuery('maara ghar ma chori thai chhe, IPC ni kalam 380 lagse?', { narrowed: false });
    expect(a.romanised).toBe(true);
    expect(a.language).toBe('gu');
    expect(a.references.map((r) => r.id)).toEqual(['IPC:380']);
    expect(a.normalised).toContain('ચોરી');
    expect(a.normalised).toContain('ઘર');
  });
});
