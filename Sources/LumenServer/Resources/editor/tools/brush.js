// Brush: strokes drawn with the pointer, kept in canvas fractions (sizes in fractions of the
// shorter side) in the topmost brush layer. The stroke being drawn shows at once; the server's
// rendering replaces it once the preview of the latest document arrives.
import { el, choices, colorField, group, slider, toggle, button } from '../controls.js';
import { t } from '../i18n.js';
import { hexToColor } from '../config.js';
import { clampPosition, newLayerId, putLayer, removeLayer } from '../layers.js';

const SVG = 'http://www.w3.org/2000/svg';
const MAX_POINTS = 10000;

const brushLayer = (doc) => [...(doc.layers || [])].reverse().find((l) => l.kind === 'brush');

export default {
  name: 'brush',
  mount(panel, { store, options, canvas, previewer, pipette, icons }) {
    const tool = {
      size: options.sizes[0] ?? 0.01,
      color: hexToColor(options.colors[0] ?? '#ffffff'),
      hardness: options.hardness,
      eraser: false,
    };
    const sizes = choices({
      label: t('brushSize'), value: tool.size,
      options: options.sizes.map((s, i) => ({ value: s, label: t('brushSizeN', { n: i + 1 }), attrs: { dataset: { brushSize: s }, style: `--dot:${4 + i * 4}px` } })),
      className: 'brush-sizes',
      onChoose: (s) => { tool.size = s; sizes.set(s); },
    });
    panel.append(
      group(null, sizes,
        slider({
          label: t('hardness'), min: 0, max: 1, step: 0.05, value: tool.hardness, fallback: options.hardness,
          onInput: (v) => { tool.hardness = v; }, onReset: () => { tool.hardness = options.hardness; },
        }),
        colorField({ label: t('color'), colors: options.colors, value: tool.color, pipette, onChange: (c) => { tool.color = c; } }),
        el('div', { class: 'row' },
          toggle({ label: t('eraser'), iconName: 'eraser', icons, pressed: false, onChange: (on) => { tool.eraser = on; }, dataset: { command: 'eraser' } }),
          button({
            label: t('clearDrawing'), iconName: 'delete', icons,
            onClick: () => store.change((d) => { const l = brushLayer(d); if (l) removeLayer(d, l.id); }),
          }))),
      el('p', { class: 'hint' }, t('brushHint')),
    );

    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('class', 'tool-drawing live-strokes');
    canvas.overlay.append(svg);
    // Once the latest document is shown, the server has drawn every stroke.
    const clearLive = (e) => { if (e.detail === 'ready') svg.replaceChildren(); };
    previewer.addEventListener('state', clearLive);

    canvas.setMode({
      name: 'brush',
      pointerdown(start) {
        const { W, H } = canvas.size();
        svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
        const points = [[start.x, start.y]];
        const line = document.createElementNS(SVG, 'polyline');
        const [r, g, b, a] = tool.color;
        Object.entries({
          fill: 'none', 'stroke-linecap': 'round', 'stroke-linejoin': 'round',
          'stroke-width': tool.size * Math.min(W, H),
          stroke: tool.eraser ? 'rgba(128,128,128,.6)' : `rgba(${r * 255},${g * 255},${b * 255},${a})`,
        }).forEach(([k, v]) => line.setAttribute(k, v));
        svg.append(line);
        const draw = () => line.setAttribute('points', points.map(([x, y]) => `${x * W},${y * H}`).join(' '));
        draw();
        return {
          move(p) {
            const [lx, ly] = points[points.length - 1];
            // Points closer than a pixel or so add nothing but size to the document.
            if (Math.hypot((p.x - lx) * W, (p.y - ly) * H) < 1.5 || points.length >= MAX_POINTS) return;
            points.push([p.x, p.y]);
            draw();
          },
          up() {
            // A stroke may leave the canvas, up to where the edit format lets points go.
            const round = (v) => Math.round(clampPosition(v) * 10000) / 10000;
            const stroke = {
              points: points.map(([x, y]) => [round(x), round(y)]), size: tool.size,
              color: tool.color, hardness: tool.hardness,
            };
            if (tool.eraser) stroke.eraser = true;
            store.change((d) => {
              let layer = brushLayer(d);
              if (!layer) putLayer(d, layer = { id: newLayerId(d, 'brush'), kind: 'brush', strokes: [] });
              (layer.strokes ??= []).push(stroke);
            });
          },
        };
      },
    });

    return {
      unmount() {
        svg.remove();
        previewer.removeEventListener('state', clearLive);
      },
    };
  },
};
