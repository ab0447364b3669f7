/**
 * Template tables for the synthetic FIR generator (synthetic-fir.ts): districts, names, the offences with the
 * sections they cite under the old (IPC/CrPC) and new (BNS/BNSS) codes, and per-language text for each offence.
 * All names, numbers and places of residence are fictional.
 */

export type Lang = 'en' | 'hi' | 'gu';

/** What a template sees: the random details of one FIR, already rendered in the FIR's language. */
export interface Ctx {
  isNew: boolean;
  date: string; // date of report, rendered
  prevDate: string; // date of incident (day before or same day), rendered
  time: string; // "at about 21:40 hrs" / "रात करीब 9:40 बजे" / "રાત્રીના આશરે 9/40 વાગ્યે"
  night: string; // a time between 23:00 and 04:00, same style
  place: string; // "near the bus stop on Station Road"
  district: string;
  ps: string;
  victim: string; // a male relative of the complainant
  relation: string;
  woman: string; // a female name
  accused: string[]; // three names
  age: number;
  amount: string; // "₹1,25,000" / "રૂ. 1,25,000"
  small: string; // a smaller amount
  grams: number;
  vehicle: string;
  vehicle2: string;
  phone: string;
  cite: string; // the sections charged, e.g. "u/s 302, 34 IPC"
  /** The old-code or the new-code wording, by the FIR's date. */
  v: (oldText: string, newText: string) => string;
  pick: <T>(xs: readonly T[]) => T;
  int: (lo: number, hi: number) => number;
}

export interface District {
  name: string; // English, used as metadata
  local: string; // as written in the document's language
  rto: string[]; // vehicle registration prefixes
  stations: ReadonlyArray<readonly [string, string]>; // [English, local]
}

export const DISTRICTS: Record<Lang, District[]> = {
  en: [
    { name: 'Mumbai', local: 'Mumbai', rto: ['MH-01', 'MH-02', 'MH-03', 'MH-47'], stations: [['Andheri', 'Andheri'], ['Kurla', 'Kurla'], ['Dadar', 'Dadar'], ['Malad', 'Malad']] },
    { name: 'Pune', local: 'Pune', rto: ['MH-12', 'MH-14'], stations: [['Shivaji Nagar', 'Shivaji Nagar'], ['Kothrud', 'Kothrud'], ['Hadapsar', 'Hadapsar']] },
    { name: 'Bengaluru Urban', local: 'Bengaluru', rto: ['KA-01', 'KA-03', 'KA-05', 'KA-51'], stations: [['Jayanagar', 'Jayanagar'], ['Whitefield', 'Whitefield'], ['Yelahanka', 'Yelahanka']] },
    { name: 'New Delhi', local: 'New Delhi', rto: ['DL-3C', 'DL-4C', 'DL-8S'], stations: [['Connaught Place', 'Connaught Place'], ['Mandir Marg', 'Mandir Marg'], ['Tilak Marg', 'Tilak Marg']] },
    { name: 'Chennai', local: 'Chennai', rto: ['TN-01', 'TN-09', 'TN-10'], stations: [['Kodambakkam', 'Kodambakkam'], ['Adyar', 'Adyar'], ['Anna Nagar', 'Anna Nagar']] },
    { name: 'Hyderabad', local: 'Hyderabad', rto: ['TS-09', 'TS-11', 'TS-13'], stations: [['Banjara Hills', 'Banjara Hills'], ['Begumpet', 'Begumpet'], ['Charminar', 'Charminar']] },
    { name: 'Nagpur', local: 'Nagpur', rto: ['MH-31', 'MH-49'], stations: [['Sitabuldi', 'Sitabuldi'], ['Sadar', 'Sadar'], ['Hingna', 'Hingna']] },
  ],
  hi: [
    { name: 'Lucknow', local: 'लखनऊ', rto: ['UP32'], stations: [['Hazratganj', 'हजरतगंज'], ['Gomti Nagar', 'गोमती नगर'], ['Aliganj', 'अलीगंज']] },
    { name: 'Jaipur', local: 'जयपुर', rto: ['RJ14', 'RJ45'], stations: [['Bajaj Nagar', 'बजाज नगर'], ['Malviya Nagar', 'मालवीय नगर'], ['Sanganer', 'सांगानेर']] },
    { name: 'Bhopal', local: 'भोपाल', rto: ['MP04'], stations: [['Piplani', 'पिपलानी'], ['TT Nagar', 'टीटी नगर'], ['Ayodhya Nagar', 'अयोध्या नगर']] },
    { name: 'Patna', local: 'पटना', rto: ['BR01'], stations: [['Kankarbagh', 'कंकड़बाग'], ['Gandhi Maidan', 'गांधी मैदान'], ['Patrakar Nagar', 'पत्रकार नगर']] },
    { name: 'Varanasi', local: 'वाराणसी', rto: ['UP65'], stations: [['Lanka', 'लंका'], ['Cantt', 'कैंट'], ['Chetganj', 'चेतगंज']] },
    { name: 'Indore', local: 'इन्दौर', rto: ['MP09'], stations: [['Vijay Nagar', 'विजय नगर'], ['Bhanwarkuan', 'भंवरकुआं'], ['Palasia', 'पलासिया']] },
    { name: 'Kanpur Nagar', local: 'कानपुर नगर', rto: ['UP78'], stations: [['Kalyanpur', 'कल्याणपुर'], ['Naubasta', 'नौबस्ता'], ['Govind Nagar', 'गोविंद नगर']] },
  ],
  gu: [
    { name: 'Ahmedabad', local: 'અમદાવાદ', rto: ['GJ-01', 'GJ-27'], stations: [['Naranpura', 'નારણપુરા'], ['Vastrapur', 'વસ્ત્રાપુર'], ['Maninagar', 'મણીનગર']] },
    { name: 'Surat', local: 'સુરત', rto: ['GJ-05'], stations: [['Adajan', 'અડાજણ'], ['Varachha', 'વરાછા'], ['Pandesara', 'પાંડેસરા']] },
    { name: 'Vadodara', local: 'વડોદરા', rto: ['GJ-06'], stations: [['Sayajiganj', 'સયાજીગંજ'], ['Gotri', 'ગોત્રી'], ['Makarpura', 'મકરપુરા']] },
    { name: 'Rajkot', local: 'રાજકોટ', rto: ['GJ-03'], stations: [['A Division', 'એ-ડિવિઝન'], ['Malviyanagar', 'માલવીયાનગર'], ['Kuvadva Road', 'કુવાડવા રોડ']] },
    { name: 'Bhavnagar', local: 'ભાવનગર', rto: ['GJ-04'], stations: [['Nilambag', 'નિલમબાગ'], ['Ghogha Road', 'ઘોઘારોડ'], ['Bortalav', 'બોરતળાવ']] },
    { name: 'Jamnagar', local: 'જામનગર', rto: ['GJ-10'], stations: [['City A Division', 'સિટી એ-ડિવિઝન'], ['City B Division', 'સિટી બી-ડિવિઝન'], ['Panchkoshi A Division', 'પંચકોશી એ-ડિવિઝન']] },
    { name: 'Gandhinagar', local: 'ગાંધીનગર', rto: ['GJ-18'], stations: [['Sector 7', 'સેક્ટર-7'], ['Sector 21', 'સેક્ટર-21'], ['Infocity', 'ઈન્ફોસિટી']] },
    { name: 'Kutch', local: 'કચ્છ', rto: ['GJ-12'], stations: [['Anjar', 'અંજાર'], ['Mundra', 'મુન્દ્રા'], ['Bhuj A Division', 'ભુજ એ-ડિવિઝન']] },
  ],
};

