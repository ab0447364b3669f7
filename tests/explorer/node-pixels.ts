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

/**
 * Share of points along the middle of a drawn line (from 20% to 80% of the way, clear of the nodes and arrow
 * heads at its ends) whose pixel is within `tolerance` of `rgb`: near 1 for a thick line really drawn in that
 * colour, near 0 for a line in another colour or none.
 */
export function lineShare(png: PNG, from: { x: number; y: number }, to: { x: number; y: number }, rgb: [number, number, number], tolerance = 24): number {
  const samples = 25;
  let matching = 0;
  for (let k = 0; k < samples; k++) {
    const t = 0.2 + (0.6 * k) / (samples - 1);
    const x = Math.round(from.x + (to.x - from.x) * t);
    const y = Math.round(from.y + (to.y - from.y) * t);
    if (x < 0 || y < 0 || x >= png.width || y >= png.height) continue;
    const i = (png.width * y + x) * 4;
    if (rgb.every((c, ch) => Math.abs(png.data[i + ch] - c) <= tolerance)) matching++;
  }
  return matching / samples;
}
