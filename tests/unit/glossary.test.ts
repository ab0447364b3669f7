import fs from 'node:fs';
import { Glossary, matchTokens } from '../../src/expand/glossary';
import { gujaratiToDevanagari } from '../../src/text/script';
import { fromRoot } from '../../src/util/paths';
import { stem } from '../../src/text/stem';
import { inflections, isInflection } from '../../src/text/inflect';

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

  it('reads a form that several entries share as all of them', () => {
    const shared = new Glossary([
      { id: 'extortion', en: ['extortion'], hi: [], gu: ['ખંડણી'], sections: ['IPC:384', 'BNS:308'], kind: 'offence' },
      { id: 'ransom', en: ['ransom'], hi: [], gu: ['ખંડણી', 'ખંડણી માટે અપહરણ'], sections: ['IPC:364A', 'BNS:140'], kind: 'offence' },
    ]);
    expect(shared.match('ખંડણી ઉઘરાવવી').map((m) => m.entry.id).sort()).toEqual(['extortion', 'ransom']);
    // The longer, more specific form still claims its words alone.
    expect(shared.match('ખંડણી માટે અપહરણ કર્યું').map((m) => m.entry.id)).toEqual(['ransom']);
    // A form shared by entries of different kinds goes to one of them.
    const kinds = new Glossary([
      { id: 'punishment', en: [], hi: ['सजा'], gu: [], sections: [], kind: 'punishment' },
      { id: 'conviction', en: [], hi: ['सजा'], gu: [], sections: ['CrPC:235'], kind: 'procedure' },
    ]);
    expect(kinds.match('हत्या की सजा')).toHaveLength(1);
  });

  it('reads two offence terms that share a word as both, but not a term inside another', () => {
    const c = new Glossary([
      { id: 'night_breaking', en: [], hi: [], gu: ['રાત્રે ઘરફોડ'], sections: ['IPC:457'], kind: 'offence' },
      { id: 'burglary', en: [], hi: [], gu: ['ઘરફોડ ચોરી'], sections: ['IPC:380'], kind: 'offence' },
      { id: 'theft', en: [], hi: [], gu: ['ચોરી'], sections: ['IPC:379'], kind: 'offence' },
      { id: 'night', en: [], hi: [], gu: ['રાત્રે'], sections: [], kind: 'general' },
    ]);
    expect(c.match('રાત્રે ઘરફોડ ચોરી માટેની કલમ').map((m) => m.entry.id).sort()).toEqual(['burglary', 'night_breaking']);
    expect(c.match('ઘરફોડ ચોરી').map((m) => m.entry.id)).toEqual(['burglary']);
  });

  it('matches Hindi and Gujarati spelling variants', () => {
    const v = new Glossary([
      { id: 'poison', en: [], hi: ['ज़हर देना'], gu: ['ઝેર પીવડાવવું'], sections: ['IPC:328'], kind: 'offence' },
      { id: 'punishment', en: [], hi: ['दण्ड'], gu: [], sections: [], kind: 'punishment' },
      { id: 'molest', en: [], hi: ['छेड़छाड़'], gu: [], sections: ['IPC:354'], kind: 'offence' },
    ]);
    const found = (text: string) => v.match(text).map((m) => m.entry.id);
    // Nukta left out, anusvara for the nasal consonant, chandrabindu for anusvara.
    expect(found('जहर देकर लूटा')).toEqual(['poison']);
    expect(found('हत्या का दंड')).toEqual(['punishment']);
    expect(found('छेडछाड की')).toEqual(['molest']);
    // A verb named in the infinitive meets its other forms, but not words that merely start like it.
    expect(found('ज़हर दिया')).toEqual([]);
    expect(found('जहर देने के बाद')).toEqual(['poison']);
    expect(found('ઝેર પીવડાવી દીધું')).toEqual(['poison']);
    expect(found('ઝેર પીવડાવ્યું')).toEqual(['poison']);
    expect(found('જહર દેખા')).toEqual([]);
    // Gender and number agreement, in terms of several words only.
    const agree = new Glossary([
      { id: 'chn', en: [], hi: ['न आने वाला मानव वध'], gu: ['ખોટો દસ્તાવેજ'], sections: ['IPC:304'], kind: 'offence' },
      { id: 'theft', en: [], hi: [], gu: ['ચોરી'], sections: ['IPC:379'], kind: 'offence' },
    ]);
    expect(agree.match('न आने वाले मानव वध').map((m) => m.entry.id)).toEqual(['chn']);
    expect(agree.match('ખોટા દસ્તાવેજ બનાવ્યા').map((m) => m.entry.id)).toEqual(['chn']);
    expect(agree.match('ચોરો પકડાયા')).toEqual([]);
  });
});