export const NAMES: Record<Lang, { male: string[]; female: string[]; last: string[]; occupations: string[]; relations: string[]; roads: string[]; landmarks: string[] }> = {
  en: {
    male: ['Rajesh', 'Suresh', 'Anil', 'Vikram', 'Arjun', 'Mohammed Salim', 'Joseph', 'Karthik', 'Venkatesh', 'Harpreet', 'Sandeep', 'Imran', 'Ravi', 'Prakash', 'Naveen', 'Abdul Rahman', 'Ganesh', 'Sachin'],
    female: ['Priya', 'Lakshmi', 'Sunita', 'Fatima', 'Meena', 'Anjali', 'Kavitha', 'Rekha', 'Shabana', 'Deepa'],
    last: ['Kulkarni', 'Reddy', 'Iyer', 'Sharma', 'Naidu', 'Khan', "D'Souza", 'Patil', 'Menon', 'Singh', 'Rao', 'Shaikh', 'Gowda', 'Pillai', 'Verma', 'Deshmukh', 'Nair', 'Jadhav'],
    occupations: ['shopkeeper', 'autorickshaw driver', 'software engineer', 'teacher', 'daily wage labourer', 'retired government employee', 'tailor', 'delivery executive', 'homemaker', 'electrician'],
    relations: ['brother', 'son', 'nephew', 'cousin', 'brother-in-law'],
    roads: ['Station Road', 'Main Road', 'the Ring Road', 'Market Road', 'College Road', 'the service road'],
    landmarks: ['bus stop', 'vegetable market', 'railway crossing', 'petrol pump', 'temple', 'ATM', 'tea stall', 'municipal school'],
  },
  hi: {
    male: ['राजेश', 'सुरेश', 'अनिल', 'रामबाबू', 'मनोज', 'विनोद', 'संजय', 'अरविन्द', 'मोहम्मद आरिफ', 'दिनेश', 'प्रमोद', 'राकेश', 'शिवम', 'इरफान', 'अजय', 'पंकज'],
    female: ['सुनीता', 'रेखा', 'पूजा', 'अनीता', 'शबनम', 'मीना', 'कविता', 'प्रियंका'],
    last: ['यादव', 'शर्मा', 'वर्मा', 'गुप्ता', 'सिंह', 'मिश्रा', 'पाण्डेय', 'कुशवाहा', 'खान', 'अंसारी', 'श्रीवास्तव', 'तिवारी', 'मीणा', 'पटेल', 'राठौर', 'चौरसिया'],
    occupations: ['दुकानदार', 'ऑटो चालक', 'किसान', 'प्राइवेट नौकरी', 'मजदूरी', 'शिक्षक', 'सेवानिवृत्त कर्मचारी', 'गृहिणी', 'ठेला व्यवसाय'],
    relations: ['भाई', 'पुत्र', 'भतीजा', 'भांजा', 'चचेरा भाई'],
    roads: ['स्टेशन रोड', 'मेन रोड', 'रिंग रोड', 'बाजार वाली सड़क', 'कॉलेज रोड', 'बाईपास रोड'],
    landmarks: ['बस स्टॉप', 'सब्जी मंडी', 'रेलवे क्रॉसिंग', 'पेट्रोल पंप', 'मंदिर', 'एटीएम', 'चाय की दुकान', 'सरकारी स्कूल'],
  },
  gu: {
    male: ['રમેશ', 'મહેશ', 'જયેશ', 'કિશોર', 'ભરત', 'હિતેશ', 'નરેશ', 'ઈમરાન', 'અશોક', 'વિપુલ', 'દિનેશ', 'યુસુફ', 'પ્રવીણ', 'કલ્પેશ', 'સંજય', 'રાજુ'],
    female: ['નયનાબેન', 'ગીતાબેન', 'હંસાબેન', 'રેખાબેન', 'શબાનાબેન', 'જયશ્રીબેન', 'મીનાબેન', 'ભાવનાબેન'],
    last: ['પટેલ', 'શાહ', 'દેસાઈ', 'પરમાર', 'ચૌહાણ', 'સોલંકી', 'મકવાણા', 'રાઠોડ', 'ઠાકોર', 'વાઘેલા', 'મન્સુરી', 'જાડેજા', 'ગોહિલ', 'પ્રજાપતિ', 'ભરવાડ', 'મેમણ'],
    occupations: ['વેપાર', 'રીક્ષા ડ્રાઈવિંગ', 'ખેતી', 'ખાનગી નોકરી', 'છૂટક મજૂરી', 'શિક્ષક', 'નિવૃત્ત', 'ઘરકામ', 'હીરા ઘસવાનું'],
    relations: ['ભાઈ', 'દીકરો', 'ભત્રીજો', 'ભાણેજ', 'કાકાનો દીકરો'],
    roads: ['સ્ટેશન રોડ', 'મેઈન રોડ', 'રીંગ રોડ', 'બજાર રોડ', 'કોલેજ રોડ', 'હાઈવે'],
    landmarks: ['બસ સ્ટેન્ડ', 'શાકમાર્કેટ', 'રેલ્વે ફાટક', 'પેટ્રોલ પંપ', 'મંદિર', 'એ.ટી.એમ.', 'ચાની કીટલી', 'સરકારી શાળા'],
  },
};

/** An offence and the sections it is registered under, before and after 1 July 2024. */
export interface Offence {
  key: string;
  old: string[]; // IPC
  new: string[]; // BNS
  other?: 'IT' | 'DP' | 'MV';
}

export const OFFENCES: Offence[] = [
  { key: 'murder', old: ['302', '34'], new: ['103(1)', '3(5)'] },
  { key: 'attempt', old: ['307', '34'], new: ['109(1)', '3(5)'] },
  { key: 'burglary', old: ['457', '380'], new: ['331(4)', '305(a)'] },
  { key: 'vehicle', old: ['379'], new: ['303(2)'] },
  { key: 'snatching', old: ['356', '379'], new: ['304(2)'] },
  { key: 'robbery', old: ['392', '34'], new: ['309(4)', '3(5)'] },
  { key: 'upi', old: ['419', '420'], new: ['319(2)', '318(4)'], other: 'IT' },
  { key: 'breach', old: ['406', '420'], new: ['316(2)', '318(4)'] },
  { key: 'cruelty', old: ['498A', '323', '506', '34'], new: ['85', '115(2)', '351(2)', '3(5)'], other: 'DP' },
  { key: 'hurt', old: ['323', '504', '506', '34'], new: ['115(2)', '352', '351(2)', '3(5)'] },
  { key: 'accident', old: ['279', '304A'], new: ['281', '106(1)'], other: 'MV' },
  { key: 'kidnap', old: ['363'], new: ['137(2)'] },
];

export const OTHER_ACTS: Record<'IT' | 'DP' | 'MV', { cited: string[]; text: Record<Lang, string> }> = {
  IT: { cited: ['IT Act 66C', 'IT Act 66D'], text: { en: 'and Sections 66C, 66D of the Information Technology Act, 2000', hi: 'एवं आईटी एक्ट की धारा 66सी, 66डी', gu: 'તથા આઈ.ટી. એક્ટ કલમ 66(સી), 66(ડી)' } },
  DP: { cited: ['Dowry Prohibition Act 3', 'Dowry Prohibition Act 4'], text: { en: 'and Sections 3 and 4 of the Dowry Prohibition Act, 1961', hi: 'व धारा 3/4 दहेज प्रतिषेध अधिनियम', gu: 'તથા દહેજ પ્રતિબંધક અધિનિયમ કલમ 3, 4' } },
  MV: { cited: ['MV Act 134', 'MV Act 187'], text: { en: 'and Sections 134 and 187 of the Motor Vehicles Act, 1988', hi: 'व धारा 134/187 मोटर वाहन अधिनियम', gu: 'તથા મોટર વ્હીકલ એક્ટ કલમ 134, 187' } },
};

/** Ways a document writes "the sections ... of IPC/BNS" (nums already joined) and the FIR-registration provision. */
export const CITE_STYLES: Record<Lang, { old: ((n: string[]) => string)[]; new: ((n: string[]) => string)[]; proc: [string[], string[]] }> = {
  en: {
    old: [(n) => `u/s ${n.join(', ')} IPC`, (n) => `under ${n.length > 1 ? 'Sections' : 'Section'} ${andJoin(n)} of the Indian Penal Code`, (n) => `vide IPC Sec. ${n.join('/')}`],
    new: [(n) => `u/s ${n.join(', ')} BNS`, (n) => `under ${n.length > 1 ? 'Sections' : 'Section'} ${andJoin(n)} of the Bharatiya Nyaya Sanhita, 2023`, (n) => `vide BNS ${n.join(', ')}`],
    proc: [['u/s 154 Cr.P.C.', 'under Section 154 of the Code of Criminal Procedure'], ['u/s 173 BNSS', 'under Section 173 of the Bharatiya Nagarik Suraksha Sanhita']],
  },
  hi: {
    old: [(n) => `धारा ${n.join(', ')} भा.दं.सं.`, (n) => `आईपीसी की धारा ${n.join(', ')}`, (n) => `धारा ${n.join('/')} भादवि`],
    new: [(n) => `धारा ${n.join(', ')} बीएनएस`, (n) => `भारतीय न्याय संहिता की धारा ${n.join(', ')}`, (n) => `बी.एन.एस. की धारा ${n.join(', ')}`],
    proc: [['धारा 154 दं.प्र.सं.', 'सीआरपीसी की धारा 154'], ['धारा 173 बीएनएसएस', 'भारतीय नागरिक सुरक्षा संहिता की धारा 173']],
  },
  gu: {
    old: [(n) => `ઈ.પી.કો. કલમ ${n.join(', ')}`, (n) => `આઈ.પી.સી. કલમ ${n.join(', ')}`, (n) => `ઇ.પી.કો. ની કલમ ${n.join(', ')}`],
    new: [(n) => `બીએનએસ કલમ ${n.join(', ')}`, (n) => `ભારતીય ન્યાય સંહિતા કલમ ${n.join(', ')}`, (n) => `બી.એન.એસ. કલમ ${n.join(', ')}`],
    proc: [['સી.આર.પી.સી. કલમ 154', 'ફો.પ્ર.સં. કલમ 154'], ['બી.એન.એસ.એસ. કલમ 173', 'બીએનએસએસ કલમ 173']],
  },
};

