// Adjust: the sliders the configuration lists, in its order and limits, each with a reset.
import { button, group, pathSlider } from '../controls.js';
import { t } from '../i18n.js';

// Where each slider leaves the picture unchanged (the edit format's identity values).
const IDENTITY = { gamma: 1 };

export default {
  name: 'adjust',
  mount(panel, { store, options, icons }) {
    const sliders = options.sliders.map(({ name, minimum, maximum }) =>
      pathSlider(store, `operations.adjustments.${name}`, {
        label: t(`adjust.${name}`, {}, name), min: minimum, max: maximum,
        step: (maximum - minimum) / 200, fallback: IDENTITY[name] ?? 0,
      }));
    panel.append(
      group(null, ...sliders),
      button({
        label: t('resetAdjustments'), iconName: 'reset', icons,
        onClick: () => store.change((d) => { if (d.operations) delete d.operations.adjustments; }),
      }),
    );
    return {};
  },
};