describe('glossary matching over the shipped lexicons', () => {
  // The plain definition of match(): every term, most specific first, tried at every position; the matcher's
  // first-word index must find exactly what this finds.
  const termsOf = (glossary: Glossary) => glossary.entries
    .flatMap((entry) => [...new Set([...entry.en, ...entry.hi, ...entry.gu])].map((term) => ({ term, entry, tokens: matchTokens(term) })))
    .filter((m) => m.tokens.length)
    .map((m) => ({ ...m, bridged: m.tokens.map(gujaratiToDevanagari) }))
    .sort((a, b) => b.tokens.length - a.tokens.length || b.term.length - a.term.length);
  const scan = (terms: ReturnType<typeof termsOf>, text: string) => {
    const tokens = matchTokens(text);
    const bridged = tokens.map(gujaratiToDevanagari);
    const taken: (string | null)[] = tokens.map(() => null);
    const claims = new Set<string>();
    const out: string[] = [];
    const word = (t: string, w: string) => t === w || (!/^[a-z0-9]+$/.test(t) && [...t].length >= 2 && w.startsWith(t));
    const verb = (t: string, n: number, w: string) => {
      const v = n > 1 ? inflections(t) : null;
      return v !== null && isInflection(v, w);
    };
    for (const m of terms) {
      const form = `${m.entry.kind}:${m.tokens.join(' ')}`;
      for (let i = 0; i + m.tokens.length <= tokens.length; i++) {
        const span = taken.slice(i, i + m.tokens.length);
        const chain = m.entry.kind === 'offence' && span.includes(null) && span.every((k) => k === null || k === 'offence');
        const free = (k: number) => claims.has(`${i}:${form}`) || chain || !taken[k];
        if (!m.tokens.every((t, j) => free(i + j) && (word(t, tokens[i + j]) || word(m.bridged[j], bridged[i + j]) || verb(t, m.tokens.length, tokens[i + j])))) continue;
        claims.add(`${i}:${form}`);
        m.tokens.forEach((_, j) => (taken[i + j] ??= m.entry.kind));
        if (!out.some((o) => o.startsWith(`${m.entry.id}=`))) out.push(`${m.entry.id}=${m.term}`);
        break;
      }
    }
    return out;
  };
  const texts = fs.readdirSync(fromRoot('seeds', 'cases')).flatMap((lang) => fs.readdirSync(fromRoot('seeds', 'cases', lang))
    .map((f) => (JSON.parse(fs.readFileSync(fromRoot('seeds', 'cases', lang, f), 'utf8')) as { parts: { text: string }[] }).parts.map((p) => p.text).join('\n')));

  it.each(['legal_terms.csv', 'offence_elements.csv'])('%s: the indexed matcher finds what a full scan finds in every sample case', (file) => {
    const glossary = Glossary.load(fromRoot('seeds', 'glossary', file));
    const terms = termsOf(glossary);
    expect(texts.length).toBeGreaterThan(40);
    for (const text of texts) expect(glossary.match(text).map((m) => `${m.entry.id}=${m.term}`)).toEqual(scan(terms, text));
  });
});
