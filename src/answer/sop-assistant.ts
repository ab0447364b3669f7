import type { ContextBlock } from './context';
import { pickSentences } from './extractive';

const HEADING: Record<string, string> = { en: 'Suggested next steps (from similar cases and SOPs):', hi: 'अगले कदम (मिलते-जुलते मामलों और एसओपी से):', gu: 'આગળના પગલાં (સમાન કેસો અને એસઓપી મુજબ):' };

/** Investigation actions in the three languages: a sentence naming one is a candidate step. */
const ACTION = /seiz|panchnama|statement|record|forensic|FSL|post[- ]?mortem|medical|CCTV|call detail|CDR|arrest|identification|inquest|site plan|spot|witness|sample|विवेचना|बयान|पंचनामा|जब्त|बरामद|गिरफ्तार|पोस्टमार्टम|फॉरेंसिक|सीसीटीवी|नक्शा|निवेदन|પંચનામ|મુદ્દામાલ|કબજે|ધરપકડ|નિવેદન|એફ.એસ.એલ|સીસીટીવી|પી.એમ|તપાસ/iu;
const STEP_PARTS = new Set(['investigation', 'procedure', 'checklist', 'evidence', 'seizure', 'observations']);

/**
 * SOP_ASSISTANT without an LLM: the investigation steps recorded in similar past chargesheets, panchnamas
 * and SOPs, ranked by closeness to the FIR, each cited. Priority follows the rank of the source.
 */
export function sopSteps(blocks: ContextBlock[], queryTerms: string[], language: string): string {
  const steps = pickSentences(
    blocks.filter((b) => b.document.type !== 'BARE_ACT_SECTION'),
    [...queryTerms, 'statement', 'seizure', 'panchnama'], language, 7,
    (s, b) => ACTION.test(s) && b.chunks.some((c) => STEP_PARTS.has(c.sectionName) || b.document.type === 'SOP'),
  );
  if (!steps.length) return '';
  const lines = [HEADING[language] ?? HEADING.en, ...steps.map((s, i) => `${i + 1}. ${s.text} [${s.n}]`)];
  const sections = blocks.filter((b) => b.sectionId).slice(0, 3).map((b) => `${b.sectionId} [${b.n}]`);
  if (sections.length) lines.push(`${language === 'hi' ? 'संबंधित धाराएं' : language === 'gu' ? 'સંબંધિત કલમો' : 'Relevant sections'}: ${sections.join(', ')}`);
  return lines.join('\n');
}
