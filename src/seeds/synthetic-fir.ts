/**
 * Deterministic synthetic FIRs in English, Hindi and Gujarati, for load tests and retrieval experiments.
 * Each FIR is built from an offence template (seeds/synthetic/fir-texts.json, read by synthetic-fir.templates.ts)
 * and random fictional details; the sections it cites follow its date: IPC/CrPC before 1 July 2024, BNS/BNSS from
 * then on.
 */
import type { DocumentInput } from '../domain/document.types';
import {
  CITE_STYLES,
  COMPLAINANT,
  DISTRICTS,
  NAMES,
  OFFENCES,
  OTHER_ACTS,
  TEXTS,
  writeNumber,
  type Ctx,
  type Lang,
} from './synthetic-fir.templates';

const NEW_CODES_FROM = '2024-07-01';
const DAY_MS = 86_400_000;
const START_MS = Date.UTC(2022, 0, 1);
const TOTAL_DAYS = Math.round((Date.UTC(2025, 11, 31) - START_MS) / DAY_MS) + 1;
/** 50% English, 25% Hindi, 25% Gujarati. */
const LANG_CYCLE: Lang[] = ['en', 'hi', 'en', 'gu'];
const PLATE_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ'.split('');
const NATIVE_DIGITS: Record<'hi' | 'gu', string> = { hi: '०१२३४५६७८९', gu: '૦૧૨૩૪૫૬૭૮૯' };
const GU_SOCIETIES = ['શાંતિનગર સોસાયટી', 'ગોકુલધામ સોસાયટી', 'સરદાર પટેલ નગર', 'શિવમ પાર્ક', 'આશાપુરા સોસાયટી', 'રામેશ્વર ફળિયું'];

/** mulberry32: a small, fast 32-bit seeded PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 1234567 → "12,34,567" (Indian digit grouping). */
export function indianNumber(n: number): string {
  const s = String(Math.round(n));
  if (s.length <= 3) return s;
  return `${s.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${s.slice(-3)}`;
}

/** Devanagari/Gujarati digits for every token that has no Latin letter (vehicle plates, "98XXXXXX12" stay as written). */
function toNativeDigits(lang: 'hi' | 'gu', text: string): string {
  return text
    .split(/(\s+)/)
    .map((tok) => (/[A-Za-z]/.test(tok) ? tok : tok.replace(/[0-9]/g, (d) => NATIVE_DIGITS[lang][Number(d)])))
    .join('');
}

const pad2 = (n: number): string => String(n).padStart(2, '0');
const isoDay = (day: number): string => new Date(START_MS + day * DAY_MS).toISOString().slice(0, 10);

function renderDate(lang: Lang, iso: string): string {
  const [y, m, d] = iso.split('-');
  return lang === 'hi' ? `${d}.${m}.${y}` : `${d}/${m}/${y}`;
}

function renderTime(lang: Lang, h: number, m: number): string {
  if (lang === 'en') return `at about ${pad2(h)}:${pad2(m)} hrs`;
  const h12 = h % 12 || 12;
  if (lang === 'hi') {
    const pod = h < 5 ? 'रात्रि' : h < 12 ? 'सुबह' : h < 16 ? 'दोपहर' : h < 20 ? 'शाम' : 'रात';
    return `${pod} करीब ${h12}:${pad2(m)} बजे`;
  }
  const pod = h < 5 ? 'રાત્રીના' : h < 12 ? 'સવારના' : h < 16 ? 'બપોરના' : h < 20 ? 'સાંજના' : 'રાત્રીના';
  return `${pod} આશરે ${h12}/${pad2(m)} વાગ્યે`;
}

export function generateFirs(count: number, seed = 1): DocumentInput[] {
  const docs: DocumentInput[] = [];
  for (const doc of firStream(seed)) {
    if (docs.length === count) break;
    docs.push(doc);
  }
  return docs;
}

/**
 * The same FIRs as generateFirs, one at a time and without end: a corpus of a million chunks (250k FIRs) is
 * ingested group by group instead of being held in memory.
 */
