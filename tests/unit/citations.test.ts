/**
 * Statute-citation extractor. Every case lists the exact citations expected, in text order, written as
 * "ID(sub-section)*": "BNS:103(1)" is BNS 103 sub-section 1 named in the text; a trailing "*" means the code was
 * inferred from the date (or the default) because the text named none. So each case checks ids, sub-sections and
 * inferred flags at once.
 */
import { Citation, extractCitations, ExtractOptions, normaliseDigits } from '../../src/citations/extract';

const show = (c: Citation) => `${c.id}${c.subsection !== undefined ? `(${c.subsection})` : ''}${c.inferred ? '*' : ''}`;
const cite = (text: string, opts?: ExtractOptions) => extractCitations(text, opts).map(show);

type Case = [text: string, expected: string[]];
type DatedCase = [text: string, opts: ExtractOptions, expected: string[]];

/** Every text used below, for the offset invariant at the end. */
const allTexts: string[] = [];
const table = <T extends [string, ...unknown[]]>(rows: T[]): T[] => {
  allTexts.push(...rows.map((r) => r[0]));
  return rows;
};

describe('extractCitations', () => {
  describe('English phrasings', () => {
    it.each(
      table<Case>([
        ['u/s 302/34 IPC', ['IPC:302', 'IPC:34']],
        ['under Sections 147, 148, 149 and 302 of the Indian Penal Code', ['IPC:147', 'IPC:148', 'IPC:149', 'IPC:302']],
        ['IPC 302, 201', ['IPC:302', 'IPC:201']],
        ['U/S 302,34 I.P.C.', ['IPC:302', 'IPC:34']],
        ['Sec 302 IPC', ['IPC:302']],
        ['punishable under S. 302 IPC', ['IPC:302']],
        ['Ss. 147, 148 IPC', ['IPC:147', 'IPC:148']],
        ['u/ss 147/148/149 IPC', ['IPC:147', 'IPC:148', 'IPC:149']],
        ['section-302 ipc', ['IPC:302']],
        ['IPC Sec. 302/34', ['IPC:302', 'IPC:34']],
        ['U/S 302 AND 34 IPC', ['IPC:302', 'IPC:34']],
        ['U/S 302 OR 304 IPC', ['IPC:302', 'IPC:304']],
        ['under Section 302 of IPC', ['IPC:302']],
        ['Section 302 IPC read with Section 34', ['IPC:302', 'IPC:34']],
        ['Section 302 r/w 120-B IPC', ['IPC:302', 'IPC:120B']],
        ['u/s 302 IPC r/w 34', ['IPC:302', 'IPC:34']],
        ['Section 302 IPC and Section 201', ['IPC:302', 'IPC:201']],
        ['u/s 154 Cr.P.C.', ['CrPC:154']],
        ['under Section 154 of the Code of Criminal Procedure', ['CrPC:154']],
        ['anticipatory bail under section 438 crpc', ['CrPC:438']],
        ['notice u/s 41A Cr. P. C.', ['CrPC:41A']],
        ['under Section 173 of the Bharatiya Nagarik Suraksha Sanhita', ['BNSS:173']],
        ['notice u/s 35(3) BNSS', ['BNSS:35(3)']],
        ['BNS 103(1), 3(5)', ['BNS:103(1)', 'BNS:3(5)']],
        ['under Sections 103(1) and 3(5) of the Bharatiya Nyaya Sanhita, 2023', ['BNS:103(1)', 'BNS:3(5)']],
        ['Bhartiya Nyaya Sanhita section 318(4)', ['BNS:318(4)']],
        ['Section 65B of the Indian Evidence Act, 1872', ['IEA:65B']],
        ['certificate under 65-B Evidence Act', ['IEA:65B']],
        ['Bharatiya Sakshya Adhiniyam section 63', ['BSA:63']],
        ['BSA 63(4)(c)', ['BSA:63(4)']],
        ['ipc 302', ['IPC:302']],
        ['murder 302 IPC bail', ['IPC:302']],
        ['convicted under Section 304 Part II IPC', ['IPC:304']],
        ['IPC-302 and IPC:201', ['IPC:302', 'IPC:201']],
        ['quashing under Cr PC 482', ['CrPC:482']],
      ]),
    )('%s', (text, expected) => expect(cite(text)).toEqual(expected));
  });

  describe('Hindi phrasings', () => {
    it.each(
      table<Case>([
        ['धारा 147, 148, 149 व 302 भादवि', ['IPC:147', 'IPC:148', 'IPC:149', 'IPC:302']],
        ['धारा 302, 34 भा.दं.सं.', ['IPC:302', 'IPC:34']],
        ['आईपीसी की धारा 498-ए, 323', ['IPC:498A', 'IPC:323']],
        ['धारा 302/34 भादवि', ['IPC:302', 'IPC:34']],
        ['भारतीय दंड संहिता की धारा 302', ['IPC:302']],
        ['धारा 302 भारतीय दण्ड संहिता के अंतर्गत', ['IPC:302']],
        ['धारा-302 भा.दं.वि.', ['IPC:302']],
        ['भा0दं0सं0 की धारा 379', ['IPC:379']],
        ['धारा 302 सहपठित धारा 34 भादवि', ['IPC:302', 'IPC:34']],
        ['धारा 103(1) बीएनएस', ['BNS:103(1)']],
        ['बी.एन.एस. की धारा 103(1)', ['BNS:103(1)']],
        ['भारतीय न्याय संहिता की धारा 303(2)', ['BNS:303(2)']],
        ['धारा 115(2), 351(3) भारतीय न्याय संहिता 2023', ['BNS:115(2)', 'BNS:351(3)']],
        ['धारा 154 दं.प्र.सं.', ['CrPC:154']],
        ['सीआरपीसी की धारा 154', ['CrPC:154']],
        ['धारा 173 बीएनएसएस', ['BNSS:173']],
        ['भारतीय नागरिक सुरक्षा संहिता की धारा 173', ['BNSS:173']],
        ['भारतीय साक्ष्य अधिनियम, 1872 की धारा 65-बी', ['IEA:65B']],
        ['धारा 63 भारतीय साक्ष्य अधिनियम 2023', ['BSA:63']],
        ['मु.अ.सं. 123/2024 धारा 323, 504, 506 आईपीसी के तहत', ['IPC:323', 'IPC:504', 'IPC:506']],
        ['भा.दं.वि. कलम 302 (Marathi)', ['IPC:302']],
      ]),
    )('%s', (text, expected) => expect(cite(text)).toEqual(expected));
  });

  describe('Gujarati phrasings', () => {
    it.each(
      table<Case>([
        ['ઈ.પી.કો. કલમ 379', ['IPC:379']],
        ['ઇ.પી.કો. કલમ 379, 114', ['IPC:379', 'IPC:114']],
        ['આઈ.પી.સી. કલમ 420', ['IPC:420']],
        ['ઇ.પી.કો. ની કલમ 302, 34', ['IPC:302', 'IPC:34']],
        ['ઈ.પી.કો.ની કલમ 406, 420 મુજબ', ['IPC:406', 'IPC:420']],
        ['કલમ 302, 34 ઇ.પી.કો. મુજબ ગુનો', ['IPC:302', 'IPC:34']],
        ['ભારતીય દંડ સંહિતા કલમ 323', ['IPC:323']],
        ['બીએનએસ કલમ 303(2)', ['BNS:303(2)']],
        ['બી.એન.એસ. કલમ 331(4), 305(a)', ['BNS:331(4)', 'BNS:305']],
        ['ભારતીય ન્યાય સંહિતા કલમ 318(4)', ['BNS:318(4)']],
        ['સી.આર.પી.સી. કલમ 154', ['CrPC:154']],
        ['ફો.પ્ર.સં. કલમ 154', ['CrPC:154']],
        ['બીએનએસએસ કલમ 173', ['BNSS:173']],
        ['પુરાવા અધિનિયમ કલમ 65-બી', ['IEA:65B']],
        ['ભારતીય સાક્ષ્ય અધિનિયમ કલમ 63', ['BSA:63']],
        // A postposition glued to a spelled-out name, or standing after it, still joins name and section.
        ['ભારતીય ન્યાય સંહિતાની કલમ 103', ['BNS:103']],
        ['પુરાવા અધિનિયમની કલમ 27', ['IEA:27']],
        ['ફોજદારી કાર્યરીતિ સંહિતાના કલમ 154 મુજબ', ['CrPC:154']],
        ['CrPCની કલમ 41', ['CrPC:41']],
        ['ભારતીય ન્યાય સંહિતા માં કલમ 64', ['BNS:64']],
        ['भारतीय न्याय संहिता में धारा 64', ['BNS:64']],
      ]),
    )('%s', (text, expected) => expect(cite(text)).toEqual(expected));
  });

  describe('romanised Hindi and Gujarati, as typed on phones', () => {
    it.each(
      table<Case>([
        ['IPC ki dhara 302', ['IPC:302']],
        ['BNS ni kalam 64 ma shu saja che', ['BNS:64']],
        ['dhara 302 ka BNS me number', ['IPC:302']],
        ['Dhara 302 Ka BNS Me Number', ['IPC:302']],
        ['FIR no 123 dated 5.1.2024', []],
      ]),
    )('%s', (text, expected) => expect(cite(text)).toEqual(expected));
  });

  describe('lettered sections in three scripts', () => {
    it.each(
      table<Case>([
        ['u/s 498-A IPC', ['IPC:498A']],
        ['u/s 498 A IPC', ['IPC:498A']],
        ['u/s 498a ipc', ['IPC:498A']],
        ['u/s 304-B IPC', ['IPC:304B']],
        ['Section 376 AB IPC', ['IPC:376AB']],
        ['u/s 498A/406/34 IPC', ['IPC:498A', 'IPC:406', 'IPC:34']],
        ['धारा 304-बी, 498-ए भादवि', ['IPC:304B', 'IPC:498A']],
        ['धारा 376-डीए भादवि', ['IPC:376DA']],
        ['धारा 498क भा.दं.सं.', ['IPC:498A']],
        ['કલમ 304-બી, 498-એ ઇ.પી.કો.', ['IPC:304B', 'IPC:498A']],
        ['ઈ.પી.કો. કલમ 498(ક), 323, 506(2), 114', ['IPC:498A', 'IPC:323', 'IPC:506(2)', 'IPC:114']],
        ['કલમ 304(અ) ઇ.પી.કો.', ['IPC:304A']],
      ]),
    )('%s', (text, expected) => expect(cite(text)).toEqual(expected));
  });

  describe('sub-sections stay out of the id', () => {
    it.each(
      table<Case>([
        ['Section 3(5) BNS', ['BNS:3(5)']],
        ['u/s 376(2)(n) IPC', ['IPC:376(2)']],
        ['arrest u/s 41(1)(a) CrPC', ['CrPC:41(1)']],
        ['बीएनएस की धारा 303 (2)', ['BNS:303(2)']],
        ['BNS 103(1) and 103(2)', ['BNS:103(1)', 'BNS:103(2)']],
      ]),
    )('%s', (text, expected) => expect(cite(text)).toEqual(expected));
  });

  describe('Devanagari and Gujarati digits', () => {
    it.each(
      table<Case>([
        ['धारा ३०२, ३४ भादवि', ['IPC:302', 'IPC:34']],
        ['धारा ४९८-ए भादवि', ['IPC:498A']],
        ['કલમ ૩૭૯, ૧૧૪ ઇ.પી.કો.', ['IPC:379', 'IPC:114']],
        ['બીએનએસ કલમ ૩૦૩(૨)', ['BNS:303(2)']],
      ]),
    )('%s', (text, expected) => expect(cite(text)).toEqual(expected));
  });

  describe('inferring the code when the text names none', () => {
    it.each(
      table<DatedCase>([
        ['u/s 302/34', {}, ['IPC:302*', 'IPC:34*']],
        ['u/s 302/34', { date: '2024-06-30' }, ['IPC:302*', 'IPC:34*']],
        ['u/s 302/34', { date: '2024-07-01' }, ['BNS:302*', 'BNS:34*']],
        ['under Section 103(1)', { date: '2025-03-15' }, ['BNS:103(1)*']],
        ['धारा 379 के तहत', { date: '2024-07-01' }, ['BNS:379*']],
        ['કલમ 379 મુજબ', { date: '2023-12-31' }, ['IPC:379*']],
        ['bail u/s 438', { defaultFamily: 'procedure', date: '2024-07-01' }, ['BNSS:438*']],
        ['bail u/s 438', { defaultFamily: 'procedure' }, ['CrPC:438*']],
        ['Section 438 of the procedure code', { date: '2025-01-01' }, ['BNSS:438*']],
        ['Section 65B of the law of evidence', { date: '2024-08-01' }, ['BSA:65B*']],
        ['धारा 65-बी भारतीय साक्ष्य अधिनियम', { date: '2024-08-01' }, ['BSA:65B*']],
        ['धारा 65-बी भारतीय साक्ष्य अधिनियम', {}, ['IEA:65B*']],
        ['u/s 302 IPC', { date: '2025-01-01' }, ['IPC:302']],
        ['BNS 103(1)', { date: '2023-01-01' }, ['BNS:103(1)']],
        ['booked u/s 302 IPC. Later Section 201 of the said Code was added', { date: '2025-01-01' }, ['IPC:302', 'IPC:201']],
      ]),
    )('%s %j', (text, opts, expected) => expect(cite(text, opts)).toEqual(expected));
  });

  describe('special acts are not ours and do not lend their sections to IPC', () => {
    it.each(
      table<Case>([
        ['u/s 302 IPC and 25 Arms Act', ['IPC:302']],
        ['IPC 302, 201 and 25 Arms Act', ['IPC:302', 'IPC:201']],
        ['u/s 302 of the Indian Penal Code and Section 25 of Arms Act', ['IPC:302']],
        ['u/s 66-C IT Act, 420 IPC', ['IPC:420']],
        ['under Sections 3 and 4 of the Dowry Prohibition Act, 1961', []],
        ['Sections 302 and 201 IPC and Sections 3 and 4 of the Dowry Prohibition Act', ['IPC:302', 'IPC:201']],
        ['u/s 8(c), 20(b)(ii)(B) NDPS Act', []],
        ['u/s 376(3) IPC and 4 POCSO Act', ['IPC:376(3)']],
        ['u/s 3(1)(r)(s) of the SC/ST (Prevention of Atrocities) Amendment Act, 2015', []],
        ['challan u/s 184 MV Act', []],
        ['section 3 of the Act', []],
        ['धारा 302, 34 भादवि, 25 आर्म्स एक्ट', ['IPC:302', 'IPC:34']],
        ['धारा 8/20 एनडीपीएस एक्ट', []],
        ['एवं आईटी एक्ट की धारा 66सी, 66डी', []],
        ['व धारा 3/4 दहेज प्रतिषेध अधिनियम', []],
        ['તથા આઈ.ટી. એક્ટ કલમ 66(સી), 66(ડી)', []],
        ['તથા દહેજ પ્રતિબંધક અધિનિયમ કલમ 3, 4', []],
        ['જી.પી.એક્ટ કલમ 135 તથા ઇ.પી.કો. કલમ 188', ['IPC:188']],
        ['પ્રોહી. કલમ 65(ઇ)', []],
        ['section 138 NI Act', []],
        ['Section 65B of the Act', []],
        ['Indian Evidence Act, 1872. Section 65B of the Act', ['IEA:65B']],
        ['धारा 302 भादवि आर्म्स एक्ट', ['IPC:302']],
      ]),
    )('%s', (text, expected) => expect(cite(text)).toEqual(expected));
  });

  describe('ranges', () => {
    it.each(
      table<Case>([
        ['Sections 147 to 149 IPC', ['IPC:147', 'IPC:148', 'IPC:149']],
        ['धारा 147 से 149 भादवि', ['IPC:147', 'IPC:148', 'IPC:149']],
        ['કલમ 147 થી 149 ઇ.પી.કો.', ['IPC:147', 'IPC:148', 'IPC:149']],
        ['Sections 120 to 140 IPC', ['IPC:120', 'IPC:140']],
        ['Sections 354A to 354D IPC', ['IPC:354A', 'IPC:354D']],
        ['sentenced u/s 304 to 10 years', ['IPC:304*']],
      ]),
    )('%s', (text, expected) => expect(cite(text)).toEqual(expected));
  });

  describe('old and new codes in one sentence', () => {
    it.each(
      table<Case>([
        ['IPC 302 (now BNS 103)', ['IPC:302', 'BNS:103']],
        ['u/s 302 IPC (corresponding to Section 103 BNS)', ['IPC:302', 'BNS:103']],
        ['IPC 302 BNS 103', ['IPC:302', 'BNS:103']],
        ['difference between 302 IPC and 103 BNS', ['IPC:302', 'BNS:103']],
        ['u/s 379 IPC / 303(2) BNS', ['IPC:379', 'BNS:303(2)']],
        ['आईपीसी की धारा 302 व बीएनएस की धारा 103(1)', ['IPC:302', 'BNS:103(1)']],
        ['ઈ.પી.કો. કલમ 379 (હવે બીએનએસ કલમ 303(2))', ['IPC:379', 'BNS:303(2)']],
        // A genitive after the number: the code that follows is where the section is carried, not its own code.
        ['धारा 302 का BNS में नया नंबर', ['IPC:302']],
        ['કલમ 379 નો બીએનએસમાં નવો નંબર', ['IPC:379']],
        ['BNS की धारा 103 का IPC में नंबर', ['BNS:103']],
        ['section 302 of IPC', ['IPC:302']],
      ]),
    )('%s', (text, expected) => expect(cite(text)).toEqual(expected));
  });

  describe('numbers that are not sections', () => {
    // Years, FIR numbers, amounts, phone and vehicle numbers, times and dates: no citation at all.
    it.each(
      table<Case>([
        ['FIR No. 123/2024 registered in 2024', []],
        ['Rs. 302 was recovered', []],
        ['cash of ₹ 302 and ₹302', []],
        ['mobile 9876543210, +91 98765 43210', []],
        ['at about 21:40 hrs on 12/05/2024', []],
        ['vehicle GJ-01-AB-1234 and MH 12 AB 1234', []],
        ['Chapter 16 IPC', []],
        ['para 302 of the judgment, page 302 IPC', []],
        ['aged 45 years, 302 people', []],
        ['the accused was booked under IPC. 302 people attended', []],
        ['Indian Penal Code, 1860', []],
        ['S. No. 5 in the list', []],
        ['498A dowry harassment', []],
        ['room 302, 3rd floor', []],
        ['अपराध क्रमांक 123/2024 दिनांक 12.05.2024', []],
        ['रु. 5000 नकद', []],
        ['તા. 12/05/2024 ના રોજ રાત્રીના આશરે 9/40 વાગ્યે', []],
        ['મો.નં. 98250 12345', []],
      ]),
    )('%s → none', (text, expected) => expect(cite(text)).toEqual(expected));

    it.each(
      table<Case>([
        // Numbers counting things next to real citations.
        ['u/s 302 and 3 others', ['IPC:302*']],
        ['punished u/s 302 IPC with 10 years RI', ['IPC:302']],
        ['u/s 302 IPC along with 10 others', ['IPC:302']],
        ['Section 302 IPC. 3 accused arrested', ['IPC:302']],
        ['धारा 302 व 3 अन्य', ['IPC:302*']],
        ['u/s 379 IPC, 2 mobile phones', ['IPC:379']],
        ['S. No. 5 and S. 302 IPC', ['IPC:302']],
      ]),
    )('%s', (text, expected) => expect(cite(text)).toEqual(expected));
  });

  describe('de-duplication by id and sub-section', () => {
    it.each(
      table<Case>([
        ['u/s 302 IPC. Charge-sheet u/s 302 IPC', ['IPC:302']],
        ['u/s 498-A, 498 A and 498a IPC', ['IPC:498A']],
        ['BNS 103(1), BNS 103(1) and 103(2)', ['BNS:103(1)', 'BNS:103(2)']],
        ['u/s 302 IPC; later simply u/s 302', ['IPC:302']],
      ]),
    )('%s', (text, expected) => expect(cite(text)).toEqual(expected));
  });

  describe('the citation record', () => {
    it('carries code, number, sub-section and offsets into the original text', () => {
      const text = 'बीएनएस कलम ३०३(२) और आईपीसी की धारा ४९८-ए';
      expect(extractCitations(text)).toEqual([
        { id: 'BNS:303', code: 'BNS', number: '303', subsection: '2', inferred: false, raw: '३०३(२)', start: 11, end: 17 },
        { id: 'IPC:498A', code: 'IPC', number: '498A', inferred: false, raw: '४९८-ए', start: 36, end: 41 },
      ]);
    });

    it('gives the inside of an expanded range the whole range as its text', () => {
      const [first, middle, last] = extractCitations('Sections 147 to 149 IPC');
      expect([first.raw, middle.raw, last.raw]).toEqual(['147', '147 to 149', '149']);
    });

    it('keeps the first of two equal citations', () => {
      const [only] = extractCitations('u/s 302 IPC, later u/s 302', { date: '2025-01-01' });
      expect(only).toMatchObject({ id: 'IPC:302', inferred: false, start: 4 });
    });

    it.each(allTexts.map((t) => [t]))('offsets point at the raw text: %s', (text) => {
      for (const c of extractCitations(text, { date: '2025-01-01' })) {
        expect(text.slice(c.start, c.end)).toBe(c.raw);
        expect(c.id).toBe(`${c.code}:${c.number}`);
      }
    });
  });
});

describe('normaliseDigits', () => {
  it.each([
    ['धारा ३०२', 'धारा 302'],
    ['કલમ ૩૭૯', 'કલમ 379'],
    ['०१२३४५६७८९ ૦૧૨૩૪૫૬૭૮૯', '0123456789 0123456789'],
    ['u/s 302 IPC', 'u/s 302 IPC'],
  ])('%s', (text, expected) => {
    expect(normaliseDigits(text)).toBe(expected);
    expect(normaliseDigits(text)).toHaveLength(text.length);
  });
});
