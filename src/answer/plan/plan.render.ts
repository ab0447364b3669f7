import type { CasePlan } from './plan.service';

type Lang = 'en' | 'hi' | 'gu';

const WORDS: Record<Lang, Record<string, string>> = {
  en: {
    title: 'Investigation plan', fir: 'FIR', dated: 'dated', undated: 'date not given',
    newCode: 'BNSS 2023 / BSA 2023 (FIR on or after 1 July 2024)', oldCode: 'CrPC 1973 / Evidence Act 1872 (FIR before 1 July 2024)',
    byCitations: 'code chosen from the sections the FIR cites', byToday: 'no date given: the codes in force today',
    families: 'Offences', none: 'The offence could not be told from the FIR: only the steps every case needs are listed. Name the sections or describe what happened.',
    todo: 'Steps not yet shown in the case record, in order', done: 'Already done according to the case record', sop: 'SOP',
    similar: 'Similar cases', statutory: 'Statutory steps only: SOPs and case records need a police role (sign in as an investigator).',
    nothing: 'The case record shows every step of the plan done.',
  },
  hi: {
    title: 'विवेचना योजना', fir: 'एफआईआर', dated: 'दिनांक', undated: 'दिनांक नहीं दी गई',
    newCode: 'बीएनएसएस 2023 / बीएसए 2023 (1 जुलाई 2024 या उसके बाद की एफआईआर)', oldCode: 'दं.प्र.सं. 1973 / साक्ष्य अधिनियम 1872 (1 जुलाई 2024 से पहले की एफआईआर)',
    byCitations: 'संहिता एफआईआर में लिखी धाराओं से चुनी गई', byToday: 'दिनांक नहीं दी गई: आज लागू संहिताएं',
    families: 'अपराध', none: 'एफआईआर से अपराध तय नहीं हो सका: केवल हर मामले के आवश्यक कदम दिए गए हैं। धाराएं लिखें या घटना का विवरण दें।',
    todo: 'केस रिकॉर्ड में अभी तक न दिखे कदम, क्रम से', done: 'केस रिकॉर्ड के अनुसार पूरे हो चुके', sop: 'एसओपी',
    similar: 'मिलते-जुलते मामले', statutory: 'केवल वैधानिक कदम: एसओपी और केस रिकॉर्ड के लिए पुलिस भूमिका आवश्यक है (विवेचक के रूप में साइन इन करें)।',
    nothing: 'केस रिकॉर्ड में योजना के सभी कदम पूरे दिखते हैं।',
  },
  gu: {
    title: 'તપાસ યોજના', fir: 'એફ.આઈ.આર.', dated: 'તારીખ', undated: 'તારીખ આપી નથી',
    newCode: 'BNSS 2023 / BSA 2023 (1 જુલાઈ 2024 કે પછીની એફ.આઈ.આર.)', oldCode: 'સી.આર.પી.સી. 1973 / પુરાવા અધિનિયમ 1872 (1 જુલાઈ 2024 પહેલાની એફ.આઈ.આર.)',
    byCitations: 'સંહિતા એફ.આઈ.આર.માં લખેલી કલમો પરથી પસંદ કરી', byToday: 'તારીખ આપી નથી: આજે અમલમાં સંહિતાઓ',
    families: 'ગુના', none: 'એફ.આઈ.આર. પરથી ગુનો નક્કી થઈ શક્યો નથી: ફક્ત દરેક કેસનાં જરૂરી પગલાં આપ્યાં છે. કલમો લખો અથવા બનાવની વિગત આપો.',
    todo: 'કેસ રેકર્ડમાં હજી ન દેખાતાં પગલાં, ક્રમમાં', done: 'કેસ રેકર્ડ મુજબ પૂર્ણ', sop: 'એસ.ઓ.પી.',
    similar: 'સમાન કેસો', statutory: 'ફક્ત કાનૂની પગલાં: એસ.ઓ.પી. અને કેસ રેકર્ડ માટે પોલીસ ભૂમિકા જરૂરી છે (તપાસ અધિકારી તરીકે સાઇન ઇન કરો).',
    nothing: 'કેસ રેકર્ડમાં યોજનાનાં બધાં પગલાં પૂર્ણ દેખાય છે.',
  },
};

const marks = (ns: number[]) => ns.map((n) => `[${n}]`).join('');

/** The plan as the answer's text, in the question's language, each step cited to its provision and SOP. */
export function renderPlan(c: CasePlan): string {
  const lang: Lang = c.language in WORDS ? (c.language as Lang) : 'en';
  const w = WORDS[lang];
  const lines: string[] = [];
  const when = c.date ? `${w.dated} ${c.date}` : w.undated;
  const code = c.plan.era === 'new' ? w.newCode : w.oldCode;
  const how = c.eraDecidedBy === 'citations' ? `; ${w.byCitations}` : c.eraDecidedBy === 'today' ? `; ${w.byToday}` : '';
  lines.push(`${w.title}${c.firId ? ` — ${w.fir} ${c.firId}` : ''} (${when}): ${code}${how}.`);
  if (c.plan.families.length) lines.push(`${w.families}: ${c.plan.families.map((f) => f.label[lang]).join('; ')}.`);
  else lines.push(w.none);
  if (c.statutoryOnly) lines.push(w.statutory);

  lines.push('', `${w.todo}:`);
  if (!c.plan.todo.length) lines.push(w.nothing);
  c.plan.todo.forEach((s, i) => {
    const src = c.sources.get(s.step.id) ?? { provisions: [], sops: [] };
    const sop = src.sops.length ? `; ${w.sop} ${marks(src.sops)}` : '';
    lines.push(`${i + 1}. ${s.phaseLabel}: ${s.text} — ${s.cite} ${marks(src.provisions)}${sop}`.trimEnd());
  });
  if (c.plan.done.length) {
    lines.push('', `${w.done}:`);
    for (const s of c.plan.done) lines.push(`- ${s.phaseLabel}: ${s.cite} (${s.doneBy!.id === 'query' ? w.fir : s.doneBy!.id})`);
  }
  if (c.similar.length) lines.push('', `${w.similar}: ${c.similar.map((b) => `${b.document.id} [${b.n}]`).join(', ')}`);
  return lines.join('\n');
}
