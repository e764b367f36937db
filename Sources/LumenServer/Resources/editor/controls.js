// Shared control builders: every tool composes its panel from these, so sliders, choices and
// colour fields look and behave alike and each has an accessible name.
import { icon } from './icons.js';
import { t } from './i18n.js';
import { getPath, setPath, removePath } from './paths.js';
import { hexToColor, colorToHex } from './config.js';

let serial = 0;
const uid = (prefix) => `${prefix}-${++serial}`;

/** document.createElement with attributes (on* keys become listeners) and children. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? '' : value);
  }
  node.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

/** A button with an optional icon; icon-only buttons carry their label as aria-label. */
export function button({ label, iconName, icons, iconOnly = false, onClick, pressed, ...attrs }) {
  const b = el('button', { type: 'button', onclick: onClick, ...attrs },
    iconName ? icon(iconName, icons) : null,
    iconOnly ? null : el('span', { class: 'label' }, label));
  if (iconOnly) { b.setAttribute('aria-label', label); b.title = label; }
  if (pressed !== undefined) b.setAttribute('aria-pressed', String(!!pressed));
  return b;
}

export function setPressed(node, pressed) { node.setAttribute('aria-pressed', String(!!pressed)); }

export function group(title, ...children) {
  return el('div', { class: 'group' }, title ? el('h3', {}, title) : null, ...children);
}

const show = (v, step) => (step >= 1 ? String(Math.round(v)) : Number(v).toFixed(2));

/**
 * A labelled range with its value and a reset button. onInput fires while it moves, onCommit
 * when it is let go; `path` (a document path) is set as data-path for tests and syncing.
 */
export function slider({ label, min, max, step, value, fallback = value, path, onInput, onCommit, onReset }) {
  const id = uid('slider');
  step = step ?? (max - min) / 200;
  const output = el('output', { for: id }, show(value, step));
  const input = el('input', {
    type: 'range', id, min, max, step, value,
    dataset: path ? { path, fallback } : { fallback },
    oninput: () => { output.value = show(input.value, step); onInput(Number(input.value)); },
    onchange: () => onCommit?.(),
  });
  const reset = button({
    label: t('resetNamed', { name: label }), iconName: 'reset', iconOnly: true, class: 'reset',
    onClick: () => { input.value = fallback; output.value = show(fallback, step); onReset(); },
  });
  return el('div', { class: 'field slider' },
    el('div', { class: 'field-head' }, el('label', { for: id }, label), output, reset), input);
}

/** A slider bound to a document path: moving it edits the document, one undo step a drag. */
export function pathSlider(store, path, spec) {
  return slider({
    ...spec,
    path,
    value: getPath(store.doc, path) ?? spec.fallback,
    onInput: (v) => store.change((d) => setPath(d, path, v), `slider:${path}`),
    onCommit: () => store.endGroup(),
    onReset: () => store.change((d) => removePath(d, path)),
  });
}

/**
 * Brings every [data-path] range and colour under `root` to the document's value. The output
 * shows the document's value even where the range cannot (outside a configuration's limits).
 */
export function syncPaths(root, doc) {
  for (const field of root.querySelectorAll('.color-field[data-path]')) {
    field.set(getPath(doc, field.dataset.path) ?? field.fallback);
  }
  for (const input of root.querySelectorAll('input[type=range][data-path]')) {
    const value = getPath(doc, input.dataset.path) ?? Number(input.dataset.fallback);
    if (Number(input.value) !== value) {
      input.value = value;
      const output = input.parentElement.querySelector('output');
      if (output) output.value = show(value, Number(input.step));
    }
  }
}

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
/** The direction [dx, dy] an arrow key points, or null for any other key. */
export const arrowDirection = (event) => ARROWS[event.key] ?? null;

/**
 * Mutually exclusive buttons (aria-pressed). options: [{value, label, iconName, attrs}].
 * Returns the element with set(value) to reflect the current choice.
 */
export function choices({ label, options, value, onChoose, iconOnly = false, icons, className = '' }) {
  const buttons = options.map((o) => button({
    label: o.label, iconName: o.iconName, icons, iconOnly, pressed: o.value === value,
    onClick: () => onChoose(o.value), ...o.attrs,
  }));
  const node = el('div', { class: `choices ${className}`, role: 'group', 'aria-label': label }, buttons);
  node.set = (v) => buttons.forEach((b, i) => setPressed(b, options[i].value === v));
  return node;
}

export function select({ label, options, value, onChange, id = uid('select') }) {
  const node = el('select', { id, onchange: () => onChange(node.value) },
    options.map((o) => el('option', { value: o.value, selected: o.value === value }, o.label)));
  return el('div', { class: 'field' }, el('label', { for: id }, label), node);
}

export function toggle({ label, pressed, onChange, iconName, ...attrs }) {
  const b = button({ label, iconName, pressed, ...attrs, onClick: () => {
    const next = b.getAttribute('aria-pressed') !== 'true';
    setPressed(b, next);
    onChange(next);
  } });
  return b;
}

/**
 * A colour: swatches from the configuration, a free colour input and the pipette. onChange
 * gets [r, g, b, a] and whether it is one of the many a drag in the colour input sends (live),
 * which onCommit ends; set(color) reflects the current one. With a document `path`, syncPaths
 * keeps it showing the document's colour (after an undo, say), `value` where there is none.
 */
export function colorField({ label, colors, value, onChange, onCommit, pipette, path }) {
  const id = uid('color');
  let current = value;
  const picker = el('input', {
    type: 'color', id, value: colorToHex(value),
    oninput: () => choose([...hexToColor(picker.value).slice(0, 3), current[3] ?? 1], true),
    onchange: () => onCommit?.(),
  });
  const swatches = colors.map((hex) => {
    const swatch = el('button', {
      type: 'button', class: 'swatch', 'aria-label': t('colorNamed', { color: hex }),
      title: hex, 'aria-pressed': 'false', onclick: () => choose(hexToColor(hex)),
    });
    swatch.style.setProperty('--swatch', hex); // a value, never parsed as more declarations
    return swatch;
  });
  const pick = button({
    label: t('pipette'), iconName: 'pipette', iconOnly: true, class: 'pipette',
    onClick: async () => { const c = await pipette(); if (c) choose(c); },
  });
  function choose(color, live = false) { node.set(color); onChange(color, live); }
  const node = el('div', { class: 'field color-field', role: 'group', 'aria-label': label },
    el('div', { class: 'field-head' }, el('label', { for: id }, label)),
    el('div', { class: 'swatches' }, swatches, picker, pick));
  node.set = (color) => {
    current = color;
    picker.value = colorToHex(color);
    const hex = picker.value;
    swatches.forEach((s, i) => setPressed(s, colors[i].slice(0, 7).toLowerCase() === hex));
  };
  node.set(value);
  if (path) {
    node.dataset.path = path;
    node.fallback = value;
  }
  return node;
}

export function textArea({ label, value, id = uid('text'), maxLength, onInput, onCommit }) {
  const area = el('textarea', { id, rows: 2, maxlength: maxLength, oninput: () => onInput(area.value), onchange: () => onCommit?.() });
  area.value = value;
  return el('div', { class: 'field' }, el('label', { for: id }, label), area);
}
