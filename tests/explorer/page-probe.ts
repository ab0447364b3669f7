import type { Page } from 'playwright-core';
import type { DrawnNode } from './node-pixels';

// The functions handed to page.evaluate run in Chromium. The project compiles without the DOM library, so they
// are typed against just the little of the page they touch (cytoscape included: the test does not load it).
interface CyNode {
  id(): string;
  renderedPosition(): { x: number; y: number };
  renderedWidth(): number;
  renderedHeight(): number;
  style(key: string): string;
  hasClass(name: string): boolean;
}
interface CyPoint { x: number; y: number }
interface CyEdge {
  data(key: string): string;
  style(key: string): string;
  hasClass(name: string): boolean;
  renderedSourceEndpoint(): CyPoint;
  renderedTargetEndpoint(): CyPoint;
}
interface Cy { nodes(): CyNode[]; edges(): CyEdge[]; $id(id: string): CyNode }
interface PageElement { dataset: Record<string, string | undefined>; getBoundingClientRect(): { left: number; top: number } }
declare const window: { cy: Cy };
declare const document: { body: PageElement; getElementById(id: string): PageElement };
declare function requestAnimationFrame(callback: () => void): number;

/** Every node cytoscape holds, where it is drawn in page pixels and its fill colour. */
export function drawnNodes(page: Page): Promise<DrawnNode[]> {
  return page.evaluate(() => {
    const box = document.getElementById('cy').getBoundingClientRect();
    return window.cy.nodes().map((n) => ({
      id: n.id(), x: box.left + n.renderedPosition().x, y: box.top + n.renderedPosition().y,
      width: n.renderedWidth(), height: n.renderedHeight(), colour: n.style('background-color'),
    }));
  });
}

export function drawnEdges(page: Page): Promise<{ source: string; target: string; kind: string; label: string }[]> {
  return page.evaluate(() => window.cy.edges().map((e) => ({ source: e.data('source'), target: e.data('target'), kind: e.data('kind'), label: e.style('label') })));
}

export function hasClass(page: Page, id: string, name: string): Promise<boolean> {
  return page.evaluate(([i, c]) => window.cy.$id(i).hasClass(c), [id, name] as const);
}

/** Which nodes and edges carry a class (e.g. "path" or "faded"); edges as "source→target". */
export function withClass(page: Page, name: string): Promise<{ nodes: string[]; edges: string[] }> {
  return page.evaluate((c) => ({
    nodes: window.cy.nodes().filter((n) => n.hasClass(c)).map((n) => n.id()),
    edges: window.cy.edges().filter((e) => e.hasClass(c)).map((e) => `${e.data('source')}→${e.data('target')}`),
  }), name);
}

/** Where an edge is drawn, in page pixels (from where it leaves its source to its arrow's tip), and its line. */
export function drawnEdge(page: Page, source: string, target: string): Promise<{ from: CyPoint; to: CyPoint; colour: string; width: string } | null> {
  return page.evaluate(([s, t]) => {
    const box = document.getElementById('cy').getBoundingClientRect();
    const edge = window.cy.edges().find((e) => e.data('source') === s && e.data('target') === t);
    if (!edge) return null;
    const at = (p: CyPoint) => ({ x: box.left + p.x, y: box.top + p.y });
    return { from: at(edge.renderedSourceEndpoint()), to: at(edge.renderedTargetEndpoint()), colour: edge.style('line-color'), width: edge.style('width') };
  }, [source, target] as const);
}

/** Loads the page has finished (drawn, empty or failed). */
export function loads(page: Page): Promise<number> {
  return page.evaluate(() => Number(document.body.dataset.loads));
}

/** Waits for the load after `after` to finish and returns how it ended: ready, empty or error. */
export async function nextLoad(page: Page, after: number): Promise<string> {
  await page.waitForFunction((n) => Number(document.body.dataset.loads) > n, after);
  return page.evaluate(() => document.body.dataset.state ?? '');
}

/** Waits until the side panel has finished showing a node and returns its state (ready or error). */
export async function panelFor(page: Page, id: string): Promise<string> {
  await page.waitForFunction((want) => {
    const panel = document.getElementById('panel');
    return panel.dataset.nodeId === want && panel.dataset.state !== 'loading';
  }, id);
  return page.evaluate(() => document.getElementById('panel').dataset.state ?? '');
}

/** Two animation frames: the canvas then holds what cytoscape last laid out. */
export function painted(page: Page): Promise<unknown> {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))));
}
