// Transform: crop (presets, free or forced ratio) with a rectangle dragged over the uncropped
// picture, straighten, quarter turns and flips.
import { el, button, choices, group, pathSlider, arrowDirection } from '../controls.js';
import { t } from '../i18n.js';
import { effectiveCrop, fitRatio, forcedCrop, orientedSize, ratioOf, FULL } from '../geometry.js';

const MIN = 0.05;
const KEY_STEP = 0.01;
const CORNERS = { nw: [0, 0], ne: [1, 0], sw: [0, 1], se: [1, 1] };

export default {
  name: 'transform',
  view: 'uncropped',
  mount(panel, { store, options, canvas, previewer, icons }) {
    const upload = store.upload;
    const forced = options.forcedAspect;
    const presets = forced ? [{ label: forced, aspect: forced }] : options.cropPresets;
    const aspectOf = (doc) => doc.operations?.crop?.aspect ?? 'free';

    /** Sets the crop rectangle (fractions), keeping the aspect and straightening. */
    const setRect = (rect, undoGroup) => store.change((d) => {
      d.operations ??= {};
      Object.assign((d.operations.crop ??= {}), rect);
    }, undoGroup);

    const presetButtons = choices({
      label: t('cropRatio'), value: aspectOf(store.doc),
      options: presets.map((p) => ({ value: p.aspect, label: t(`preset.${p.label}`, {}, p.label), attrs: { dataset: { aspect: p.aspect } } })),
      onChoose: (aspect) => store.change((d) => {
        d.operations ??= {};
        const crop = (d.operations.crop ??= {});
        crop.aspect = aspect;
        if (forced) crop.forcesAspect = true;
        Object.assign(crop, fitRatio(FULL, ratioOf(aspect), orientedSize(upload, d)));
      }),
    });

    const turn = () => store.change((d) => {
      d.operations ??= {};
      const o = (d.operations.orientation ??= {});
      o.quarterTurns = ((o.quarterTurns ?? 0) + 1) % 4;
      const crop = d.operations.crop;
      if (crop) Object.assign(crop, fitRatio(FULL, ratioOf(crop.aspect), orientedSize(upload, d)));
    });

    const flip = (axis) => store.change((d) => {
      d.operations ??= {};
      const o = (d.operations.orientation ??= {});
      const key = axis === 'x' ? 'flipsHorizontally' : 'flipsVertically';
      o[key] = !o[key];
      // The kept part follows the picture to the other side.
      const crop = d.operations.crop;
      const [pos, size] = axis === 'x' ? ['x', 'width'] : ['y', 'height'];
      if (crop && crop[pos] !== undefined) crop[pos] = Math.max(0, 1 - crop[pos] - (crop[size] ?? 1));
    });

    const reset = () => store.change((d) => {
      if (!d.operations) return;
      delete d.operations.orientation;
      delete d.operations.crop;
      if (forced) d.operations.crop = forcedCrop(forced, upload, d);
    });

    panel.append(
      group(t('crop'), presetButtons,
        options.allowsStraighten ? pathSlider(store, 'operations.crop.straighten', {
          label: t('straighten'), min: -45, max: 45, step: 0.5, fallback: 0,
        }) : null),
      group(null, el('div', { class: 'row' },
        options.allowsRotation ? button({ label: t('rotate90'), iconName: 'rotate', icons, onClick: turn, dataset: { command: 'rotate' } }) : null,
        options.allowsFlip ? button({ label: t('flipHorizontal'), iconName: 'flipH', icons, onClick: () => flip('x'), dataset: { command: 'flip-horizontal' } }) : null,
        options.allowsFlip ? button({ label: t('flipVertical'), iconName: 'flipV', icons, onClick: () => flip('y'), dataset: { command: 'flip-vertical' } }) : null,
        button({ label: t('resetTransform'), iconName: 'reset', icons, onClick: reset }))),
    );

    // The crop rectangle over the uncropped picture, with a handle at each corner. Arrow keys
    // move it; with Shift they move its bottom right corner, as a drag of that handle would.
    const rectNode = el('div', {
      class: 'crop-rect', tabindex: 0, role: 'group', 'aria-label': t('cropArea'),
      onkeydown: (e) => {
        const arrow = arrowDirection(e);
        if (!arrow) return;
        e.preventDefault();
        const r = effectiveCrop(store.doc, upload);
        const [dx, dy] = arrow.map((d) => d * KEY_STEP);
        const rect = e.shiftKey ? resize('se', { x: r.x + r.width + dx, y: r.y + r.height + dy }) : clampMove(r, dx, dy);
        setRect(rect, 'crop-key');
      },
      onkeyup: () => store.endGroup(),
    }, Object.keys(CORNERS).map((c) => el('span', { class: `crop-handle ${c}`, dataset: { corner: c } })));
    canvas.overlay.append(rectNode);

    function render() {
      const { W, H } = canvas.size();
      rectNode.hidden = previewer.shownVariant !== 'uncropped';
      const r = effectiveCrop(store.doc, upload);
      Object.assign(rectNode.style, {
        left: `${r.x * W}px`, top: `${r.y * H}px`, width: `${r.width * W}px`, height: `${r.height * H}px`,
      });
    }

    const clampMove = (r, dx, dy) => ({
      ...r,
      x: Math.min(1 - r.width, Math.max(0, r.x + dx)),
      y: Math.min(1 - r.height, Math.max(0, r.y + dy)),
    });

    function resize(corner, p) {
      const start = effectiveCrop(store.doc, upload);
      const [cx, cy] = CORNERS[corner];
      const anchor = { x: start.x + (1 - cx) * start.width, y: start.y + (1 - cy) * start.height };
      const ratio = ratioOf(aspectOf(store.doc));
      const size = orientedSize(upload, store.doc);
      const r = ratio && ratio * (size.h / size.w);
      const room = { w: cx ? 1 - anchor.x : anchor.x, h: cy ? 1 - anchor.y : anchor.y };
      let w = Math.min(room.w, Math.max(MIN, cx ? p.x - anchor.x : anchor.x - p.x));
      let h = Math.min(room.h, Math.max(MIN, cy ? p.y - anchor.y : anchor.y - p.y));
      if (r) {
        // The side moved more leads, the other follows the ratio; both stay within the room.
        if (Math.abs(h - start.height) > Math.abs(w - start.width)) w = h * r;
        w = Math.min(w, room.w, room.h * r);
        h = w / r;
      }
      return { x: cx ? anchor.x : anchor.x - w, y: cy ? anchor.y : anchor.y - h, width: w, height: h };
    }

    canvas.setMode({
      name: 'crop',
      pointerdown(point, event) {
        const corner = event.target.dataset?.corner;
        if (!corner && event.target !== rectNode) return {};
        const start = effectiveCrop(store.doc, upload);
        return {
          move: (p) => setRect(corner ? resize(corner, p) : clampMove(start, p.x - point.x, p.y - point.y), 'crop-drag'),
          up: () => store.endGroup(),
        };
      },
    });
    canvas.addEventListener('layout', render);
    previewer.addEventListener('shown', render);
    render();

    return {
      update(doc) { presetButtons.set(aspectOf(doc)); render(); },
      unmount() {
        rectNode.remove();
        canvas.removeEventListener('layout', render);
        previewer.removeEventListener('shown', render);
      },
    };
  },
};
