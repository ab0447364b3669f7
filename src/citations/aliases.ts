/**
 * The vocabulary of statute citations in English, Hindi and Gujarati: names of the six codes, names of acts we do
 * NOT index (so their sections are never mistaken for IPC), section words and the small words between them.
 *
 * Alias notation (turned into regexes by patterns.ts):
 * - an alias containing a dot is an abbreviation: every dot is optional and may be followed by one space, so
 *   'I.P.C.' also matches "IPC", "I. P. C."; in Devanagari and Gujarati a '०' (written "0" after digit
 *   normalisation) may stand for the dot, as in "भा0दं0सं0";
 * - otherwise words are separated by any white space;
 * - `[x]` marks optional letters ('Bhar[a]tiya' = Bharatiya or Bhartiya).
 * Matching is case-insensitive. Order inside a list does not matter: the longest match wins.
 * The word lists further down are regex sources, already escaped.
 */
import type { StatuteCode } from '../domain/codes';

export type Family = 'penal' | 'procedure' | 'evidence';

/** What a code-like phrase points at. */
export type CodeRef =
  | { kind: 'code'; code: StatuteCode }
  /** A name both an old code and its successor go by; a year next to it ("…, 2023") or the document date decides. */
  | { kind: 'family'; family: Family }
  /** An act outside our six codes. Its sections are dropped, and it still ends a list so they don't leak into IPC. */
  | { kind: 'foreign' }
  /**
   * "the said Code": whichever code was named last before it. With nothing named before, "the Act" is most likely
   * a special act (orElse: 'foreign'), while "the said Code" says nothing and the date decides.
   */
  | { kind: 'previous'; orElse?: 'foreign' };

export interface AliasEntry {
  ref: CodeRef;
  aliases: string[];
}

const code = (c: StatuteCode): CodeRef => ({ kind: 'code', code: c });

export const CODE_ALIASES: AliasEntry[] = [
  {
    ref: code('IPC'),
    aliases: [
      'I.P.C.', 'Indian Penal Code', 'Penal Code',
      'भा.दं.सं.', 'भा.द.सं.', 'भा.दं.वि.', 'भा.द.वि.', 'भारतीय दंड संहिता', 'भारतीय दण्ड संहिता', 'भारतीय दंड विधान',
      'भारतीय दण्ड विधान', 'दंड संहिता', 'दण्ड संहिता', 'आई.पी.सी.',
      'ઈ.પી.કો.', 'ઇ.પી.કો.', 'આઈ.પી.સી.', 'આઇ.પી.સી.', 'ભારતીય દંડ સંહિતા', 'ઈન્ડિયન પીનલ કોડ', 'ઇન્ડિયન પીનલ કોડ',
    ],
  },
  {
    ref: code('BNS'),
    aliases: [
      'B.N.S.', 'Bhar[a]tiya Nyay[a] Sanhita',
      'भारतीय न्याय संहिता', 'बी.एन.एस.', 'भा.न्या.सं.',
      'ભારતીય ન્યાય સંહિતા', 'બી.એન.એસ.', 'ભા.ન્યા.સં.',
    ],
  },
  {
    ref: code('CrPC'),
    aliases: [
      'Cr.P.C.', 'Code of Criminal Procedure', 'Criminal Procedure Code',
      'दं.प्र.सं.', 'द.प्र.सं.', 'दंड प्रक्रिया संहिता', 'दण्ड प्रक्रिया संहिता', 'सी.आर.पी.सी.',
      'ફો.પ્ર.સં.', 'ફોજદારી કાર્યરીતિ સંહિતા', 'ફોજદારી પ્રક્રિયા સંહિતા', 'સી.આર.પી.સી.',
    ],
  },
  {
    ref: code('BNSS'),
    aliases: [
      'B.N.S.S.', 'Bhar[a]tiya Nag[a]rik Suraksha Sanhita',
      'भारतीय नागरिक सुरक्षा संहिता', 'बी.एन.एस.एस.', 'भा.ना.सु.सं.',
      'ભારતીય નાગરિક સુરક્ષા સંહિતા', 'બી.એન.એસ.એસ.', 'ભા.ના.સુ.સં.',
    ],
  },
  {
    ref: code('IEA'),
    aliases: ['I.E.A.', 'Evidence Act', 'Indian Evidence Act', 'પુરાવા અધિનિયમ', 'ભારતીય પુરાવા અધિનિયમ', 'એવિડન્સ એક્ટ', 'एविडेंस एक्ट'],
  },
  {
    ref: code('BSA'),
    aliases: ['B.S.A.', 'Bhar[a]tiya Sakshy[a] Adhiniyam', 'बी.एस.ए.', 'ભારતીય સાક્ષ્ય અધિનિયમ', 'બી.એસ.એ.'],
  },
  // The Hindi title of the Evidence Act of 1872 and of the BSA of 2023 is the same words.
  { ref: { kind: 'family', family: 'evidence' }, aliases: ['भारतीय साक्ष्य अधिनियम', 'साक्ष्य अधिनियम', 'evidence law', 'law of evidence'] },
  { ref: { kind: 'family', family: 'procedure' }, aliases: ['procedure code', 'procedural code', 'procedural law', 'प्रक्रिया संहिता'] },
  { ref: { kind: 'family', family: 'penal' }, aliases: ['penal law'] },
  { ref: { kind: 'previous' }, aliases: ['said Code', 'said Sanhita', 'उक्त संहिता', 'ઉક્ત સંહિતા'] },
  {
    ref: { kind: 'previous', orElse: 'foreign' },
    aliases: ['said Act', 'the Act', 'this Act', 'said Adhiniyam', 'उक्त अधिनियम', 'ઉક્ત અધિનિયમ'],
  },
  {
    // Special acts that are often written without the word "Act"; anything else ending in Act / अधिनियम / એક્ટ
    // is caught by the generic patterns in patterns.ts.
    ref: { kind: 'foreign' },
    aliases: [
      'N.D.P.S.', 'P.O.C.S.O.', 'U.A.P.A.', 'P.M.L.A.', 'M.C.O.C.A.', 'G.C.T.O.C.', 'GUJCTOC', 'Prohi.', 'Prohibition',
      'C.P.C.', 'Code of Civil Procedure', 'Civil Procedure Code', 'Arms', 'SC/ST', 'S.C./S.T.', 'Scheduled Castes',
      'एन.डी.पी.एस.', 'पॉक्सो', 'पोक्सो', 'आर्म्स', 'एससी/एसटी', 'अनुसूचित जाति', 'आबकारी', 'जुआ',
      'એન.ડી.પી.એસ.', 'પોક્સો', 'પ્રોહી.', 'પ્રોહિબિશન', 'જુગાર ધારા', 'જુગારધારા', 'જી.પી.', 'એટ્રોસિટી', 'આર્મ્સ',
    ],
  },
];

