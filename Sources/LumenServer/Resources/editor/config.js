// The editor configuration (GET /v1/editor/config), which the server answers complete, and the
// colour notations it and the document use.
import { getJSON } from './api.js';

export const loadConfig = () => getJSON('/v1/editor/config');

/** "#rrggbb" or "#rrggbbaa" as the document's [r, g, b, a] in 0...1. */
export function hexToColor(hex) {
  const n = (i) => parseInt(hex.slice(i, i + 2), 16) / 255;
  return [n(1), n(3), n(5), hex.length >= 9 ? n(7) : 1];
}

/** [r, g, b, a] as "#rrggbb" (what <input type=color> takes; alpha is kept apart). */
export function colorToHex(color) {
  return '#' + color.slice(0, 3).map((c) => Math.round(c * 255).toString(16).padStart(2, '0')).join('');
}
