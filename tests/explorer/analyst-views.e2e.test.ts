import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { Page, Request } from 'playwright-core';
import type { DocumentInput } from '../../src/domain/document.types';
import { describeWithChromium } from '../support/chromium';
import type { TestServer } from '../support/server';
import { openExplorer, type ExplorerFixture } from './explorer-fixture';
import { colourShare, lineShare, parseRgb } from './node-pixels';
import { drawnEdge, drawnNodes, loads, nextLoad, painted, panelFor, withClass } from './page-probe';

const SHOTS = path.resolve(__dirname, '../../.cache/explorer');
const PATH_COLOUR: [number, number, number] = [255, 0, 204]; // #ff00cc, public/explorer/style.js

const ruling = (id: string, date: string, district: string, text: string): DocumentInput => ({
  id, type: 'COURT_RULING', title: `State v. ${id.replace('av-', '')}`, date, district, court: `Sessions Court, ${district}`,
  parts: [{ name: 'judgment', text }],
});

// Theft cases with known months and districts. Anonymous callers see the rulings only; the FIR shows with an
// ADMIN token. av-ruling-a is the only document citing IPC 34, so every path from IPC 34 runs through it.
const DOCUMENTS: DocumentInput[] = [
  { ...ruling('av-ruling-a', '2024-05-03', 'Surat', 'The accused were convicted u/s 379 IPC read with section 34 IPC for stealing a motorcycle.'), title: 'State v. Mehul and Jignesh' },
  ruling('av-ruling-b', '2024-05-20', 'Ahmedabad', 'Conviction u/s 379 IPC for the theft of a mobile phone is upheld.'),
  ruling('av-ruling-c', '2024-05-28', 'Surat', 'The accused stole copper wire; offence u/s 379 IPC.'),
  ruling('av-ruling-d', '2024-08-12', 'Surat', 'Charged u/s 303(2) BNS for the theft of a scooter on 2 August 2024.'),
  ruling('av-ruling-e', '2024-09-01', 'Ahmedabad', 'Theft of cattle, punishable u/s 303(2) BNS.'),
  ruling('av-ruling-murder', '2024-06-10', 'Surat', 'The appellant was convicted u/s 302 IPC; no theft was alleged.'),
  {
    id: 'av-fir', type: 'FIR', title: 'FIR 91/2024 Katargam', date: '2024-08-15', district: 'Surat',
    parts: [{ name: 'incident', text: 'The complainant\'s bicycle was stolen from the society parking; offence u/s 303(2) BNS.' }],
  },
];

type Bar = { month: string; documents: number };

