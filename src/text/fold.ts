/**
 * Spelling variants that Hindi and Gujarati writers use interchangeably, folded to one form for matching
 * words (never for display, and never where offsets into the text matter, since lengths change):
 * - the nukta is often left out (ज़हर / जहर, पड़ोसी / पडोसी);
 * - chandrabindu and anusvara are both written for nasal vowels (पहुँचा / पहुंचा);
 * - a nasal consonant with virama before a stop of its own class is the older spelling of the anusvara
 *   (दण्ड / दंड, हिन्दी / हिंदी, सम्बन्ध / संबंध);
 * - in Hindi, य with a vowel sign after a vowel is the older spelling of the bare vowel (गये / गए, लिये / लिए,
 *   हुयी / हुई); Gujarati spells these one way (ગયેલ), so the rule is Hindi's only.
 * Gujarati's block is Devanagari's shifted by 0x180, and the other rules carry over.
 */
import { devanagariToGujarati } from './script';

interface Block {
  nukta: string;
  chandrabindu: string;
  anusvara: string;
  virama: string;
  /** Nasal consonant → the stops of its class it may stand before. */
  classes: [string, string][];
  ya: string;
  /** Vowel sign → independent vowel, for the य + sign spelling. */
  afterVowel: [string, string][];
  /** Letters and signs that end in a vowel sound, after which य + sign is only a glide. */
  vowelEnd: string;
}

const DEVANAGARI: Block = {
  nukta: '\u093C',
  chandrabindu: '\u0901',
  anusvara: '\u0902',
  virama: '\u094D',
  classes: [
    ['\u0919', '\u0915-\u0918'], // ङ before क ख ग घ
    ['\u091E', '\u091A-\u091D'], // ञ before च छ ज झ
    ['\u0923', '\u091F-\u0922'], // ण before ट ठ ड ढ
    ['\u0928', '\u0924-\u0927'], // न before त थ द ध
    ['\u092E', '\u092A-\u092D'], // म before प फ ब भ
  ],
  ya: '\u092F',
  afterVowel: [['\u0947', '\u090F'], ['\u0940', '\u0908']], // ये → ए, यी → ई
  vowelEnd: '\u0915-\u0939\u093E-\u094C\u0905-\u0914',
};

const GUJARATI: Block = {
  nukta: devanagariToGujarati(DEVANAGARI.nukta),
  chandrabindu: devanagariToGujarati(DEVANAGARI.chandrabindu),
  anusvara: devanagariToGujarati(DEVANAGARI.anusvara),
  virama: devanagariToGujarati(DEVANAGARI.virama),
  classes: DEVANAGARI.classes.map(([n, stops]) => [devanagariToGujarati(n), devanagariToGujarati(stops)]),
  ya: devanagariToGujarati(DEVANAGARI.ya),
  afterVowel: [],
  vowelEnd: '',
};

type Rule = [RegExp, string];

function rules(b: Block): Rule[] {
  return [
    [new RegExp(b.nukta, 'g'), ''],
    [new RegExp(b.chandrabindu, 'g'), b.anusvara],
    ...b.classes.map(([nasal, stops]): Rule => [new RegExp(`${nasal}${b.virama}(?=[${stops}])`, 'g'), b.anusvara]),
    ...b.afterVowel.map(([sign, vowel]): Rule => [new RegExp(`(?<=[${b.vowelEnd}])${b.ya}${sign}`, 'g'), vowel]),
  ];
}

const RULES = [...rules(DEVANAGARI), ...rules(GUJARATI)];
const INDIC = /[\u0900-\u097F\u0A80-\u0AFF]/;

/** The folded spelling of NFC text; text without Devanagari or Gujarati is returned as it is. */
export function foldIndic(text: string): string {
  if (!INDIC.test(text)) return text;
  let out = text;
  for (const [re, to] of RULES) out = out.replace(re, to);
  return out;
}
