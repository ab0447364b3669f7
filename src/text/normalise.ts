/**
 * Text as every stage sees it: Unicode NFC (Hindi and Gujarati input often arrives decomposed), Devanagari
 * and Gujarati digits as ASCII (धारा ३०२ and કલમ ૩૦૨ are section 302), and white space collapsed.
 * Each replaced digit is one UTF-16 unit, so offsets into the NFC text stay valid.
 */
export function normaliseDigits(text: string): string {
  return text.replace(/[\u0966-\u096F\u0AE6-\u0AEF]/g, (d) => {
    const cp = d.codePointAt(0)!;
    return String(cp >= 0x0ae6 ? cp - 0x0ae6 : cp - 0x0966);
  });
}

export function normaliseText(text: string): string {
  return normaliseDigits(text.normalize('NFC'))
    .replace(/\r\n?/g, '\n')
    // Zero-width space and BOM carry nothing; ZWJ/ZWNJ shape Indic conjuncts and are kept.
    .replace(/\u200B|\uFEFF/g, '')
    .replace(/[ \t\u00A0]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Words for keyword search: letters, combining marks (matras, viramas) and digits kept together. */
export function words(text: string): string[] {
  return normaliseDigits(text.normalize('NFC').toLowerCase()).match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
}
