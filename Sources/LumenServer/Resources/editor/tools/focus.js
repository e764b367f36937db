// Focus: sharp around a point (radial, gaussian) or along a line (linear, mirrored), blurred
// elsewhere. On the canvas, a press places the centre; the second handle sets the size.
import { el, choices, group, pathSlider, arrowDirection } from '../controls.js';
import { t } from '../i18n.js';

const SVG = 'http://www.w3.org/2000/svg';
// The edit format's defaults for a new focus, and the sliders' practical ranges within its own.
const DEFAULTS = { x: 0.5, y: 0.5, size: 0.3, fade: 0.2, blur: 0.02, angle: 0 };
const SLIDERS = [['size', 0, 1], ['fade', 0, 1], ['blur', 0, 0.1], ['angle', -180, 180]];
const ALONG_LINE = ['linear', 'mirrored'];

export default {
  name: 'focus',
  mount(panel, { store, options, canvas }) {
    const focus = () => ({ ...DEFAULTS, ...store.doc.operations?.focus });
    const modes = choices({
      label: t('focusMode'), value: store.doc.operations?.focus?.mode ?? 'off',
      options: ['off', ...options.modes].map((m) => ({ value: m, label: t(`focus.${m}`), attrs: { dataset: { focusMode: m } } })),
      onChoose: (mode) => store.change((d) => {
        d.operations ??= {};
        if (mode === 'off') delete d.operations.focus;
        else d.operations.focus = { ...d.operations.focus, mode };
      }),
    });
    const sliders = el('div');
    panel.append(group(null, modes), sliders);

    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('class', 'tool-drawing');
    const centre = el('span', {
      class: 'focus-handle centre', tabindex: 0, role: 'button', 'aria-label': t('focusCentre'), title: t('focusCentre'),
      onkeydown: (e) => {
        const arrow = arrowDirection(e);
        if (!arrow) return;
        e.preventDefault();
        const f = focus();
        const step = e.shiftKey ? 0.1 : 0.01;
        set({ x: clamp(f.x + arrow[0] * step), y: clamp(f.y + arrow[1] * step) });
      },
      onkeyup: () => store.endGroup(),
    });
    const sizer = el('span', { class: 'focus-handle size', title: t('focusSize') });
    canvas.overlay.append(svg, centre, sizer);

    const set = (changes) => store.change((d) => Object.assign(d.operations.focus, changes), 'focus-drag');

    function geometry() {
      const f = focus();
      const { W, H } = canvas.size();
      const S = Math.min(W, H);
      const a = (f.angle * Math.PI) / 180;
      return { f, W, H, S, c: { x: f.x * W, y: f.y * H }, n: { x: -Math.sin(a), y: Math.cos(a) }, d: { x: Math.cos(a), y: Math.sin(a) } };
    }

    function shape(tag, attrs) {
      const node = document.createElementNS(SVG, tag);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
      return node;
    }

    function render() {
      const on = !!store.doc.operations?.focus;
      svg.style.display = on ? '' : 'none';
      centre.hidden = sizer.hidden = !on;
      if (!on) return;
      const { f, W, H, S, c, n, d } = geometry();
      svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
      const lines = [];
      if (ALONG_LINE.includes(f.mode)) {
        const far = W + H;
        const line = (offset, dashed) => shape('line', {
          x1: c.x + n.x * offset - d.x * far, y1: c.y + n.y * offset - d.y * far,
          x2: c.x + n.x * offset + d.x * far, y2: c.y + n.y * offset + d.y * far,
          class: dashed ? 'dashed' : '',
        });
        lines.push(line(0, true), line(f.size * S));
        if (f.mode === 'mirrored') lines.push(line(-f.size * S));
      } else {
        lines.push(shape('circle', { cx: c.x, cy: c.y, r: f.size * S }),
          shape('circle', { cx: c.x, cy: c.y, r: (f.size + f.fade) * S, class: 'dashed' }));
      }
      svg.replaceChildren(...lines);
      const towards = ALONG_LINE.includes(f.mode) ? n : { x: 1, y: 0 };
      Object.assign(centre.style, { left: `${c.x}px`, top: `${c.y}px` });
      Object.assign(sizer.style, { left: `${c.x + towards.x * f.size * S}px`, top: `${c.y + towards.y * f.size * S}px` });
    }

    canvas.setMode({
      name: 'focus',
      pointerdown(point, event) {
        if (!store.doc.operations?.focus) return {};
        const resizing = event.target === sizer;
        if (!resizing) set({ x: clamp(point.x), y: clamp(point.y) });
        return {
          move(p) {
            if (!resizing) return set({ x: clamp(p.x), y: clamp(p.y) });
            const { f, S, c, n } = geometry();
            const v = { x: p.px - c.x, y: p.py - c.y };
            const reach = ALONG_LINE.includes(f.mode) ? Math.abs(v.x * n.x + v.y * n.y) : Math.hypot(v.x, v.y);
            set({ size: Math.min(2, reach / S) });
          },
          up: () => store.endGroup(),
        };
      },
    });
    canvas.addEventListener('layout', render);

    function update(doc) {
      const f = doc.operations?.focus;
      modes.set(f?.mode ?? 'off');
      const wanted = f ? SLIDERS.filter(([name]) => name !== 'angle' || ALONG_LINE.includes(f.mode)).map(([n]) => n).join() : '';
      if (sliders.dataset.shown !== wanted) {
        sliders.dataset.shown = wanted;
        sliders.replaceChildren(...(wanted ? [group(null, ...wanted.split(',').map((name) => {
          const [, min, max] = SLIDERS.find(([n]) => n === name);
          return pathSlider(store, `operations.focus.${name}`, { label: t(`focus.${name}`), min, max, step: name === 'angle' ? 1 : undefined, fallback: DEFAULTS[name] });
        }))] : []));
      }
      render();
    }
    update(store.doc);

    return {
      update,
      unmount() {
        svg.remove(); centre.remove(); sizer.remove();
        canvas.removeEventListener('layout', render);
      },
    };
  },
};

const clamp = (v) => Math.min(1, Math.max(0, v));
