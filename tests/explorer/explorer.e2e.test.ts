import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import type { DocumentInput } from '../../src/domain/document.types';
import { describeWithChromium } from '../support/chromium';
import { openExplorer, type ExplorerFixture } from './explorer-fixture';
import { colourShare, parseRgb } from './node-pixels';
import { drawnEdges, drawnNodes, hasClass, loads, nextLoad, painted, panelFor } from './page-probe';

const SHOTS = path.resolve(__dirname, '../../.cache/explorer');

// Court rulings stay visible to anonymous callers once authentication lands; the FIR may not, so nothing
// below depends on it.
const DOCUMENTS: DocumentInput[] = [
  {
    id: 'e2e-ruling-surat', type: 'COURT_RULING', title: 'State of Gujarat v. Ramesh Patel', date: '2023-05-10', district: 'Surat',
    court: 'High Court of Gujarat', authority: 'HIGH_COURT',
    parts: [{ name: 'judgment', text: 'The appellant was convicted u/s 302 IPC for the murder of his neighbour. The conviction is upheld.' }],
  },
  {
    id: 'e2e-ruling-ahmedabad', type: 'COURT_RULING', title: 'State v. Kiran Desai', date: '2024-09-02', district: 'Ahmedabad',
    court: 'Sessions Court, Ahmedabad',
    parts: [{ name: 'judgment', text: 'The accused is charged u/s 302 IPC, now u/s 103(1) BNS, for a killing on 2 August 2024.' }],
  },
  {
    id: 'e2e-fir-surat', type: 'FIR', title: 'FIR 88/2024 Varachha', date: '2024-08-12', district: 'Surat',
    parts: [{ name: 'incident', text: 'The complainant states that the accused stabbed the victim to death; offence u/s 103(1) BNS.' }],
  },
];

