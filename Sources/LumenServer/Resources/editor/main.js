// The editor's start: reads the configuration, builds the header, menu and panels, and wires
// the document, its previews, the canvas and the tools together.
import { initToken, setToken, upload as uploadFile, call, getJSON, apiPath, ApiError } from './api.js';
import { loadConfig } from './config.js';
import { t, translate, setLanguage, pickLanguage, language, LANGUAGES } from './i18n.js';
import { DocumentStore, EMPTY_DOCUMENT } from './documentStore.js';
import { Previewer } from './previewer.js';
import { CanvasView, isTyping } from './canvas.js';
import { createLayerOverlay } from './layerOverlay.js';
import { createLayerBar } from './layerBar.js';
import { Selection, findLayer, needsMeasuring, rememberDrawnBoxes } from './layers.js';
import { createPipette } from './pipette.js';
import { createExportDialog } from './exportDialog.js';
import { createOpener, rememberDocument, forgetDocument, recentDocuments } from './opener.js';
import { createTimeline } from './timeline.js';
import { el, syncPaths, setPressed } from './controls.js';
import { icon } from './icons.js';
import { initStatus, announce } from './status.js';
import { forgetWaitingNodes } from './assets.js';
import { effectiveCrop, orientedSize, forcedCrop } from './geometry.js';
import transform from './tools/transform.js';
import filter from './tools/filter.js';
import adjust from './tools/adjust.js';
import focus from './tools/focus.js';
import vignette from './tools/vignette.js';
import overlay from './tools/overlay.js';
import text from './tools/text.js';
import textDesign from './tools/textDesign.js';
import sticker from './tools/sticker.js';
import brush from './tools/brush.js';
import frame from './tools/frame.js';

const TOOLS = Object.fromEntries([transform, filter, adjust, focus, vignette, overlay, text, textDesign,
  sticker, brush, frame].map((tool) => [tool.name, tool]));
// The tool that edits a layer of each kind, opened when such a layer is selected on the canvas.
const TOOL_OF_KIND = { text: 'text', textDesign: 'textDesign', image: 'sticker' };

const $ = (selector) => document.querySelector(selector);

/**
 * The configuration. Until the server answers it, the start screen says why, with a retry
 * and, when the server asks for a token, a field for it (kept for the tab, as #token= is).
 */
async function startingConfig() {
  for (;;) {
    try {
      return await loadConfig();
    } catch (error) {
      await askToRetry(error);
    }
  }
}

function askToRetry(error) {
  const needsToken = error instanceof ApiError && error.status === 401;
  const field = el('input', { type: 'password', id: 'access-token', autocomplete: 'off' });
  const form = el('form', { class: 'open-choices' },
    el('p', { role: 'alert' }, t('startFailed', { reason: error.message })),
    needsToken ? [el('label', { for: field.id }, t('accessToken')), field] : null,
    el('button', { type: 'submit', class: 'primary' }, t('retry')));
  $('.start-screen').replaceChildren(form);
  if (needsToken) field.focus();
  return new Promise((resolve) => form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (needsToken) setToken(field.value.trim());
    resolve();
  }));
}

initToken();
initStatus($('#status'));
setLanguage(pickLanguage(null)); // the browser's, until the configuration names one
const config = await startingConfig();
const icons = config.icons || {};
setLanguage(pickLanguage(config.language));

const store = new DocumentStore();
const selection = new Selection();
const img = $('#canvas-image');
const area = $('#canvas-area');
const previewer = new Previewer(store, img);
const canvas = new CanvasView(area, img);
const layerOverlay = createLayerOverlay({ canvas, store, selection });
const layerBar = createLayerBar($('#layer-bar'), { store, selection, icons, remove: layerOverlay.remove });
const pipette = createPipette(canvas, img);
let timeline = null;
let lastJob = null;
let comparing = false;
let active = null; // {name, tool, instance}

const exportDialog = createExportDialog({ store, config, timeline: () => timeline, onJob: (id) => { lastJob = id; } });

