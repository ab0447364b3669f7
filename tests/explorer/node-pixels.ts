import { PNG } from 'pngjs';

/** Where cytoscape drew a node, in page pixels, and the fill it was given. */
export interface DrawnNode {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** "rgb(r,g,b)" as cytoscape reports background-color */
  colour: string;
}

export function parseRgb(colour: string): [number, number, number] {
  const m = /rgb\((\d+),\s*(\d+),\s*(\d+)\)/.exec(colour);
  if (!m) throw new Error(`not an rgb() colour: ${colour}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/**
 * Share of the pixels in the inner half of a node's box whose colour is within `tolerance` (per channel) of
 * `rgb`. The inner half leaves out the border, the label underneath and anti-aliased edges, so a node that
 * really is on screen in its colour scores near 1 and anything else (hidden, covered, off-screen) near 0.
 */
export function colourShare(png: PNG, node: DrawnNode, rgb: [number, number, number], tolerance = 24): number {
  const halfW = Math.max(2, Math.floor(node.width / 4));
  const halfH = Math.max(2, Math.floor(node.height / 4));
  let total = 0;
  let matching = 0;
  for (let y = Math.round(node.y) - halfH; y <= Math.round(node.y) + halfH; y++) {
    for (let x = Math.round(node.x) - halfW; x <= Math.round(node.x) + halfW; x++) {
      total++;
      if (x < 0 || y < 0 || x >= png.width || y >= png.height) continue;
      const i = (png.width * y + x) * 4;
      if (rgb.every((c, k) => Math.abs(png.data[i + k] - c) <= tolerance)) matching++;
    }
  }
  return matching / total;
}