describeWithChromium()('explorer path and trends views in headless Chromium (embedded)', () => {
  let f: ExplorerFixture;
  let t: TestServer;
  let page: Page;
  let base: string;
  let pageErrors: string[];

  beforeAll(async () => {
    f = await openExplorer(DOCUMENTS);
    ({ t, page, base, pageErrors } = f);
  });

  afterAll(() => f?.close());

  async function open(query: string): Promise<string> {
    await page.goto(`${base}/explorer?${query}`);
    return nextLoad(page, 0);
  }

  const pathText = async () => (await page.textContent('#path'))?.replace(/\s+/g, ' ') ?? '';
  const dataState = (selector: string) => page.getAttribute(selector, 'data-state');
  const bars = (): Promise<Bar[]> => page.$$eval('#trends rect.bar', (rects) => rects.map((r) => ({
    month: r.getAttribute('data-month') ?? '', documents: Number(r.getAttribute('data-documents')),
  })));
  const rows = (): Promise<string[]> => page.$$eval('#trends tbody tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent).join(' ')));

  it('draws the path to "Path to" into the graph, highlighted, with its chain in the side panel', async () => {
    expect(await open('start=IPC:34&pathTo=IPC 379')).toBe('ready');
    expect(await dataState('#path')).toBe('found');
    expect(await pathText()).toContain('IPC 34 → State v. Mehul and Jignesh → IPC 379: 2 hops');
    expect(await page.inputValue('#pathTo')).toBe('IPC:379');

    // The path is merged into the depth-1 graph around IPC 34 (which holds BNS 3 but not IPC 379)...
    const ids = (await drawnNodes(page)).map((n) => n.id);
    expect(ids).toEqual(expect.arrayContaining(['IPC:34', 'BNS:3', 'av-ruling-a', 'IPC:379']));
    // ...and only the path is highlighted; the rest is faded.
    const onPath = await withClass(page, 'path');
    expect(onPath.nodes.sort()).toEqual(['IPC:34', 'IPC:379', 'av-ruling-a']);
    expect(onPath.edges.sort()).toEqual(['av-ruling-a→IPC:34', 'av-ruling-a→IPC:379']);
    const faded = await withClass(page, 'faded');
    expect(faded.nodes).toContain('BNS:3');
    expect(faded.nodes).not.toContain('IPC:34');
    const edge = await drawnEdge(page, 'av-ruling-a', 'IPC:379');
    expect(edge).toMatchObject({ colour: 'rgb(255,0,204)', width: '6px' });
  });

  it('shows the highlighted path on screen (screenshot)', async () => {
    await painted(page);
    const shot = await page.screenshot();
    fs.mkdirSync(SHOTS, { recursive: true });
    fs.writeFileSync(path.join(SHOTS, 'path-ipc-34-ipc-379.png'), shot);
    const png = PNG.sync.read(shot);
    for (const [s, tgt] of [['av-ruling-a', 'IPC:34'], ['av-ruling-a', 'IPC:379']]) {
      const e = (await drawnEdge(page, s, tgt))!;
      const share = lineShare(png, e.from, e.to, PATH_COLOUR);
      if (share < 0.6) throw new Error(`${s}→${tgt} shows the path colour on only ${Math.round(share * 100)}% of its line; see ${SHOTS}`);
    }
    // Discriminating: the faded equivalence IPC 34 → BNS 3 is not drawn in the path colour.
    const off = (await drawnEdge(page, 'IPC:34', 'BNS:3'))!;
    expect(lineShare(png, off.from, off.to, PATH_COLOUR)).toBeLessThan(0.05);
    // The path rings its nodes without repainting them: each still shows its own code or type colour.
    const nodes = new Map((await drawnNodes(page)).map((n) => [n.id, n]));
    for (const id of ['IPC:34', 'av-ruling-a', 'IPC:379']) {
      const node = nodes.get(id)!;
      expect(colourShare(png, node, parseRgb(node.colour))).toBeGreaterThan(0.6);
    }
    // A faded node is not shown in its full colour.
    const bns3 = nodes.get('BNS:3')!;
    expect(colourShare(png, bns3, parseRgb(bns3.colour))).toBeLessThan(0.05);
  });

  it('finds a path across an equivalence from the "Path to" field, links it, and shows a step\'s details', async () => {
    const before = await loads(page);
    await page.fill('#pathTo', 'BNS 303(2)');
    await page.click('#findPath');
    expect(await nextLoad(page, before)).toBe('ready');
    expect(new URL(page.url()).searchParams.get('pathTo')).toBe('BNS:303');
    expect(await pathText()).toContain('IPC 34 → State v. Mehul and Jignesh → IPC 379 → BNS 303: 3 hops');
    const onPath = await withClass(page, 'path');
    expect(onPath.nodes.sort()).toEqual(['BNS:303', 'IPC:34', 'IPC:379', 'av-ruling-a']);
    expect(onPath.edges).toContain('IPC:379→BNS:303');

    await page.click('#path a.step[data-id="BNS:303"]');
    expect(await panelFor(page, 'BNS:303')).toBe('ready');
    expect(await page.textContent('#panel')).toContain('Bharatiya Nyaya Sanhita');
    fs.writeFileSync(path.join(SHOTS, 'path-ipc-34-bns-303.png'), await page.screenshot());

    const again = await loads(page);
    await page.click('#path .clear-path');
    expect(await nextLoad(page, again)).toBe('ready');
    expect(new URL(page.url()).searchParams.has('pathTo')).toBe(false);
    expect(await page.isHidden('#path')).toBe(true);
    expect(await withClass(page, 'path')).toEqual({ nodes: [], edges: [] });
  });

  it('says when there is no path, and shows the API\'s error with its code', async () => {
    expect(await open('start=IPC:34&pathTo=IPC:500')).toBe('ready');
    expect(await dataState('#path')).toBe('missing');
    expect(await pathText()).toContain('No path within 4 hops from IPC 34 to IPC 500');
    expect(await withClass(page, 'path')).toEqual({ nodes: [], edges: [] });
    expect(await withClass(page, 'faded')).toEqual({ nodes: [], edges: [] });

    // The graph still shows; the path's error is shown where the path would be.
    expect(await open('start=IPC:34&pathTo=IPC:9999')).toBe('ready');
    expect(await dataState('#path')).toBe('error');
    expect(await pathText()).toMatch(/IPC has no section 9999 UNKNOWN_SECTION/);

    // The graph's own error still ends the load as an error, with no stale path left on show.
    expect(await open('start=IPC:34&pathTo=IPC:379&limit=501')).toBe('error');
    expect(await page.textContent('#error')).toContain('BAD_USER_INPUT');
    expect(await page.isHidden('#path')).toBe(true);

    // A document as start: no path can start there, and there are no section trends to show.
    expect(await open('start=av-ruling-a&pathTo=IPC:379')).toBe('ready');
    expect(await dataState('#path')).toBe('nostart');
    expect(await page.isHidden('#trends')).toBe(true);
  });

  it('shows the start section\'s documents per month, equivalents included, with a per-district breakdown', async () => {
    expect(await open('start=IPC 379')).toBe('ready');
    expect(await dataState('#trends')).toBe('ready');
    expect(await page.getAttribute('#trends', 'data-total')).toBe('5');
    expect(await page.getAttribute('#trends', 'data-sections')).toBe('IPC:379,BNS:303');
    expect((await page.textContent('#trends .trends-total'))).toContain('5 documents citing IPC 379, BNS 303 (equivalents included)');
    expect(await bars()).toEqual([
      { month: '2024-05', documents: 3 }, { month: '2024-06', documents: 0 }, { month: '2024-07', documents: 0 },
      { month: '2024-08', documents: 1 }, { month: '2024-09', documents: 1 },
    ]);
    expect(await rows()).toEqual(['2024-05 Ahmedabad 1', '2024-05 Surat 2', '2024-08 Surat 1', '2024-09 Ahmedabad 1']);
    fs.writeFileSync(path.join(SHOTS, 'trends-ipc-379.png'), await page.screenshot());

    await page.selectOption('#trendsDistrict', { label: 'Ahmedabad (2)' });
    expect(await bars()).toEqual([
      { month: '2024-05', documents: 1 }, { month: '2024-06', documents: 0 }, { month: '2024-07', documents: 0 },
      { month: '2024-08', documents: 0 }, { month: '2024-09', documents: 1 },
    ]);
    expect(await rows()).toEqual(['2024-05 Ahmedabad 1', '2024-09 Ahmedabad 1']);
  });

  it('updates the trends when a filter changes', async () => {
    let before = await loads(page);
    await page.fill('#district', 'Surat');
    await page.click('#show');
    expect(await nextLoad(page, before)).toBe('ready');
    expect(await page.getAttribute('#trends', 'data-total')).toBe('3');
    expect(await bars()).toEqual([
      { month: '2024-05', documents: 2 }, { month: '2024-06', documents: 0 }, { month: '2024-07', documents: 0 }, { month: '2024-08', documents: 1 },
    ]);
    expect(await page.textContent('#trends .trends-total')).toContain('within the filters');

    before = await loads(page);
    await page.fill('#dateFrom', '2024-08-01');
    await page.click('#show');
    expect(await nextLoad(page, before)).toBe('ready');
    expect(await bars()).toEqual([{ month: '2024-08', documents: 1 }]);

    before = await loads(page);
    await page.uncheck('#types input[value="COURT_RULING"]');
    await page.click('#show');
    expect(await nextLoad(page, before)).toBe('ready');
    expect(await page.getAttribute('#trends', 'data-total')).toBe('0');
    expect(await bars()).toEqual([]);
  });

  it('sends the token to the path and trends queries, which then count what that caller may see', async () => {
    await open('start=IPC:379&pathTo=BNS:303');
    const sent: Request[] = [];
    const listen = (r: Request) => { if (r.url().endsWith('/graphql') && r.method() === 'POST') sent.push(r); };
    page.on('request', listen);
    const admin = await t.token('ADMIN');
    const before = await loads(page);
    await page.fill('#token', admin);
    await page.click('#show');
    expect(await nextLoad(page, before)).toBe('ready');
    page.off('request', listen);
    const operations = sent.map((r) => /query (\w+)/.exec(String(r.postDataJSON().query))?.[1]);
    expect(operations).toEqual(expect.arrayContaining(['ExplorerGraph', 'ExplorerPath', 'ExplorerTrends']));
    for (const r of sent) expect(r.headers().authorization).toBe(`Bearer ${admin}`);
    expect(page.url()).not.toContain(admin);

    // The FIR of 15 August in Surat is counted now.
    expect(await page.getAttribute('#trends', 'data-total')).toBe('6');
    expect(await rows()).toContain('2024-08 Surat 2');
    expect(await pathText()).toContain('IPC 379 → BNS 303: 1 hop');
    expect(pageErrors).toEqual([]);
  });
});
