// What the text-like tools share: settings that apply to the selected layer of their kind, or
// else wait for the next layer the tool adds; adding a layer in the middle and selecting it.
import { findLayer, newLayerId, putLayer } from '../layers.js';

export function layerStyle({ store, selection }, kind, defaults) {
  const selected = () => {
    const layer = findLayer(store.doc, selection.id);
    return layer?.kind === kind ? layer : null;
  };
  const style = { ...defaults };

  /** Takes the selected layer's settings (again after an undo, say); without one, the tool's own stay. */
  function read() {
    const layer = selected();
    if (layer) for (const key of Object.keys(defaults)) style[key] = key in layer ? layer[key] : defaults[key];
  }
  read();

  /** Sets a setting (null removes it) on the tool and on the selected layer. */
  function apply(key, value, group = null) {
    style[key] = value;
    const id = selected()?.id;
    if (!id) return;
    store.change((d) => {
      const l = findLayer(d, id);
      if (value === null) delete l[key];
      else l[key] = value;
    }, group && `${group}:${id}`);
  }

  return {
    style,
    selected,
    read,
    apply,
    /** A colour field's handlers for `key`: a drag in the colour picker is one undo step. */
    colorHandlers: (key) => ({
      onChange: (color, live) => apply(key, color, live ? `color:${key}` : null),
      onCommit: () => store.endGroup(),
    }),
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
