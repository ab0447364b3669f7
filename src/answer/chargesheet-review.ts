import { NEW_CODES_IN_FORCE } from '../domain/codes';
import { extractCitations } from '../citations/extract';
import type { ContextBlock } from './context';

interface Element {
  name: string;
  pattern: RegExp;
  /** Only required when this matches the draft (e.g. electronic evidence needs its certificate). */
  when?: RegExp;
}

/** What a complete chargesheet contains, with the words that show it in English, Hindi and Gujarati. */
const ELEMENTS: Element[] = [
  { name: 'FIR reference (number, date, police station)', pattern: /FIR|F\.I\.R|एफआईआर|प्राथमिकी|मु0?अ0?सं|ગુ\.?ર\.?નં|ફરિયાદ નં/iu },
  { name: 'particulars of each accused', pattern: /accused|आरोपी|अभियुक्त|मुल्जिम|આરોપી/iu },
  { name: 'statements of witnesses (s. 161 CrPC / s. 180 BNSS)', pattern: /statement|161|180|बयान|કથન|નિવેદન|साक्षी|સાક્ષી|witness/iu },
  { name: 'seizure and panchnama details', pattern: /seiz|panchnama|recover|जब्त|बरामद|पंचनामा|પંચનામ|કબજે|મુદ્દામાલ/iu },
  { name: 'medical / post-mortem / forensic report', pattern: /medical|post[- ]?mortem|FSL|forensic|MLC|injury report|चिकित्सीय|पोस्टमार्टम|फॉरेंसिक|મેડિકલ|પી\.?એમ|એફ\.?એસ\.?એલ/iu },
  { name: 'arrest details', pattern: /arrest|गिरफ्तार|ધરપકડ/iu },
  { name: 'summary of investigation and charge-wise facts', pattern: /investigat|विवेचना|अन्वेषण|તપાસ/iu },
  { name: 'certificate for electronic evidence (s. 65B IEA / s. 63 BSA)', pattern: /65\s*-?B|63\s*(?:of\s*)?(?:the\s*)?BSA|certificate|प्रमाण-?पत्र|પ્રમાણપત્ર/iu, when: /CCTV|mobile|call detail|CDR|electronic|video|WhatsApp|सीसीटीवी|मोबाइल|સીસીટીવી|મોબાઇલ/iu },
];

export interface Review {
  text: string;
  completeness: number;
}

const LABELS: Record<string, [string, string, string, string]> = {
  en: ['Missing elements', 'Weak points', 'Strengths', 'Completeness'],
  hi: ['अनुपस्थित तत्व', 'कमज़ोर बिंदु', 'मज़बूत पक्ष', 'पूर्णता'],
  gu: ['ખૂટતા મુદ્દા', 'નબળા મુદ્દા', 'મજબૂત મુદ્દા', 'પૂર્ણતા'],
};

/**
 * CHARGESHEET_REVIEW without an LLM: the draft is checked against what complete chargesheets contain, and
 * its charged sections against the code in force on its date; the charged sections' text is cited.
 */
export function reviewChargesheet(draft: string, date: string | undefined, blocks: ContextBlock[], language: string): Review {
  const applicable = ELEMENTS.filter((e) => !e.when || e.when.test(draft));
  const present = applicable.filter((e) => e.pattern.test(draft));
  const missing = applicable.filter((e) => !e.pattern.test(draft));
  const charged = extractCitations(draft, { date });
  const weak: string[] = [];
  if (!charged.length) weak.push('no section is charged');
  const codes = new Set(charged.map((c) => c.code));
  if (codes.has('IPC') && codes.has('BNS')) weak.push('cites both IPC and BNS: the code follows the date of the offence (BNS from 1 July 2024)');
  if (date && date >= NEW_CODES_IN_FORCE && codes.has('IPC') && !codes.has('BNS')) weak.push(`dated ${date} but charges under the IPC, which BNS replaced on 1 July 2024`);
  if (date && date < NEW_CODES_IN_FORCE && codes.has('BNS')) weak.push(`dated ${date}, before BNS came into force, but charges under BNS`);
  const cite = (id: string) => blocks.find((b) => b.sectionId === id)?.n;
  const completeness = Math.round((present.length / applicable.length) * 100);
  const [lMissing, lWeak, lStrong, lComplete] = LABELS[language] ?? LABELS.en;
  const lines = [
    `${lMissing}:`, ...(missing.length ? missing.map((m) => `- ${m.name}`) : ['- —']),
    `${lWeak}:`, ...(weak.length ? weak.map((w) => `- ${w}`) : ['- —']),
    `${lStrong}:`, ...present.map((p) => `- ${p.name}`),
    ...charged.filter((c) => cite(c.id)).map((c) => `- charged: ${c.id} [${cite(c.id)}]`),
    `${lComplete}: ${completeness}%`,
  ];
  const examples = blocks.filter((b) => b.document.type === 'CHARGESHEET').slice(0, 2).map((b) => `[${b.n}]`);
  if (examples.length) lines.push(`${language === 'en' ? 'Compare with complete chargesheets' : language === 'hi' ? 'पूर्ण आरोप-पत्रों से तुलना करें' : 'સંપૂર્ણ ચાર્જશીટ સાથે સરખાવો'}: ${examples.join(' ')}`);
  return { text: lines.join('\n'), completeness };
}
