import type { DocumentInput, DocumentPart, DocumentType } from '../../domain/document.types';

/**
 * Plain text and Markdown documents: an optional header of "Key: Value" lines (Type, Title, Date, District,
 * Police Station, Court, Language, Sections), then a body whose Markdown headings (or "HEADING:" lines in
 * capitals) become parts. Without headings the body is one part named "text".
 */
const HEADER_KEYS: Record<string, keyof DocumentInput> = {
  type: 'type', title: 'title', date: 'date', district: 'district', 'police station': 'policeStation',
  ps: 'policeStation', court: 'court', language: 'language', id: 'id', sections: 'sectionsCited',
};

export function parseTextDocument(content: string, fallback: { title: string; type?: DocumentType }): Record<string, unknown> {
  const lines = content.replace(/^\uFEFF/, '').split(/\r?\n/);
  const doc: Record<string, unknown> = {};
  let i = 0;
  for (; i < lines.length; i++) {
    const m = /^([A-Za-z ]{2,20}):\s*(.+)$/.exec(lines[i].trim());
    const key = m && HEADER_KEYS[m[1].trim().toLowerCase()];
    if (!m || !key) break;
    doc[key] = key === 'sectionsCited' ? m[2].split(/[;,]/).map((s) => s.trim()).filter(Boolean) : m[2].trim();
  }
  if (typeof doc.type === 'string') doc.type = doc.type.toUpperCase().replace(/[\s-]+/g, '_');
  doc.type ??= fallback.type ?? 'SOP';
  const body = lines.slice(i);
  const parts: DocumentPart[] = [];
  let current: DocumentPart | null = null;
  for (const line of body) {
    const heading = /^#{1,6}\s+(.+?)\s*#*$/.exec(line) ?? /^([A-Z][A-Z /&-]{2,60}):\s*$/.exec(line.trim());
    if (heading) {
      current = { name: heading[1].trim().toLowerCase(), text: '' };
      parts.push(current);
      continue;
    }
    if (!current) {
      if (!line.trim()) continue;
      current = { name: 'text', text: '' };
      parts.push(current);
    }
    current.text += line + '\n';
  }
  const kept = parts.map((p) => ({ name: p.name, text: p.text.trim() })).filter((p) => p.text);
  if (!doc.title) {
    const firstHeading = body.find((l) => /^#\s+/.test(l));
    doc.title = firstHeading ? firstHeading.replace(/^#\s+/, '').trim() : fallback.title;
  }
  doc.parts = kept;
  return doc;
}