describeWithChromium()('explorer page in headless Chromium (embedded)', () => {
  let f: ExplorerFixture;
  let page: Page;
  let base: string;
  let pageErrors: string[];

  beforeAll(async () => {
    f = await openExplorer(DOCUMENTS);
    ({ page, base, pageErrors } = f);
  });

  afterAll(() => f?.close());

  it('opens a view from the URL and draws IPC 302, its BNS equivalent and the cases citing it', async () => {
    await page.goto(`${base}/explorer?start=IPC:302&depth=1`);
    expect(await nextLoad(page, 0)).toBe('ready');
    const ids = (await drawnNodes(page)).map((n) => n.id);
    expect(ids).toEqual(expect.arrayContaining(['IPC:302', 'BNS:103', 'e2e-ruling-surat', 'e2e-ruling-ahmedabad']));
    const equivalence = await drawnEdges(page);
    expect(equivalence).toContainEqual({ source: 'IPC:302', target: 'BNS:103', kind: 'EQUIVALENT_TO', label: expect.stringMatching(/^(mapped|split|merged)$/) });
    expect(equivalence).toContainEqual(expect.objectContaining({ source: 'e2e-ruling-surat', target: 'IPC:302', kind: 'CITES' }));
    expect(await page.inputValue('#start')).toBe('IPC:302');
    expect(await page.inputValue('#depth')).toBe('1');
  });

  it('shows every node it reports in its own colour on screen (screenshot)', async () => {
    await painted(page);
    const shot = await page.screenshot();
    fs.mkdirSync(SHOTS, { recursive: true });
    fs.writeFileSync(path.join(SHOTS, 'ipc-302-depth-1.png'), shot);
    const png = PNG.sync.read(shot);
    const nodes = await drawnNodes(page);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const expected = ['IPC:302', 'BNS:103', 'e2e-ruling-surat', 'e2e-ruling-ahmedabad'].map((id) => byId.get(id)!);
    // Old and new codes and the cases are told apart by colour, so each must be its own.
    expect(new Set(expected.slice(0, 3).map((n) => n.colour)).size).toBe(3);
    for (const node of expected) {
      const share = colourShare(png, node, parseRgb(node.colour));
      if (share < 0.6) throw new Error(`${node.id} (${node.colour}) covers only ${Math.round(share * 100)}% of its box at ${Math.round(node.x)},${Math.round(node.y)}; see ${SHOTS}`);
    }
    // And the colour test is discriminating: the case colour is not what is drawn where BNS 103 is.
    expect(colourShare(png, byId.get('BNS:103')!, parseRgb(byId.get('e2e-ruling-surat')!.colour))).toBeLessThan(0.05);
  });

  it('shows a clicked node\'s details in the side panel', async () => {
    const click = async (id: string) => {
      const node = (await drawnNodes(page)).find((n) => n.id === id)!;
      await page.mouse.click(node.x, node.y);
      expect(await panelFor(page, id)).toBe('ready');
      return page.textContent('#panel');
    };
    const ruling = await click('e2e-ruling-surat');
    expect(ruling).toContain('State of Gujarat v. Ramesh Patel');
    expect(ruling).toContain('2023-05-10');
    expect(ruling).toContain('Surat');
    const section = await click('IPC:302');
    expect(section).toContain('Indian Penal Code, 1860');
    expect(section).toMatch(/murder/i);
    expect(section).toContain('BNS 103');
    fs.writeFileSync(path.join(SHOTS, 'ipc-302-panel.png'), await page.screenshot());
  });

  it('redraws when a filter changes, and puts the filter in the URL', async () => {
    const before = await loads(page);
    await page.fill('#district', 'Surat');
    await page.click('#show');
    expect(await nextLoad(page, before)).toBe('ready');
    const ids = (await drawnNodes(page)).map((n) => n.id);
    expect(ids).toEqual(expect.arrayContaining(['IPC:302', 'BNS:103', 'e2e-ruling-surat']));
    expect(ids).not.toContain('e2e-ruling-ahmedabad');
    expect(new URL(page.url()).searchParams.get('district')).toBe('Surat');

    const again = await loads(page);
    await page.uncheck('#types input[value="COURT_RULING"]');
    await page.click('#show');
    expect(await nextLoad(page, again)).toBe('ready');
    expect((await drawnNodes(page)).map((n) => n.id)).not.toContain('e2e-ruling-surat');
    expect(await page.isVisible('#empty')).toBe(true);
  });

  it('re-centres the graph on a double-clicked node', async () => {
    await page.goto(`${base}/explorer?start=IPC 302&depth=1`);
    expect(await nextLoad(page, 0)).toBe('ready');
    const bns = (await drawnNodes(page)).find((n) => n.id === 'BNS:103')!;
    const before = await loads(page);
    await page.mouse.dblclick(bns.x, bns.y);
    expect(await nextLoad(page, before)).toBe('ready');
    expect(new URL(page.url()).searchParams.get('start')).toBe('BNS:103');
    expect(await hasClass(page, 'BNS:103', 'start')).toBe(true);

    // A document id starts a view too: the case, and the sections it cites around it.
    await page.goto(`${base}/explorer?start=e2e-ruling-surat`);
    expect(await nextLoad(page, 0)).toBe('ready');
    expect(await hasClass(page, 'e2e-ruling-surat', 'start')).toBe(true);
    expect((await drawnNodes(page)).map((n) => n.id)).toContain('IPC:302');
  });

  it('sends the token as a bearer credential and never puts it in the URL', async () => {
    await page.goto(`${base}/explorer?start=IPC:302`);
    await nextLoad(page, 0);
    const sent = page.waitForRequest((r) => r.url().endsWith('/graphql') && r.method() === 'POST');
    const before = await loads(page);
    await page.fill('#token', 'e2e-token-value');
    await page.click('#show');
    expect((await sent).headers().authorization).toBe('Bearer e2e-token-value');
    await nextLoad(page, before);
    expect(page.url()).not.toContain('e2e-token-value');
  });

  it('shows the API\'s errors with their code, and an empty state for an unknown start', async () => {
    await page.goto(`${base}/explorer?start=IPC:302&limit=501`);
    expect(await nextLoad(page, 0)).toBe('error');
    const error = await page.textContent('#error');
    expect(error).toContain('BAD_USER_INPUT');
    expect(error).toMatch(/limit .*500/);
    fs.writeFileSync(path.join(SHOTS, 'error.png'), await page.screenshot());

    await page.goto(`${base}/explorer?start=IPC:9999`);
    expect(await nextLoad(page, 0)).toBe('empty');
    expect(await page.textContent('#empty')).toContain('Nothing found for IPC:9999');
    expect(pageErrors).toEqual([]);
  });
});
