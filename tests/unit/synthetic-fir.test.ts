import { generateFirs, indianNumber, mulberry32 } from '../../src/seeds/synthetic-fir';

const NEW_CODES_FROM = '2024-07-01';

function shingles(text: string): Set<string> {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const out = new Set<string>();
  for (let i = 0; i + 2 < words.length; i++) out.add(`${words[i]} ${words[i + 1]} ${words[i + 2]}`);
  return out;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter || 1);
}

const incidentOf = (d: { parts?: { name: string; text: string }[] }): string => d.parts?.find((p) => p.name === 'incident')?.text ?? '';

describe('synthetic FIR generator', () => {
  const docs = generateFirs(200, 3);

  it('is deterministic for a seed and varies with the seed', () => {
    expect(generateFirs(40, 7)).toEqual(generateFirs(40, 7));
    expect(generateFirs(40, 7)).not.toEqual(generateFirs(40, 8));
    expect(generateFirs(10, 7)).toEqual(generateFirs(40, 7).slice(0, 10));
    const r = mulberry32(42);
    const first = [r(), r(), r()];
    const again = mulberry32(42);
    expect([again(), again(), again()]).toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('returns the requested count, with the default seed as well', () => {
    expect(docs).toHaveLength(200);
    expect(generateFirs(0)).toEqual([]);
    expect(generateFirs(17)).toHaveLength(17);
    expect(generateFirs(5)).toEqual(generateFirs(5, 1));
  });

  it('mixes languages about 50% en, 25% hi, 25% gu', () => {
    const by = (l: string): number => docs.filter((d) => d.language === l).length;
    expect(by('en') / 200).toBeGreaterThanOrEqual(0.45);
    expect(by('en') / 200).toBeLessThanOrEqual(0.55);
    expect(by('hi') / 200).toBeGreaterThanOrEqual(0.2);
    expect(by('gu') / 200).toBeGreaterThanOrEqual(0.2);
    expect(by('en') + by('hi') + by('gu')).toBe(200);
    expect(docs.filter((d) => d.language === 'hi').every((d) => /[\u0900-\u097F]/.test(incidentOf(d)))).toBe(true);
    expect(docs.filter((d) => d.language === 'gu').every((d) => /[\u0A80-\u0AFF]/.test(incidentOf(d)))).toBe(true);
  });

  it('gives every FIR the four parts in order, with non-empty text and FIR metadata', () => {
    for (const d of docs) {
      expect(d.type).toBe('FIR');
      expect(d.authority).toBe('CASE_RECORD');
      expect(d.parts?.map((p) => p.name)).toEqual(['complainant', 'incident', 'evidence', 'accused']);
      for (const p of d.parts ?? []) expect(p.text.trim().length).toBeGreaterThan(20);
      expect(d.district).toBeTruthy();
      expect(d.policeStation).toBeTruthy();
      expect(d.extra?.firNumber).toMatch(new RegExp(`^\\d{4}/${d.date?.slice(0, 4)}$`));
      expect(d.date! >= '2022-01-01' && d.date! <= '2025-12-31').toBe(true);
    }
    const incidentLongest = docs.filter((d) => {
      const lens = (d.parts ?? []).map((p) => p.text.length);
      return lens[1] === Math.max(...lens);
    });
    expect(incidentLongest.length / docs.length).toBeGreaterThan(0.8);
  });

  it('cites IPC/CrPC before 1 July 2024 and BNS/BNSS from then on', () => {
    const old = docs.filter((d) => d.date! < NEW_CODES_FROM);
    const neu = docs.filter((d) => d.date! >= NEW_CODES_FROM);
    expect(old.length).toBeGreaterThan(40);
    expect(neu.length).toBeGreaterThan(40);
    for (const d of old) {
      const cited = d.sectionsCited ?? [];
      expect(cited.some((s) => s.startsWith('IPC '))).toBe(true);
      expect(cited).toContain('CrPC 154');
      expect(cited.some((s) => /^(BNS|BNSS|BSA) /.test(s))).toBe(false);
    }
    for (const d of neu) {
      const cited = d.sectionsCited ?? [];
      expect(cited.some((s) => s.startsWith('BNS '))).toBe(true);
      expect(cited).toContain('BNSS 173');
      expect(cited.some((s) => /^(IPC|CrPC|IEA) /.test(s))).toBe(false);
    }
    // The English text names the code of its date, never the other one.
    for (const d of docs.filter((x) => x.language === 'en')) {
      const all = (d.parts ?? []).map((p) => p.text).join(' ');
      if (d.date! < NEW_CODES_FROM) {
        expect(all).toMatch(/IPC|Indian Penal Code/);
        expect(all).not.toMatch(/\bBNSS?\b|Bharatiya/);
      } else {
        expect(all).toMatch(/\bBNS\b|Bharatiya Nyaya Sanhita/);
        expect(all).not.toMatch(/\bIPC\b|Indian Penal Code|Cr\.P\.C\./);
      }
    }
  });

  it('gives unique ids of the form syn-fir-<seed>-<n>', () => {
    const ids = docs.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toBe('syn-fir-3-1');
    expect(ids[199]).toBe('syn-fir-3-200');
  });

  it('covers many offences and produces incident texts that are mostly distinct, not near-duplicates', () => {
    for (const lang of ['en', 'hi', 'gu']) {
      const offences = new Set(docs.filter((d) => d.language === lang).map((d) => d.extra?.offence));
      expect(offences.size).toBeGreaterThanOrEqual(10);
    }
    const incidents = docs.map(incidentOf);
    expect(new Set(incidents).size).toBeGreaterThanOrEqual(195);

    const sh = incidents.map(shingles);
    let pairs = 0;
    let near = 0;
    for (let i = 0; i < sh.length; i++) {
      for (let j = i + 1; j < sh.length; j++) {
        if (docs[i].language !== docs[j].language) continue;
        pairs++;
        if (jaccard(sh[i], sh[j]) > 0.8) near++;
      }
    }
    expect(near / pairs).toBeLessThan(0.01);
  });

  it('formats amounts with Indian digit grouping', () => {
    expect(indianNumber(950)).toBe('950');
    expect(indianNumber(1000)).toBe('1,000');
    expect(indianNumber(125000)).toBe('1,25,000');
    expect(indianNumber(12345678)).toBe('1,23,45,678');
  });
});