/** Words that may precede "Act" in a special act's name but never start one, or that belong to our own codes. */
export const ACT_NAME_STOPWORDS = [
  'sections?', 'secs?', 'ss', 's', 'u/ss?', 'r/w', 'under', 'and', 'or', 'with', 'read', 'said', 'this', 'penal',
  'code', 'evidence', 'procedure', 'criminal', 'sanhita', 'adhiniyam', 'nyaya', 'sakshya', 'suraksha', 'nagarik',
  'bharatiya', 'bhartiya', 'ipc', 'crpc', 'bns', 'bnss', 'bsa', 'iea',
];
export const ACT_NAME_NON_STARTERS = [
  'of', 'the', 'in', 'to', 'for', 'on', 'at', 'by', 'a', 'an', 'is', 'was', 'punishable', 'offen[cs]es?', 'registered',
  'booked', 'charged', 'accused',
];
export const HINDI_ACT_STOPWORDS = ['साक्ष्य', 'भारतीय', 'धारा', 'धाराओं', 'की', 'के', 'का', 'व', 'और', 'एवं', 'तथा', 'उक्त', 'सहपठित', 'तहत'];
export const GUJARATI_ACT_STOPWORDS = ['પુરાવા', 'ભારતીય', 'સાક્ષ્ય', 'કલમ', 'કલમો', 'ની', 'ના', 'અને', 'તથા', 'ઉક્ત', 'મુજબ'];

/** Words that introduce section numbers. Short forms only count when a number follows. Marathi "कलम" is free. */
export const SECTION_WORDS = [
  'sections?', 'u\\s?/\\s?s(?:s|ec)?\\.?', 'धाराओं', 'धाराएं', 'धाराएँ', 'धाराओ', 'धारा', 'दफ़ा', 'दफा', 'कलम',
  'કલમો', 'કલમ', 'ધારાઓ', 'ધારા',
  // Romanised, as typed on phones: "IPC ki dhara 302", "BNS ni kalam 64".
  'dhaaraa', 'dhaara', 'dhara', 'dafa', 'kalam',
];
export const SHORT_SECTION_WORDS = ['secs?\\.?', 'ss\\.', 's\\.'];

