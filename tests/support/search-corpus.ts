import type { App } from '../../src/app/app';

/** A small slice of the real statute corpus and two case records: enough to exercise every search stage. */
export const SECTIONS = ['IPC:302', 'IPC:300', 'IPC:378', 'IPC:379', 'IPC:319', 'IPC:323', 'IPC:320', 'IPC:325', 'IPC:34', 'IPC:420',
  'BNS:101', 'BNS:103', 'BNS:303', 'BNS:114', 'BNS:115', 'BNS:116', 'BNS:117', 'BNS:3', 'BNS:318', 'CrPC:154', 'BNSS:173'];

export async function loadSearchCorpus(app: App): Promise<void> {
  const wanted = new Set(SECTIONS.map((id) => { const [c, n] = id.split(':'); return `act-${c.toLowerCase()}-${n.toLowerCase()}`; }));
  const acts = app.catalogue.bareActDocuments().filter((d) => wanted.has(d.id!));
  await app.ingest.ingest([
    ...acts,
    { id: 'fir-pune-1', type: 'FIR', title: 'FIR 21/2023 murder', date: '2023-05-02', district: 'Pune', language: 'en',
      parts: [{ name: 'incident', text: 'The accused stabbed the victim with a knife near the bus stand; he died on the spot. Offence u/s 302, 34 IPC.' }] },
    { id: 'fir-surat-1', type: 'FIR', title: 'FIR 88/2024 ચોરી', date: '2024-09-10', district: 'Surat', language: 'gu',
      parts: [{ name: 'incident', text: 'ફરિયાદીની મોટરસાયકલ પાર્કિંગમાંથી ચોરી થઈ. બીએનએસ કલમ 303(2) મુજબ ગુનો.' }] },
  ]);
}
