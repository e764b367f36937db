// Frame: a frame asset drawn around the picture (the frame layer "frame"), and its thickness.
import { el, group, pathSlider, setPressed } from '../controls.js';
import { t } from '../i18n.js';
import { assetsOf, assetTile, reportLoadFailure } from '../assets.js';
import { findLayer, putLayer, removeLayer } from '../layers.js';

const ID = 'frame';

export default {
  name: 'frame',
  mount(panel, { store, options }) {
    const layer = () => findLayer(store.doc, ID);
    const grid = el('div', { class: 'tiles', role: 'group', 'aria-label': t('frames') });
    const settings = el('div');
    panel.append(grid, settings);

    // A new frame starts at the thickness it was drawn for, so the slider shows a real value.
    const choose = (asset) => store.change((d) => {
      if (!asset) return removeLayer(d, ID);
      removeLayer(d, ID);
      putLayer(d, { id: ID, kind: 'frame', frame: asset.reference, size: asset.payload?.thickness ?? 0.06 });
    });

    const tile = (asset) => assetTile('frame', asset, () => choose(asset), { labelled: true });

    assetsOf(options.sources).then((assets) => {
      grid.replaceChildren(tile(null), ...assets.map(tile));
      update();
    }).catch(reportLoadFailure);

    function update() {
      const current = layer();
      for (const b of grid.querySelectorAll('[data-frame]')) setPressed(b, b.dataset.frame === (current?.frame ?? ''));
      if (!!current !== !!settings.firstChild) {
        settings.replaceChildren(current ? group(null, pathSlider(store, `layers.${ID}.size`, {
          label: t('frameSize'), min: 0.005, max: 0.25, step: 0.005, fallback: 0.06,
        })) : '');
      }
    }
    update();
    return { update };
  },
};