// ---- Theme: the configured base, its colour overrides, and the header's toggle.
function applyTheme(theme) {
  const root = document.documentElement;
  root.dataset.theme = theme;
  for (const [key, value] of Object.entries(config.theme.colors || {})) {
    if (theme === config.theme.base) root.style.setProperty(`--color-${key}`, value);
    else root.style.removeProperty(`--color-${key}`);
  }
}
applyTheme(config.theme.base === 'dark' ? 'dark' : 'light');

// ---- Header: open, undo/redo, view, theme, language, export (never menu items).
const headerButton = (iconName, labelKey, onClick, dataset) =>
  el('button', { type: 'button', dataset: { i18nLabel: labelKey, ...dataset }, onclick: onClick }, icon(iconName, icons));
const undoButtons = [headerButton('undo', 'action.undo', () => store.undo(), { action: 'undo' })];
const redoButtons = [headerButton('redo', 'action.redo', () => store.redo(), { action: 'redo' })];
const compareButton = headerButton('compare', 'compare', toggleCompare, { command: 'compare' });
compareButton.setAttribute('aria-pressed', 'false');
const exportButton = el('button', { type: 'button', class: 'primary', dataset: { command: 'export' }, onclick: () => store.id && exportDialog.open() },
  icon('export', icons), el('span', { class: 'label', 'data-i18n': 'export' }));
const languageSelect = el('select', { id: 'language', 'data-i18n-label': 'language', onchange: () => changeLanguage(languageSelect.value) },
  LANGUAGES.map((l) => el('option', { value: l, selected: l === language(), 'data-i18n': `languageName.${l}` })));
$('#header-file').append(headerButton('open', 'open', () => opener.showDialog(), { command: 'open' }), ...undoButtons, ...redoButtons);
$('#header-view').append(compareButton,
  headerButton('zoom-out', 'zoomOut', () => canvas.zoomBy(1 / 1.25), { command: 'zoom-out' }),
  headerButton('zoom-in', 'zoomIn', () => canvas.zoomBy(1.25), { command: 'zoom-in' }),
  headerButton('zoom-fit', 'zoomFit', () => canvas.fit(), { command: 'zoom-fit' }));
