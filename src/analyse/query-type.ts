
export type QueryType = 'SIMPLE' | 'COMPLEX' | 'COMPARATIVE' | 'PROCEDURAL' | 'FACT_PATTERN';

export const DEFAULT_K = 4;
export const K_BY_TYPE: Record<QueryType, number> = { SIMPLE: 3, COMPLEX: 6, COMPARATIVE: 8, PROCEDURAL: 5, FACT_PATTERN: 6 };

const COMPARATIVE = /\b(difference|differ|distinguish|compare|comparison|versus|vs\.?)\b|अंतर|फर्क|तुलना|તફાવત|સરખામણી|ફરક/iu;
const PROCEDURAL = /\b(procedure|process|how (?:to|do|can|should)|steps?|when can|who can|bail|arrest|remand|investigation|chargesheet|time limit|within how)\b|प्रक्रिया|कैसे|जमानत|गिरफ्तारी|विवेचना|કેવી રીતે|પ્રક્રિયા|જામીન|ધરપકડ|તપાસ/iu;
/** Words that describe an incident rather than ask about law: roles and typical FIR verbs in three languages. */
const NARRATIVE = /\b(?:the accused|accused (?:person|persons|men)|complainant|victim|informant|deceased|he|she|they|two men|a man|a woman)\b|आरोपी|मुल्जिम|अभियुक्त|पीड़ित|पीडित|प्रार्थी|शिकायतकर्ता|मृतक|આરોપી|ફરિયાદી|ભોગ બનનાર|મરનાર/iu;
/**
 * A complainant tells what happened to them: first-person words (I, we, my; मैंने, मेरे, हमारे; મેં, મારા,
 * અમારા) mark an incident as surely as "the accused" does. Questions about law are asked in the third person.
 */
const FIRST_PERSON = /\b(?:i|we|my|our|me|us)\b|(?<![\p{L}\p{M}])(?:मैंने|मैने|मेरे|मेरी|मेरा|मुझे|हमारे|हमारी|हमारा|हमें|हमने|મેં|મારા|મારો|મને|અમારા|અમારી|અમારો|અમને|અમે)(?![\p{L}\p{M}])/iu;
/** Past tenses: regular -ed forms and the irregular verbs FIRs use most. */
const PAST_TENSE = /\b(?:[a-z]{3,}ed|died|broke|took|stole|struck|fled|ran|came|threw|beat|shot|tore|caught|fought|sold|kept|left|went|told|gave)\b/gi;
/**
 * Past-tense verbs of Hindi (perfective -या/-ए/-ई with गया, लिया, दिया, किया) and Gujarati (-્યો/-્યા/-્યું,
 * લીધું, દીધું, ગયો, and the feminine ગઈ, નાખી: "મેમો બુક ફાડી નાખી"): an incident told in the past, as FIR
 * narratives are, rather than a question about law.
 */
const INDIC_PAST_TENSE = /(?:गया|गई|गयी|गए|गये|लिया|दिया|दी|दिए|किया|किए|किये|पीटा|मारा)(?=[\s,।.!?]|$)|[\u0A95-\u0AB9]\u0ACD\u0AAF(?:ો|ા|ું)(?=[\s,।.!?]|$)|(?:(?:લીધ|દીધ|ગય|નાખ્ય|નાંખ્ય)(?:ો|ા|ી|ું)|ગઈ|નાખી|નાંખી)(?=[\s,।.!?]|$)/gu;

/**
 * A question about law ("when can the accused get bail?", "ધરપકડ કેવી રીતે થાય"): procedural words in a
 * narrative are part of the story ("the police went to arrest him with a warrant and he threw a stone")
 * unless the text asks something.
 */
const QUESTION = /\?|^\s*(?:how|what|which|whether|can|should|is|are|do|does)\b|\b(?:how|when|what|where|who) (?:to|can|could|will|should|is|are|do|does)\b|कैसे|कब|क्या|किस|कौन|કેવી રીતે|ક્યારે|શું|કઈ|કયા|કોણ/iu;

/**
 * A question about what the police or a court may, must or should do, or how long they have: permission,
 * obligation, time limits, procedure, admissibility. Officers often tell the case first and ask last, so a long
 * text that asks this is a procedure question, not an incident to charge.
 */