function andJoin(n: string[]): string {
  return n.length < 2 ? n.join('') : `${n.slice(0, -1).join(', ')} and ${n[n.length - 1]}`;
}

/** How a section with a letter suffix is written ("498A", "498-ए", "498(ક)"). */
export function writeNumber(lang: Lang, num: string, alt: boolean): string {
  if (!alt || !/^\d+A$/.test(num)) return num;
  if (lang === 'hi') return num.replace('A', '-ए');
  if (lang === 'gu') return num.startsWith('498') ? num.replace('A', '(ક)') : num.replace('A', '(અ)');
  return num;
}

/** The complainant part: [variants] per language; `proc` is where the FIR-registration provision goes. */
export const COMPLAINANT: Record<Lang, ((p: { name: string; father: string; age: number; occ: string; house: string; c: Ctx; proc: string }) => string)[]> = {
  en: [
    ({ name, age, occ, house, c, proc }) => `Complainant ${name}, aged ${age} years, ${occ}, residing at ${house}, ${c.ps}, ${c.district}, mobile ${c.phone}, appeared at ${c.ps} Police Station on ${c.date}. The statement was recorded ${proc}, read over to the complainant and admitted to be correct.`,
    ({ name, age, occ, c, proc }) => `Information given by ${name} (${age} years), ${occ}, resident of ${c.ps} area, ${c.district} (mobile ${c.phone}) at ${c.ps} Police Station on ${c.date}. The written complaint was registered ${proc} and a copy of the FIR was given to the informant free of cost.`,
  ],
  hi: [
    ({ name, father, age, house, c, proc }) => `प्रार्थी ${name} पुत्र ${father}, उम्र ${age} वर्ष, निवासी ${house}, ${c.ps}, ${c.district}, मो0 ${c.phone} ने दिनांक ${c.date} को थाना ${c.ps} पर उपस्थित होकर लिखित तहरीर दी, जिसके आधार पर ${proc} के अंतर्गत अभियोग पंजीकृत किया गया।`,
    ({ name, age, occ, c, proc }) => `फरियादी ${name}, उम्र ${age} वर्ष, व्यवसाय ${occ}, निवासी ${c.ps} क्षेत्र, ${c.district} (मो. ${c.phone}) ने दिनांक ${c.date} को थाना ${c.ps} आकर मौखिक रिपोर्ट की, जिसे ${proc} के तहत लेखबद्ध कर पढ़कर सुनाया गया।`,
  ],
  gu: [
    ({ name, age, occ, house, c, proc }) => `ફરિયાદી: ${name}, ઉ.વ. ${age}, ધંધો: ${occ}, રહે. ${house}, ${c.ps}, ${c.district}, મો.નં. ${c.phone}. તા. ${c.date} ના રોજ ${c.ps} પોલીસ સ્ટેશનમાં રૂબરૂ હાજર થઈ ${proc} મુજબ ફરિયાદ લખાવે છે.`,
    ({ name, age, c, proc }) => `ફરિયાદી ${name} (ઉ.વ. ${age}), રહે. ${c.ps} વિસ્તાર, ${c.district}, મો.નં. ${c.phone} એ તા. ${c.date} ના રોજ ${c.ps} પો.સ્ટે.માં આવી જાહેર કરેલ હકીકત ${proc} મુજબ નોંધવામાં આવેલ છે.`,
  ],
};

export interface OffenceText {
  title: string;
  incident: (c: Ctx) => string;
  evidence: (c: Ctx) => string;
  accused: (c: Ctx) => string;
}


const EN = NAMES.en;
const HI = NAMES.hi;
const GU = NAMES.gu;

