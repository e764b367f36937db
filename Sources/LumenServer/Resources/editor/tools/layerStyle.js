// What the text-like tools share: settings that apply to the selected layer of their kind, or
// else wait for the next layer the tool adds; adding a layer in the middle and selecting it.
import { findLayer, newLayerId, putLayer } from '../layers.js';

export function layerStyle({ store, selection }, kind, defaults) {
  const selected = () => {
    const layer = findLayer(store.doc, selection.id);
    return layer?.kind === kind ? layer : null;
  };
  const layer = selected();
  const style = { ...defaults };
  if (layer) for (const key of Object.keys(defaults)) if (key in layer) style[key] = layer[key];

  return {
    style,
    selected,
    /** Sets a setting (null removes it) on the tool and on the selected layer. */
    apply(key, value, group = null) {
      style[key] = value;
      const id = selected()?.id;
      if (!id) return;
      store.change((d) => {
        const l = findLayer(d, id);
        if (value === null) delete l[key];
        else l[key] = value;
      }, group && `${group}:${id}`);
    },
    /** Shows the selected layer's text in `field` (after an undo), unless it is being typed in. */
    syncText(field) {
      const l = selected();
      if (l && field !== document.activeElement && field.value !== l.text) field.value = l.text;
    },
    /** Adds a layer of the kind with the current settings, centred, and selects it. */
    add(content, transform) {
      let id;
      store.change((d) => {
        id = newLayerId(d, kind);
        const layer = { id, kind, ...content };
        for (const [key, value] of Object.entries(style)) if (value !== null) layer[key] = value;
        putLayer(d, { ...layer, transform: { x: 0.5, y: 0.5, ...transform } });
      });
      selection.set(id);
    },
  };
}