$('#header-prefs').append(
  headerButton('theme', 'theme', () => applyTheme(document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark'), { command: 'theme' }),
  languageSelect);
$('#header-export').append(exportButton);
const single = TOOLS[config.singleTool] ? config.singleTool : null;
// A single tool's editor keeps only Open, Export and undo/redo in its header.
$('#header-view').hidden = $('#header-prefs').hidden = !!single;

// ---- Menu: exactly the configured items, in order.
const menu = $('#menu');
function buildMenu() {
  menu.setAttribute('aria-label', t('tools'));
  undoButtons.length = redoButtons.length = 1;
  menu.replaceChildren(...config.menu.map((item) => {
    if (item === 'separator') return el('div', { role: 'separator', class: 'separator', dataset: { menuItem: 'separator' } });
    if (item.tool) {
      return el('button', {
        type: 'button', class: 'menu-item', dataset: { menuItem: `tool:${item.tool}`, tool: item.tool },
        'aria-pressed': String(active?.name === item.tool), onclick: () => activateTool(item.tool),
      }, icon(item.tool, icons), el('span', { class: 'label' }, t(`tool.${item.tool}`, {}, item.tool)));
    }
    const b = el('button', {
      type: 'button', class: 'menu-item', dataset: { menuItem: `action:${item.action}`, action: item.action },
      onclick: () => ACTIONS[item.action]?.(),
    }, icon(item.action, icons), el('span', { class: 'label' }, t(`action.${item.action}`, {}, item.action)));
    if (item.action === 'magic') b.setAttribute('aria-pressed', 'false');
    if (item.action === 'undo') undoButtons.push(b);
    if (item.action === 'redo') redoButtons.push(b);
    return b;
  }));
  menu.hidden = !!single;
  syncCommands();
}

/** A new document: empty, but for the crop a configuration's forced aspect keeps from the start. */
const freshDocument = (upload) => {
  const doc = structuredClone(EMPTY_DOCUMENT);
  const forced = config.tools.transform.forcedAspect;
  if (forced) doc.operations = { crop: forcedCrop(forced, upload, doc) };
  return doc;
};

const ACTIONS = {
  magic: () => store.change((d) => {
    d.operations ??= {};
    if (d.operations.magic) delete d.operations.magic;
    else d.operations.magic = true;
  }),
  undo: () => store.undo(),
  redo: () => store.redo(),
  reset: () => store.replaceWith(freshDocument(store.upload)),
};

/** Enables what needs a document and reflects undo/redo and magic. */
function syncCommands() {
  const open = !!store.doc;
  for (const b of menu.querySelectorAll('button')) b.disabled = !open;
  undoButtons.forEach((b) => { b.disabled = !store.canUndo; });
  redoButtons.forEach((b) => { b.disabled = !store.canRedo; });
  for (const b of menu.querySelectorAll('[data-action=magic]')) setPressed(b, store.doc?.operations?.magic);
  compareButton.disabled = !open;
  exportButton.disabled = !open;
}

// ---- Tools: one panel at a time.
const panel = $('#tool-panel');
const panelTitle = $('#tool-title');
const panelBody = $('#tool-body');

function toolContext(name) {
  return {
    store, selection, canvas, previewer, pipette, icons, fullConfig: config,
    options: config.tools[name] || {},
  };
}

function activateTool(name) {
  // A panel built anew (when another layer is selected, say) gives the focus back to the same control.
  const focused = panelBody.contains(document.activeElement) ? document.activeElement.id : '';
  if (active) {
    active.instance.unmount?.();
    canvas.setMode(null);
  }
  forgetWaitingNodes();
  active = null;
  panelBody.replaceChildren();
  panel.dataset.tool = name || '';
  for (const b of menu.querySelectorAll('[data-tool]')) setPressed(b, b.dataset.tool === name);
  const tool = TOOLS[name];
  if (!tool || !store.doc) {
    panelTitle.textContent = store.doc ? t('chooseTool') : t('openFirst');
    updateView();
    return;
  }
  panelTitle.textContent = t(`tool.${name}`);
  active = { name, tool, instance: tool.mount(panelBody, toolContext(name)) || {} };
  syncPaths(panelBody, store.doc);
  if (focused) document.getElementById(focused)?.focus();
  updateView();
}

/** What the canvas shows: the original (comparing), the uncropped picture (cropping) or the edit. */
function updateView() {
  const variant = comparing ? 'original' : active?.tool.view ?? null;
  previewer.setView({ variant });
  layerOverlay.setVisible(!variant);
  area.dataset.view = variant || 'edit';
}

function toggleCompare() {
  comparing = !comparing;
  setPressed(compareButton, comparing);
  updateView();
}

// ---- Document changes.
store.addEventListener('change', () => {
  if (selection.id && !findLayer(store.doc, selection.id)) selection.set(null);
  active?.instance.update?.(store.doc);
  if (active) syncPaths(panelBody, store.doc);
  syncCommands();
});

selection.addEventListener('change', () => {
  const layer = findLayer(store.doc, selection.id);
  const wanted = layer && TOOL_OF_KIND[layer.kind];
  const offered = config.menu.some((item) => item.tool === wanted);
  if (!single && wanted && offered && active?.name !== wanted && !canvas.mode) activateTool(wanted);
  else if (active?.tool.followsSelection) activateTool(active.name);
});

previewer.addEventListener('shown', (e) => {
  if (e.detail.width && e.detail.height) canvas.setAspect(e.detail.width / e.detail.height);
  measureLayers();
});

/** Asks the server how large the texts are drawn, when the shown revision has one not measured
 * yet; the handles then fit what the preview shows. */
async function measureLayers() {
  const { id, revision } = store;
  if (store.dirty || !needsMeasuring(store.doc)) return;
  const doc = store.doc;
  try {
    const answer = await getJSON(apiPath`/v1/documents/${id}/layers`);
    if (answer.revision !== revision || store.id !== id) return;
    rememberDrawnBoxes(doc, answer.layers);
    layerOverlay.render();
  } catch {
    // The estimate stays: handles a little off are no reason to interrupt.
  }
}
previewer.addEventListener('error', (e) => announce(t('previewFailed', { reason: e.detail.message }), { error: true }));

// ---- Saving: a refused change is taken back; someone else's revision is never overwritten unasked.
store.addEventListener('savefailed', (e) => {
  const error = e.detail;
  if (error.status === 412) offerConflictChoice();
  else if (error.status === 413 || error.status === 422) {
    announce(t('saveRefused', { reason: error.message }), { error: true });
    store.dropRefused();
  } else {
    announce(t('saveFailed', { reason: error.message }), { error: true });
  }
});

function offerConflictChoice() {
  const settle = (choice) => choice.then(() => previewer.retry(),
    (error) => announce(t('saveFailed', { reason: error.message }), { error: true }));
  announce(t('saveConflict'), { error: true, actions: [
    { label: t('reloadTheirs'), run: () => settle(store.takeTheirs()) },
    { label: t('keepMine'), run: () => settle(store.overrule()) },
  ] });
}

// Leaving the page with changes not saved yet (a save running, refused or in conflict) asks first.
addEventListener('beforeunload', (e) => { if (store.dirty) e.preventDefault(); });
canvas.addEventListener('layout', () => {
  const size = canvas.previewSize();
  if (store.id && size !== previewer.view.size) previewer.setView({ size });
});

// ---- Opening: the latest open wins, whichever answer comes first, and the document it
// replaces keeps its last changes (saved first).
const uploadBox = area.querySelector('.upload');
let opens = 0;

/**
 * Runs an open. `fetchDocument({latest, show})` answers {answer, meta, name} to load, or
 * nothing when it failed (it says why while it is the latest open: latest()); show(text,
 * fraction) shows its progress while it is. The canvas counts as busy meanwhile, also over a
 * document already open.
 */
async function whileOpening(fetchDocument) {
  const serial = ++opens;
  const latest = () => serial === opens;
  const show = (text, fraction) => { if (latest()) showUpload(text, fraction); };
  previewer.setOpening(+1);
  try {
    const opened = await fetchDocument({ latest, show });
    if (!opened || !latest()) return;
    await saveBeforeLeaving();
    if (latest()) load(opened); // unless yet another open began meanwhile
  } finally {
    previewer.setOpening(-1);
    show(null);
  }
}

/** Saves the open document's last changes before another one replaces it; says so if that fails. */
async function saveBeforeLeaving() {
  try {
    await store.save();
  } catch (error) {
    announce(t('notSavedBeforeOpening', { name: store.name, reason: error.message }), { error: true });
  }
}

function showUpload(text, fraction) {
  uploadBox.hidden = text === null;
  uploadBox.querySelector('span').textContent = text ?? '';
  const bar = uploadBox.querySelector('progress');
  if (fraction === undefined) bar.removeAttribute('value');
  else bar.value = fraction;
}

const openFile = (file) => whileOpening(async ({ latest, show }) => {
  const uploading = (f) => show(t('uploading', { percent: Math.round(f * 100) }), f);
  uploading(0);
  try {
    const meta = await uploadFile(file, uploading);
    if (!latest()) return null;
    show(t('preparing'));
    const { body } = await call('POST', '/v1/documents', { json: { upload: meta.id, document: freshDocument(meta) } });
    return { answer: body, meta, name: file.name };
  } catch (error) {
    if (latest()) announce(t('openFailed', { reason: error.message }), { error: true });
    return null;
  }
});

const openDocument = (id, name) => whileOpening(async ({ latest, show }) => {
  show(t('preparing'));
  try {
    const { body } = await call('GET', apiPath`/v1/documents/${id}`);
    const meta = await getJSON(apiPath`/v1/uploads/${body.upload}`);
    return { answer: body, meta, name };
  } catch (error) {
    const gone = error instanceof ApiError && error.status === 404;
    if (gone) {
      forgetDocument(id);
      opener.render();
    }
    if (latest()) announce(gone ? t('documentGone') : t('openFailed', { reason: error.message }), { error: true });
    return null;
  }
});

function load({ answer, meta, name }) {
  timeline?.destroy();
  timeline = null;
  selection.set(null);
  canvas.fit();
  previewer.view.size = canvas.previewSize();
  previewer.view.time = 0;
  store.load(answer, meta, name || answer.id);
  keepForcedAspect(meta);
  // Size the stage for the picture before its first preview arrives.
  const { w, h } = orientedSize(meta, store.doc);
  const crop = effectiveCrop(store.doc, meta);
  canvas.setAspect((crop.width * w) / (crop.height * h));
  area.classList.add('has-document');
  rememberDocument({ id: answer.id, name: store.name, kind: meta.kind, at: Date.now() });
  history.replaceState(null, '', `${location.pathname}${location.search}#doc=${answer.id}`);
  if (meta.kind === 'video') timeline = createTimeline($('#timeline'), { store, previewer, selection, icons });
  activateTool(single || (active?.name ?? null));
  opener.render();
}

/** A configuration's forced aspect holds for documents made before it too: their crop becomes
 * it, saved as a new revision that undo cannot go back past. */
function keepForcedAspect(meta) {
  const forced = config.tools.transform.forcedAspect;
  if (!forced || store.doc.operations?.crop?.aspect === forced) return;
  store.change((d) => {
    d.operations ??= {};
    d.operations.crop = { ...d.operations.crop, ...forcedCrop(forced, meta, d) };
  });
  store.settle();
}

const opener = createOpener({
  input: $('#open-file'), area, startScreen: area.querySelector('.start-screen'),
  onFile: openFile, onDocument: openDocument,
});

// ---- Language.
function changeLanguage(next) {
  setLanguage(next);
  translate();
  buildMenu();
  layerBar.relabel();
  opener.render();
  img.alt = t('editedImage');
  activateTool(active?.name ?? single);
  if (timeline) {
    const trim = timeline.trim();
    timeline.destroy();
    timeline = createTimeline($('#timeline'), { store, previewer, selection, icons, trim });
  }
}

// ---- Keyboard: undo and redo everywhere but in text fields, which keep their own; Escape
// leaves the selected layer wherever the focus is (an open dialog takes Escape itself).
addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && !isTyping(e) && !document.querySelector('dialog[open]')) {
    selection.set(null);
    return;
  }
  if (!(e.ctrlKey || e.metaKey) || isTyping(e)) return;
  const key = e.key.toLowerCase();
  if (key === 'z' && !e.shiftKey) store.undo();
  else if ((key === 'z' && e.shiftKey) || key === 'y') store.redo();
  else return;
  e.preventDefault();
});

// The tests' and embedders' view of the editor.
window.lumenEditor = {
  get documentId() { return store.id; },
  get revision() { return store.revision; },
  get uploadId() { return store.upload?.id ?? null; },
  get document() { return store.doc && structuredClone(store.doc); },
  get lastJob() { return lastJob; },
  ready: () => !!store.id && !store.dirty && previewer.ready,
};

changeLanguage(language());
/** Opens the document the address names (#doc=ID), at start and when a link changes it. Only a
 * document's id opens: anything more ("?revision=1", say) would reach into the API's paths. */
function openRequested() {
  const requested = new URLSearchParams(location.hash.slice(1)).get('doc');
  if (/^[0-9a-f]{32}$/.test(requested ?? '') && requested !== store.id) {
    openDocument(requested, recentDocuments().find((d) => d.id === requested)?.name);
  }
}
addEventListener('hashchange', openRequested);
openRequested();
