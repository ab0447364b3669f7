import fs from 'node:fs';
import path from 'node:path';
import type { DocumentInput } from '../domain/document.types';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "26 September 1973" → "1973-09-26". */
export function judgmentDate(s: string): string | undefined {
  const m = /^(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})$/.exec(s.trim());
  const month = m ? MONTHS.indexOf(m[2].toLowerCase()) : -1;
  if (!m || month < 0) return undefined;
  return `${m[3]}-${String(month + 1).padStart(2, '0')}-${m[1].padStart(2, '0')}`;
}

/** A judgment file: line 1 title, line 2 court, line 3 date, then paragraphs (one per line). */
export function parseJudgment(id: string, content: string): DocumentInput {
  const lines = content.split(/\r?\n/);
  const [title, court] = [lines[0]?.trim(), lines[1]?.trim()];
  const rest = lines.slice(2);
  const dateLine = rest.findIndex((l) => l.trim());
  const date = dateLine >= 0 ? judgmentDate(rest[dateLine]) : undefined;
  const body = rest.slice(date ? dateLine + 1 : 0).map((l) => l.trim()).filter(Boolean).join('\n\n');
  return {
    id: `sc-${id.toLowerCase()}`, type: 'COURT_RULING', title: title || id, court: court || undefined, date,
    authority: /supreme court/i.test(court ?? '') ? 'SUPREME_COURT' : 'HIGH_COURT',
    parts: [{ name: 'judgment', text: body }],
  };
}

export function loadJudgments(dir: string): DocumentInput[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => f.endsWith('.txt')).sort()
    .map((f) => parseJudgment(path.basename(f, '.txt'), fs.readFileSync(path.join(dir, f), 'utf8')));
}
