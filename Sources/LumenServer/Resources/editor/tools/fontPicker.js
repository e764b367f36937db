// The font choice of the text tools: each family written in itself (its file loaded from the
// server as a FontFace). The document names a font by its family, as the configuration lists
// it (the server renders the installed family; a font asset is one too).
import { el, setPressed } from '../controls.js';
import { t } from '../i18n.js';
import { cssFontFamily, whenVisible } from '../assets.js';

/** The families as buttons; set(font) reflects the current one. */
export function fontPicker({ options }, current, onChoose) {
  const list = el('div', { class: 'font-list', role: 'group', 'aria-label': t('font') });
  const buttons = options.fonts.map((family) => {
    const b = el('button', {
      type: 'button', class: 'font', dataset: { font: family }, 'aria-pressed': 'false',
      onclick: () => { list.set(family); onChoose(family); },
    }, family);
    // A family's file can be large (colour emoji, CJK): it loads only once its name is in view.
    whenVisible(b, () => cssFontFamily(family).then((css) => { b.style.fontFamily = `"${css}", sans-serif`; }, () => {}));
    return b;
  });
  list.append(...buttons);
  list.set = (font) => buttons.forEach((b) => setPressed(b, b.dataset.font === font));
  list.set(current);
  return list;
}