/** Per-language text of each offence in OFFENCES (same keys). */
export const TEXTS: Record<Lang, Record<string, OffenceText>> = {
  en: {
    murder: {
      title: 'Murder',
      incident: (c) => { const [a, b] = c.accused; return `On ${c.prevDate} ${c.time} my ${c.relation} ${c.victim}, aged ${c.age} years, was ${c.place}. ${c.pick([`${a} and ${b}, with whom he had a dispute over a loan of ${c.small}, came there and started abusing him.`, `${a} and ${b}, who bore a grudge against him over ${c.pick(['a land boundary', 'a quarrel at a wedding', 'the parking of vehicles'])}, stopped him there.`])} ${b} caught hold of him from behind and ${a} ${c.pick(['stabbed him repeatedly with a knife in the chest and abdomen', 'hit him on the head several times with an iron rod', 'attacked him on the neck with a sickle'])}. ${c.pick([`When people gathered on hearing his cries, both fled on a motorcycle bearing No. ${c.vehicle}.`, `Both then ran away towards the ${c.pick(EN.landmarks)}, leaving their motorcycle No. ${c.vehicle} at the spot.`])} ${c.pick([`We took him to the Government Hospital, ${c.district}, where the doctor declared him dead about ${c.pick(['half an hour', 'an hour'])} later.`, 'He died on the way to the hospital in an autorickshaw.', 'The 108 ambulance staff found him dead when they reached the spot.'])}`; },
      evidence: (c) => `Eyewitnesses ${c.woman} and the ${c.pick(EN.landmarks)} owner; blood-stained earth and ${c.pick(['one chappal of the deceased', 'a broken mobile phone', 'a blood-stained handkerchief'])} at the spot; CCTV camera of a nearby shop. Inquest held ${c.v('u/s 174 Cr.P.C.', 'under Section 194 BNSS')} and the body sent for post-mortem.`,
      accused: (c) => `1) ${c.accused[0]}, aged about ${c.int(20, 40)} years; 2) ${c.accused[1]}, aged about ${c.int(20, 40)} years; both residents of ${c.ps}, ${c.district}, absconding after the incident. Offence registered ${c.cite}.`,
    },
    attempt: {
      title: 'Attempt to murder',
      incident: (c) => { const [a, b] = c.accused; return `On ${c.prevDate} ${c.time} my ${c.relation} ${c.victim} had an argument with ${a} ${c.place} over ${c.pick([`money of ${c.small} due for a construction job`, 'an old police complaint', 'the water connection shared by their houses'])}. Some time later ${a} and ${b} came back armed with ${c.pick(['a knife', 'a sword', 'an iron pipe'])}; ${a} shouted "${c.pick(['finish him today', 'do not leave him alive'])}" and struck him on the ${c.pick(['head', 'chest', 'neck'])}, while ${b} kicked him when he fell. When ${c.woman} and I raised an alarm they fled on motorcycle No. ${c.vehicle}. ${c.victim} is admitted in ${c.pick(['the ICU of the Government Hospital', 'a private hospital'])} and the doctor has opined that the injury is dangerous to life.`; },
      evidence: (c) => `MLC of the injured; blood-stained clothes; eyewitness ${c.woman}; ${c.pick(['CCTV of the shops nearby', 'a broken bangle and blood stains at the spot'])}.`,
      accused: (c) => `1) ${c.accused[0]}; 2) ${c.accused[1]}; both of ${c.ps} area, ${c.district}. Registered ${c.cite}.`,
    },
    burglary: {
      title: 'House-breaking by night and theft',
      incident: (c) => `On ${c.prevDate} ${c.time} I locked my house and went to ${c.pick(['my native village', 'a relative\'s wedding', 'the hospital to attend my father'])}. On ${c.date} at about 0${c.int(6, 9)}:${c.int(10, 59)} hrs my neighbour telephoned to say that the lock of the main door was broken. On return I found the ${c.pick(['latch', 'padlock', 'grill door lock'])} broken with some tool, the steel cupboard forced open and clothes scattered. Gold ornaments of about ${c.grams} grams, silver articles and cash of ${c.small} were missing, worth about ${c.amount} in all. Some unknown persons entered the house by night and committed the theft.`,
      evidence: (c) => `Broken lock preserved; fingerprint bureau and dog squad called; ${c.pick(['CCTV of the society gate', 'CCTV of the neighbouring house'])}; bills of the ornaments.`,
      accused: (c) => `Unknown persons. ${c.pick([`The watchman saw two men with a bag near the building ${c.night}.`, 'No suspect has been seen.'])} Registered ${c.cite}.`,
    },
    vehicle: {
      title: 'Vehicle theft',
      incident: (c) => `On ${c.prevDate} ${c.time} I parked my ${c.pick(['Honda Activa scooter', 'Hero Splendor Plus motorcycle', 'Bajaj Pulsar motorcycle', 'TVS Jupiter scooter'])} No. ${c.vehicle} ${c.place} and locked its handle. ${c.pick(['When I came back after about two hours', 'The next morning', 'When I returned from work'])} it was not there. I searched the nearby lanes and asked the ${c.pick(EN.landmarks)} owner, but nobody had seen it. The vehicle is worth about ${c.small}; some unknown person has stolen it.`,
      evidence: () => 'Copy of RC book and insurance; invoice showing chassis and engine numbers; CCTV of nearby shops.',
      accused: (c) => `Unknown person. Offence registered ${c.cite}; vehicle details entered in the CCTNS stolen-vehicle register.`,
    },
    snatching: {
      title: 'Chain snatching',
      incident: (c) => `On ${c.prevDate} ${c.time} my ${c.pick(['wife', 'mother', 'sister'])} ${c.woman} was walking ${c.place}. Two men came from behind on a ${c.pick(['black', 'red', 'grey'])} motorcycle ${c.pick([`bearing No. ${c.vehicle}`, 'without a number plate'])}; the pillion rider pulled her gold chain of ${c.grams} grams and they sped away. She fell down and sustained abrasions on her ${c.pick(['neck', 'elbow', 'knee'])}. The chain is worth about ${c.amount}.`,
      evidence: () => 'Purchase bill of the chain; CCTV cameras on the road; injury certificate.',
      accused: (c) => `Two unknown males aged about 20 to 25 years, ${c.pick(['the rider wearing a helmet', 'both wearing masks'])}. Registered ${c.cite}.`,
    },
    robbery: {
      title: 'Robbery',
      incident: (c) => { const [a, b] = c.accused; return `On ${c.prevDate} ${c.time} I was returning from ${c.pick(['my shop', 'the bank', 'collection work'])} on my scooter No. ${c.vehicle} with cash of ${c.amount} in a bag. ${c.place[0].toUpperCase()}${c.place.slice(1)}, ${a} and ${b} stopped me; ${a} showed a knife and threatened to kill me while ${b} snatched the bag and my mobile phone. When I resisted, ${a} hit me on the ${c.pick(['forehead', 'arm', 'shoulder'])}. They fled ${c.pick(['in an autorickshaw', `in a white car No. ${c.vehicle2}`, 'on a motorcycle'])}.`; },
      evidence: () => 'Injury certificate; bank withdrawal slip; CCTV of the road; mobile IMEI number.',
      accused: (c) => `${c.accused[0]} and ${c.accused[1]}, identified by the complainant from the locality. Registered ${c.cite}.`,
    },
    upi: {
      title: 'Online UPI fraud',
      incident: (c) => `On ${c.prevDate} ${c.time} I received a call from a person posing as ${c.pick(['a bank KYC executive', 'an electricity board official', 'an army officer who wanted to buy my second-hand furniture'])}. ${c.pick(['He asked me to scan a QR code to receive money', 'He sent a link and asked me to install an app for "verification"', 'He asked me to share the OTP received on my phone'])}. Soon ${c.int(2, 7)} transactions totalling ${c.amount} were debited from my account through UPI. The numbers used are now switched off; I reported on 1930 and the cyber portal.`,
      evidence: () => 'Bank statement with UTR numbers; screenshots of chat and call log; NCRP acknowledgement.',
      accused: (c) => `Unknown caller and holders of the beneficiary accounts. Registered ${c.cite}.`,
    },
    breach: {
      title: 'Criminal breach of trust',
      incident: (c) => `About ${c.int(2, 8)} months ago our firm entrusted ${c.accused[0]}, ${c.pick(['our accountant', 'a commission agent', 'a transport contractor'])}, with ${c.pick(['goods', 'cash collected from customers', 'an advance for material'])} worth ${c.amount}. He did not deposit the money or deliver the goods and kept making false excuses. Since ${c.prevDate} his phone is switched off and he has left his house at ${c.ps}. He has dishonestly misappropriated the property entrusted to him and cheated us.`,
      evidence: () => 'Ledger extracts, delivery challans, bank entries and WhatsApp messages.',
      accused: (c) => `${c.accused[0]}, aged about ${c.int(25, 50)} years, resident of ${c.ps}, ${c.district}. Registered ${c.cite}.`,
    },
    cruelty: {
      title: 'Cruelty for dowry',
      incident: (c) => { const [a, b] = c.accused; return `My ${c.pick(['daughter', 'sister'])} ${c.woman} was married to ${a} about ${c.int(2, 9)} years ago. Since then ${a} and his brother ${b} have been demanding ${c.amount} and a ${c.pick(['car', 'motorcycle'])} as dowry and beating her. On ${c.prevDate} ${c.time} ${a} beat her with a ${c.pick(['belt', 'stick'])}, threatened to kill her and turned her out of the house with her child. She has bruises on her arms and back.`; },
      evidence: () => 'Medical certificate; list of articles given at marriage; statements of neighbours.',
      accused: (c) => `${c.accused[0]} (husband), ${c.accused[1]} (brother-in-law), ${c.accused[2]} (father-in-law). Registered ${c.cite}.`,
    },
    hurt: {
      title: 'Assault and criminal intimidation',
      incident: (c) => { const [a, b] = c.accused; return `On ${c.prevDate} ${c.time} my neighbour ${a} and his brother ${b} quarrelled with me ${c.place} over ${c.pick(['throwing garbage', 'parking of vehicles', 'drain water'])}. They abused me in filthy language, ${a} beat me with ${c.pick(['a stick', 'fists and kicks', 'a belt'])} and ${b} pushed me down, causing injuries to my ${c.pick(['head', 'back', 'hand'])}. While leaving they threatened to kill me if I complained to the police.`; },
      evidence: (c) => `MLC; eyewitness ${c.woman}; the stick left at the spot.`,
      accused: (c) => `${c.accused[0]} and ${c.accused[1]}, residents of ${c.ps}. Registered ${c.cite}.`,
    },
    accident: {
      title: 'Death by rash and negligent driving',
      incident: (c) => `On ${c.prevDate} ${c.time} my ${c.relation} ${c.victim}, aged ${c.age} years, was going on his ${c.pick(['bicycle', `motorcycle No. ${c.vehicle}`])} on ${c.pick(EN.roads)}. A ${c.pick(['truck', 'dumper', 'car', 'private bus'])} No. ${c.vehicle2}, driven at high speed in a rash and negligent manner, hit him from behind. He suffered severe head injuries and ${c.pick(['died on the spot', 'was declared dead at the hospital'])}. The driver ${c.pick(['fled leaving the vehicle', 'drove away without informing the police', 'was stopped by people at the spot'])}.`,
      evidence: () => 'Spot panchnama; damaged vehicle; CCTV of the junction; post-mortem report.',
      accused: (c) => `Driver of vehicle No. ${c.vehicle2}${c.pick(['', `, stated to be ${c.accused[0]}`])}. Registered ${c.cite}.`,
    },
    kidnap: {
      title: 'Kidnapping of a minor',
      incident: (c) => { const girl = c.int(0, 1) === 1; const ch = girl ? 'daughter' : 'son'; const he = girl ? 'she' : 'he'; return `My ${ch}, aged ${c.int(11, 16)} years, left home on ${c.prevDate} ${c.time} saying ${he} was going to ${c.pick(['tuition', 'the shop', 'a friend\'s house'])}, and did not return. We searched at relatives' houses and the ${c.pick(['bus stand', 'railway station'])} without success. ${c.pick([`Neighbours saw ${c.accused[0]} talking to the child near the ${c.pick(EN.landmarks)}`, 'An unknown man was seen taking the child on a motorcycle'])}, and I suspect the child has been enticed away from our lawful guardianship.`; },
      evidence: (c) => `Photograph and school certificate of the child; CCTV cameras; mobile number ${c.phone}.`,
      accused: (c) => `${c.pick([c.accused[0], 'Unknown person'])}. Registered ${c.cite}; missing-child alert circulated.`,
    },
  },
  hi: {
    murder: {
      title: 'हत्या',
      incident: (c) => { const [a, b] = c.accused; return `दिनांक ${c.prevDate} को ${c.time} मेरा ${c.relation} ${c.victim}, उम्र ${c.age} वर्ष, ${c.place} खड़ा था। ${c.pick([`तभी ${a} व ${b}, जिनसे ${c.small} के लेन-देन को लेकर रंजिश चल रही थी, वहाँ आए और गाली-गलौज करने लगे।`, `वहाँ पहले से मौजूद ${a} व ${b} ने, जिनसे ${c.pick(['मेड़ को लेकर', 'शादी में हुए झगड़े को लेकर', 'पुरानी'])} रंजिश थी, उसे घेर लिया।`])} ${b} ने उसे पीछे से पकड़ लिया और ${a} ने ${c.pick(['चाकू से सीने व पेट पर कई वार किए', 'लोहे की रॉड से सिर पर कई बार मारा', 'फरसे से गर्दन पर वार किया'])}। शोर सुनकर लोग दौड़े तो दोनों मोटरसाइकिल नं. ${c.vehicle} से भाग गए। ${c.pick(['घायल को जिला अस्पताल ले जाया गया जहाँ डॉक्टर ने मृत घोषित कर दिया।', 'अस्पताल ले जाते समय रास्ते में ही उसकी मृत्यु हो गई।'])}`; },
      evidence: (c) => `प्रत्यक्षदर्शी ${c.woman} व ${c.pick(HI.landmarks)} वाला; घटनास्थल से खून आलूदा मिट्टी; नजदीकी दुकान का सीसीटीवी। शव का पंचायतनामा ${c.v('धारा 174 दं.प्र.सं.', 'धारा 194 बीएनएसएस')} के अंतर्गत भरकर पोस्टमार्टम हेतु भेजा गया।`,
      accused: (c) => `1. ${c.accused[0]} 2. ${c.accused[1]}, निवासीगण ${c.ps}, ${c.district} — घटना के बाद से फरार। अभियोग ${c.cite} में पंजीकृत।`,
    },
    attempt: {
      title: 'हत्या का प्रयास',
      incident: (c) => { const [a, b] = c.accused; return `दिनांक ${c.prevDate} को ${c.time} ${c.place} मेरे ${c.relation} ${c.victim} का ${a} से ${c.pick(['मजदूरी के पैसों', 'नाली के पानी', 'पुराने मुकदमे'])} को लेकर विवाद हुआ। कुछ देर बाद ${a} व ${b} ${c.pick(['चाकू', 'तलवार', 'लोहे की रॉड'])} लेकर आए और "${c.pick(['आज इसे खत्म कर दो', 'जिंदा मत छोड़ना'])}" कहते हुए ${a} ने उसके ${c.pick(['सिर', 'सीने', 'गर्दन'])} पर जानलेवा वार किया। हम लोगों के चिल्लाने पर दोनों मोटरसाइकिल नं. ${c.vehicle} से भाग गए। घायल ${c.pick(['मेडिकल कॉलेज', 'जिला अस्पताल'])} में भर्ती है और डॉक्टर ने चोट को प्राणघातक बताया है।`; },
      evidence: (c) => `घायल का मेडिकल परीक्षण; खून लगे कपड़े; चश्मदीद ${c.woman}।`,
      accused: (c) => `${c.accused[0]} व ${c.accused[1]}, निवासीगण ${c.ps}। मुकदमा ${c.cite} में दर्ज।`,
    },
    burglary: {
      title: 'नकबजनी (रात्रि में गृहभेदन कर चोरी)',
      incident: (c) => `दिनांक ${c.prevDate} को ${c.time} प्रार्थी घर में ताला लगाकर ${c.pick(['गाँव', 'रिश्तेदार की शादी में', 'अस्पताल में भर्ती पिताजी के पास'])} चला गया था। दिनांक ${c.date} को सुबह पड़ोसी ने फोन पर बताया कि घर का ताला टूटा है। आकर देखा तो ${c.pick(['कुंडी टूटी थी', 'मुख्य दरवाजे का ताला टूटा था', 'चैनल गेट का ताला टूटा था'])}, अलमारी का लॉकर खुला था व सामान बिखरा पड़ा था। करीब ${c.grams} ग्राम सोने के जेवरात, चाँदी की पायल व ${c.small} नकद, कुल लगभग ${c.amount} का माल अज्ञात चोर रात्रि में चोरी कर ले गए।`,
      evidence: () => 'टूटा हुआ ताला; फिंगरप्रिंट व डॉग स्क्वॉड; गली का सीसीटीवी; जेवरात के बिल।',
      accused: (c) => `अज्ञात चोर। ${c.pick([`चौकीदार ने ${c.night} दो संदिग्ध व्यक्तियों को देखा था।`, ''])} अभियोग ${c.cite} में पंजीकृत।`,
    },
    vehicle: {
      title: 'वाहन चोरी',
      incident: (c) => `दिनांक ${c.prevDate} को ${c.time} प्रार्थी ने अपनी ${c.pick(['हीरो स्प्लेंडर मोटरसाइकिल', 'होंडा एक्टिवा स्कूटी', 'बजाज प्लेटिना मोटरसाइकिल'])} नं. ${c.vehicle} ${c.place} हैंडल लॉक लगाकर खड़ी की थी। ${c.pick(['करीब दो घंटे बाद लौटने पर', 'अगली सुबह', 'काम से लौटने पर'])} वाहन अपने स्थान पर नहीं मिला। आस-पास काफी तलाश की पर कोई पता नहीं चला। वाहन की कीमत लगभग ${c.small} है, जिसे कोई अज्ञात चोर चुरा ले गया।`,
      evidence: () => 'आर.सी. व बीमा की प्रति; खरीद बिल (चेसिस व इंजन नंबर); आस-पास के सीसीटीवी।',
      accused: (c) => `अज्ञात चोर। अभियोग ${c.cite} में पंजीकृत; वाहन का विवरण सीसीटीएनएस पर दर्ज।`,
    },
    snatching: {
      title: 'चेन स्नैचिंग',
      incident: (c) => `दिनांक ${c.prevDate} को ${c.time} मेरी ${c.pick(['पत्नी', 'माँ', 'बहन'])} ${c.woman} ${c.place} पैदल जा रही थी। पीछे से ${c.pick(['काली', 'लाल'])} मोटरसाइकिल ${c.pick([`नं. ${c.vehicle}`, 'बिना नंबर'])} पर दो लड़के आए और पीछे बैठे लड़के ने गले से ${c.grams} ग्राम की सोने की चेन झपट ली। झटके से वह गिर गई और उसकी ${c.pick(['गर्दन', 'कोहनी', 'घुटने'])} में चोट आई। चेन की कीमत लगभग ${c.amount} है।`,
      evidence: () => 'चेन का खरीद बिल; सड़क के सीसीटीवी कैमरे; मेडिकल रिपोर्ट।',
      accused: (c) => `दो अज्ञात युवक, उम्र करीब 20-25 वर्ष। अभियोग ${c.cite} में पंजीकृत।`,
    },
    robbery: {
      title: 'लूट',
      incident: (c) => { const [a, b] = c.accused; return `दिनांक ${c.prevDate} को ${c.time} प्रार्थी ${c.pick(['दुकान', 'बैंक', 'वसूली'])} से ${c.amount} बैग में लेकर स्कूटी नं. ${c.vehicle} से घर जा रहा था। ${c.place} ${a} व ${b} ने रास्ता रोक लिया; ${a} ने चाकू दिखाकर जान से मारने की धमकी दी और ${b} ने बैग व मोबाइल छीन लिया। विरोध करने पर ${a} ने ${c.pick(['माथे', 'हाथ', 'कंधे'])} पर वार कर घायल कर दिया और दोनों ${c.pick(['ऑटो में', `सफेद कार नं. ${c.vehicle2} में`, 'मोटरसाइकिल से'])} भाग गए।`; },
      evidence: () => 'मेडिकल रिपोर्ट; बैंक की निकासी पर्ची; सड़क का सीसीटीवी; मोबाइल का आईएमईआई नंबर।',
      accused: (c) => `${c.accused[0]} व ${c.accused[1]}, जिन्हें प्रार्थी पहचानता है। मुकदमा ${c.cite} में दर्ज।`,
    },
    upi: {
      title: 'ऑनलाइन यूपीआई ठगी',
      incident: (c) => `दिनांक ${c.prevDate} को ${c.time} मेरे मोबाइल पर एक व्यक्ति का फोन आया जिसने खुद को ${c.pick(['बैंक का केवाईसी अधिकारी', 'बिजली विभाग का कर्मचारी', 'सेना का अधिकारी'])} बताया। ${c.pick(['उसने पैसे भेजने के बहाने क्यूआर कोड स्कैन कराया', 'उसने एक लिंक भेजकर ऐप इंस्टॉल कराया', 'उसने मोबाइल पर आया ओटीपी पूछ लिया'])}, जिसके बाद मेरे खाते से ${c.int(2, 7)} बार में कुल ${c.amount} कट गए। अब उसका नंबर बंद है; 1930 पर शिकायत दर्ज कराई गई है।`,
      evidence: () => 'बैंक स्टेटमेंट व यूटीआर नंबर; चैट व कॉल लॉग के स्क्रीनशॉट; एनसीआरपी पावती।',
      accused: (c) => `अज्ञात ठग व लाभार्थी खातों के धारक। अभियोग ${c.cite} में पंजीकृत।`,
    },
    breach: {
      title: 'आपराधिक न्यासभंग',
      incident: (c) => `करीब ${c.int(2, 8)} माह पहले हमारी फर्म ने ${c.accused[0]} को, जो ${c.pick(['मुनीम', 'कमीशन एजेंट', 'ट्रांसपोर्ट ठेकेदार'])} है, ${c.pick(['माल', 'ग्राहकों से वसूली गई रकम', 'माल खरीदने हेतु अग्रिम'])} कुल ${c.amount} सौंपा था। उसने न तो रकम जमा की और न माल पहुँचाया, बहाने बनाता रहा। दिनांक ${c.prevDate} से उसका मोबाइल बंद है और वह घर छोड़कर फरार है। उसने विश्वास में सौंपी संपत्ति का बेईमानी से दुर्विनियोग कर धोखाधड़ी की है।`,
      evidence: () => 'खाता-बही, चालान, बैंक प्रविष्टियाँ व व्हाट्सएप संदेश।',
      accused: (c) => `${c.accused[0]}, निवासी ${c.ps}, ${c.district}। अपराध ${c.cite} का पंजीबद्ध।`,
    },
    cruelty: {
      title: 'दहेज हेतु क्रूरता',
      incident: (c) => { const [a, b] = c.accused; return `मेरी ${c.pick(['पुत्री', 'बहन'])} ${c.woman} का विवाह करीब ${c.int(2, 9)} वर्ष पूर्व ${a} के साथ हुआ था। तभी से ${a} व उसका भाई ${b} दहेज में ${c.amount} व ${c.pick(['कार', 'मोटरसाइकिल'])} की मांग को लेकर उसे मारते-पीटते हैं। दिनांक ${c.prevDate} को ${c.time} ${a} ने ${c.pick(['बेल्ट', 'डंडे'])} से मारपीट की, जान से मारने की धमकी दी और बच्चे सहित घर से निकाल दिया। उसके हाथों व पीठ पर चोट के निशान हैं।`; },
      evidence: () => 'मेडिकल रिपोर्ट; शादी में दिए सामान की सूची; पड़ोसियों के बयान।',
      accused: (c) => `${c.accused[0]} (पति), ${c.accused[1]} (देवर), ${c.accused[2]} (ससुर)। अभियोग ${c.cite} में पंजीकृत।`,
    },
    hurt: {
      title: 'मारपीट व धमकी',
      incident: (c) => { const [a, b] = c.accused; return `दिनांक ${c.prevDate} को ${c.time} ${c.place} पड़ोसी ${a} व उसके भाई ${b} ने ${c.pick(['कूड़ा फेंकने', 'गाड़ी खड़ी करने', 'नाली के पानी'])} की बात को लेकर मुझे माँ-बहन की गालियाँ दीं। ${a} ने ${c.pick(['डंडे', 'लात-घूंसों', 'बेल्ट'])} से मारपीट की और ${b} ने धक्का देकर गिरा दिया, जिससे मेरे ${c.pick(['सिर', 'पीठ', 'हाथ'])} में चोट आई। जाते समय दोनों ने रिपोर्ट करने पर जान से मारने की धमकी दी।`; },
      evidence: (c) => `मेडिकल परीक्षण; चश्मदीद ${c.woman}; घटनास्थल पर छूटा डंडा।`,
      accused: (c) => `${c.accused[0]} व ${c.accused[1]}, निवासी ${c.ps}। अपराध ${c.cite} का कायम।`,
    },
    accident: {
      title: 'लापरवाही से वाहन चलाकर मृत्यु',
      incident: (c) => `दिनांक ${c.prevDate} को ${c.time} मेरा ${c.relation} ${c.victim}, उम्र ${c.age} वर्ष, ${c.pick(['साइकिल', `मोटरसाइकिल नं. ${c.vehicle}`])} से ${c.pick(HI.roads)} पर जा रहा था। पीछे से ${c.pick(['ट्रक', 'डंपर', 'कार', 'प्राइवेट बस'])} नं. ${c.vehicle2} के चालक ने वाहन को तेज रफ्तार व लापरवाही से चलाते हुए टक्कर मार दी। सिर में गंभीर चोट आने से ${c.pick(['उसकी मौके पर ही मृत्यु हो गई', 'अस्पताल में डॉक्टर ने मृत घोषित कर दिया'])}। चालक ${c.pick(['वाहन छोड़कर भाग गया', 'वाहन लेकर फरार हो गया', 'को लोगों ने मौके पर पकड़ लिया'])}।`,
      evidence: () => 'नक्शा नजरी; क्षतिग्रस्त वाहन; चौराहे का सीसीटीवी; पोस्टमार्टम रिपोर्ट।',
      accused: (c) => `वाहन नं. ${c.vehicle2} का चालक${c.pick(['', ` ${c.accused[0]}`])}। अभियोग ${c.cite} में पंजीकृत।`,
    },
    kidnap: {
      title: 'नाबालिग का अपहरण',
      incident: (c) => { const girl = c.int(0, 1) === 1; return `${girl ? 'मेरी पुत्री' : 'मेरा पुत्र'}, उम्र ${c.int(11, 16)} वर्ष, दिनांक ${c.prevDate} को ${c.time} ${c.pick(['ट्यूशन', 'दुकान', girl ? 'सहेली के घर' : 'दोस्त के घर'])} जाने की बात कहकर ${girl ? 'गई थी, जो वापस नहीं लौटी' : 'गया था, जो वापस नहीं लौटा'}। रिश्तेदारों व ${c.pick(['बस अड्डे', 'रेलवे स्टेशन'])} पर तलाश की पर कोई पता नहीं चला। ${c.pick([`पड़ोसियों ने ${c.accused[0]} को बच्चे से ${c.pick(HI.landmarks)} के पास बात करते देखा था`, 'एक अज्ञात व्यक्ति बच्चे को मोटरसाइकिल पर ले जाते देखा गया'])}; मुझे शक है कि बहला-फुसलाकर हमारी वैध संरक्षकता से ले जाया गया है।`; },
      evidence: (c) => `बच्चे का फोटो व स्कूल प्रमाण पत्र; सीसीटीवी; मोबाइल नंबर ${c.phone}।`,
      accused: (c) => `${c.pick([c.accused[0], 'अज्ञात व्यक्ति'])}। अभियोग ${c.cite} में पंजीकृत; गुमशुदा बच्चे का अलर्ट प्रसारित।`,
    },
  },
  gu: {
    murder: {
      title: 'ખૂન',
      incident: (c) => { const [a, b] = c.accused; return `તા. ${c.prevDate} ના ${c.time} મારો ${c.relation} ${c.victim}, ઉ.વ. ${c.age}, ${c.place} ઊભો હતો. ${c.pick([`તે વખતે ${a} તથા ${b}, જેની સાથે ${c.small} ની લેતીદેતી બાબતે મનદુઃખ ચાલતું હતું, ત્યાં આવી ગાળો બોલવા લાગેલ.`, `ત્યાં ${a} તથા ${b}, જેની સાથે ${c.pick(['જમીનના શેઢા', 'લગ્નપ્રસંગમાં થયેલ ઝઘડા', 'વાહન પાર્કિંગ'])} બાબતે અદાવત હતી, તેઓએ તેને ઘેરી લીધેલ.`])} ${b} એ તેને પાછળથી પકડી રાખેલ અને ${a} એ ${c.pick(['છરી વડે છાતી તથા પેટના ભાગે ઉપરાછાપરી ઘા મારેલ', 'લોખંડના પાઈપ વડે માથામાં ઘા મારેલ', 'ધારીયા વડે ગળાના ભાગે ઘા મારેલ'])}. બૂમાબૂમ થતાં બંને મોટરસાયકલ નં. ${c.vehicle} પર નાસી ગયેલ. ${c.pick(['તેને 108 મારફતે સિવિલ હોસ્પિટલ લઈ જતાં ફરજ પરના ડૉક્ટરે મરણ ગયેલ જાહેર કરેલ.', 'હોસ્પિટલ લઈ જતાં રસ્તામાં જ તેનું મરણ થયેલ.'])}`; },
      evidence: (c) => `નજરે જોનાર સાહેદ ${c.woman}; બનાવ સ્થળે લોહીવાળી માટી; નજીકની દુકાનના સી.સી.ટી.વી. લાશનું ઈન્કવેસ્ટ પંચનામું ${c.v('સી.આર.પી.સી. કલમ 174', 'બી.એન.એસ.એસ. કલમ 194')} મુજબ કરી પી.એમ. માટે મોકલેલ.`,
      accused: (c) => `(1) ${c.accused[0]} (2) ${c.accused[1]}, બંને રહે. ${c.ps}, ${c.district} — બનાવ બાદ નાસી ગયેલ. ${c.cite} મુજબ ગુનો દાખલ.`,
    },
    attempt: {
      title: 'ખૂનની કોશિશ',
      incident: (c) => { const [a, b] = c.accused; return `તા. ${c.prevDate} ના ${c.time} ${c.place} મારા ${c.relation} ${c.victim} ને ${a} સાથે ${c.pick(['મજૂરીના પૈસા', 'ગટરના પાણી', 'જૂની ફરિયાદ'])} બાબતે બોલાચાલી થયેલ. થોડીવાર બાદ ${a} તથા ${b} હાથમાં ${c.pick(['છરી', 'તલવાર', 'લોખંડનો પાઈપ'])} લઈ આવેલ અને "${c.pick(['આજે તો આને પતાવી જ દેવો છે', 'જીવતો છોડવો નથી'])}" તેમ કહી ${a} એ તેના ${c.pick(['માથાના', 'છાતીના', 'ગળાના'])} ભાગે જીવલેણ ઘા મારેલ. અમે બૂમાબૂમ કરતાં બંને મોટરસાયકલ નં. ${c.vehicle} પર નાસી ગયેલ. ઈજા પામનાર ${c.pick(['સિવિલ હોસ્પિટલના આઈ.સી.યુ.માં', 'ખાનગી હોસ્પિટલમાં'])} દાખલ છે અને ડૉક્ટરે ઈજા જીવલેણ હોવાનું જણાવેલ છે.`; },
      evidence: (c) => `ઈજાગ્રસ્તનું મેડિકલ સર્ટિફિકેટ; લોહીવાળા કપડાં; નજરે જોનાર સાહેદ ${c.woman}.`,
      accused: (c) => `(1) ${c.accused[0]} (2) ${c.accused[1]}, રહે. ${c.ps}. ${c.cite} મુજબ ગુનો દાખલ.`,
    },
    burglary: {
      title: 'ઘરફોડ ચોરી',
      incident: (c) => `તા. ${c.prevDate} ના ${c.time} હું મકાનને તાળું મારી ${c.pick(['વતનમાં', 'સગાના લગ્નપ્રસંગમાં', 'હોસ્પિટલમાં દાખલ પિતાજી પાસે'])} ગયેલ હતો. તા. ${c.date} ના સવારે પડોશીએ ફોન કરી જણાવેલ કે મકાનનું તાળું તૂટેલું છે. આવી જોતાં ${c.pick(['નકુચો', 'મુખ્ય દરવાજાનું તાળું', 'જાળીનું તાળું'])} તોડેલ હતું, કબાટનું લોકર ખુલ્લું હતું અને સામાન વેરવિખેર હતો. સોનાના દાગીના આશરે ${c.grams} ગ્રામ, ચાંદીના સાંકળા તથા રોકડા ${c.small} મળી કુલ ${c.amount} નો મુદ્દામાલ કોઈ અજાણ્યા ચોર ઈસમો રાત્રી દરમ્યાન ચોરી ગયેલ છે.`,
      evidence: () => 'તૂટેલું તાળું; ફિંગરપ્રિન્ટ તથા ડોગ સ્ક્વોડ; શેરીના સી.સી.ટી.વી.; દાગીનાના બિલ.',
      accused: (c) => `અજાણ્યા ચોર ઈસમો. ${c.pick([`ચોકીદારે ${c.night} બે શંકાસ્પદ ઈસમો જોયેલ.`, ''])} ${c.cite} મુજબ ગુનો દાખલ.`,
    },
    vehicle: {
      title: 'વાહન ચોરી',
      incident: (c) => `તા. ${c.prevDate} ના ${c.time} મેં મારું ${c.pick(['હોન્ડા એક્ટીવા', 'હીરો સ્પ્લેન્ડર મોટરસાયકલ', 'સુઝુકી એક્સેસ'])} રજી. નં. ${c.vehicle} ${c.place} લોક કરી પાર્ક કરેલ. ${c.pick(['આશરે બે કલાક પછી પરત આવતાં', 'બીજા દિવસે સવારે', 'નોકરી પરથી પરત આવતાં'])} વાહન જોવામાં આવેલ નહીં. આજુબાજુમાં તપાસ કરતાં કોઈ પત્તો લાગેલ નહીં. કિં.રૂ. ${c.small.replace('રૂ. ', '')} નું વાહન કોઈ અજાણ્યો ઈસમ ચોરી ગયેલ છે.`,
      evidence: () => 'આર.સી. બુક તથા વીમાની નકલ; ખરીદ બિલ (ચેસીસ/એન્જિન નંબર); આજુબાજુના સી.સી.ટી.વી.',
      accused: (c) => `અજાણ્યો ઈસમ. ${c.cite} મુજબ ગુનો દાખલ કરી વાહનની વિગત ઈ-ગુજકોપમાં દાખલ કરેલ.`,
    },
    snatching: {
      title: 'ચેઈન સ્નેચિંગ',
      incident: (c) => `તા. ${c.prevDate} ના ${c.time} મારા ${c.pick(['પત્ની', 'માતા', 'બહેન'])} ${c.woman} ${c.place} ચાલતા જતા હતા. પાછળથી ${c.pick(['કાળા', 'લાલ'])} કલરની મોટરસાયકલ ${c.pick([`નં. ${c.vehicle}`, '(નંબર પ્લેટ વગરની)'])} પર બે ઈસમો આવેલ અને પાછળ બેઠેલ ઈસમે ગળામાંથી ${c.grams} ગ્રામની સોનાની ચેઈન ઝૂંટવી લીધેલ. ઝટકો લાગતાં તેઓ નીચે પડી ગયેલ અને ${c.pick(['ગળાના', 'કોણીના', 'ઘૂંટણના'])} ભાગે ઈજા થયેલ. ચેઈનની કિંમત આશરે ${c.amount} છે.`,
      evidence: () => 'ચેઈનનું ખરીદ બિલ; રોડ પરના સી.સી.ટી.વી.; મેડિકલ સર્ટિફિકેટ.',
      accused: (c) => `બે અજાણ્યા ઈસમો, ઉ.વ. આશરે 20 થી 25. ${c.cite} મુજબ ગુનો દાખલ.`,
    },
    robbery: {
      title: 'લૂંટ',
      incident: (c) => { const [a, b] = c.accused; return `તા. ${c.prevDate} ના ${c.time} હું ${c.pick(['દુકાનેથી', 'બેંકમાંથી', 'ઉઘરાણી કરી'])} ${c.amount} થેલામાં લઈ સ્કૂટર નં. ${c.vehicle} પર ઘરે જતો હતો. ${c.place} ${a} તથા ${b} એ રસ્તો રોકી ${a} એ છરી બતાવી જાનથી મારી નાખવાની ધમકી આપેલ અને ${b} એ થેલો તથા મોબાઈલ ઝૂંટવી લીધેલ. મેં પ્રતિકાર કરતાં ${a} એ ${c.pick(['કપાળના', 'હાથના', 'ખભાના'])} ભાગે ઘા મારેલ અને બંને ${c.pick(['રીક્ષામાં', `સફેદ કાર નં. ${c.vehicle2} માં`, 'મોટરસાયકલ પર'])} નાસી ગયેલ.`; },
      evidence: () => 'મેડિકલ સર્ટિફિકેટ; બેંકની ઉપાડ સ્લીપ; રોડના સી.સી.ટી.વી.; મોબાઈલનો આઈ.એમ.ઈ.આઈ. નંબર.',
      accused: (c) => `${c.accused[0]} તથા ${c.accused[1]}, જેઓને ફરિયાદી ઓળખે છે. ${c.cite} મુજબ ગુનો દાખલ.`,
    },
    upi: {
      title: 'ઓનલાઈન યુ.પી.આઈ. છેતરપિંડી',
      incident: (c) => `તા. ${c.prevDate} ના ${c.time} મારા મોબાઈલ પર એક ઈસમનો ફોન આવેલ જેણે પોતાની ઓળખ ${c.pick(['બેંકના કે.વાય.સી. અધિકારી', 'વીજ કંપનીના કર્મચારી', 'આર્મી ઓફિસર'])} તરીકે આપેલ. ${c.pick(['તેણે પૈસા મોકલવાના બહાને ક્યુ.આર. કોડ સ્કેન કરાવેલ', 'તેણે લિંક મોકલી એપ્લિકેશન ઈન્સ્ટોલ કરાવેલ', 'તેણે મોબાઈલમાં આવેલ ઓ.ટી.પી. પૂછી લીધેલ'])} અને થોડીવારમાં મારા ખાતામાંથી ${c.int(2, 7)} ટ્રાન્ઝેક્શનમાં કુલ ${c.amount} ઉપડી ગયેલ. હાલ તેનો નંબર બંધ આવે છે; 1930 પર જાણ કરેલ છે.`,
      evidence: () => 'બેંક સ્ટેટમેન્ટ તથા યુ.ટી.આર. નંબર; ચેટ તથા કોલ લોગના સ્ક્રીનશોટ; એન.સી.આર.પી. એકનોલેજમેન્ટ.',
      accused: (c) => `અજાણ્યો ઈસમ તથા લાભાર્થી બેંક ખાતાના ધારકો. ${c.cite} મુજબ ગુનો દાખલ.`,
    },
    breach: {
      title: 'વિશ્વાસઘાત',
      incident: (c) => `આશરે ${c.int(2, 8)} માસ અગાઉ અમારી પેઢીએ ${c.accused[0]}, જે ${c.pick(['મુનીમ', 'કમિશન એજન્ટ', 'ટ્રાન્સપોર્ટ કોન્ટ્રાક્ટર'])} છે, તેને ${c.pick(['માલ', 'ગ્રાહકો પાસેથી ઉઘરાવેલ રકમ', 'માલ ખરીદવા એડવાન્સ'])} કુલ ${c.amount} વિશ્વાસે સોંપેલ. તેણે રકમ જમા કરાવેલ નથી કે માલ પહોંચાડેલ નથી અને ખોટા બહાના બતાવતો રહેલ. તા. ${c.prevDate} થી તેનો મોબાઈલ બંધ છે અને ઘરેથી નાસી ગયેલ છે. આમ તેણે વિશ્વાસે સોંપેલ મિલકત ઓળવી જઈ છેતરપીંડી કરેલ છે.`,
      evidence: () => 'ખાતાવહી, ચલણ, બેંક એન્ટ્રીઓ તથા વોટ્સએપ મેસેજ.',
      accused: (c) => `${c.accused[0]}, રહે. ${c.ps}, ${c.district}. ${c.cite} મુજબ ગુનો દાખલ.`,
    },
    cruelty: {
      title: 'દહેજ માટે ત્રાસ',
      incident: (c) => { const [a, b] = c.accused; return `મારી ${c.pick(['દીકરી', 'બહેન'])} ${c.woman} ના લગ્ન આશરે ${c.int(2, 9)} વર્ષ પહેલાં ${a} સાથે થયેલ. લગ્ન બાદ ${a} તથા તેનો ભાઈ ${b} દહેજમાં ${c.amount} તથા ${c.pick(['ગાડી', 'મોટરસાયકલ'])} ની માંગણી કરી શારીરિક-માનસિક ત્રાસ આપતા હતા. તા. ${c.prevDate} ના ${c.time} ${a} એ ${c.pick(['પટ્ટા', 'લાકડી'])} વડે માર મારી, જાનથી મારી નાખવાની ધમકી આપી બાળક સાથે ઘરમાંથી કાઢી મૂકેલ. તેણીના હાથ તથા પીઠ પર મૂઢ ઈજાના નિશાન છે.`; },
      evidence: () => 'મેડિકલ સર્ટિફિકેટ; લગ્નમાં આપેલ કરિયાવરની યાદી; પડોશીઓના નિવેદન.',
      accused: (c) => `${c.accused[0]} (પતિ), ${c.accused[1]} (દિયર), ${c.accused[2]} (સસરા). ${c.cite} મુજબ ગુનો દાખલ.`,
    },
    hurt: {
      title: 'મારામારી તથા ધમકી',
      incident: (c) => { const [a, b] = c.accused; return `તા. ${c.prevDate} ના ${c.time} ${c.place} પડોશી ${a} તથા તેના ભાઈ ${b} એ ${c.pick(['કચરો નાખવા', 'વાહન પાર્ક કરવા', 'ગટરના પાણી'])} બાબતે મને ભૂંડી ગાળો આપેલ. ${a} એ ${c.pick(['લાકડી', 'ઢીકાપાટુ', 'પટ્ટા'])} વડે માર મારેલ અને ${b} એ ધક્કો મારી નીચે પાડી દેતાં મને ${c.pick(['માથાના', 'વાંસાના', 'હાથના'])} ભાગે ઈજા થયેલ. જતાં જતાં બંનેએ પોલીસ ફરિયાદ કરીશ તો જાનથી મારી નાખવાની ધમકી આપેલ.`; },
      evidence: (c) => `મેડિકલ સર્ટિફિકેટ; નજરે જોનાર સાહેદ ${c.woman}; બનાવ સ્થળે પડેલ લાકડી.`,
      accused: (c) => `${c.accused[0]} તથા ${c.accused[1]}, રહે. ${c.ps}. ${c.cite} મુજબ ગુનો દાખલ.`,
    },
    accident: {
      title: 'બેદરકારીથી વાહન હંકારી મોત',
      incident: (c) => `તા. ${c.prevDate} ના ${c.time} મારો ${c.relation} ${c.victim}, ઉ.વ. ${c.age}, ${c.pick(['સાયકલ', `મોટરસાયકલ નં. ${c.vehicle}`])} લઈ ${c.pick(GU.roads)} પરથી જતો હતો. તે વખતે ${c.pick(['ટ્રક', 'ડમ્પર', 'કાર', 'લક્ઝરી બસ'])} નં. ${c.vehicle2} ના ચાલકે પોતાનું વાહન પૂરઝડપે અને બેદરકારીથી હંકારી પાછળથી ટક્કર મારેલ. માથામાં ગંભીર ઈજા થતાં ${c.pick(['બનાવ સ્થળે જ મરણ ગયેલ', 'હોસ્પિટલમાં ડૉક્ટરે મરણ ગયેલ જાહેર કરેલ'])}. ચાલક ${c.pick(['વાહન મૂકી નાસી ગયેલ', 'વાહન લઈ નાસી ગયેલ', 'ને લોકોએ સ્થળ પર પકડી પાડેલ'])}.`,
      evidence: () => 'સ્થળ પંચનામું; અકસ્માતગ્રસ્ત વાહન; ચાર રસ્તાના સી.સી.ટી.વી.; પી.એમ. રિપોર્ટ.',
      accused: (c) => `વાહન નં. ${c.vehicle2} નો ચાલક${c.pick(['', ` ${c.accused[0]}`])}. ${c.cite} મુજબ ગુનો દાખલ.`,
    },
    kidnap: {
      title: 'સગીરનું અપહરણ',
      incident: (c) => { const girl = c.int(0, 1) === 1; return `${girl ? 'મારી દીકરી' : 'મારો દીકરો'}, ઉ.વ. ${c.int(11, 16)}, તા. ${c.prevDate} ના ${c.time} ${c.pick(['ટ્યુશનમાં', 'દુકાને', 'મિત્રના ઘરે'])} જાઉં છું તેમ કહી ઘરેથી નીકળેલ, જે પરત આવેલ નથી. સગાસંબંધીઓમાં તથા ${c.pick(['બસ સ્ટેન્ડ', 'રેલ્વે સ્ટેશન'])} પર તપાસ કરતાં કોઈ પત્તો લાગેલ નથી. ${c.pick([`પડોશીઓએ ${c.accused[0]} ને બાળક સાથે ${c.pick(GU.landmarks)} પાસે વાત કરતો જોયેલ`, 'એક અજાણ્યો ઈસમ બાળકને મોટરસાયકલ પર લઈ જતો જોવામાં આવેલ'])}; અમારા કાયદેસરના વાલીપણામાંથી લલચાવી-ફોસલાવી લઈ ગયેલ હોવાનો શક છે.`; },
      evidence: (c) => `બાળકનો ફોટો તથા શાળાનો દાખલો; સી.સી.ટી.વી.; મોબાઈલ નંબર ${c.phone}.`,
      accused: (c) => `${c.pick([c.accused[0], 'અજાણ્યો ઈસમ'])}. ${c.cite} મુજબ ગુનો દાખલ; ગુમ બાળક અંગે એલર્ટ મોકલેલ.`,
    },
  },
};
