/**
 * Statute codes known to the product. The old codes (IPC, CrPC, IEA) were replaced on 1 July 2024 by
 * BNS, BNSS and BSA; a citation that names no code is resolved against this date.
 */
export const STATUTE_CODES = ['IPC', 'BNS', 'CrPC', 'BNSS', 'IEA', 'BSA'] as const;
export type StatuteCode = (typeof STATUTE_CODES)[number];

export const NEW_CODES_IN_FORCE = '2024-07-01';

/** Old code → its successor, and back. */
export const SUCCESSOR: Record<'IPC' | 'CrPC' | 'IEA', 'BNS' | 'BNSS' | 'BSA'> = { IPC: 'BNS', CrPC: 'BNSS', IEA: 'BSA' };
export const PREDECESSOR: Record<'BNS' | 'BNSS' | 'BSA', 'IPC' | 'CrPC' | 'IEA'> = { BNS: 'IPC', BNSS: 'CrPC', BSA: 'IEA' };

/** The other code of the same family: IPC ⇄ BNS, CrPC ⇄ BNSS, IEA ⇄ BSA. */
export function counterpartCode(code: StatuteCode): StatuteCode {
  return code in SUCCESSOR ? SUCCESSOR[code as keyof typeof SUCCESSOR] : PREDECESSOR[code as keyof typeof PREDECESSOR];
}

export const ACT_NAMES: Record<StatuteCode, string> = {
  IPC: 'Indian Penal Code, 1860',
  BNS: 'Bharatiya Nyaya Sanhita, 2023',
  CrPC: 'Code of Criminal Procedure, 1973',
  BNSS: 'Bharatiya Nagarik Suraksha Sanhita, 2023',
  IEA: 'Indian Evidence Act, 1872',
  BSA: 'Bharatiya Sakshya Adhiniyam, 2023',
};

/** "IPC:498A" — the normalised id of a section; sub-sections are kept apart, never in the id. */
export function sectionId(code: StatuteCode, number: string): string {
  return `${code}:${number.toUpperCase()}`;
}

export function parseSectionId(id: string): { code: StatuteCode; number: string } | null {
  const m = /^([A-Za-z]+):([0-9]+[A-Z]{0,2})$/.exec(id.trim());
  if (!m) return null;
  const code = STATUTE_CODES.find((c) => c.toLowerCase() === m[1].toLowerCase());
  return code ? { code, number: m[2].toUpperCase() } : null;
}

/** Which code family a date falls under when a document names a section without its code. */
export function codeInForce(family: 'penal' | 'procedure' | 'evidence', date: string | undefined): StatuteCode {
  const isNew = date !== undefined && date >= NEW_CODES_IN_FORCE;
  if (family === 'penal') return isNew ? 'BNS' : 'IPC';
  if (family === 'procedure') return isNew ? 'BNSS' : 'CrPC';
  return isNew ? 'BSA' : 'IEA';
}
