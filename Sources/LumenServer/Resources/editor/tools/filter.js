// Filter: the looks by folder, each shown on the user's own photo (a preview of the document
// with that look), and the look's intensity.
import { el, choices, group, slider, setPressed } from '../controls.js';
import { t } from '../i18n.js';
import { looks, lazyImage, reportLoadFailure } from '../assets.js';
import { blob, apiPath } from '../api.js';

const THUMB = 112;

export default {
  name: 'filter',
  mount(panel, { store, options }) {
    const current = () => store.doc.operations?.look?.id ?? '';
    const intensity = el('div');
    const grid = el('div', { class: 'tiles looks', role: 'group', 'aria-label': t('looks') });
    const folderSlot = el('div');
    panel.append(folderSlot, grid, intensity);
    let folders = [];
    let folderButtons = null;
    // Each thumbnail shows the latest saved revision when its tile first scrolls into view, with
    // that look instead of the document's own; it is kept while the tool is open.
    const thumbURLs = new Map();
    const closing = new AbortController(); // stops the thumbnails still loading on unmount

    function thumb(lookId) {
      const img = el('img', { alt: '', width: THUMB, height: THUMB });
      return lazyImage(img, async () => {
        if (!thumbURLs.has(lookId)) {
          const q = new URLSearchParams({ size: THUMB, format: 'webp', look: lookId || 'none' });
          const { blob: b } = await blob(`${apiPath`/v1/documents/${store.id}/preview`}?${q}`, closing.signal);
          thumbURLs.set(lookId, URL.createObjectURL(b));
        }
        return thumbURLs.get(lookId);
      });
    }

    const tile = (id, label) => el('button', {
      type: 'button', class: 'tile', dataset: { look: id }, 'aria-pressed': String(current() === id),
      onclick: () => choose(id),
    }, thumb(id), el('span', { class: 'label' }, label));

    function showFolder(folderId) {
      const folder = folders.find((f) => f.id === folderId);
      grid.replaceChildren(tile('', t('noLook')), ...folder.looks.map((l) => tile(l.id, t(`look.${l.id}`, {}, l.name))));
      folderButtons.set(folderId);
    }

    function choose(id) {
      store.change((d) => {
        d.operations ??= {};
        if (!id) delete d.operations.look;
        else d.operations.look = { id, intensity: d.operations.look?.intensity ?? 1 };
      });
    }

    looks().then((manifest) => {
      const wanted = options.folders ?? manifest.folders.map((f) => f.id);
      folders = wanted.map((id) => manifest.folders.find((f) => f.id === id)).filter(Boolean);
      if (!folders.length) return;
      const active = folders.find((f) => f.looks.some((l) => l.id === current())) ?? folders[0];
      folderButtons = choices({
        label: t('lookFolders'), className: 'tabs', value: active.id,
        options: folders.map((f) => ({ value: f.id, label: t(`folder.${f.id}`, {}, f.name), attrs: { dataset: { folder: f.id } } })),
        onChoose: showFolder,
      });
      folderSlot.replaceChildren(folderButtons);
      showFolder(active.id);
    }).catch(reportLoadFailure);

    // The intensity acts on the chosen look: without one it shows, disabled.
    const PATH = 'operations.look.intensity';
    const intensitySlider = options.showsIntensity ? slider({
      label: t('intensity'), min: 0, max: 1, step: 0.01, value: store.doc.operations?.look?.intensity ?? 1, fallback: 1, path: PATH,
      onInput: (v) => store.change((d) => { if (d.operations?.look) d.operations.look.intensity = v; }, `slider:${PATH}`),
      onCommit: () => store.endGroup(),
      onReset: () => store.change((d) => { if (d.operations?.look) delete d.operations.look.intensity; }),
    }) : null;
    if (intensitySlider) intensity.append(group(null, intensitySlider));

    function update(doc) {
      for (const b of grid.querySelectorAll('[data-look]')) setPressed(b, b.dataset.look === current());
      intensitySlider?.querySelectorAll('input, button').forEach((c) => { c.disabled = !doc.operations?.look; });
    }
    update(store.doc);

    return {
      update,
      unmount() {
        closing.abort();
        for (const url of thumbURLs.values()) URL.revokeObjectURL(url);
      },
    };
  },
};
