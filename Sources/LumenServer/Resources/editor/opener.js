// Opening: the file picker, dropping a file on the canvas, and the recent documents (their ids
// and names kept in this browser) shown on the start screen and in the Open dialog.
import { el, button } from './controls.js';
import { t, language } from './i18n.js';

const RECENT_KEY = 'lumen.recent';
const RECENT_MAX = 12;

export function recentDocuments() {
  try { return JSON.parse(localStorage.getItem(RECENT_KEY)) || []; } catch { return []; }
}

export function rememberDocument(entry) {
  const list = [entry, ...recentDocuments().filter((d) => d.id !== entry.id)].slice(0, RECENT_MAX);
  localStorage.setItem(RECENT_KEY, JSON.stringify(list));
}

export function forgetDocument(id) {
  localStorage.setItem(RECENT_KEY, JSON.stringify(recentDocuments().filter((d) => d.id !== id)));
}

export function createOpener({ input, area, startScreen, onFile, onDocument }) {
  input.addEventListener('change', () => {
    const [file] = input.files;
    input.value = '';
    if (file) onFile(file);
  });

  area.addEventListener('dragover', (e) => {
    if (![...e.dataTransfer.types].includes('Files')) return;
    e.preventDefault();
    area.classList.add('dropping');
  });
  area.addEventListener('dragleave', (e) => { if (!area.contains(e.relatedTarget)) area.classList.remove('dropping'); });
  area.addEventListener('drop', (e) => {
    e.preventDefault();
    area.classList.remove('dropping');
    const [file] = e.dataTransfer.files;
    if (file) onFile(file);
  });

  const dialog = el('dialog', { id: 'open-dialog', 'aria-labelledby': 'open-title' });
  document.body.append(dialog);

  /** The choices: a file, or one of the recent documents. */
  function content(inDialog) {
    const recent = recentDocuments();
    const choose = () => { if (inDialog) dialog.close(); input.click(); };
    const open = (id, name) => { if (inDialog) dialog.close(); onDocument(id, name); };
    return el('div', { class: 'open-choices' },
      el('h2', { id: inDialog ? 'open-title' : null }, t('openTitle')),
      button({ label: t('chooseFile'), class: 'primary', onClick: choose, dataset: { command: 'choose-file' } }),
      el('p', { class: 'hint' }, t('dropHint')),
      recent.length ? el('h3', {}, t('recentDocuments')) : null,
      recent.length ? el('ul', { class: 'recent' }, recent.map((d) => el('li', {},
        button({ label: d.name || d.id, onClick: () => open(d.id, d.name), dataset: { recent: d.id } }),
        el('span', { class: 'hint' }, new Date(d.at).toLocaleString(language())),
        button({
          label: t('forgetRecent', { name: d.name || d.id }), iconName: 'close', iconOnly: true, class: 'small',
          onClick: () => { forgetDocument(d.id); render(); },
        })))) : null,
      inDialog ? el('div', { class: 'row end' }, button({ label: t('close'), onClick: () => dialog.close() })) : null);
  }

  function render() {
    startScreen.replaceChildren(content(false));
    if (dialog.open) dialog.replaceChildren(content(true));
  }

  return {
    render,
    showDialog() {
      dialog.replaceChildren(content(true));
      dialog.showModal();
    },
  };
}
