/**
 * Acts a narrative only threatens: "if I don't pay he will smash the stall", "मकान खाली नहीं किया तो जला
 * देंगे", "દુકાન સળગાવી દેવાની ધમકી". Read as done, they make offences of their own (mischief, arson) out of
 * what is criminal intimidation or extortion. Each is replaced by the language's word for a threat, so the
 * threat still counts and the act does not. Only conditional or explicitly threatened acts are rewritten: a
 * bare future ("he said he would return the money") is a promise as often as a threat.
 */

// A clause ends at sentence punctuation, a comma, a turn in the story ("but", "लेकिन", "પરંતુ") or, in English, the
// condition of the threat ("threatened to kill him unless he paid": the condition is what makes it extortion).
const END_EN = String.raw`(?=[.;!?,]|\b(?:but|and then|unless|if|or else|otherwise)\b|$)`;
const END_INDIC = String.raw`(?=[.;!?,।]|\s(?:लेकिन|परंतु|पर|પરંતુ|પણ)\s|$)`;
// Hindi and Gujarati future endings (मार दूँगा, जला देंगे, તોડી નાખીશ, મારી નાખશે), followed by a word end.
const FUTURE_HI = String.raw`\S*(?:ूंगा|ूँगा|ूंगी|ूँगी|ेंगे|ेंगी|ेगा|ेगी|ोगे)(?=[\s.,;!?।]|$)`;
const FUTURE_GU = String.raw`\S*(?:ીશ|ીશું|શે|શો|ીશુ)(?=[\s.,;!?।]|$)`;

const RULES: { pattern: RegExp; replacement: string }[] = [
  // threatened / warned (him, up to three words) that he would … | to …; "threatened him with a knife and took …" is not one.
  { pattern: new RegExp(String.raw`\b(?:threaten|warn)(?:ed|s|ing)?(?:\s+(?!to\b|that\b)\S+){0,3}?\s+(?:that\s+(?:\S+\s+)?(?:would|will|shall)|to)\s[^.;!?]*?${END_EN}`, 'giu'), replacement: 'threatened ' },
  // if / unless …, (he) will …
  { pattern: new RegExp(String.raw`\b(if|unless)\b([^.;!?]*?)\b(?:will|would|shall|'ll)\b[^.;!?]*?${END_EN}`, 'giu'), replacement: '$1$2 threatened' },
  // … or else / otherwise …
  { pattern: new RegExp(String.raw`\b(?:or else|otherwise)\b[^.;!?]*?${END_EN}`, 'giu'), replacement: 'threatened ' },
  // … घर जलाने / जान से मारने की धमकी: the act (at most four words, not past और) in the infinitive before धमकी
  { pattern: new RegExp(String.raw`(?<=^|[\s.;!?,।])(?:(?!और\s|तथा\s|एवं\s|कि\s)[^\s.;!?,।]+\s+){0,3}[^\s.;!?,।]+(?:ने|ना)\s+की\s+धमकी`, 'gu'), replacement: 'धमकी' },
  // … तो / वरना / नहीं तो … future verb
  { pattern: new RegExp(String.raw`(?<=\s)(?:वरना|नहीं तो|नही तो|तो)\s[^.;!?,।]*?${FUTURE_HI}${END_INDIC}`, 'gu'), replacement: 'धमकी' },
  // … સળગાવી દેવાની / મારી નાખવાની ધમકી
  { pattern: new RegExp(String.raw`(?<=^|[\s.;!?,।])(?:(?!અને\s|તથા\s|કે\s)[^\s.;!?,।]+\s+){0,3}[^\s.;!?,।]+વાની\s+ધમકી`, 'gu'), replacement: 'ધમકી' },
  // … તો / નહીં તો … future verb
  { pattern: new RegExp(String.raw`(?<=\s)(?:નહીં તો|નહિ તો|નહીંતર|તો)\s[^.;!?,।]*?${FUTURE_GU}${END_INDIC}`, 'gu'), replacement: 'ધમકી' },
];

/** The text with every threatened act replaced by the word for a threat (the rest unchanged). */
export function withoutThreatenedActs(text: string): string {
  let out = text;
  for (const { pattern, replacement } of RULES) out = out.replace(pattern, replacement);
  return out;
}
