// Layers of the document: ids, adding, reordering, and the box each one covers on the canvas.

export function newLayerId(doc, kind) {
  const taken = new Set((doc.layers || []).map((l) => l.id));
  for (;;) {
    const id = `${kind}-${Math.random().toString(36).slice(2, 8)}`;
    if (!taken.has(id)) return id;
  }
}

export const findLayer = (doc, id) => (doc?.layers || []).find((l) => l.id === id);

/** Adds on top, or replaces the layer with the same id where it is. */
export function putLayer(doc, layer) {
  doc.layers ??= [];
  const i = doc.layers.findIndex((l) => l.id === layer.id);
  if (i >= 0) doc.layers[i] = layer;
  else doc.layers.push(layer);
}

/** A position within the edit format's range for layers and strokes: -1...2 of the canvas. */
export const clampPosition = (v) => Math.min(2, Math.max(-1, v));

/** Puts a layer's centre at (x, y), kept within the format's range so that the document stays valid. */
export function placeLayer(layer, x, y) {
  layer.transform.x = clampPosition(x);
  layer.transform.y = clampPosition(y);
}

export function removeLayer(doc, id) {
  doc.layers = (doc.layers || []).filter((l) => l.id !== id);
  if (!doc.layers.length) delete doc.layers;
}

/** Moves a layer `delta` places up (towards the top) or down the stack. */
export function shiftLayer(doc, id, delta) {
  const layers = doc.layers || [];
  const i = layers.findIndex((l) => l.id === id);
  const j = Math.max(0, Math.min(layers.length - 1, i + delta));
  if (i < 0 || i === j) return;
  const [layer] = layers.splice(i, 1);
  layers.splice(j, 0, layer);
}

export function duplicateLayer(doc, id) {
  const layer = findLayer(doc, id);
  if (!layer) return null;
  const copy = structuredClone(layer);
  copy.id = newLayerId(doc, layer.kind);
  if (copy.transform) placeLayer(copy, (copy.transform.x ?? 0.5) + 0.03, (copy.transform.y ?? 0.5) + 0.03);
  doc.layers.splice(doc.layers.indexOf(layer) + 1, 0, copy);
  return copy.id;
}

/**
 * The layer's box in fractions of the canvas's shorter side (width, height) around its centre
 * (fractions of the canvas). Text and text designs are as tall as their lines, which only the
 * server knows, so their height is estimated from the text.
 */
export function layerBox(layer) {
  const t = layer.transform || {};
  const width = t.width ?? 0.5;
  let height = t.height ?? width;
  if (layer.kind === 'text') {
    const size = layer.size ?? 0.08;
    const perLine = Math.max(1, Math.floor(width / (size * 0.55)));
    const lines = layer.text.split('\n').reduce((n, p) => n + Math.max(1, Math.ceil(p.length / perLine)), 0);
    height = lines * size * (layer.lineHeight ?? 1.2) + (layer.background ? 2 * size * (layer.padding ?? 0.3) : 0);
  } else if (layer.kind === 'textDesign') {
    height = ['badge', 'ring'].includes(layer.recipe) ? width : width * 0.6;
  } else if (layer.kind === 'smartSticker' && t.height === undefined) {
    height = (layer.size ?? 0.05) * 1.6;
  }
  return { x: t.x ?? 0.5, y: t.y ?? 0.5, width, height, rotation: t.rotation ?? 0 };
}

/** Layers that sit in a box of their own (not stretched over the canvas), which handles move. */
export const isPlaced = (layer) => !!layer.transform && !layer.hidden;

export class Selection extends EventTarget {
  id = null;
  set(id) {
    if (id === this.id) return;
    this.id = id;
    this.dispatchEvent(new Event('change'));
  }
}
