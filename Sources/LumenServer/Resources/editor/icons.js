// Line icons on a 24-unit grid, drawn in the text colour. The configuration's `icons` may
// replace the one of any tool or action with an image.

const shapes = {
  transform: '<path d="M6 2v16h16M2 6h16v16"/>',
  filter: '<circle cx="9" cy="9" r="5.5"/><circle cx="15" cy="9" r="5.5"/><circle cx="12" cy="15" r="5.5"/>',
  adjust: '<path d="M4 6h16M4 12h16M4 18h16"/><circle cx="9" cy="6" r="2" fill="currentColor"/><circle cx="15" cy="12" r="2" fill="currentColor"/><circle cx="7" cy="18" r="2" fill="currentColor"/>',
  focus: '<circle cx="12" cy="12" r="3"/><circle cx="12" cy="12" r="8" stroke-dasharray="3 2"/>',
  vignette: '<rect x="2" y="4" width="20" height="16" rx="2"/><ellipse cx="12" cy="12" rx="6" ry="4.5"/>',
  overlay: '<rect x="3" y="3" width="12" height="12"/><rect x="9" y="9" width="12" height="12" fill="currentColor" fill-opacity=".3"/>',
  text: '<path d="M5 5h14M12 5v15M9 20h6"/>',
  textDesign: '<path d="M4 6h9M8.5 6v12"/><circle cx="17" cy="15" r="4"/>',
  sticker: '<circle cx="12" cy="12" r="9"/><path d="M8.5 14.5c2 2 5 2 7 0"/><path d="M9 9.5h.01M15 9.5h.01" stroke-width="3"/>',
  brush: '<path d="M20 4 9 15"/><path d="M9 15c-3 0-4 2-4 5 3 0 5-1 5-4z"/>',
  frame: '<rect x="2.5" y="2.5" width="19" height="19"/><rect x="7" y="7" width="10" height="10"/>',
  magic: '<path d="M4 20 15 9"/><path d="M17 2v4M15 4h4M20 8v3M18.5 9.5h3M11 3v2M10 4h2"/>',
  undo: '<path d="M9 14 4 9l5-5"/><path d="M4 9h10a6 6 0 0 1 0 12h-3"/>',
  redo: '<path d="m15 14 5-5-5-5"/><path d="M20 9H10a6 6 0 0 0 0 12h3"/>',
  reset: '<path d="M4 12a8 8 0 1 0 2.5-5.8"/><path d="M4 3v5h5"/>',
  open: '<path d="M3 6h7l2 2h9v11H3z"/>',
  export: '<path d="M12 3v12M7 10l5 5 5-5M4 20h16"/>',
  theme: '<circle cx="12" cy="12" r="8"/><path d="M12 4a8 8 0 0 1 0 16z" fill="currentColor"/>',
  compare: '<rect x="3" y="4" width="18" height="16"/><path d="M12 2v20"/><path d="M12 4h9v16h-9z" fill="currentColor" fill-opacity=".3"/>',
  'zoom-in': '<circle cx="10" cy="10" r="6.5"/><path d="m15 15 6 6M7 10h6M10 7v6"/>',
  'zoom-out': '<circle cx="10" cy="10" r="6.5"/><path d="m15 15 6 6M7 10h6"/>',
  'zoom-fit': '<path d="M3 8V3h5M16 3h5v5M21 16v5h-5M8 21H3v-5"/>',
  rotate: '<path d="M20 12a8 8 0 1 1-2.5-5.8"/><path d="M20 3v5h-5"/>',
  flipH: '<path d="M12 2v20"/><path d="M9 6 3 18h6zM15 6l6 12h-6z"/>',
  flipV: '<path d="M2 12h20"/><path d="M6 9 18 3v6zM6 15l12 6v-6z"/>',
  forward: '<rect x="8" y="8" width="12" height="12" fill="currentColor" fill-opacity=".3"/><path d="M4 16V4h12"/>',
  backward: '<rect x="4" y="4" width="12" height="12"/><path d="M20 8v12H8" stroke-dasharray="2 2"/>',
  duplicate: '<rect x="8" y="8" width="12" height="12"/><path d="M16 4H4v12"/>',
  delete: '<path d="M4 6h16M9 6V3h6v3M6 6l1 15h10l1-15"/>',
  pipette: '<path d="m14 4 6 6M17 7l-9 9-4 4"/><path d="m14 4 3-1 4 4-1 3z" fill="currentColor"/>',
  shuffle: '<path d="M3 6h4l10 12h4M3 18h4l10-12h4M19 4l2 2-2 2M19 16l2 2-2 2"/>',
  close: '<path d="M5 5l14 14M19 5 5 19"/>',
  previous: '<path d="M15 5l-7 7 7 7"/>',
  next: '<path d="m9 5 7 7-7 7"/>',
  play: '<path d="M7 4v16l13-8z"/>',
  pause: '<path d="M8 4v16M16 4v16"/>',
  eraser: '<path d="m8 20-5-5L14 4l7 7-9 9zM8 20h13"/>',
};

/** An inline icon, or the configured replacement image. */
export function icon(name, replacements = {}) {
  const wrap = document.createElement('span');
  wrap.className = 'icon';
  wrap.setAttribute('aria-hidden', 'true');
  const replacement = replacements[name];
  if (replacement && /^data:image\/(svg\+xml|png|webp)[;,]/.test(replacement)) {
    const img = document.createElement('img');
    img.src = replacement;
    img.alt = '';
    wrap.append(img);
  } else {
    wrap.innerHTML = `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${shapes[name] || ''}</svg>`;
  }
  return wrap;
}
