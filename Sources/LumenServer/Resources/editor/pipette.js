// The colour pipette: the next press on the canvas reads the rendered preview's pixel there
// (drawn into an offscreen canvas; the preview is a same-origin blob) and hands it to the
// colour field that asked. Escape or a press outside the image gives nothing.
import { announce } from './status.js';
import { t } from './i18n.js';

export function createPipette(canvas, img) {
  let pending = null;

  function sample(point) {
    const w = img.naturalWidth;
    const h = img.naturalHeight;
    if (!w || point.x < 0 || point.x > 1 || point.y < 0 || point.y > 1) return null;
    const scratch = document.createElement('canvas');
    scratch.width = 1;
    scratch.height = 1;
    const g = scratch.getContext('2d', { willReadFrequently: true });
    g.drawImage(img, Math.min(w - 1, Math.floor(point.x * w)), Math.min(h - 1, Math.floor(point.y * h)), 1, 1, 0, 0, 1, 1);
    const [r, gr, b] = g.getImageData(0, 0, 1, 1).data;
    return [r / 255, gr / 255, b / 255, 1];
  }

  function end(color) {
    const resolve = pending;
    pending = null;
    canvas.area.classList.remove('picking');
    removeEventListener('keydown', onKey, true);
    if (canvas.mode === pickMode) canvas.setMode(previousMode);
    resolve?.(color);
  }

  const onKey = (e) => { if (e.key === 'Escape') { e.stopPropagation(); end(null); } };
  let previousMode = null;
  const pickMode = { name: 'pipette', pointerdown: (point) => { end(sample(point)); return {}; }, cancel: () => end(null) };

  /** Resolves with [r, g, b, a] of the pixel the user presses next, or null. */
  return function pick() {
    if (pending) end(null);
    previousMode = canvas.mode;
    canvas.area.classList.add('picking');
    addEventListener('keydown', onKey, true);
    announce(t('pipetteHint'));
    canvas.setMode(pickMode);
    return new Promise((resolve) => { pending = resolve; });
  };
}
