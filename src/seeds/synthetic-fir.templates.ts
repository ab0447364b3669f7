/**
 * Tables of the synthetic FIR generator (synthetic-fir.ts): the offences with the sections they cite under the old
 * (IPC/CrPC) and new (BNS/BNSS) codes, and how documents write them. The prose (districts, names, the complainant's
 * part and each offence's text per language) is in seeds/synthetic/fir-texts.json, written in the template language
 * of fir-template.ts. All names, numbers and places of residence are fictional.
 */
import fs from 'node:fs';
import { fromRoot } from '../util/paths';
import { parseTemplate, renderTemplate, type RenderEnv, type TemplateNode } from './fir-template';

export type Lang = 'en' | 'hi' | 'gu';

/** What a template sees: the random details of one FIR, already rendered in the FIR's language. */
export interface Ctx {
  /** Dated on or after 1 July 2024: a template's {code:OLD|NEW} renders NEW. */
  isNew: boolean;
  date: string; // date of report, rendered
  prevDate: string; // date of incident (day before or same day), rendered
  time: string; // "at about 21:40 hrs" / "रात करीब 9:40 बजे" / "રાત્રીના આશરે 9/40 વાગ્યે"
  night: string; // a time between 23:00 and 04:00, same style
  place: string; // "near the bus stop on Station Road"
  district: string;
  ps: string;
  victim: string; // a male relative of the complainant
  relation: string;
  woman: string; // a female name
  accused: string[]; // three names
  age: number;
  amount: string; // "₹1,25,000" / "રૂ. 1,25,000"
  small: string; // a smaller amount
  grams: number;
  vehicle: string;
  vehicle2: string;
  phone: string;
  cite: string; // the sections charged, e.g. "u/s 302, 34 IPC"
  pick: <T>(xs: readonly T[]) => T;
  int: (lo: number, hi: number) => number;
}

export interface District {
  name: string; // English, used as metadata
  local: string; // as written in the document's language
  rto: string[]; // vehicle registration prefixes
  stations: ReadonlyArray<readonly [string, string]>; // [English, local]
}


type Names = { male: string[]; female: string[]; last: string[]; occupations: string[]; relations: string[]; roads: string[]; landmarks: string[] };
interface FirTexts {
  districts: Record<Lang, District[]>;
  names: Record<Lang, Names>;
  complainant: Record<Lang, string[]>;
  offences: Record<Lang, Record<string, { title: string; incident: string; evidence: string; accused: string }>>;
}

const DATA = JSON.parse(fs.readFileSync(fromRoot('seeds', 'synthetic', 'fir-texts.json'), 'utf8')) as FirTexts;
export const DISTRICTS: Record<Lang, District[]> = DATA.districts;
export const NAMES: Record<Lang, Names> = DATA.names;

/** An offence and the sections it is registered under, before and after 1 July 2024. */
export interface Offence {
  key: string;
  old: string[]; // IPC
  new: string[]; // BNS
  other?: 'IT' | 'DP' | 'MV';
}

export const OFFENCES: Offence[] = [
  { key: 'murder', old: ['302', '34'], new: ['103(1)', '3(5)'] },
  { key: 'attempt', old: ['307', '34'], new: ['109(1)', '3(5)'] },
  { key: 'burglary', old: ['457', '380'], new: ['331(4)', '305(a)'] },
  { key: 'vehicle', old: ['379'], new: ['303(2)'] },
  { key: 'snatching', old: ['356', '379'], new: ['304(2)'] },
  { key: 'robbery', old: ['392', '34'], new: ['309(4)', '3(5)'] },
  { key: 'upi', old: ['419', '420'], new: ['319(2)', '318(4)'], other: 'IT' },
  { key: 'breach', old: ['406', '420'], new: ['316(2)', '318(4)'] },
  { key: 'cruelty', old: ['498A', '323', '506', '34'], new: ['85', '115(2)', '351(2)', '3(5)'], other: 'DP' },
  { key: 'hurt', old: ['323', '504', '506', '34'], new: ['115(2)', '352', '351(2)', '3(5)'] },
  { key: 'accident', old: ['279', '304A'], new: ['281', '106(1)'], other: 'MV' },
  { key: 'kidnap', old: ['363'], new: ['137(2)'] },
];

export const OTHER_ACTS: Record<'IT' | 'DP' | 'MV', { cited: string[]; text: Record<Lang, string> }> = {
  IT: { cited: ['IT Act 66C', 'IT Act 66D'], text: { en: 'and Sections 66C, 66D of the Information Technology Act, 2000', hi: 'एवं आईटी एक्ट की धारा 66सी, 66डी', gu: 'તથા આઈ.ટી. એક્ટ કલમ 66(સી), 66(ડી)' } },
  DP: { cited: ['Dowry Prohibition Act 3', 'Dowry Prohibition Act 4'], text: { en: 'and Sections 3 and 4 of the Dowry Prohibition Act, 1961', hi: 'व धारा 3/4 दहेज प्रतिषेध अधिनियम', gu: 'તથા દહેજ પ્રતિબંધક અધિનિયમ કલમ 3, 4' } },
  MV: { cited: ['MV Act 134', 'MV Act 187'], text: { en: 'and Sections 134 and 187 of the Motor Vehicles Act, 1988', hi: 'व धारा 134/187 मोटर वाहन अधिनियम', gu: 'તથા મોટર વ્હીકલ એક્ટ કલમ 134, 187' } },
};

