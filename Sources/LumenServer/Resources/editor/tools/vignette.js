// Vignette: darkened (or lightened) corners; the first slider moved adds it, Off removes it.
import { button, group, pathSlider } from '../controls.js';
import { t } from '../i18n.js';

// The edit format's ranges and the values a new vignette starts from.
const SLIDERS = [['intensity', -1, 1, 0.5], ['radius', 0, 1.5, 0.5], ['falloff', 0, 2, 0.5]];

export default {
  name: 'vignette',
  mount(panel, { store, icons }) {
    panel.append(
      group(null, ...SLIDERS.map(([name, min, max, fallback]) =>
        pathSlider(store, `operations.vignette.${name}`, { label: t(`vignette.${name}`), min, max, fallback }))),
      button({
        label: t('removeVignette'), iconName: 'delete', icons,
        onClick: () => store.change((d) => { if (d.operations) delete d.operations.vignette; }),
      }),
    );
    return {};
  },
};
