import { loadStatutes } from '../../src/seeds/statutes';

describe('statute catalogue from seeds/', () => {
  const c = loadStatutes();
  const count = (code: string) => c.sections.filter((s) => s.code === code).length;

  it('knows every section of the six codes', () => {
    expect(count('IPC')).toBeGreaterThanOrEqual(570);
    expect(count('BNS')).toBe(358);
    expect(count('CrPC')).toBeGreaterThan(480);
    expect(count('BNSS')).toBeGreaterThan(500);
    expect(count('IEA')).toBeGreaterThan(160);
    expect(count('BSA')).toBeGreaterThan(160);
    expect(c.has('IPC:498A')).toBe(true);
    expect(c.has('IPC:999')).toBe(false);
  });

  it('has English and Hindi titles', () => {
    expect(c.get('IPC:302')).toMatchObject({ title: 'Punishment for murder', titleHi: 'हत्या के लिए दण्ड' });
    expect(c.get('BNS:103')).toMatchObject({ title: 'Punishment for murder' });
    expect(c.get('BNSS:173')?.title).toBe('Information in cognizable cases');
  });

  it('relates old and new codes as mapped, split or merged', () => {
    const edge = (a: string, b: string) => c.equivalences.find((e) => e.fromId === a && e.toId === b);
    expect(edge('IPC:302', 'BNS:103')).toMatchObject({ relation: 'mapped' });
    expect(edge('IPC:498A', 'BNS:85')).toMatchObject({ relation: 'split' });
    expect(edge('IPC:498A', 'BNS:86')).toMatchObject({ relation: 'split' });
    expect(edge('IPC:379', 'BNS:303')).toMatchObject({ relation: 'merged', provisions: '303(2)' });
    expect(edge('CrPC:154', 'BNSS:173')).toMatchObject({ relation: 'mapped' });
    expect(edge('IEA:27', 'BSA:23')).toBeDefined();
  });

  it('makes one bare-act document per section, BNSS carrying its CrPC counterpart in English', () => {
    const docs = c.bareActDocuments();
    expect(docs).toHaveLength(c.sections.length);
    const bnss = docs.find((d) => d.id === 'act-bnss-173')!;
    expect(bnss.statute).toEqual({ code: 'BNSS', number: '173', chapter: expect.any(String) });
    expect(bnss.parts![0].text).toContain('Code of Criminal Procedure, 1973 s. 154');
    expect(new Set(docs.map((d) => d.id)).size).toBe(docs.length);
  });
});
