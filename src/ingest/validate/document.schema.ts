import { z } from 'zod';
import { STATUTE_CODES } from '../../domain/codes';
import { findUnstorable } from '../../text/storable';
import { AUTHORITY_LEVELS, DOCUMENT_TYPES, LANGUAGES, type DocumentInput, type DocumentType } from '../../domain/document.types';

/** A whole document may hold at most this many characters of text: a 50 MB paste is refused, not chunked. */
export const MAX_DOCUMENT_CHARS = 1_000_000;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be an ISO date YYYY-MM-DD').refine((s) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}, 'is not a real calendar date');

const shortText = (max: number) => z.string().trim().min(1).max(max);

export const documentInputSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:\-/#]{0,127}$/, 'must be 1-128 letters, digits or . _ : - / #').optional(),
    type: z.enum(DOCUMENT_TYPES),
    title: shortText(500),
    language: z.enum(LANGUAGES).optional(),
    date: isoDate.optional(),
    district: shortText(200).optional(),
    policeStation: shortText(200).optional(),
    court: shortText(200).optional(),
    authority: z.enum(AUTHORITY_LEVELS).optional(),
    sectionsCited: z.array(shortText(200)).max(200).optional(),
    parts: z.array(z.object({ name: shortText(100), text: z.string() })).max(500).optional(),
    text: z.string().optional(),
    statute: z.object({ code: z.enum(STATUTE_CODES), number: z.string().regex(/^[0-9]+[A-Za-z]{0,2}$/), chapter: z.string().optional() }).optional(),
    extra: z.record(z.string(), z.string().max(5000)).optional(),
  })
  .strict();

/** Parts a document of each type must have when given as parts; free text is split and checked for length only. */
export const REQUIRED_PARTS: Partial<Record<DocumentType, string[]>> = {
  FIR: ['incident'],
  CHARGESHEET: ['accused', 'investigation'],
  PANCHNAMA: ['observations'],
};

export interface ValidationProblem {
  path: string;
  message: string;
}

export type Validated = { ok: true; value: DocumentInput } | { ok: false; problems: ValidationProblem[] };

function textOf(d: DocumentInput): string {
  return [d.text ?? '', ...(d.parts ?? []).map((p) => p.text)].join('\n');
}

/** Binary junk shows as control characters or U+FFFD replacement characters from a failed decode. */
function looksBinary(text: string): boolean {
  const sample = text.slice(0, 20000);
  // eslint-disable-next-line no-control-regex -- control characters are exactly what marks binary input
  const bad = sample.match(/[\u0000-\u0008\u000E-\u001F\uFFFD]/g)?.length ?? 0;
  return sample.length > 0 && bad / sample.length > 0.01;
}

export function validateDocument(input: unknown): Validated {
  const parsed = documentInputSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.slice(0, 10).map((i) => ({ path: i.path.join('.') || '(document)', message: i.message })) };
  }
  const d = parsed.data as DocumentInput;
  const problems: ValidationProblem[] = [];
  const text = textOf(d);
  if (!d.parts?.length && d.text === undefined) problems.push({ path: '(document)', message: 'needs either parts or text' });
  if (!text.trim()) problems.push({ path: d.parts ? 'parts' : 'text', message: 'is empty' });
  if (text.length > MAX_DOCUMENT_CHARS) problems.push({ path: d.parts ? 'parts' : 'text', message: `has ${text.length} characters; at most ${MAX_DOCUMENT_CHARS} are accepted` });
  else if (looksBinary(text)) problems.push({ path: d.parts ? 'parts' : 'text', message: 'looks like binary data, not text' });
  const required = REQUIRED_PARTS[d.type];
  if (required && d.parts?.length) {
    const names = new Set(d.parts.filter((p) => p.text.trim()).map((p) => p.name.toLowerCase()));
    for (const r of required) if (!names.has(r)) problems.push({ path: 'parts', message: `a ${d.type} needs a non-empty "${r}" part` });
  }
  if (d.type === 'BARE_ACT_SECTION' && !d.statute) problems.push({ path: 'statute', message: 'a BARE_ACT_SECTION needs statute { code, number }' });
  // Last, so binary junk is reported as such rather than by its first NUL.
  const unstorable = problems.length ? undefined : findUnstorable(d, '(document)');
  if (unstorable) problems.push({ path: unstorable.where.replace(/^\(document\)\./, ''), message: `holds ${unstorable.problem}` });
  return problems.length ? { ok: false, problems } : { ok: true, value: d };
}
