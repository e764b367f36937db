// Overlay: an image stretched over the whole canvas (the image layer "overlay", without a
// transform) with a blend mode and opacity. The images are the configured overlay sources'.
import { el, group, pathSlider, select, setPressed } from '../controls.js';
import { t } from '../i18n.js';
import { assetsOf, assetTile, reportLoadFailure } from '../assets.js';
import { findLayer, putLayer, removeLayer } from '../layers.js';

const ID = 'overlay';

export default {
  name: 'overlay',
  mount(panel, { store, options }) {
    const layer = () => findLayer(store.doc, ID);
    let blendMode = layer()?.blendMode ?? options.blendModes[0] ?? 'normal';
    const grid = el('div', { class: 'tiles', role: 'group', 'aria-label': t('overlayImages') });
    const settings = el('div');
    const blend = select({
      label: t('blendMode'), value: blendMode,
      options: options.blendModes.map((m) => ({ value: m, label: t(`blend.${m}`, {}, m) })),
      onChange: (mode) => {
        blendMode = mode;
        if (layer()) store.change((d) => { findLayer(d, ID).blendMode = mode; });
      },
    });
    panel.append(grid, group(null, blend), settings);

    const choose = (asset) => store.change((d) => {
      if (!asset) return removeLayer(d, ID);
      putLayer(d, { ...findLayer(d, ID), id: ID, kind: 'image', source: asset.reference, blendMode });
    });

    const tile = (asset) => assetTile('overlay', asset, () => choose(asset), { none: t('noOverlay') });

    assetsOf(options.sources).then((assets) => {
      grid.replaceChildren(tile(null), ...assets.map(tile));
      update(store.doc);
    }).catch(reportLoadFailure);

    function update() {
      const current = layer();
      for (const b of grid.querySelectorAll('[data-overlay]')) setPressed(b, b.dataset.overlay === (current?.source ?? ''));
      if (!!current !== !!settings.firstChild) {
        settings.replaceChildren(current ? group(null, pathSlider(store, `layers.${ID}.opacity`, {
          label: t('opacity'), min: 0, max: 1, step: 0.01, fallback: 1,
        })) : '');
      }
      if (current) blend.querySelector('select').value = current.blendMode ?? 'normal';
    }
    update();
    return { update };
  },
};
