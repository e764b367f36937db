// Boxes over the placed layers: a press selects the topmost one, a drag moves it, the corner
// handle scales and the top handle rotates it; moves snap to the canvas's centre lines and
// edges and rotations to multiples of 45°, with guide lines shown while they snap.
import { el, arrowDirection } from './controls.js';
import { t } from './i18n.js';
import { findLayer, layerBox, isPlaced, placeLayer, removeLayer } from './layers.js';

const SNAP_PX = 8;
const SNAP_DEGREES = 4;
const KEY_STEP = 0.01;

export function createLayerOverlay({ canvas, store, selection }) {
  const root = el('div', { class: 'layer-boxes' });
  const guides = el('div', { class: 'guides' });
  canvas.overlay.append(root, guides);
  const boxes = new Map();
  let visible = true;

  function render() {
    const doc = store.doc;
    root.hidden = !visible || !doc;
    if (root.hidden) return;
    const { W, H } = canvas.size();
    const S = Math.min(W, H);
    const layers = (doc.layers || []).filter(isPlaced);
    const ids = new Set(layers.map((l) => l.id));
    for (const [id, node] of boxes) if (!ids.has(id)) { node.remove(); boxes.delete(id); }
    layers.forEach((layer, i) => {
      let node = boxes.get(layer.id);
      if (!node) boxes.set(layer.id, node = makeBox(layer.id));
      if (root.children[i] !== node) root.insertBefore(node, root.children[i] || null);
      const b = layerBox(layer);
      const w = b.width * S;
      const h = b.height * S;
      Object.assign(node.style, {
        left: `${b.x * W - w / 2}px`, top: `${b.y * H - h / 2}px`, width: `${w}px`, height: `${h}px`,
        transform: `rotate(${b.rotation}deg)`,
      });
      const selected = layer.id === selection.id;
      node.classList.toggle('selected', selected);
      node.setAttribute('aria-pressed', String(selected));
      node.setAttribute('aria-label', t('layerNamed', { kind: t(`kind.${layer.kind}`), name: layer.text || layer.id }));
      node.title = t('layerKeys');
      const handles = node.querySelectorAll('.handle');
      if (selected && !handles.length) {
        node.append(el('span', { class: 'handle handle-rotate', title: t('rotate') }),
          el('span', { class: 'handle handle-scale', title: t('scale') }));
      } else if (!selected) handles.forEach((h) => h.remove());
    });
  }

  function makeBox(id) {
    return el('div', {
      class: 'layer-box', tabindex: 0, role: 'button', dataset: { layerId: id },
      onkeydown: (e) => keyboard(id, e),
      onkeyup: () => store.endGroup(),
    });
  }

  /** Arrows move, + and - scale, [ and ] rotate, Delete removes, Escape deselects. */
  function keyboard(id, e) {
    const arrow = arrowDirection(e);
    const scales = { '+': 1.05, '=': 1.05, '-': 1 / 1.05 };
    const turns = { '[': -15, ']': 15 };
    const step = e.shiftKey ? KEY_STEP * 10 : KEY_STEP;
    const change = (apply) => {
      selection.set(id);
      store.change((d) => apply(findLayer(d, id)), `key:${id}`);
    };
    if (e.key === 'Enter' || e.key === ' ') selection.set(id);
    else if (e.key === 'Escape') selection.set(null);
    else if (e.key === 'Delete' || e.key === 'Backspace') remove(id);
    else if (arrow) {
      change((l) => placeLayer(l, (l.transform.x ?? 0.5) + arrow[0] * step, (l.transform.y ?? 0.5) + arrow[1] * step));
    } else if (scales[e.key]) change((l) => resize(l, structuredClone(l), scales[e.key]));
    else if (turns[e.key]) change((l) => { l.transform.rotation = ((l.transform.rotation ?? 0) + turns[e.key]) % 360; });
    else return;
    e.preventDefault();
  }

  /** Removes a layer; the focus goes to the box that takes its place, else the canvas, never the page. */
  function remove(id) {
    const index = [...root.children].findIndex((node) => node.dataset.layerId === id);
    store.change((d) => removeLayer(d, id));
    selection.set(null);
    const next = index < 0 || root.hidden ? null : root.children[index] ?? root.children[index - 1];
    (next ?? canvas.area).focus();
  }

  /** Scales `layer` to `k` times the box of `from` (its state when a drag began). */
  function resize(layer, from, k) {
    const width = from.transform.width ?? 0.5;
    k = Math.min(Math.max(k, 0.02 / width), 10 / width);
    layer.transform.width = width * k;
    if (from.transform.height !== undefined) layer.transform.height = Math.min(10, from.transform.height * k);
    // Text grows with its box: the wrap width alone would only re-flow it.
    if (from.size !== undefined && (layer.kind === 'text' || layer.kind === 'smartSticker')) {
      layer.size = Math.min(1, Math.max(0.005, from.size * k));
    }
  }

  /** Changes the layer's transform (and for text its font size) in one undo step a drag. */
  const edit = (id, apply) => store.change((d) => apply(findLayer(d, id)), `drag:${id}`);

  function showGuides(lines) {
    guides.replaceChildren(...lines.map(([kind, value, at]) => {
      if (kind === 'x') return el('div', { class: 'guide vertical', style: `left:${value}px` });
      if (kind === 'y') return el('div', { class: 'guide horizontal', style: `top:${value}px` });
      return el('div', { class: 'guide angle', style: `left:${at.x}px;top:${at.y}px;transform:rotate(${value}deg)` });
    }));
  }

  /** The nearest of the targets to any of the box's lines, if within reach: the shift and the target. */
  function snap(lines, targets, reach) {
    let best = null;
    for (const line of lines) for (const target of targets) {
      const d = target - line;
      if (Math.abs(d) <= reach && (!best || Math.abs(d) < Math.abs(best[0]))) best = [d, target];
    }
    return best;
  }

  function moveDrag(id, start) {
    const layer = findLayer(store.doc, id);
    const b = layerBox(layer);
    const { W, H } = canvas.size();
    const S = Math.min(W, H);
    const a = (b.rotation * Math.PI) / 180;
    // Half the axis-aligned extent of the rotated box, for snapping its edges.
    const ex = (Math.abs(b.width * S * Math.cos(a)) + Math.abs(b.height * S * Math.sin(a))) / 2;
    const ey = (Math.abs(b.width * S * Math.sin(a)) + Math.abs(b.height * S * Math.cos(a))) / 2;
    return {
      move(p) {
        let cx = b.x * W + p.px - start.px;
        let cy = b.y * H + p.py - start.py;
        const reach = SNAP_PX / canvas.zoom;
        const sx = snap([cx, cx - ex, cx + ex], [0, W / 2, W], reach);
        const sy = snap([cy, cy - ey, cy + ey], [0, H / 2, H], reach);
        if (sx) cx += sx[0];
        if (sy) cy += sy[0];
        showGuides([sx && ['x', sx[1]], sy && ['y', sy[1]]].filter(Boolean));
        edit(id, (l) => placeLayer(l, cx / W, cy / H));
      },
      up: finish,
    };
  }

  function scaleDrag(id, start) {
    const from = structuredClone(findLayer(store.doc, id));
    const { W, H } = canvas.size();
    const c = { x: (from.transform.x ?? 0.5) * W, y: (from.transform.y ?? 0.5) * H };
    const d0 = Math.max(1, Math.hypot(start.px - c.x, start.py - c.y));
    return {
      move(p) {
        const k = Math.max(0.05, Math.hypot(p.px - c.x, p.py - c.y) / d0);
        edit(id, (l) => resize(l, from, k));
      },
      up: finish,
    };
  }

  function rotateDrag(id) {
    const layer = findLayer(store.doc, id);
    const { W, H } = canvas.size();
    const c = { x: (layer.transform.x ?? 0.5) * W, y: (layer.transform.y ?? 0.5) * H };
    return {
      move(p) {
        let angle = (Math.atan2(p.py - c.y, p.px - c.x) * 180) / Math.PI + 90;
        if (angle > 180) angle -= 360;
        const nearest = Math.round(angle / 45) * 45;
        const snapped = Math.abs(angle - nearest) <= SNAP_DEGREES;
        if (snapped) angle = nearest;
        showGuides(snapped ? [['angle', angle - 90, c]] : []);
        edit(id, (l) => { l.transform.rotation = Math.round(angle * 100) / 100; });
      },
      up: finish,
    };
  }

  function finish() {
    store.endGroup();
    showGuides([]);
  }

  canvas.defaultHandler = (point, event) => {
    const box = event.target.closest?.('[data-layer-id]');
    if (!box || root.hidden) { selection.set(null); return null; }
    const id = box.dataset.layerId;
    selection.set(id);
    box.focus({ preventScroll: true });
    if (event.target.classList.contains('handle-scale')) return scaleDrag(id, point);
    if (event.target.classList.contains('handle-rotate')) return rotateDrag(id);
    return moveDrag(id, point);
  };

  store.addEventListener('change', render);
  selection.addEventListener('change', render);
  canvas.addEventListener('layout', render);

  return {
    render,
    remove,
    setVisible(v) { visible = v; render(); },
  };
}
