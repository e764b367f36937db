// Adjust: the sliders the configuration lists, in its order and limits, each with a reset.
import { button, group, pathSlider } from '../controls.js';
import { t } from '../i18n.js';

// Where each slider leaves the picture unchanged (the edit format's identity values).
const IDENTITY = { gamma: 1 };
const STEPS = 200;

/** About STEPS steps over the range, a whole number of them from the minimum to the identity, so that the slider can rest on it. */
function stepFor(min, max, identity) {
  const span = identity > min && identity < max ? identity - min : max - min;
  return span / Math.max(1, Math.round((span / (max - min)) * STEPS));
}

export default {
  name: 'adjust',
  mount(panel, { store, options, icons }) {
    const sliders = options.sliders.map(({ name, minimum, maximum }) =>
      pathSlider(store, `operations.adjustments.${name}`, {
        label: t(`adjust.${name}`, {}, name), min: minimum, max: maximum,
        step: stepFor(minimum, maximum, IDENTITY[name] ?? 0), fallback: IDENTITY[name] ?? 0,
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
