import { usefulEquivalents } from '../../src/expand/sections';

const edge = (fromId: string, toId: string, relation: string, provisions: string) => ({ fromId, toId, relation, provisions });

describe('usefulEquivalents', () => {
  it('keeps every counterpart of a section with three or fewer', () => {
    const edges = [edge('BNS:303', 'IPC:378', 'split', '303(1)'), edge('BNS:303', 'IPC:379', 'split', '303(2)')];
    expect(usefulEquivalents(edges, 'BNS:303').map((e) => e.toId)).toEqual(['IPC:378', 'IPC:379']);
  });

  it('follows a named sub-section to its own counterpart', () => {
    const edges = [edge('BNS:303', 'IPC:378', 'split', '303(1)'), edge('BNS:303', 'IPC:379', 'split', '303(2)')];
    expect(usefulEquivalents(edges, 'BNS:303', { subsection: '2' }).map((e) => e.toId)).toEqual(['IPC:379']);
  });

  it('keeps only the one-to-one counterparts of a section with many', () => {
    const edges = [edge('IPC:1', 'BNS:1', 'mapped', '1'), ...[2, 3, 4].map((n) => edge('IPC:1', `BNS:${n}`, 'split', `${n}`))];
    expect(usefulEquivalents(edges, 'IPC:1').map((e) => e.toId)).toEqual(['BNS:1']);
  });

  const merged = [
    edge('BNS:329', 'IPC:448', 'merged', '329(4)'), edge('BNS:329', 'IPC:441', 'merged', '329(1)'),
    edge('BNS:329', 'IPC:447', 'merged', '329(3)'), edge('BNS:329', 'IPC:442', 'merged', '329(2)'),
  ];

  it('gives a named section that merged several all its parts, in sub-section order', () => {
    expect(usefulEquivalents(merged, 'BNS:329', {}).map((e) => e.toId)).toEqual(['IPC:441', 'IPC:442', 'IPC:447', 'IPC:448']);
  });

  it('gives a merged section that the query did not name none of them (a hit must not drown the list)', () => {
    expect(usefulEquivalents(merged, 'BNS:329')).toEqual([]);
  });

  it('gives none of the dozens a definitions section gathers, even when named (BNS 2)', () => {
    const edges = Array.from({ length: 37 }, (_, i) => edge('BNS:2', `IPC:${i + 8}`, 'merged', `2(${i + 1})`));
    expect(usefulEquivalents(edges, 'BNS:2', {})).toEqual([]);
  });
});
