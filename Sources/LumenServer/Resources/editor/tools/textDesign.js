// Text design: words laid out by a recipe (banner, badge, ...), its random choices fixed by a
// seed that Shuffle changes; text and accent colours, inverted. Settings apply to the selected
// design, else to the next one added.
import { button, choices, colorField, group, textArea, toggle, setPressed } from '../controls.js';
import { t } from '../i18n.js';
import { fontPicker } from './fontPicker.js';
import { layerStyle } from './layerStyle.js';

const MAX_SEED = 1000000;
const MAX_TEXT = 1000; // the edit format's limit

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
      label: t('text'), value: text, id: 'design-text', maxLength: MAX_TEXT,
      onInput: (v) => { text = v; if (v.trim() && editor.selected()) editor.apply('text', v, 'text'); },
      onCommit: () => store.endGroup(),
    });
    const fonts = fontPicker({ options: fullConfig.tools.text }, style.font, (f) => editor.apply('font', f));
    const inverted = toggle({ label: t('inverted'), pressed: style.inverted, onChange: (on) => editor.apply('inverted', on) });
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
      group(t('font'), fonts),
      group(null,
        ...['color', 'accent'].map((key) => colorField({
          label: t(key), colors, value: style[key], pipette,
          path: layer ? `layers.${layer.id}.${key}` : undefined, ...editor.colorHandlers(key),
        })),
        inverted),
    );
    const field = content.querySelector('textarea');

    /** The selected design's settings after any change (an undo, say); colours follow their paths. */
    function update() {
      editor.read();
      editor.syncText(field);
      recipes.set(style.recipe);
      fonts.set(style.font);
      setPressed(inverted, style.inverted);
    }
    return { update };
  },
};
