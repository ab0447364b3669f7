import { chooseEra, dateInText } from '../../src/answer/plan/era';
import { detectFamilies } from '../../src/answer/plan/families';
import { buildPlan } from '../../src/answer/plan/plan';
import { ProcedureSchema, type Procedure } from '../../src/answer/plan/procedure.data';
import { doneSteps } from '../../src/answer/plan/record';

const t = (en: string) => ({ en, hi: `hi ${en}`, gu: `gu ${en}` });
const procedure: Procedure = ProcedureSchema.parse({
  version: 1, source: 'test fixture',
  phases: [{ id: 'registration', label: t('Registration') }, { id: 'scene', label: t('Scene') }, { id: 'inquest', label: t('Inquest') }, { id: 'chargesheet', label: t('Chargesheet') }],
  families: [
    { id: 'murder', label: t('Murder'), offences: { new: ['BNS:103'], old: ['IPC:302'] } },
    { id: 'theft', label: t('Theft'), offences: { new: ['BNS:303'], old: ['IPC:379'] } },
  ],
  steps: [
    { id: 'report', phase: 'chargesheet', families: ['*'], provisions: { new: ['BNSS:193'], old: ['CrPC:173'] }, cite: { new: '193 BNSS', old: '173 CrPC' }, text: t('File the report'), doneWhen: { documentTypes: ['CHARGESHEET'] } },
    { id: 'forensic', phase: 'scene', families: ['murder'], provisions: { new: ['BNSS:176'], old: [] }, cite: { new: '176(3) BNSS', old: '' }, text: t('Forensic team') },
    { id: 'inquest', phase: 'inquest', families: ['murder'], provisions: { new: ['BNSS:194'], old: ['CrPC:174'] }, cite: { new: '194 BNSS', old: '174 CrPC' }, text: t('Hold the inquest'),
      doneWhen: { cues: { en: ['inquest report'], hi: ['पंचायतनामा भरकर'] } } },
    { id: 'stolen-list', phase: 'scene', families: ['theft'], provisions: { new: ['BNSS:180'], old: ['CrPC:161'] }, cite: { new: '180 BNSS', old: '161 CrPC' }, text: t('List the stolen property') },
  ],
});

describe('SOP plan rules', () => {
  it('chooses the code by the FIR date, else by the codes it cites, else today', () => {
    expect(chooseEra('2024-06-30', ['BNS:103'])).toEqual({ era: 'old', decidedBy: 'date' });
    expect(chooseEra('2024-07-01', ['IPC:302'])).toEqual({ era: 'new', decidedBy: 'date' });
    expect(chooseEra(null, ['IPC:302', 'CrPC:154'])).toEqual({ era: 'old', decidedBy: 'citations' });
    expect(chooseEra(undefined, [])).toEqual({ era: 'new', decidedBy: 'today' });
  });

  it('reads the latest real date from an FIR text, in any digits, never one in the future', () => {
    expect(dateInText('घटना दिनांक ११.०४.२०२३ की रात, रिपोर्ट 12/04/2023 को', '2026-01-01')).toBe('2023-04-12');
    expect(dateInText('on 2024-09-05 and again on 31.13.2024', '2026-01-01')).toBe('2024-09-05');
    expect(dateInText('hearing fixed for 01.01.2030', '2026-01-01')).toBeNull();
    expect(dateInText('no date here')).toBeNull();
  });

  it('takes the families the FIR names first, and falls back to what the story states, then to the best hits', () => {
    expect(detectFamilies(procedure, { named: ['IPC:302'], inferred: ['BNS:303'], ranked: [] }).map((f) => f.id)).toEqual(['murder', 'theft']);
    expect(detectFamilies(procedure, { named: [], inferred: ['BNS:303'], ranked: ['IPC:302'] }).map((f) => f.id)).toEqual(['theft']);
    expect(detectFamilies(procedure, { named: ['IPC:34'], inferred: [], ranked: ['BNS:103', 'BNS:1'] }).map((f) => f.id)).toEqual(['murder']);
    expect(detectFamilies(procedure, { named: [], inferred: [], ranked: [] })).toEqual([]);
  });

  it('counts a step done on a completed-action phrase or a document of its kind, not on an intent', () => {
    const steps = procedure.steps;
    const done = doneSteps(steps, [
      { id: 'fir', type: 'FIR', title: '', text: 'Body will be sent for inquest and post-mortem.' },
      { id: 'pn', type: 'PANCHNAMA', title: 'पंचायतनामा', text: 'शव का पंचायतनामा भरकर पोस्टमार्टम हेतु भेजा गया' },
    ]);
    expect([...done.keys()]).toEqual(['inquest']);
    expect(done.get('inquest')!.id).toBe('pn');
    expect(doneSteps(steps, [{ id: 'fir', type: 'FIR', title: '', text: 'Body will be sent for the inquest.' }]).size).toBe(0);
    expect([...doneSteps(steps, [{ id: 'cs', type: 'CHARGESHEET', title: '', text: '' }]).keys()]).toEqual(['report']);
  });

  it('orders steps by phase, keeps only those the governing code provides for, and splits off what is done', () => {
    const [murder] = procedure.families;
    const fresh = buildPlan(procedure, [murder], 'new', 'hi', []);
    expect(fresh.todo.map((s) => s.step.id)).toEqual(['forensic', 'inquest', 'report']);
    expect(fresh.todo[0]).toMatchObject({ phaseLabel: 'hi Scene', text: 'hi Forensic team', cite: '176(3) BNSS', provisions: ['BNSS:176'] });
    const old = buildPlan(procedure, [murder], 'old', 'en', [{ id: 'pn', type: 'PANCHNAMA', title: '', text: 'Inquest report no. 4 drawn' }]);
    expect(old.todo.map((s) => s.step.id)).toEqual(['report']);
    expect(old.done.map((s) => [s.step.id, s.doneBy!.id, s.provisions])).toEqual([['inquest', 'pn', ['CrPC:174']]]);
    expect(buildPlan(procedure, [], 'new', 'en', []).todo.map((s) => s.step.id)).toEqual(['report']);
  });

  it('refuses a data file with an unknown phase, family or a step without provisions', () => {
    const bad = (patch: object) => ProcedureSchema.safeParse({ ...procedure, steps: [{ ...procedure.steps[0], ...patch }] }).success;
    expect(bad({ phase: 'lunch' })).toBe(false);
    expect(bad({ families: ['arson'] })).toBe(false);
    expect(bad({ provisions: { new: [], old: [] } })).toBe(false);
    expect(bad({ provisions: { new: ['BNSS 173'], old: [] } })).toBe(false);
    expect(bad({})).toBe(true);
  });
});
