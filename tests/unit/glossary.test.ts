import { Glossary } from '../../src/expand/glossary';
import { stem } from '../../src/text/stem';

const g = new Glossary([
  { id: 'theft', en: ['theft', 'stole', 'stolen'], hi: ['चोरी'], gu: ['ચોરી'], sections: ['IPC:379', 'BNS:303'], kind: 'offence' },
  { id: 'theft_dwelling', en: ['theft in dwelling house'], hi: ['घर में चोरी'], gu: [], sections: ['IPC:380', 'BNS:305'], kind: 'offence' },
  { id: 'snatching', en: ['snatching'], hi: ['छीन'], gu: ['આંચકી'], sections: ['BNS:304'], kind: 'offence' },
  { id: 'murder', en: ['murder'], hi: ['हत्या'], gu: ['ખૂન', 'હત્યા'], sections: ['IPC:302', 'BNS:103'], kind: 'offence' },
  { id: 'modesty', en: ['outraging modesty of a woman'], hi: ['लज्जा भंग'], gu: [], sections: ['IPC:354', 'BNS:74'], kind: 'offence' },
]);
const ids = (text: string) => g.match(text).map((m) => m.entry.id);

describe('glossary matching', () => {
  it('stems English suffixes mildly', () => {
    expect(['snatched', 'snatching', 'snatches'].map(stem)).toEqual(['snatch', 'snatch', 'snatch']);
    expect(['stabbed', 'outraging', 'outrage', 'houses', 'house'].map(stem)).toEqual(['stab', 'outrag', 'outrag', 'hous', 'hous']);
    expect(stem('modesty')).toBe('modesty');
  });

  it('skips function words and prefers the longer term', () => {
    expect(ids('theft in a dwelling house')).toEqual(['theft_dwelling']);
    expect(ids('outraging the modesty of a woman by assault')).toEqual(['modesty']);
    expect(ids('two men snatched a purse')).toEqual(['snatching']);
  });

  it('matches Hindi and Gujarati words by their start, and Gujarati through Devanagari', () => {
    expect(ids('हत्याओं के मामले')).toEqual(['murder']);
    expect(ids('मोबाइल छीनकर भागा')).toEqual(['snatching']);
    expect(ids('ચોરીનો બનાવ')).toEqual(['theft']);
    // Gujarati હત્યા is matched as is, and its Devanagari spelling meets the Hindi term too.
    expect(ids('હત્યાની સજા')).toEqual(['murder']);
  });

  it('does not match inside unrelated words', () => {
    expect(ids('the therapist stole nothing')).toEqual(['theft']);
    expect(ids('murderous intent')).toEqual([]);
  });
});
