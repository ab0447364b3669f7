import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseTemplate, renderTemplate, TemplateError, type RenderEnv } from '../../src/seeds/fir-template';
import { firStream, generateFirs } from '../../src/seeds/synthetic-fir';
import { OFFENCES } from '../../src/seeds/synthetic-fir.templates';

/** An environment whose draws are scripted: pick takes the index given, int returns lo + the value given. */
function env(fields: Record<string, string | number>, draws: number[], isNew = false): RenderEnv & { drawn: number } {
  const e = {
    drawn: 0,
    fields, isNew,
    list: (name: string) => ({ landmarks: ['temple', 'bus stand'] } as Record<string, string[]>)[name],
    pick: <T>(xs: readonly T[]) => xs[draws[e.drawn++]],
    int: (lo: number) => lo + draws[e.drawn++],
  };
  return e;
}

describe('FIR template language', () => {
  it('renders fields, choices, lists, numbers, code wording and flags', () => {
    const e = env({ victim: 'Ravi', place: 'near the well' }, [1, 0, 3, 1]);
    const nodes = parseTemplate('{^place}, {victim} met {one:{accused}|a stranger} at the {any:landmarks} {int:2-9} times ({code:IPC|BNS}).{flag:girl} {if girl:She|He} left.');
    // A field the data names but the environment lacks is an error, not "undefined" in the text.
    expect(() => renderTemplate(nodes, e)).toThrow(new TemplateError('unknown field {accused}'));
    const ok = env({ victim: 'Ravi', place: 'near the well', accused: 'Mohan' }, [1, 0, 3, 1]);
    expect(renderTemplate(nodes, ok)).toBe('Near the well, Ravi met a stranger at the temple 5 times (IPC). She left.');
    expect(ok.drawn).toBe(4);
    expect(renderTemplate(parseTemplate('{code:IPC|BNS}'), env({}, [], true))).toBe('BNS');
  });

  it('renders every alternative before choosing, so the draws do not depend on the choice', () => {
    const first = env({}, [0, 0, 0]);
    const second = env({}, [0, 0, 1]);
    const t = parseTemplate('{one:{int:1-5}|{int:6-9}}');
    expect(renderTemplate(t, first)).toBe('1');
    expect(renderTemplate(t, second)).toBe('6');
    expect([first.drawn, second.drawn]).toEqual([3, 3]);
    // Spaces belong to the alternative: an empty one and one with a leading space.
    expect(renderTemplate(parseTemplate('Driver{one:| Ram}.'), env({}, [1]))).toBe('Driver Ram.');
  });

  it.each([
    ['{victim', /unclosed|unknown/],
    ['{one:a|b', /unclosed/],
    ['a | b', /unexpected "\|"/],
    ['a } b', /unexpected "\}"/],
    ['{pick:a|b}', /unknown "\{pick:a\|b}/],
    ['{code:IPC|BNS|BNSS}', /takes two alternatives, not 3/],
    ['{if girl:she}', /takes two alternatives, not 1/],
  ])('refuses the malformed template %s', (text, message) => {
    expect(() => parseTemplate(text)).toThrow(TemplateError);
    expect(() => parseTemplate(text)).toThrow(message);
  });

  it('refuses {if} before its {flag}', () => {
    expect(() => renderTemplate(parseTemplate('{if girl:a|b}'), env({}, []))).toThrow(/before its \{flag:girl\}/);
  });

  it('the data file renders for every language and offence, with no placeholder left in the text', () => {
    const texts = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../seeds/synthetic/fir-texts.json'), 'utf8')) as { offences: Record<string, Record<string, unknown>> };
    for (const lang of ['en', 'hi', 'gu']) expect(Object.keys(texts.offences[lang]).sort()).toEqual(OFFENCES.map((o) => o.key).sort());
    const docs = generateFirs(1200, 5);
    const seen = new Set(docs.map((d) => `${d.language}:${d.extra?.offence}`));
    expect(seen.size).toBe(3 * OFFENCES.length);
    for (const d of docs) for (const p of d.parts ?? []) expect(p.text).not.toMatch(/[{}|]|undefined|NaN/);
  });

  it('generates the corpus the benchmarks were measured on, unchanged since the texts moved out of code', () => {
    // The digest of generateFirs(3000, s) for these seeds when the texts were TypeScript functions (commit 7fc99bb).
    const h = createHash('sha1');
    for (const s of [1, 7, 11, 23]) h.update(JSON.stringify(generateFirs(3000, s)));
    expect(h.digest('hex')).toBe('a7c56267f55b06bc0cbfa4e3f06b7e2510fd1b82');
    // The stream gives the same FIRs one at a time.
    const stream = firStream(11);
    expect(Array.from({ length: 50 }, () => stream.next().value)).toEqual(generateFirs(50, 11));
  });
});
