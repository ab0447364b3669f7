import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readFiles } from '../../src/eval/eval-index';
import { readPlanCases } from '../../src/eval/plan-eval';

describe('plan evaluation sets', () => {
  it('reads the committed sets: at least ten FIRs per language, each expected step a section of the code in force', () => {
    for (const file of ['plan-eval1.jsonl', 'plan-eval2.jsonl']) {
      const cases = readPlanCases(path.resolve(__dirname, '../../seeds/plans', file));
      for (const lang of ['en', 'hi', 'gu']) expect(cases.filter((c) => c.language === lang).length).toBeGreaterThanOrEqual(10);
      for (const c of cases) {
        const codes = c.fir.date >= '2024-07-01' ? /^(BNSS|BSA):/ : /^(CrPC|IEA):/;
        for (const e of c.expected) expect([c.id, e.provision, codes.test(e.provision)]).toEqual([c.id, e.provision, true]);
      }
    }
  });

  it('names the file and line of a malformed case, and reports a missing file in one line instead of throwing', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nyaya-plans-'));
    const bad = path.join(dir, 'bad.jsonl');
    fs.writeFileSync(bad, `${JSON.stringify({ id: 'x', language: 'en', family: 'murder', fir: { date: '2024-01-01', text: 'FIR' }, expected: [] })}\n`);
    expect(() => readPlanCases(bad)).toThrow(/bad\.jsonl:1: expected/);
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(readFiles(`${bad},${path.join(dir, 'none.jsonl')}`, readPlanCases)).toBeNull();
      expect(write).toHaveBeenCalledTimes(1);
    } finally {
      write.mockRestore();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
