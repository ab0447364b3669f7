import { withoutThreatenedActs } from '../../src/expand/threats';
import { OffenceElements } from '../../src/expand/elements';

describe('acts only threatened are not read as done', () => {
  it.each([
    // [text, words that must be gone, words that must stay]
    ['The accused threatened to kill the shopkeeper unless he paid money every month.', ['kill'], ['threatened', 'unless he paid money']],
    ["Every month he takes Rs 2,000 from my stall, saying that if I don't pay he will smash the stall.", ['smash'], ["if I don't pay", 'threatened']],
    ['He warned me that he would burn my shop if I went to the police.', ['burn'], ['threatened', 'if I went to the police']],
    ['आरोपी ने गाली-गलौज की और घर जलाने की धमकी दी।', ['जलाने'], ['गाली-गलौज की और', 'धमकी दी']],
    ['फोन आया कि 10 लाख रुपये दो वरना बच्चे को मार देंगे।', ['मार देंगे'], ['10 लाख रुपये दो', 'धमकी']],
    ['આરોપીએ ગાળો બોલી દુકાન સળગાવી દેવાની ધમકી આપી.', ['સળગાવી'], ['ગાળો', 'ધમકી આપી']],
    ['આ રસ્તેથી ફરી નીકળ્યો તો તને જાનથી મારી નાખીશ.', ['મારી નાખીશ'], ['ફરી નીકળ્યો', 'ધમકી']],
  ])('%s', (text, gone, kept) => {
    const out = withoutThreatenedActs(text);
    for (const g of gone) expect(out).not.toContain(g);
    for (const k of kept) expect(out).toContain(k);
  });

  it.each([
    'He threatened the shopkeeper with a knife and took cash from the counter.',
    'He told her he would marry her and took Rs 50,000 from her.',
    'The accused stabbed the victim with a knife and fled; the victim died in hospital.',
    'आरोपी ने उसकी चेन छीन ली और भाग गया।',
  ])('leaves what was done untouched: "%s"', (text) => {
    expect(withoutThreatenedActs(text)).toBe(text);
  });

  it('keeps the threat and drops the act for the offence rules (extortion, not mischief)', () => {
    const elements = OffenceElements.load();
    const text = "A goon has been demanding Rs 2,000 every month from my tea stall, saying that if I don't pay he will smash the stall.";
    const offences = elements.infer(withoutThreatenedActs(text)).map((o) => o.rule.id);
    expect(offences).toContain('extortion');
    expect([...elements.elements(withoutThreatenedActs(text)).keys()]).not.toContain('DAMAGE');
    expect([...elements.elements(text).keys()]).toContain('DAMAGE');
  });
});
