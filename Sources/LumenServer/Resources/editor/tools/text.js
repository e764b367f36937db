// Text: a paragraph layer with a font (each shown in itself), size, colour, alignment and an
// optional background card. Settings apply to the selected text layer, else to the next one.
import { el, button, choices, colorField, group, slider, textArea, toggle, setPressed } from '../controls.js';
import { t } from '../i18n.js';
import { hexToColor } from '../config.js';
import { fontPicker } from './fontPicker.js';
import { layerStyle } from './layerStyle.js';

const BACKGROUND = [0, 0, 0, 0.6];
const MAX_TEXT = 10000; // the edit format's limit

export default {
  name: 'text',
  followsSelection: true,
  mount(panel, ctx) {
    const { store, options, pipette } = ctx;
    const editor = layerStyle(ctx, 'text', {
      font: options.fonts[0], size: 0.08, color: hexToColor(options.colors[0] ?? '#ffffff'),
      alignment: 'center', background: null,
    });
    const { style } = editor;
    const layer = editor.selected();
    let text = layer?.text ?? t('defaultText');

    const content = textArea({
      label: t('text'), value: text, id: 'text-content', maxLength: MAX_TEXT,
      onInput: (value) => {
        text = value;
        // A text layer needs at least one character: an emptied field leaves the layer as it was.
        if (value.trim() && editor.selected()) editor.apply('text', value, 'text');
      },
      onCommit: () => store.endGroup(),
    });
    const add = button({
      label: t('addText'), id: 'text-add', class: 'primary',
      onClick: () => editor.add({ text: text.trim() ? text : t('defaultText') }, { width: 0.8 }),
    });
    const alignment = choices({
      label: t('alignment'), value: style.alignment,
      options: ['left', 'center', 'right'].map((a) => ({ value: a, label: t(`align.${a}`), attrs: { dataset: { align: a } } })),
      onChoose: (a) => { alignment.set(a); editor.apply('alignment', a); },
    });
    const background = colorField({
      label: t('backgroundColor'), colors: options.colors, value: style.background ?? BACKGROUND, pipette,
      ...editor.colorHandlers('background'),
    });
    const backgroundToggle = toggle({
      label: t('textBackground'), pressed: !!style.background,
      onChange: (on) => { background.hidden = !on; editor.apply('background', on ? BACKGROUND : null); },
    });
    background.hidden = !style.background;
    const fonts = fontPicker(ctx, style.font, (font) => editor.apply('font', font));

    panel.append(
      group(null, content, add),
      group(t('font'), fonts),
      group(null,
        slider({
          label: t('textSize'), min: 0.01, max: 0.4, step: 0.005, value: style.size, fallback: 0.08,
          path: layer ? `layers.${layer.id}.size` : undefined,
          onInput: (v) => editor.apply('size', v, 'size'), onCommit: () => store.endGroup(),
          onReset: () => editor.apply('size', 0.08),
        }),
        colorField({
          label: t('color'), colors: options.colors, value: style.color, pipette,
          path: layer ? `layers.${layer.id}.color` : undefined, ...editor.colorHandlers('color'),
        }),
        alignment,
        el('div', { class: 'row' }, backgroundToggle),
        background),
    );
    const field = content.querySelector('textarea');

    /** The selected layer's settings after any change (an undo, say); size and colour follow their paths. */
    function update() {
      editor.read();
      editor.syncText(field);
      fonts.set(style.font);
      alignment.set(style.alignment);
      setPressed(backgroundToggle, !!style.background);
      background.hidden = !style.background;
      if (style.background) background.set(style.background);
    }
    return { update };
  },
};
