// The selected layer's actions, whatever the tool: order, duplicate, delete and opacity.
import { el, button, pathSlider, syncPaths } from './controls.js';
import { t } from './i18n.js';
import { findLayer, shiftLayer, duplicateLayer } from './layers.js';

/** `remove(id)` deletes a layer (and places the focus). */
export function createLayerBar(root, { store, selection, icons, remove }) {
  function render() {
    const layer = findLayer(store.doc, selection.id);
    root.hidden = !layer;
    if (!layer) { root.replaceChildren(); root.dataset.layer = ''; return; }
    if (root.dataset.layer === layer.id) { syncPaths(root, store.doc); return; }
    root.dataset.layer = layer.id;
    root.setAttribute('role', 'group');
    root.setAttribute('aria-label', t('selectedLayer'));
    const id = layer.id;
    const action = (name, iconName, run) => button({
      label: t(`layer.${name}`), iconName, icons, iconOnly: true, dataset: { command: `layer-${name}` }, onClick: run,
    });
    root.replaceChildren(
      el('span', { class: 'layer-name' }, t('layerNamed', { kind: t(`kind.${layer.kind}`), name: layer.text || id })),
      action('backward', 'backward', () => store.change((d) => shiftLayer(d, id, -1))),
      action('forward', 'forward', () => store.change((d) => shiftLayer(d, id, 1))),
      action('duplicate', 'duplicate', () => {
        let copy;
        store.change((d) => { copy = duplicateLayer(d, id); });
        selection.set(copy);
      }),
      action('delete', 'delete', () => remove(id)),
      pathSlider(store, `layers.${id}.opacity`, { label: t('opacity'), min: 0, max: 1, step: 0.01, fallback: 1 }),
    );
  }
  store.addEventListener('change', render);
  selection.addEventListener('change', render);
  return { render, relabel() { root.dataset.layer = ''; render(); } };
}