/** Ways a document writes "the sections ... of IPC/BNS" (nums already joined) and the FIR-registration provision. */
export const CITE_STYLES: Record<Lang, { old: ((n: string[]) => string)[]; new: ((n: string[]) => string)[]; proc: [string[], string[]] }> = {
  en: {
    old: [(n) => `u/s ${n.join(', ')} IPC`, (n) => `under ${n.length > 1 ? 'Sections' : 'Section'} ${andJoin(n)} of the Indian Penal Code`, (n) => `vide IPC Sec. ${n.join('/')}`],
    new: [(n) => `u/s ${n.join(', ')} BNS`, (n) => `under ${n.length > 1 ? 'Sections' : 'Section'} ${andJoin(n)} of the Bharatiya Nyaya Sanhita, 2023`, (n) => `vide BNS ${n.join(', ')}`],
    proc: [['u/s 154 Cr.P.C.', 'under Section 154 of the Code of Criminal Procedure'], ['u/s 173 BNSS', 'under Section 173 of the Bharatiya Nagarik Suraksha Sanhita']],
  },
  hi: {
    old: [(n) => `धारा ${n.join(', ')} भा.दं.सं.`, (n) => `आईपीसी की धारा ${n.join(', ')}`, (n) => `धारा ${n.join('/')} भादवि`],
    new: [(n) => `धारा ${n.join(', ')} बीएनएस`, (n) => `भारतीय न्याय संहिता की धारा ${n.join(', ')}`, (n) => `बी.एन.एस. की धारा ${n.join(', ')}`],
    proc: [['धारा 154 दं.प्र.सं.', 'सीआरपीसी की धारा 154'], ['धारा 173 बीएनएसएस', 'भारतीय नागरिक सुरक्षा संहिता की धारा 173']],
  },
  gu: {
    old: [(n) => `ઈ.પી.કો. કલમ ${n.join(', ')}`, (n) => `આઈ.પી.સી. કલમ ${n.join(', ')}`, (n) => `ઇ.પી.કો. ની કલમ ${n.join(', ')}`],
    new: [(n) => `બીએનએસ કલમ ${n.join(', ')}`, (n) => `ભારતીય ન્યાય સંહિતા કલમ ${n.join(', ')}`, (n) => `બી.એન.એસ. કલમ ${n.join(', ')}`],
    proc: [['સી.આર.પી.સી. કલમ 154', 'ફો.પ્ર.સં. કલમ 154'], ['બી.એન.એસ.એસ. કલમ 173', 'બીએનએસએસ કલમ 173']],
  },
};

function andJoin(n: string[]): string {
  return n.length < 2 ? n.join('') : `${n.slice(0, -1).join(', ')} and ${n[n.length - 1]}`;
}

/** How a section with a letter suffix is written ("498A", "498-ए", "498(ક)"). */
export function writeNumber(lang: Lang, num: string, alt: boolean): string {
  if (!alt || !/^\d+A$/.test(num)) return num;
  if (lang === 'hi') return num.replace('A', '-ए');
  if (lang === 'gu') return num.startsWith('498') ? num.replace('A', '(ક)') : num.replace('A', '(અ)');
  return num;
}

export interface OffenceText {
  title: string;
  incident: (c: Ctx) => string;
  evidence: (c: Ctx) => string;
  accused: (c: Ctx) => string;
}


/** The details a template may name: Ctx's, the accused one by one, and the smaller amount without its currency mark. */
function fields(c: Ctx): Record<string, string | number> {
  const { pick: _p, int: _i, isNew: _n, accused, ...rest } = c;
  return { ...rest, accused1: accused[0], accused2: accused[1], accused3: accused[2], smallFigure: c.small.replace(/^(₹|રૂ\. )/, '') };
}

function template(lang: Lang, text: string): (c: Ctx, extra?: Record<string, string | number>) => string {
  const nodes: TemplateNode[] = parseTemplate(text);
  return (c, extra) => {
    const env: RenderEnv = { fields: { ...fields(c), ...extra }, isNew: c.isNew, list: (name) => listOf(lang, name), pick: c.pick, int: c.int };
    return renderTemplate(nodes, env);
  };
}

function listOf(lang: Lang, name: string): readonly string[] {
  const list = (NAMES[lang] as unknown as Record<string, string[] | undefined>)[name];
  if (!list) throw new Error(`fir-texts.json: no list names.${lang}.${name}`);
  return list;
}

const LANGS: Lang[] = ['en', 'hi', 'gu'];
const byLang = <T>(f: (lang: Lang) => T): Record<Lang, T> => Object.fromEntries(LANGS.map((l) => [l, f(l)])) as Record<Lang, T>;

/** The complainant part: [variants] per language; `proc` is where the FIR-registration provision goes. */
export const COMPLAINANT: Record<Lang, ((p: { name: string; father: string; age: number; occ: string; house: string; c: Ctx; proc: string }) => string)[]> = byLang((lang) =>
  DATA.complainant[lang].map((text) => {
    const render = template(lang, text);
    return ({ c, ...p }) => render(c, p);
  }));

/** Per-language text of each offence in OFFENCES (same keys). */
export const TEXTS: Record<Lang, Record<string, OffenceText>> = byLang((lang) =>
  Object.fromEntries(Object.entries(DATA.offences[lang]).map(([key, t]) => {
    const [incident, evidence, accused] = [t.incident, t.evidence, t.accused].map((text) => template(lang, text));
    return [key, { title: t.title, incident, evidence, accused }];
  })));
