import { analyseQuery } from '../../src/analyse/analyse';

const typeOf = (q: string) => analyseQuery(q, { narrowed: false }).type;

describe('query classification', () => {
  it.each([
    ['The accused slapped the complainant and snatched his phone near the market', 'FACT_PATTERN'],
    // Hindi and Gujarati incidents told in the past tense, without a role word such as आरोपी / આરોપી.
    ['रात को दो युवक बाइक पर आए, दुकानदार को धमकाया और गल्ले से पैसे छीनकर भाग गए, पुलिस को सूचना दी', 'FACT_PATTERN'],
    ['રાત્રે બે બાઇકસવારોએ વેપારીને રસ્તામાં રોક્યો, થેલો છીનવી લીધો અને અંધારામાં ભાગી ગયા', 'FACT_PATTERN'],
    // A complainant's own account: first person and irregular past tenses, no role word.
    ['Around midnight thieves broke the lock of our shop and took the cash and two laptops', 'FACT_PATTERN'],
    ['पुरानी रंजिश में पड़ोसी ने मेरे भाई पर लाठी से कई वार किए और वह गंभीर घायल हो गया', 'FACT_PATTERN'],
    ['અમારા ખેતરમાંથી રાત્રે કોઈ મોટર અને પાઇપો ચોરી ગયું છે', 'FACT_PATTERN'],
    // Gujarati feminine pasts (ગઈ, નાખી) count as well as the masculine ones.
    ['ફરજ પરના તલાટીને સરપંચના દીકરાએ ધક્કો માર્યો અને રજીસ્ટર ફાડી નાખી', 'FACT_PATTERN'],
    ['ગામની સીમમાં રાખેલી મારી ભેંસ રાત્રે ગુમ થઈ ગઈ અને સવારે ખેતરમાં દોરડું કાપી નાખેલું મળ્યું', 'FACT_PATTERN'],
    ['what is the punishment for theft of a motorcycle from a parking lot', 'COMPLEX'],
    ['दहेज के लिए परेशान करना', 'SIMPLE'],
    ['नाबालिग लड़की को शादी के लिए भगा ले जाना', 'COMPLEX'],
    ['ચોરીની સજા શું છે', 'SIMPLE'],
    ['how to apply for anticipatory bail', 'PROCEDURAL'],
    // Procedural words inside a story are part of what happened; asked about, they make a procedural question.
    ['When the police went to arrest him with a warrant, the accused hit the constable with a stone and fled', 'FACT_PATTERN'],
    ['પોલીસ વોરંટ લઈને ધરપકડ કરવા ગઈ ત્યારે આરોપીએ કોન્સ્ટેબલને પથ્થર માર્યો અને નાસી ગયો', 'FACT_PATTERN'],
    ['The accused was arrested yesterday, when can he apply for bail?', 'PROCEDURAL'],
    ['आरोपी को गिरफ्तार किया गया, जमानत कैसे मिलेगी', 'PROCEDURAL'],
    ['difference between IPC 302 and IPC 304', 'COMPARATIVE'],
  ])('%s → %s', (query, expected) => {
    expect(typeOf(query)).toBe(expected);
  });

  it('sets k by type, one less under a narrowing filter, within 3..10', () => {
    expect(analyseQuery('punishment for theft', { narrowed: false }).k).toBe(3);
    expect(analyseQuery('difference between IPC 302 and IPC 304', { narrowed: false }).k).toBe(8);
    expect(analyseQuery('difference between IPC 302 and IPC 304', { narrowed: true }).k).toBe(7);
  });
});