const ASKS_PROCEDURE = new RegExp([
  String.raw`\b(?:can|may|must|should|shall|could)\s+(?:we|i|you|they|he|she|the\s+(?:police|io|officer|investigating officer|sho|court|magistrate)|police)\b`,
  String.raw`\bis\s+it\s+(?:necessary|mandatory|required|compulsory|legal|lawful|allowed|permissible|possible)\b`,
  String.raw`\b(?:are|am)\s+(?:we|i)\s+(?:allowed|required|bound|supposed)\b`, String.raw`\bdo\s+(?:we|i)\s+(?:need|have)\b`,
  String.raw`\bhow\s+(?:long|many\s+(?:days|hours|months)|soon)\b`, String.raw`\bwithin\s+(?:how|what)\b`,
  String.raw`\bwhat\s+(?:is\s+the\s+)?(?:procedure|process|steps?)\b`, String.raw`\bwhat\s+(?:should|must|can)\s+(?:we|i|the police)\s+do\b`,
  String.raw`\badmissible\b`, String.raw`\b(?:sakte|sakti|sakta)\s+h(?:ai|ain|e)\b`, String.raw`\bkitne\s+(?:din|ghante|samay)\b`,
  String.raw`\b(?:zaroori|jaruri|zaruri)\b`, String.raw`\bkya\s+karna\s+(?:chahiye|hoga)\b`,
  'सकते\\s*हैं\\s*\\?|सकती\\s*है\\s*\\?|सकता\\s*है\\s*\\?|कितने\\s*(?:दिन|घंटे|घण्टे|समय)|ज़रूरी|जरूरी|आवश्यक|अनिवार्य|अनुमति|प्रक्रिया|ग्राह्य|क्या\\s*करना\\s*(?:चाहिए|होगा)',
  'શકાય|શકીએ|કેટલા\\s*(?:દિવસ|કલાક|સમય)|જરૂરી|ફરજિયાત|મંજૂરી|પ્રક્રિયા|માન્ય\\s*ગણાય|શું\\s*કરવું',
].join('|'), 'iu');

/** A question about which sections or offences apply: an incident to charge, whatever else it asks. */
const ASKS_SECTIONS = /\b(?:which|what)\s+(?:sections?|offences?|offenses?|charges?|ipc|bns)\b|\b(?:kaun\s*si|kaunsi|konsi)\s+(?:dhara|dhaara)\b|कौन\s*सी\s*धारा|कौनसी\s*धारा|किस\s*धारा|कौन\s*सा\s*अपराध|કઈ\s*કલમ|કયી\s*કલમ|કયો\s*ગુનો|કયા\s*ગુના/iu;

const CONNECTIVES = /\b(and|or|also|while|whereas|with)\b|और|तथा|एवं|अने|અને|તેમજ/giu;

export interface Classification {
  type: QueryType;
  confidence: number;
  k: number;
}

/**
 * Rule-based query classification: cheap, explainable, and good enough to pick k and thresholds.
 * Confidence says how clearly the rule fired; below 0.5 the default k is used.
 */
export function classifyQuery(text: string, wordCount: number, references: number, narrowed: boolean): Classification {
  let type: QueryType;
  let confidence: number;
  const sentences = text.split(/[.?!।]\s/).filter((s) => s.trim()).length;
  const narrative = NARRATIVE.test(text) || FIRST_PERSON.test(text) || (text.match(PAST_TENSE)?.length ?? 0) >= 2 || (text.match(INDIC_PAST_TENSE)?.length ?? 0) >= 2;
  if (ASKS_PROCEDURE.test(text) && QUESTION.test(text) && !ASKS_SECTIONS.test(text) && references === 0) {
    type = 'PROCEDURAL';
    confidence = 0.8;
  } else if (wordCount >= 40 || (wordCount >= 25 && sentences >= 2)) {
    type = 'FACT_PATTERN';
    confidence = Math.min(1, 0.6 + wordCount / 200);
  } else if (narrative && wordCount >= 6 && references === 0 && !(PROCEDURAL.test(text) && QUESTION.test(text))) {
    // A short incident description ("The accused slapped the complainant…") asks which offences apply.
    type = 'FACT_PATTERN';
    confidence = 0.7;
  } else if (COMPARATIVE.test(text) || references >= 2 && /\b(and|vs|or)\b|और|અને/iu.test(text) && wordCount <= 20) {
    type = 'COMPARATIVE';
    confidence = COMPARATIVE.test(text) ? 0.9 : 0.6;
  } else if (PROCEDURAL.test(text)) {
    type = 'PROCEDURAL';
    confidence = 0.75;
  } else if (wordCount <= 8 || references > 0 && wordCount <= 12) {
    type = 'SIMPLE';
    confidence = wordCount <= 6 ? 0.9 : 0.7;
  } else {
    type = 'COMPLEX';
    confidence = Math.min(0.8, 0.4 + (text.match(CONNECTIVES)?.length ?? 0) * 0.15);
  }
  let k = confidence >= 0.5 ? K_BY_TYPE[type] : DEFAULT_K;
  if (narrowed) k -= 1;
  return { type, confidence: Math.round(confidence * 100) / 100, k: Math.max(3, Math.min(10, k)) };
}
