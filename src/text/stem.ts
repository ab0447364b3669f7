/**
 * A light English suffix stripper for matching query words against glossary terms: snatched, snatching
 * and snatches all become "snatch", outrage and outraging "outrag". Deliberately mild (no Porter steps
 * that merge unrelated words); irregular forms (stolen, beaten) are listed in the glossary instead.
 */
/** Forms the suffix rules would merge with an unrelated word ("fired" → "fir", as in FIR). */
const IRREGULAR: Record<string, string> = { fired: 'fire', firing: 'fire', fires: 'fire' };

export function stem(word: string): string {
  let w = word.toLowerCase();
  if (IRREGULAR[w]) return IRREGULAR[w];
  if (!/^[a-z]+$/.test(w) || w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) w = w.slice(0, -3) + 'y';
  else if (w.endsWith('ied') && w.length > 4) w = w.slice(0, -3) + 'y';
  else if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  else if (/(ss|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  // Undo doubled consonants left by -ing/-ed (stabbed → stabb → stab), and drop a final silent e.
  if (/([bdfgmnprt])\1$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

export const ENGLISH_FUNCTION_WORDS = new Set([
  'a', 'an', 'the', 'of', 'in', 'on', 'at', 'to', 'for', 'by', 'with', 'from', 'and', 'or', 'is', 'was', 'were', 'are', 'be',
  'his', 'her', 'him', 'their', 'its', 'he', 'she', 'they', 'it', 'what', 'which', 'who', 'whom', 'under', 'into', 'as', 'that', 'this',
]);
