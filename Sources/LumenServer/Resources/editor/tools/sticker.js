// Sticker: the sticker library by group with a search over labels and tags; a chosen sticker
// becomes an image layer in the middle. A selected sticker can be tinted (solid or colorized,
// a duotone of the colour), with the pipette too.
import { el, choices, colorField, group, select } from '../controls.js';
import { t } from '../i18n.js';
import { assetsOf, assetTile, reportLoadFailure } from '../assets.js';
import { findLayer, newLayerId, putLayer } from '../layers.js';

const SIZE = 0.3;
const ALL = '';
const NO_TINT = [1, 1, 1, 1];

export default {
  name: 'sticker',
  mount(panel, { store, options, selection, pipette, fullConfig }) {
    let assets = [];
    let groupId = ALL;
    const search = el('input', { type: 'search', id: 'sticker-search', oninput: render });
    const groups = el('div');
    const grid = el('div', { class: 'tiles stickers', role: 'group', 'aria-label': t('stickers') });
    const tint = el('div');
    panel.append(
      el('div', { class: 'field' }, el('label', { for: 'sticker-search' }, t('searchStickers')), search),
      groups, grid, tint);

    function add(asset) {
      let id;
      const ratio = asset.width && asset.height ? asset.height / asset.width : 1;
      store.change((d) => {
        id = newLayerId(d, 'sticker');
        putLayer(d, { id, kind: 'image', source: asset.reference, transform: { x: 0.5, y: 0.5, width: SIZE, height: SIZE * ratio } });
      });
      selection.set(id);
    }

    function render() {
      const words = search.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
      const shown = assets.filter((a) => (groupId === ALL || (a.groups || []).includes(groupId))
        && words.every((w) => [a.label, ...(a.tags || [])].some((s) => s.toLowerCase().includes(w))));
      grid.replaceChildren(...shown.map((a) => assetTile('sticker', a, () => add(a))));
      if (!shown.length) grid.append(el('p', { class: 'hint' }, t('noStickers')));
    }

    assetsOf(options.sources).then((list) => {
      assets = list;
      const names = [...new Set(list.flatMap((a) => a.groups || []))];
      const tabs = choices({
        label: t('stickerGroups'), className: 'tabs', value: ALL,
        options: [ALL, ...names].map((g) => ({ value: g, label: g ? t(`group.${g}`, {}, g) : t('all'), attrs: { dataset: { group: g } } })),
        onChoose: (g) => { groupId = g; tabs.set(g); render(); },
      });
      groups.replaceChildren(tabs);
      render();
    }).catch(reportLoadFailure);

    /** The selected sticker's tint, built once per sticker; its values follow the document (an undo, say). */
    function renderTint() {
      const layer = findLayer(store.doc, selection.id);
      if (layer?.kind !== 'image' || !layer.transform) { tint.replaceChildren(); tint.dataset.layer = ''; return; }
      if (tint.dataset.layer !== layer.id) buildTint(layer.id);
      tint.querySelector('select').value = layer.tint ?? 'none';
      tint.querySelector('.color-field').set(layer.tintColor ?? NO_TINT);
    }

    function buildTint(id) {
      tint.dataset.layer = id;
      // A drag in the colour picker is one undo step.
      const set = (key, value, live = false) => store.change((d) => { findLayer(d, id)[key] = value; }, live ? `tint:${id}` : null);
      tint.replaceChildren(group(t('selectedSticker'),
        select({
          label: t('tint'), value: 'none',
          options: ['none', 'solid', 'colorized'].map((v) => ({ value: v, label: t(`tint.${v}`) })),
          onChange: (v) => set('tint', v),
        }),
        colorField({
          label: t('tintColor'), colors: fullConfig.tools.brush.colors, value: NO_TINT, pipette,
          onChange: (c, live) => set('tintColor', c, live), onCommit: () => store.endGroup(),
        })));
    }
    selection.addEventListener('change', renderTint);
    renderTint();
    return {
      update: renderTint,
      unmount: () => selection.removeEventListener('change', renderTint),
    };
  },
};
