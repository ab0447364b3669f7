import { namesCoveredCode } from '../../src/citations/code-mentions';

describe('namesCoveredCode', () => {
  it.each([
    'what does the Bharatiya Sakshya Adhiniyam say about documents',
    'IPC ki dhara 420',
    'भारतीय दंड संहिता में चोरी',
    'ભારતીય ન્યાય સંહિતા ની કલમ',
    'is hearsay allowed under the law of evidence',
  ])('is true for a covered code or its family: %s', (text) => {
    expect(namesCoveredCode(text)).toBe(true);
  });

  it.each([
    'section 80C deduction for tuition fees',
    'GST Act section 16 input credit',
    'Code of Civil Procedure order 39 injunction',
    'how to make masala chai',
  ])('is false for other acts and plain text: %s', (text) => {
    expect(namesCoveredCode(text)).toBe(false);
  });
});
