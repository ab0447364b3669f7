import type { ContextBlock } from './context';
import { pickSentences, type Picked } from './extractive';

const HEADING: Record<string, string> = { en: 'Suggested next steps (from similar cases and SOPs):', hi: 'अगले कदम (मिलते-जुलते मामलों और एसओपी से):', gu: 'આગળના પગલાં (સમાન કેસો અને એસઓપી મુજબ):' };

/**
 * Investigation phases in the order an investigating officer works them: what perishes first comes first
 * (the scene, then seizures and medical evidence, then people and records, then arrest and the final report).
 * Each phase names its actions in the three languages; a sentence naming one is a candidate step of that phase.
 */
const PHASES: { name: Record<string, string>; pattern: RegExp }[] = [
  { name: { en: 'Scene', hi: 'घटनास्थल', gu: 'ઘટનાસ્થળ' }, pattern: /spot|scene|site plan|inquest|panchnama|घटनास्थल|नक्शा|पंचनामा|ઘટનાસ્થળ|પંચનામ|નકશો/iu },
  { name: { en: 'Seizure and samples', hi: 'जब्ती और नमूने', gu: 'જપ્તી અને નમૂના' }, pattern: /seiz|recover|sample|muddamal|जब्त|बरामद|नमूना|મુદ્દામાલ|કબજે|નમૂન/iu },
  { name: { en: 'Medical', hi: 'चिकित्सा', gu: 'તબીબી' }, pattern: /post[- ]?mortem|medical|injur|hospital|पोस्टमार्टम|चिकित्सा|मेडिकल|પી\.?એમ|તબીબી|મેડિકલ/iu },
  { name: { en: 'Statements and witnesses', hi: 'बयान और गवाह', gu: 'નિવેદન અને સાક્ષી' }, pattern: /statement|witness|identification|बयान|गवाह|शिनाख्त|નિવેદન|સાક્ષી|ઓળખ/iu },
  { name: { en: 'Forensic and digital', hi: 'फॉरेंसिक और डिजिटल', gu: 'ફોરેન્સિક અને ડિજિટલ' }, pattern: /forensic|FSL|CCTV|call detail|CDR|fingerprint|DNA|फॉरेंसिक|सीसीटीवी|कॉल|एफएसएल|એફ\.?એસ\.?એલ|સીસીટીવી|ફોરેન્સિક/iu },
  { name: { en: 'Arrest and report', hi: 'गिरफ्तारी और रिपोर्ट', gu: 'ધરપકડ અને અહેવાલ' }, pattern: /arrest|remand|chargesheet|charge sheet|गिरफ्तार|आरोप पत्र|चार्जशीट|ધરપકડ|ચાર્જશીટ|તહોમતનામું/iu },
];
const STEP_PARTS = new Set(['investigation', 'procedure', 'checklist', 'evidence', 'seizure', 'observations']);

const phaseOf = (s: string) => PHASES.findIndex((p) => p.pattern.test(s));

/**
 * SOP_ASSISTANT without an LLM: the investigation steps recorded in similar past chargesheets, panchnamas and
 * SOPs, as a plan in phase order, at most two steps a phase (the sentences closest to this FIR), each cited.
 */
export function sopSteps(blocks: ContextBlock[], queryTerms: string[], language: string): string {
  const candidates = pickSentences(
    blocks.filter((b) => b.document.type !== 'BARE_ACT_SECTION'),
    [...queryTerms, 'statement', 'seizure', 'panchnama'], language, 24,
    (s, b) => phaseOf(s) >= 0 && b.chunks.some((c) => STEP_PARTS.has(c.sectionName) || b.document.type === 'SOP'),
  );
  if (!candidates.length) return '';
  const byPhase = new Map<number, Picked[]>();
  for (const c of candidates) {
    const p = phaseOf(c.text);
    const list = byPhase.get(p) ?? [];
    if (list.length < 2 && !list.some((x) => x.text === c.text)) byPhase.set(p, [...list, c]);
  }
  const lines = [HEADING[language] ?? HEADING.en];
  let n = 0;
  for (const [p, steps] of [...byPhase].sort((a, b) => a[0] - b[0])) {
    const phase = PHASES[p].name[language] ?? PHASES[p].name.en;
    for (const s of steps) lines.push(`${++n}. ${phase}: ${s.text} [${s.n}]`);
  }
  const sections = blocks.filter((b) => b.sectionId).slice(0, 3).map((b) => `${b.sectionId} [${b.n}]`);
  if (sections.length) lines.push(`${language === 'hi' ? 'संबंधित धाराएं' : language === 'gu' ? 'સંબંધિત કલમો' : 'Relevant sections'}: ${sections.join(', ')}`);
  return lines.join('\n');
}
