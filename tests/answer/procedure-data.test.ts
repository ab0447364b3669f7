import fs from 'node:fs';
import path from 'node:path';
import { loadProcedure, namedProvisions } from '../../src/answer/plan/procedure.data';
import { Glossary } from '../../src/expand/glossary';
import { prepareDocument } from '../../src/ingest/prepare';
import { loadStatutes } from '../../src/seeds/statutes';

const catalogue = loadStatutes();
const procedure = loadProcedure();
const seedCases = ['en', 'hi', 'gu'].flatMap((lang) => {
  const dir = path.resolve(__dirname, '../../seeds/cases', lang);
  return fs.readdirSync(dir).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
});

describe('procedure knowledge and the statute catalogue', () => {
  it('names only provisions that exist in the statute catalogue', () => {
    const named = namedProvisions(procedure);
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((id) => !catalogue.has(id))).toEqual([]);
  });

  it('covers the ten offence families, each with steps in every phase from registration to chargesheet, in both codes', () => {
    expect(procedure.families.map((f) => f.id).sort()).toEqual(
      ['cheating', 'dowry-death', 'extortion', 'hurt', 'kidnapping', 'murder', 'road-accident', 'robbery', 'sexual-offences', 'theft']);
    for (const f of procedure.families) {
      for (const era of ['new', 'old'] as const) {
        const steps = procedure.steps.filter((s) => s.provisions[era].length && (s.families.includes('*') || s.families.includes(f.id)));
        expect({ family: f.id, era, enough: steps.length >= 6 }).toEqual({ family: f.id, era, enough: true });
        const phases = new Set(steps.map((s) => s.phase));
        for (const p of ['registration', 'statements', 'chargesheet']) expect({ family: f.id, era, phase: p, has: phases.has(p) }).toEqual({ family: f.id, era, phase: p, has: true });
      }
      expect(f.offences.new.length && f.offences.old.length).toBeTruthy();
    }
  });

  it('gives the provisions police cite every day with their official titles and where each came from', () => {
    for (const [id, title] of [['CrPC:41A', /notice of appearance/i], ['CrPC:41B', /procedure of arrest/i], ['CrPC:41D', /advocate/i], ['BNSS:105', /audio-video/i], ['BSA:61', /electronic/i]] as const) {
      expect(catalogue.get(id)?.title).toMatch(title);
      const doc = catalogue.bareActDocuments().find((d) => d.id === `act-${id.split(':')[0].toLowerCase()}-${id.split(':')[1].toLowerCase()}`);
      expect(doc?.extra?.source).toMatch(/Act|Sanhita|Adhiniyam/);
    }
    // CrPC 41A came in with the 2008 amendment; its BNSS successor is 35(3).
    expect(catalogue.equivalences.some((e) => e.fromId === 'CrPC:41A' && e.toId === 'BNSS:35')).toBe(true);
  });

  it('links every section the seed corpus cites', () => {
    const count = (t: string) => Math.ceil(t.length / 4);
    const glossary = Glossary.load();
    const unknown = seedCases.flatMap((d) => prepareDocument(d, { catalogue, count, glossary }).document.warnings.filter((w) => w.startsWith('unknown section')).map((w) => `${d.id}: ${w}`));
    expect(unknown).toEqual([]);
  });

  it('has SOP documents for the offence families in all three languages, dated under the new codes', () => {
    const sops = seedCases.filter((d) => d.type === 'SOP');
    expect(new Set(sops.map((d) => d.language))).toEqual(new Set(['en', 'hi', 'gu']));
    expect(sops.filter((d) => d.date >= '2024-07-01').length).toBeGreaterThanOrEqual(6);
  });
});
