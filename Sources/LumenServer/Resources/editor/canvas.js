// The canvas: the server's preview fitted into the view, zoom and pan, and an overlay above the
// image whose pointer input goes to the active tool's mode or to the layer handles.
import { el } from './controls.js';

const MARGIN = 16;
const MIN_ZOOM = 1;
const MAX_ZOOM = 8;

export class CanvasView extends EventTarget {
  zoom = 1;
  pan = { x: 0, y: 0 };
  aspect = 1.5;
  /** The active tool's pointer handling: {name, pointerdown(point, event) -> drag | null, cancel?}. */
  mode = null;
  /** What a press does without a mode (selecting and moving layers). */
  defaultHandler = null;
  #spaceHeld = false;
  #stageSize = { W: 0, H: 0 };

  constructor(area, img) {
    super();
    this.area = area;
    this.img = img;
    this.viewport = area.querySelector('.viewport');
    this.stage = area.querySelector('.stage');
    this.overlay = el('div', { class: 'overlay' });
    this.stage.append(this.overlay);
    new ResizeObserver(() => this.layout()).observe(this.viewport);
    this.overlay.addEventListener('pointerdown', (e) => this.#pointerdown(e));
    this.viewport.addEventListener('wheel', (e) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      this.zoomBy(Math.exp(-e.deltaY * 0.002), e);
    }, { passive: false });
    addEventListener('keydown', (e) => { if (e.code === 'Space' && !isTyping(e)) { this.#spaceHeld = true; this.area.classList.add('panning'); } });
    addEventListener('keyup', (e) => { if (e.code === 'Space') { this.#spaceHeld = false; this.area.classList.remove('panning'); } });
  }

  /** The stage's size in CSS pixels before zooming: the coordinate space of the overlay. */
  size() { return this.#stageSize; }

  setAspect(aspect) {
    if (Math.abs(aspect - this.aspect) < 1e-6) return;
    this.aspect = aspect;
    this.layout();
  }

  /** The preview's long side: the view in device pixels, capped, a multiple of 64. */
  previewSize() {
    const side = Math.max(this.viewport.clientWidth, this.viewport.clientHeight) * devicePixelRatio;
    return Math.max(64, Math.min(2048, Math.ceil(side / 64) * 64));
  }

  layout() {
    const vw = Math.max(1, this.viewport.clientWidth - 2 * MARGIN);
    const vh = Math.max(1, this.viewport.clientHeight - 2 * MARGIN);
    // Whole pixels, so that the picture sits on the screen's grid rather than between it.
    const W = Math.max(1, Math.round(Math.min(vw, vh * this.aspect)));
    const H = Math.max(1, Math.round(W / this.aspect));
    this.#stageSize = { W, H };
    Object.assign(this.stage.style, {
      width: `${W}px`, height: `${H}px`,
      left: `${Math.round((this.viewport.clientWidth - W) / 2)}px`,
      top: `${Math.round((this.viewport.clientHeight - H) / 2)}px`,
    });
    this.#clampPan();
    this.#applyTransform();
    this.dispatchEvent(new Event('layout'));
  }

  zoomBy(factor, around) {
    const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, this.zoom * factor));
    // Keep the point under the cursor (or the view's centre) where it is.
    const r = this.viewport.getBoundingClientRect();
    const cx = (around ? around.clientX : r.left + r.width / 2) - (r.left + r.width / 2);
    const cy = (around ? around.clientY : r.top + r.height / 2) - (r.top + r.height / 2);
    this.pan.x = cx - ((cx - this.pan.x) / this.zoom) * zoom;
    this.pan.y = cy - ((cy - this.pan.y) / this.zoom) * zoom;
    this.zoom = zoom;
    this.#clampPan();
    this.#applyTransform();
  }

  fit() {
    this.zoom = 1;
    this.pan = { x: 0, y: 0 };
    this.#applyTransform();
  }

  #clampPan() {
    const { W, H } = this.#stageSize;
    const mx = Math.max(0, (W * this.zoom - this.viewport.clientWidth) / 2 + MARGIN);
    const my = Math.max(0, (H * this.zoom - this.viewport.clientHeight) / 2 + MARGIN);
    this.pan.x = Math.max(-mx, Math.min(mx, this.pan.x));
    this.pan.y = Math.max(-my, Math.min(my, this.pan.y));
  }

  #applyTransform() {
    this.stage.style.transform = `translate(${this.pan.x}px, ${this.pan.y}px) scale(${this.zoom})`;
    this.stage.style.setProperty('--zoom', this.zoom);
    this.area.classList.toggle('zoomed', this.zoom > 1);
    this.dispatchEvent(new Event('zoom'));
  }

  /** Where an event lies on the stage: fractions of its width and height, and stage pixels. */
  point(event) {
    const r = this.stage.getBoundingClientRect();
    const x = (event.clientX - r.left) / r.width;
    const y = (event.clientY - r.top) / r.height;
    return { x, y, px: x * this.#stageSize.W, py: y * this.#stageSize.H };
  }

  /** Replaces the pointer mode; the one replaced may end what it started (cancel). */
  setMode(mode) {
    const replaced = this.mode;
    this.mode = mode;
    this.overlay.dataset.mode = mode?.name || '';
    if (replaced !== mode) replaced?.cancel?.();
  }

  #pointerdown(event) {
    if (event.button !== 0 && event.button !== 1) return;
    const point = this.point(event);
    let drag = null;
    if (event.button === 1 || this.#spaceHeld) drag = this.#panDrag(event);
    else drag = this.mode?.pointerdown(point, event) ?? this.defaultHandler?.(point, event) ?? null;
    if (!drag && this.zoom > 1) drag = this.#panDrag(event);
    if (!drag) return;
    event.preventDefault();
    this.overlay.setPointerCapture(event.pointerId);
    const move = (e) => { if (e.pointerId === event.pointerId) drag.move?.(this.point(e), e); };
    const up = (e) => {
      if (e.pointerId !== event.pointerId) return;
      this.overlay.removeEventListener('pointermove', move);
      this.overlay.removeEventListener('pointerup', up);
      this.overlay.removeEventListener('pointercancel', up);
      drag.up?.(this.point(e), e);
    };
    this.overlay.addEventListener('pointermove', move);
    this.overlay.addEventListener('pointerup', up);
    this.overlay.addEventListener('pointercancel', up);
  }

  #panDrag(start) {
    const origin = { ...this.pan };
    return {
      move: (_, e) => {
        this.pan.x = origin.x + e.clientX - start.clientX;
        this.pan.y = origin.y + e.clientY - start.clientY;
        this.#clampPan();
        this.#applyTransform();
      },
    };
  }
}

export function isTyping(event) {
  const t = event.target;
  return t instanceof HTMLElement && (t.isContentEditable || t.matches('input:not([type=range]):not([type=button]), textarea, select'));
}