export function* firStream(seed = 1): Generator<DocumentInput, never> {
  const rnd = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const int = (lo: number, hi: number): number => lo + Math.floor(rnd() * (hi - lo + 1));
  for (let n = 1; ; n++) {
    const lang = LANG_CYCLE[(n - 1) % LANG_CYCLE.length];
    const N = NAMES[lang];
    const offence = pick(OFFENCES);
    const text = TEXTS[lang][offence.key];
    const district = pick(DISTRICTS[lang]);
    const [psEn, psLocal] = pick(district.stations);

    // Date of report, and of the incident (same day or the day before, never across 1 July 2024).
    const day = int(0, TOTAL_DAYS - 1);
    const date = isoDay(day);
    const isNew = date >= NEW_CODES_FROM;
    let incidentDay = Math.max(0, day - int(0, 1));
    if (isoDay(incidentDay) >= NEW_CODES_FROM !== isNew) incidentDay = day;

    // Relatives share a surname (and brothers a father's name, which Gujarati names carry).
    const other = (not: string): string => {
      let x = pick(N.male);
      while (x === not) x = pick(N.male);
      return x;
    };
    const person = (last: string, honorific: boolean, father?: string): string => {
      const first = pick(N.male);
      return lang === 'gu' ? `${first}${honorific ? 'ભાઈ' : ''} ${father && father !== first ? father : other(first)}ભાઈ ${last}` : `${first} ${last}`;
    };
    const family = pick(N.last);
    const accusedFamily = pick(N.last);
    const accusedFather = pick(N.male);
    const woman = lang === 'gu' ? `${pick(N.female)} ${pick(N.male)}ભાઈ ${family}` : `${pick(N.female)} ${family}`;
    const money = (v: number): string => (lang === 'gu' ? `રૂ. ${indianNumber(v)}` : `₹${indianNumber(v)}`);
    const plate = (): string => {
      const series = pick(PLATE_LETTERS) + pick(PLATE_LETTERS);
      const num = String(int(1, 9999)).padStart(4, '0');
      return lang === 'hi' ? `${pick(district.rto)}${series}${num}` : `${pick(district.rto)}-${series}-${num}`;
    };
    const place =
      lang === 'en'
        ? `near the ${pick(N.landmarks)} on ${pick(N.roads)}`
        : lang === 'hi'
          ? `${pick(N.roads)} पर ${pick(N.landmarks)} के पास`
          : `${pick(N.roads)} પર ${pick(N.landmarks)} પાસે`;

    // Sections charged, in the code of the FIR's date and in one of the ways documents write them.
    const altNumbers = rnd() < 0.5;
    const numbers = (isNew ? offence.new : offence.old).map((num) => writeNumber(lang, num, altNumbers));
    const styles = CITE_STYLES[lang];
    let cite = pick(isNew ? styles.new : styles.old)(numbers);
    if (offence.other) cite += ` ${OTHER_ACTS[offence.other].text[lang]}`;
    const proc = pick(styles.proc[isNew ? 1 : 0]);
    const sectionsCited = [
      ...(isNew ? offence.new.map((s) => `BNS ${s}`) : offence.old.map((s) => `IPC ${s}`)),
      ...(offence.other ? OTHER_ACTS[offence.other].cited : []),
      isNew ? 'BNSS 173' : 'CrPC 154',
    ];

    const nightHour = pick([23, 0, 1, 2, 3, 4]);
    const ctx: Ctx = {
      isNew,
      date: renderDate(lang, date),
      prevDate: renderDate(lang, isoDay(incidentDay)),
      time: renderTime(lang, int(6, 23), int(0, 59)),
      night: renderTime(lang, nightHour, int(0, 59)),
      place,
      district: district.local,
      ps: psLocal,
      victim: person(family, lang === 'gu'),
      relation: pick(N.relations),
      woman,
      accused: [person(accusedFamily, false, accusedFather), person(accusedFamily, false, accusedFather), person(accusedFamily, false)],
      age: int(18, 62),
      amount: money(int(15, 950) * 1000 + pick([0, 500])),
      small: money(int(5, 90) * 1000),
      grams: int(8, 60),
      vehicle: plate(),
      vehicle2: plate(),
      phone: `${pick(['98', '97', '94', '70', '88'])}XXXXXX${int(10, 99)}`,
      cite,
      pick,
      int,
    };

    const name = person(family, true);
    const father = lang === 'hi' ? `श्री ${pick(N.male)} ${name.split(' ').pop() ?? ''}` : pick(N.male);
    const house =
      lang === 'en'
        ? `House No. ${int(1, 250)}, ${pick(['Lane', 'Cross', 'Street'])} ${int(1, 12)}`
        : lang === 'hi'
          ? `मकान नं. ${int(1, 250)}, गली नं. ${int(1, 12)}`
          : `મકાન નં. ${int(1, 250)}, ${pick(GU_SOCIETIES)}`;
    const complainant = pick(COMPLAINANT[lang])({ name, father, age: int(24, 66), occ: pick(N.occupations), house, c: ctx, proc });
    const parts = [
      { name: 'complainant', text: complainant },
      { name: 'incident', text: text.incident(ctx) },
      { name: 'evidence', text: text.evidence(ctx) },
      { name: 'accused', text: text.accused(ctx) },
    ];
    if (lang !== 'en' && rnd() < 0.2) for (const p of parts) p.text = toNativeDigits(lang, p.text);

    const firNumber = `${String(int(1, 1500)).padStart(4, '0')}/${date.slice(0, 4)}`;
    const title =
      lang === 'en'
        ? `FIR ${firNumber} – ${text.title} at ${psLocal}, ${district.local}`
        : lang === 'hi'
          ? `एफआईआर ${firNumber} – ${text.title}, थाना ${psLocal}`
          : `ગુ.ર.નં. ${firNumber} – ${text.title}, ${psLocal} પો.સ્ટે.`;

    yield {
      id: `syn-fir-${seed}-${n}`,
      type: 'FIR',
      title,
      language: lang,
      date,
      district: district.name,
      policeStation: psEn,
      authority: 'CASE_RECORD',
      sectionsCited,
      parts,
      extra: { firNumber, offence: offence.key, synthetic: 'true' },
    };
  }
}
