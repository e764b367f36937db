// Crop geometry as the server computes it: fractions of the oriented (and straightened)
// image, with an aspect other than free keeping the largest rectangle of it centred inside.

/** The upload's size after the document's quarter turns. */
export function orientedSize(upload, doc) {
  const turns = doc?.operations?.orientation?.quarterTurns ?? 0;
  return turns % 2 ? { w: upload.height, h: upload.width } : { w: upload.width, h: upload.height };
}

/** "W:H" as a number, or null for "free". */
export function ratioOf(aspect) {
  const m = /^([\d.eE+-]+):([\d.eE+-]+)$/.exec(aspect || '');
  return m && Number(m[1]) > 0 && Number(m[2]) > 0 ? Number(m[1]) / Number(m[2]) : null;
}

/** The largest rectangle of `ratio` (pixels) centred in `rect`, in fractions of a w × h image. */
export function fitRatio(rect, ratio, { w, h }) {
  let { x, y, width, height } = rect;
  if (ratio) {
    const r = ratio * (h / w); // the ratio in fractions
    if (width / height > r) { x += (width - height * r) / 2; width = height * r; }
    else { y += (height - width / r) / 2; height = width / r; }
  }
  return { x, y, width, height };
}

export const FULL = Object.freeze({ x: 0, y: 0, width: 1, height: 1 });

/** The rectangle the document keeps, as the render will keep it. */
export function effectiveCrop(doc, upload) {
  const c = doc?.operations?.crop || {};
  const rect = { x: c.x ?? 0, y: c.y ?? 0, width: c.width ?? 1, height: c.height ?? 1 };
  return fitRatio(rect, ratioOf(c.aspect), orientedSize(upload, doc));
}

/** A crop locked to `aspect` over the whole picture (a configuration's forced aspect). */
export function forcedCrop(aspect, upload, doc) {
  return { ...fitRatio(FULL, ratioOf(aspect), orientedSize(upload, doc)), aspect, forcesAspect: true };
}