/** Between two numbers of one list. Ranges and "read with" are told apart because they behave differently. */
export const LIST_JOINERS = ['and', 'or', '&', ',', '/', '\\+', 'व', 'और', 'एवं', 'एंव', 'तथा', 'या', 'અને', 'તથા', 'અથવા'];
export const RANGE_JOINERS = ['to', 'till', 'upto', 'up\\s+to', '-', '–', '—', 'से', 'થી'];
/** Only explicit "read with": a bare "with" is too common ("u/s 302 IPC with 10 years"). */
export const READ_WITH_JOINERS = ['r\\s?/\\s?w\\.?', 'r\\.\\s?w\\.?', 'read\\s+with', 'सहपठित', 'સાથે\\s+વાંચતા'];

/** Harmless words between a code and its section numbers: "IPC की धारा 302", "Section 302 of the IPC". */
export const FILLERS = [
  'of', 'the', 'under', 'in', 'की', 'के', 'का', 'में', 'ની', 'ના', 'નો', 'નું', 'માં', 'तक', 'સુધી',
  // Romanised genitives and "in" ("BNS ni kalam 64 ma"); not "no", which is a blocker ("FIR no 123").
  'ki', 'ke', 'ka', 'ni', 'na', 'nu', 'ma', 'me', 'mein',
];

/** Words after which a number is something else (a chapter, a page, an FIR or an amount), never a section. */
export const BLOCKERS = [
  'chapters?', 'ch\\.', 'paras?', 'paragraphs?', 'pages?', 'pg\\.?', 'pp?\\.', 'rules?', 'articles?', 'art\\.', 'order',
  'clauses?', 'items?', 'no\\.?', 'nos\\.?', 'numbers?', 'fir', 'case', 'crime', 'cr\\.', 'rs\\.?', 'inr', '₹',
  'अध्याय', 'पृष्ठ', 'पेज', 'पैरा', 'अनुच्छेद', 'क्रमांक', 'क्र\\.', 'नंबर', 'नम्बर', 'संख्या', 'रु\\.?', 'रुपये', 'रुपए',
  'પ્રકરણ', 'પાના', 'પાનું', 'નંબર', 'નં\\.', 'ક્રમાંક', 'રૂ\\.?', 'રૂપિયા', 'ફકરો',
];

/** Words after which a number counts something ("u/s 302 and 3 others", "304 to 10 years"), never a section. */
export const UNITS = [
  'years?', 'yrs?\\.?', 'months?', 'days?', 'weeks?', 'hours?', 'hrs?\\.?', 'minutes?', 'mins?\\.?', 'others?',
  'persons?', 'people', 'accused', 'am', 'pm', 'a\\.m\\.', 'p\\.m\\.', 'kgs?\\.?', 'grams?', 'gms?\\.?', 'kms?\\.?',
  'rupees', 'lakhs?', 'crores?', '%', 'वर्ष', 'साल', 'माह', 'महीने', 'दिन', 'घंटे', 'बजे', 'लोग', 'लोगों', 'व्यक्ति',
  'व्यक्तियों', 'अन्य', 'रुपये', 'ग्राम', 'किलो', 'વર્ષ', 'મહિના', 'દિવસ', 'કલાક', 'વાગ્યે', 'ઇસમો', 'વ્યક્તિ', 'રૂપિયા',
  'ગ્રામ', 'કિલો',
];

/**
 * Letters written after a section number for its letter suffix: the English letter's name ("498-ए" = 498A) or
 * the alphabet's own order (क, ख, ग = A, B, C; "498(ક)" = 498A).
 */
export const INDIC_SECTION_LETTERS: Record<string, string> = {
  'ए': 'A', 'बी': 'B', 'सी': 'C', 'डी': 'D', 'ई': 'E', 'एफ': 'F', 'जी': 'G', 'एच': 'H', 'आई': 'I',
  'अ': 'A', 'ब': 'B', 'क': 'A', 'ख': 'B', 'ग': 'C', 'घ': 'D', 'ङ': 'E', 'च': 'F',
  'એ': 'A', 'બી': 'B', 'સી': 'C', 'ડી': 'D', 'ઈ': 'E', 'ઇ': 'E', 'એફ': 'F', 'જી': 'G', 'એચ': 'H', 'આઈ': 'I',
  'અ': 'A', 'બ': 'B', 'ક': 'A', 'ખ': 'B', 'ગ': 'C', 'ઘ': 'D', 'ચ': 'F',
};
