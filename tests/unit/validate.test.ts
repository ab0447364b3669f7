import { MAX_DOCUMENT_CHARS, validateDocument } from '../../src/ingest/validate/document.schema';
import { parseTextDocument } from '../../src/ingest/parse/text.parser';

const fir = { type: 'FIR', title: 'FIR 1/2024', date: '2024-08-01', parts: [{ name: 'incident', text: 'A phone was stolen.' }] };
const problems = (d: unknown) => {
  const r = validateDocument(d);
  return r.ok ? [] : r.problems.map((p) => `${p.path}: ${p.message}`);
};

describe('document validation', () => {
  it('accepts a well-formed FIR', () => {
    expect(validateDocument(fir)).toEqual({ ok: true, value: fir });
  });

  it.each([
    ['an unknown type', { ...fir, type: 'MEMO' }, /^type: /],
    ['an empty text', { ...fir, parts: [{ name: 'incident', text: '   ' }] }, /parts: is empty/],
    ['neither parts nor text', { type: 'SOP', title: 'x' }, /needs either parts or text/],
    ['a 50 MB text', { type: 'SOP', title: 'x', text: 'a'.repeat(50 * 1024 * 1024) }, new RegExp(`at most ${MAX_DOCUMENT_CHARS}`)],
    ['binary junk', { type: 'SOP', title: 'x', text: '\u0000\u0001\u0002\uFFFD'.repeat(100) + 'text' }, /looks like binary/],
    ['an impossible date', { ...fir, date: '2024-02-30' }, /^date: is not a real calendar date/],
    ['a badly formatted date', { ...fir, date: '01/08/2024' }, /^date: must be an ISO date/],
    ['an FIR without its incident', { ...fir, parts: [{ name: 'complainant', text: 'Ravi' }] }, /needs a non-empty "incident" part/],
    ['a bare-act section without its statute', { type: 'BARE_ACT_SECTION', title: 's', text: 't' }, /statute/],
    ['an unknown field', { ...fir, colour: 'red' }, /colour/],
    ['a non-object', 'just a string', /expected object/i],
  ])('rejects %s with a clear problem', (_name, doc, pattern) => {
    const found = problems(doc);
    expect(found.length).toBeGreaterThan(0);
    expect(found.join('\n')).toMatch(pattern);
  });
});

describe('text and Markdown documents', () => {
  it('reads a header and turns headings into parts', () => {
    const doc = parseTextDocument(
      'Type: FIR\nTitle: FIR 7/2024 theft\nDate: 2024-09-01\nDistrict: Surat\nSections: BNS 303(2)\n\n# Complainant\nRamesh Patel\n\n## Incident\nHis motorcycle was stolen.\nNight time.\n',
      { title: 'fallback' },
    );
    expect(doc).toEqual({
      type: 'FIR', title: 'FIR 7/2024 theft', date: '2024-09-01', district: 'Surat', sectionsCited: ['BNS 303(2)'],
      parts: [{ name: 'complainant', text: 'Ramesh Patel' }, { name: 'incident', text: 'His motorcycle was stolen.\nNight time.' }],
    });
    expect(validateDocument(doc).ok).toBe(true);
  });

  it('keeps a heading-less text as one part and uses the fallback title', () => {
    expect(parseTextDocument('Just a circular about night patrols.', { title: 'circular-12', type: 'SOP' }))
      .toEqual({ type: 'SOP', title: 'circular-12', parts: [{ name: 'text', text: 'Just a circular about night patrols.' }] });
  });
});
