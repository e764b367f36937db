// Export: format, quality and size (defaults from the configuration), a job rendered by the
// server at full resolution, its progress from server-sent events, Cancel, and the download.
import { el, button } from './controls.js';
import { t } from './i18n.js';
import { call, events, blob, apiPath, ApiError } from './api.js';
import { effectiveCrop, orientedSize } from './geometry.js';

const PHOTO_FORMATS = ['jpeg', 'png', 'webp', 'heic'];
const VIDEO_FORMATS = ['mp4', 'mov', 'mkv', 'webm'];
const EXTENSIONS = { jpeg: 'jpg' };
const LOSSLESS = ['png'];

/** A video's quality 1...100 as x264's CRF (lower is better): 100 → 16, 50 → 28, 1 → 40. */
const crf = (quality) => Math.round(40 - quality * 0.24);

export function createExportDialog({ store, config, timeline, onJob }) {
  // timeline() is the open video's timeline (its trim), or null.
  const defaults = config.export;
  const dialog = el('dialog', { id: 'export-dialog', 'aria-labelledby': 'export-title' });
  dialog.addEventListener('close', stop);
  document.body.append(dialog);
  let job = null;
  let aborted = false; // the running export was cancelled or its dialog closed
  let format, quality, size, progress, message, start, cancel;

  /** The dialog's controls, built anew on opening so that they speak the current language. */
  function build() {
    format = el('select', { id: 'export-format', onchange: syncQuality });
    quality = el('input', { type: 'number', id: 'export-quality', min: 1, max: 100, step: 1, value: defaults.quality });
    size = el('input', { type: 'number', id: 'export-size', min: 16, max: 16384, step: 1, placeholder: t('fullSize'), value: defaults.maxSize ?? '' });
    // Without a value (hidden by the style sheet) until an export runs.
    progress = el('progress', { id: 'export-progress', max: 1, 'aria-label': t('progress') });
    message = el('p', { class: 'export-message', role: 'status' });
    start = button({ label: t('startExport'), id: 'export-start', class: 'primary', onClick: run });
    cancel = button({ label: t('cancel'), id: 'export-cancel', onClick: stop, disabled: true });
    const field = (label, input) => el('div', { class: 'field' }, el('label', { for: input.id }, label), input);
    const video = store.upload?.kind === 'video';
    const preferred = video ? 'mp4' : defaults.format;
    format.append(...(video ? VIDEO_FORMATS : PHOTO_FORMATS).map((f) => el('option', { value: f, selected: f === preferred }, f.toUpperCase())));
    syncQuality();
    dialog.replaceChildren(
      el('h2', { id: 'export-title' }, t('export')),
      field(t('format'), format), field(t('quality'), quality), field(t('longSide'), size),
      progress, message,
      el('div', { class: 'row end' }, button({ label: t('close'), onClick: () => dialog.close() }), cancel, start));
  }
  build();

  function syncQuality() { quality.disabled = LOSSLESS.includes(format.value); }

  function open() {
    if (!dialog.classList.contains('running')) build(); // a running export keeps its controls
    dialog.showModal();
  }

  function setRunning(running) {
    start.disabled = running;
    cancel.disabled = !running;
    dialog.classList.toggle('running', running);
  }

  function request(revision) {
    const body = { document: store.id, revision, format: format.value };
    const q = Math.min(100, Math.max(1, Number(quality.value) || defaults.quality));
    const longSide = Number(size.value) || null;
    if (store.upload.kind === 'video') {
      body.encoding = { crf: crf(q) };
      if (longSide) body.longSide = longSide;
      if (timeline()?.trimmed()) body.trim = timeline().trim();
    } else {
      if (!LOSSLESS.includes(format.value)) body.encoding = { quality: q };
      const scaled = longSide && previewLongSide(longSide);
      if (scaled) body.previewLongSide = scaled;
    }
    return body;
  }

  /**
   * A photo job's previewLongSide counts on the original's long side, not the output's: the
   * original's long side that makes the cropped output `longSide` long (null: already smaller).
   */
  function previewLongSide(longSide) {
    const { w, h } = orientedSize(store.upload, store.doc);
    const crop = effectiveCrop(store.doc, store.upload);
    const output = Math.max(crop.width * w, crop.height * h);
    return longSide < output ? Math.max(16, Math.round((longSide * Math.max(w, h)) / output)) : null;
  }

  async function run() {
    aborted = false;
    setRunning(true);
    progress.value = 0;
    message.textContent = t('exportSaving');
    try {
      const revision = await store.save();
      const documentJSON = JSON.stringify(store.doc, null, 2);
      if (aborted) {
        message.textContent = t('exportCancelled');
        return;
      }
      job = (await call('POST', '/v1/jobs', { json: request(revision) })).body;
      onJob(job.id);
      if (aborted) await stop(); // stopped while the job was being made: it goes too
      message.textContent = t('exportRunning');
      const final = await follow(job.id);
      if (final.state === 'done' && !aborted) {
        await download(final, documentJSON);
        message.textContent = t('exportDone');
      } else {
        message.textContent = final.state === 'failed' ? t('exportFailed', { reason: final.error || '' }) : t('exportCancelled');
      }
    } catch (error) {
      message.textContent = t('exportFailed', { reason: error.message });
    } finally {
      job = null;
      setRunning(false);
    }
  }

  /** Follows the job's events to its end; if the stream breaks off, asks for its state. */
  async function follow(id) {
    try {
      for await (const { event, data } of events(apiPath`/v1/jobs/${id}/events`)) {
        progress.value = data.progress ?? progress.value;
        if (['done', 'failed', 'cancelled'].includes(event)) return data;
      }
    } catch { /* the stream broke off: the job's state says how it ended */ }
    return (await call('GET', apiPath`/v1/jobs/${id}`)).body;
  }

  async function download(final, documentJSON) {
    progress.value = 1;
    const { blob: file } = await blob(final.output || apiPath`/v1/jobs/${final.id}/output`);
    const base = (store.name || 'lumen').replace(/\.[^.]+$/, '');
    save(file, `${base}-edited.${EXTENSIONS[final.format] ?? final.format}`);
    if (defaults.embedsDocument) save(new Blob([documentJSON], { type: 'application/json' }), `${base}.lumen.json`);
  }

  function save(file, name) {
    const url = URL.createObjectURL(file);
    const a = el('a', { href: url, download: name, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  }

  /** Cancel and closing the dialog: the running export stops, also before its job exists. */
  async function stop() {
    aborted = true;
    if (!job) return;
    const id = job.id;
    try {
      await call('DELETE', apiPath`/v1/jobs/${id}`);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 409) message.textContent = error.message;
    }
  }

  return { open, element: dialog };
}
