import { detectLanguage, devanagariToGujarati, gujaratiToDevanagari } from '../../src/text/script';
import { normaliseDigits, normaliseText, words } from '../../src/text/normalise';

describe('script and language', () => {
  it.each([
    ['The accused stabbed the victim', 'en'],
    ['मुल्जिम ने चाकू से हत्या की', 'hi'],
    ['આરોપીએ છરી વડે ખૂન કર્યું', 'gu'],
    ['u/s 302 IPC में मुल्जिम गिरफ्तार', 'hi'],
    ['FIR No. 12/2024 u/s 379 IPC, Kothrud PS, Pune — mobile phone stolen', 'en'],
    ['', 'en'],
  ])('%s → %s', (text, lang) => {
    expect(detectLanguage(text).language).toBe(lang);
  });

  it('flags code-mixed text', () => {
    expect(detectLanguage('accused ne chaku se हत्या की, u/s 302 IPC').mixed).toBe(true);
    expect(detectLanguage('मुल्जिम ने चाकू से हत्या की').mixed).toBe(false);
  });

  it('maps Gujarati to Devanagari letter by letter and back', () => {
    expect(gujaratiToDevanagari('હત્યા')).toBe('हत्या');
    expect(gujaratiToDevanagari('ચોરી')).toBe('चोरी');
    expect(devanagariToGujarati('चोरी')).toBe('ચોરી');
    expect(gujaratiToDevanagari('કલમ 302 IPC')).toBe('कलम 302 IPC');
  });

  it('normalises digits, NFC and white space', () => {
    expect(normaliseDigits('धारा ३०२ / કલમ ૩૭૯')).toBe('धारा 302 / કલમ 379');
    expect(normaliseText('  a\u00A0\u00A0b \r\n\r\n\r\n c ')).toBe('a b \n\n c');
    expect(normaliseText('\u0928\u093C')).toBe('\u0929');
  });

  it('keeps matras with their letters when splitting words', () => {
    expect(words('हत्या की सजा, Murder!')).toEqual(['हत्या', 'की', 'सजा', 'murder']);
  });
});
