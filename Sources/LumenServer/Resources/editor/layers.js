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

/** Kinds whose size comes from what they draw (a text's lines), which the server measures. */
const SIZED_BY_DRAWING = new Set(['text', 'textDesign', 'smartSticker']);

/** What decides a layer's drawn size: everything but where it sits. */
const sizeKey = ({ transform, ...content }) => JSON.stringify([content, transform?.width, transform?.height]);

/** The sizes the server measured (GET /v1/documents/{id}/layers), by layer id, with the key of the layer they were measured for. */
const measured = new Map();

/** Layers of `doc` sized by their drawing whose measured size is missing or out of date. */
export const needsMeasuring = (doc) =>
  (doc?.layers ?? []).some((l) => SIZED_BY_DRAWING.has(l.kind) && measured.get(l.id)?.key !== sizeKey(l));

/** Keeps the boxes the server measured for `doc` (the revision they were measured on). */
export function rememberDrawnBoxes(doc, boxes) {
  for (const box of boxes) {
    const layer = findLayer(doc, box.id);
    if (layer) measured.set(box.id, { key: sizeKey(layer), width: box.width, height: box.height });
  }
}

/**
 * The layer's box in fractions of the canvas's shorter side (width, height) around its centre
 * (fractions of the canvas). Text and text designs are as tall as their lines: the server's
 * measure once it has one for the layer as it is, else an estimate from the text.
 */
export function layerBox(layer) {
  const t = layer.transform || {};
  const known = measured.get(layer.id);
  if (known && known.key === sizeKey(layer)) {
    return { x: t.x ?? 0.5, y: t.y ?? 0.5, width: known.width, height: known.height, rotation: t.rotation ?? 0 };
  }
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
