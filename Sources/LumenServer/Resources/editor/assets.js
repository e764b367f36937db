// Looks, assets and fonts from the server, each fetched once; thumbnails and font previews
// loaded when they scroll into view, a few at a time, so that they never crowd out the canvas's
// preview.
import { getJSON, blob, cachedObjectURL } from './api.js';
import { el } from './controls.js';
import { t } from './i18n.js';
import { announce } from './status.js';

const once = new Map();
function memo(key, load) {
  if (!once.has(key)) {
    const pending = load();
    pending.catch(() => once.delete(key));
    once.set(key, pending);
  }
  return once.get(key);
}

export const looks = () => memo('looks', () => getJSON('/v1/looks'));

/** The assets of the given sources, in order. */
export async function assetsOf(sources) {
  const lists = await Promise.all(sources.map((s) =>
    memo(`assets:${s}`, () => getJSON(`/v1/assets?source=${encodeURIComponent(s)}`))));
  return lists.flat();
}

/** Loads a family's font file for previews in the page; resolves with the CSS family to use. */
export function cssFontFamily(family) {
  return memo(`font:${family}`, async () => {
    const fonts = await assetsOf(['lumen.font']);
    const asset = fonts.find((f) => f.payload?.family === family);
    if (!asset) return family;
    const { blob: file } = await blob(`/v1/assets/file?reference=${encodeURIComponent(asset.reference)}`);
    const alias = `lumen-${asset.id}`;
    const face = new FontFace(alias, await file.arrayBuffer());
    document.fonts.add(await face.load());
    return alias;
  });
}

const LIMIT = 3;
const queue = [];
let active = 0;

function drain() {
  while (active < LIMIT && queue.length) {
    const job = queue.shift();
    active++;
    job().finally(() => { active--; drain(); });
  }
}

const observer = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    observer.unobserve(entry.target);
    queue.push(entry.target.lumenLoad);
    drain();
  }
}, { rootMargin: '64px' });

/** Runs `load()` (in the queue) once `node` is about to be seen, unless it has left the page. */
export function whenVisible(node, load) {
  node.lumenLoad = async () => { if (node.isConnected) await load(); };
  observer.observe(node);
  return node;
}

/** Stops watching the nodes of a panel that goes away (the observer would keep them). */
export const forgetWaitingNodes = () => observer.disconnect();

/** Says that a list (looks, assets) could not be loaded. */
export const reportLoadFailure = (error) => announce(t('loadFailed', { reason: error.message }), { error: true });

/** Fills `img` with the object URL `load()` resolves once it is about to be seen. */
export const lazyImage = (img, load) => whenVisible(img, async () => {
  try { img.src = await load(); } catch { img.classList.add('failed'); }
});

/** An asset's thumbnail (the same for everyone, so fetched once). */
const assetThumbnail = (img, asset) => lazyImage(img, () => cachedObjectURL(asset.thumbUri));

/**
 * A tile that chooses `asset` (null: none, named `none`) with its thumbnail, and its
 * reference as data-KIND. Its label shows under it (`labelled`) or names it only for
 * assistive technology and as a tooltip.
 */
export function assetTile(kind, asset, onClick, { labelled = false, none = t('none') } = {}) {
  const label = asset ? asset.label : none;
  const shown = labelled || !asset;
  return el('button', {
    type: 'button', class: 'tile', dataset: { [kind]: asset?.reference ?? '' }, onclick: onClick,
    'aria-label': shown ? null : label, title: label,
  }, asset ? assetThumbnail(el('img', { alt: '' }), asset) : null, shown ? el('span', { class: 'label' }, label) : null);
}
