// The font choice of the text tools: each family written in itself (its file loaded from the
// server as a FontFace). The document names a font by its asset reference when there is one.
import { el, setPressed } from '../controls.js';
import { t } from '../i18n.js';
import { cssFontFamily, fontReference, whenVisible } from '../assets.js';

export function fontPicker({ options }, current, onChoose) {
  const list = el('div', { class: 'font-list', role: 'group', 'aria-label': t('font') });
  const buttons = options.fonts.map((family) => {
    const b = el('button', { type: 'button', class: 'font', dataset: { font: family }, 'aria-pressed': 'false' }, family);
    b.addEventListener('click', async () => {
      buttons.forEach((x) => setPressed(x, x === b));
      onChoose(await fontReference(family));
    });
    // A family's file can be large (colour emoji, CJK): it loads only once its name is in view.
    whenVisible(b, () => cssFontFamily(family).then((css) => { b.style.fontFamily = `"${css}", sans-serif`; }, () => {}));
    fontReference(family).then((ref) => setPressed(b, ref === current || family === current));
    return b;
  });
  list.append(...buttons);
  return list;
}
