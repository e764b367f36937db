// Text design: words laid out by a recipe (banner, badge, ...), its random choices fixed by a
// seed that Shuffle changes; text and accent colours, inverted. Settings apply to the selected
// design, else to the next one added.
import { button, choices, colorField, group, textArea, toggle } from '../controls.js';
import { t } from '../i18n.js';
import { fontPicker } from './fontPicker.js';
import { layerStyle } from './layerStyle.js';

const MAX_SEED = 1000000;

export default {
  name: 'textDesign',
  followsSelection: true,
  mount(panel, ctx) {
    const { store, options, fullConfig, pipette, icons } = ctx;
    const colors = fullConfig.tools.text.colors;
    const editor = layerStyle(ctx, 'textDesign', {
      font: fullConfig.tools.text.fonts[0], recipe: options.recipes[0] ?? 'stacked', seed: 0,
      color: [1, 1, 1, 1], accent: [0.93, 0.3, 0.25, 1], inverted: false,
    });
    const { style } = editor;
    const layer = editor.selected();
    let text = layer?.text ?? t('defaultDesignText');

    const recipes = choices({
      label: t('recipe'), value: style.recipe,
      options: options.recipes.map((r) => ({ value: r, label: t(`recipe.${r}`), attrs: { dataset: { recipe: r } } })),
      onChoose: (r) => { recipes.set(r); editor.apply('recipe', r); },
    });
    const content = textArea({
      label: t('text'), value: text, id: 'design-text',
      onInput: (v) => { text = v; if (v.trim() && editor.selected()) editor.apply('text', v, 'text'); },
      onCommit: () => store.endGroup(),
    });
    panel.append(
      group(null,
        content,
        button({
          label: t('addDesign'), id: 'design-add', class: 'primary',
          onClick: () => editor.add({ text: text.trim() ? text : t('defaultDesignText') }, { width: 0.6 }),
        })),
      group(t('recipe'), recipes,
        button({
          label: t('shuffle'), iconName: 'shuffle', icons, id: 'design-shuffle',
          onClick: () => editor.apply('seed', Math.floor(Math.random() * MAX_SEED)),
        })),
      group(t('font'), fontPicker({ options: fullConfig.tools.text }, style.font, (f) => editor.apply('font', f))),
      group(null,
        ...['color', 'accent'].map((key) => colorField({
          label: t(key), colors, value: style[key], pipette,
          path: layer ? `layers.${layer.id}.${key}` : undefined, onChange: (c) => editor.apply(key, c),
        })),
        toggle({ label: t('inverted'), pressed: style.inverted, onChange: (on) => editor.apply('inverted', on) })),
    );
    const field = content.querySelector('textarea');
    return { update: () => editor.syncText(field) };
  },
};
