// The timeline of a video: thumbnails of the edited clip, a play head whose every position is
// the exact frame rendered by the server, the trim handles of the export, and when the
// selected layer shows (its time span, in seconds).
import { el, button } from './controls.js';
import { t } from './i18n.js';
import { blob, apiPath } from './api.js';
import { icon } from './icons.js';
import { findLayer } from './layers.js';

const THUMB = 80;
const REFRESH_MS = 1500;

export function createTimeline(root, { store, previewer, selection, icons, trim: kept }) {
  const id = store.id; // the timeline's document, whichever is open later
  const duration = store.upload.duration || 0;
  // One frame of the clip (its average rate as the upload's headers give it, else 30 per second).
  const FRAME = 1 / (store.upload.frameRate || 30);
  // The trim handles count frames; their last position is the clip's end, even where the
  // clip is not a whole number of frames long (a range would snap its end below it).
  const LAST = Math.max(1, Math.ceil(duration / FRAME - 1e-6));
  const timeOf = (frame) => Math.min(duration, frame * FRAME);
  const frameOf = (time) => (time >= duration ? LAST : Math.round(time / FRAME));
  // The trim is the export's, not the document's: kept in this browser, by document.
  const stored = `lumen.trim.${id}`;
  const remembered = kept ?? JSON.parse(localStorage.getItem(stored) ?? 'null');
  const trim = { from: frameOf(remembered?.from ?? 0), to: frameOf(remembered?.to ?? duration) };
  const thumbs = el('div', { class: 'thumbs' });
  // Positions are whole frames: every step of the play head is the next frame.
  const playhead = el('input', { type: 'range', class: 'playhead', min: 0, max: duration, step: FRAME, value: 0, 'aria-label': t('position') });
  const handle = (frame, label) => el('input', { type: 'range', class: 'trim', min: 0, max: LAST, step: 1, value: frame, 'aria-label': label });
  const trimFrom = handle(trim.from, t('trimStart'));
  const trimTo = handle(trim.to, t('trimEnd'));
  const shade = el('div', { class: 'trim-shade' });
  const clock = el('output', { class: 'clock', 'aria-live': 'off' });
  const span = el('div', { class: 'layer-span' });

  const seek = (time) => {
    time = Math.min(duration, Math.max(0, time));
    playhead.value = time;
    clock.value = `${time.toFixed(2)} s / ${duration.toFixed(2)} s`;
    previewer.setView({ time });
  };
  playhead.addEventListener('input', () => { stop(); seek(Number(playhead.value)); });

  // Playing: the play head follows the clock from where it was, within the trim, and each
  // preview shown asks for the frame of that moment (frames the server cannot render in
  // time are skipped, as a player drops them).
  let playing = null;
  const play = button({ label: t('play'), iconName: 'play', iconOnly: true, icons, class: 'small', onClick: () => (playing ? stop() : start()) });
  function start() {
    const end = timeOf(trim.to);
    const from = Number(playhead.value) >= end - FRAME / 2 ? timeOf(trim.from) : Number(playhead.value);
    playing = { from, end, started: performance.now() };
    setPlaying(true);
    advance();
  }
  function stop() {
    if (!playing) return;
    playing = null;
    setPlaying(false);
  }
  function setPlaying(on) {
    const name = on ? 'pause' : 'play';
    play.replaceChildren(icon(name, icons));
    play.setAttribute('aria-label', t(name));
    play.title = t(name);
  }
  function advance() {
    if (!playing) return;
    const time = playing.from + (performance.now() - playing.started) / 1000;
    if (time >= playing.end) {
      seek(playing.end);
      stop();
      return;
    }
    const frame = Math.floor(time / FRAME) * FRAME;
    // Still the frame shown: wait for the clock to reach the next one.
    if (Math.abs(frame - Number(playhead.value)) < FRAME / 2) requestAnimationFrame(advance);
    else seek(frame);
  }
  const onShown = () => requestAnimationFrame(advance);
  previewer.addEventListener('shown', onShown);

  function setTrim() {
    // The handles may not cross: keep at least a frame between them.
    trim.from = Math.min(Number(trimFrom.value), trim.to - 1);
    trim.to = Math.max(Number(trimTo.value), trim.from + 1);
    for (const [input, frame] of [[trimFrom, trim.from], [trimTo, trim.to]]) {
      input.value = frame;
      input.setAttribute('aria-valuetext', `${timeOf(frame).toFixed(2)} s`);
    }
    shade.style.setProperty('--from', `${(timeOf(trim.from) / duration) * 100}%`);
    shade.style.setProperty('--to', `${(timeOf(trim.to) / duration) * 100}%`);
    localStorage.setItem(stored, JSON.stringify({ from: timeOf(trim.from), to: timeOf(trim.to) }));
  }
  trimFrom.addEventListener('input', () => { stop(); setTrim(); seek(timeOf(trim.from)); });
  trimTo.addEventListener('input', () => { stop(); setTrim(); seek(timeOf(trim.to)); });

  root.replaceChildren(
    el('div', { class: 'track' }, thumbs, shade, playhead),
    el('div', { class: 'trim-row' }, trimFrom, trimTo),
    el('div', { class: 'row timeline-controls' },
      button({ label: t('previousFrame'), iconName: 'previous', iconOnly: true, icons, onClick: () => { stop(); seek(Number(playhead.value) - FRAME); }, class: 'small' }),
      play,
      button({ label: t('nextFrame'), iconName: 'next', iconOnly: true, icons, onClick: () => { stop(); seek(Number(playhead.value) + FRAME); }, class: 'small' }),
      clock,
      span),
  );
  root.hidden = false;
  setTrim();
  seek(previewer.view.time);

  // Thumbnails follow the edits, redrawn a moment after the document settles.
  let thumbsRevision = null;
  let timer = 0;
  async function drawThumbs() {
    const revision = store.revision;
    if (revision === thumbsRevision) return;
    thumbsRevision = revision;
    const count = Math.max(4, Math.min(12, Math.floor(thumbs.clientWidth / 56) || 6));
    const images = [];
    for (let i = 0; i < count; i++) {
      const time = ((i + 0.5) * duration) / count;
      const { blob: b } = await blob(`${apiPath`/v1/documents/${id}/preview`}?size=${THUMB}&format=webp&time=${time.toFixed(3)}`);
      if (thumbsRevision !== revision) return;
      images.push(el('img', { alt: '', src: URL.createObjectURL(b) }));
    }
    thumbs.querySelectorAll('img').forEach((img) => URL.revokeObjectURL(img.src));
    thumbs.replaceChildren(...images);
  }
  const onState = (e) => {
    clearTimeout(timer);
    if (e.detail === 'ready') timer = setTimeout(() => drawThumbs().catch(() => { thumbsRevision = null; }), thumbsRevision === null ? 0 : REFRESH_MS);
  };
  previewer.addEventListener('state', onState);

  function renderSpan() {
    const layer = findLayer(store.doc, selection.id);
    const s = layer?.timeSpan?.base === 'seconds' ? layer.timeSpan : null;
    const values = { start: s?.start ?? 0, duration: s?.duration ?? '' };
    // Built once per selected layer; later only the values follow, so a field keeps its focus.
    if (span.dataset.layer === (layer?.id ?? '')) {
      for (const input of span.querySelectorAll('input')) {
        if (input !== document.activeElement) input.value = values[input.dataset.span];
      }
      return;
    }
    span.dataset.layer = layer?.id ?? '';
    if (!layer) { span.replaceChildren(); return; }
    const field = (key, label, placeholder) => el('label', { class: 'inline' }, label, el('input', {
      type: 'number', min: 0, max: duration, step: 0.1, value: values[key], placeholder,
      dataset: { span: key },
      onchange: (e) => setSpan(layer.id, key, e.target.value),
    }));
    span.replaceChildren(el('span', {}, t('layerShows')),
      field('start', t('spanStart')), field('duration', t('spanDuration'), t('untilEnd')));
  }

  function setSpan(id, key, value) {
    store.change((d) => {
      const layer = findLayer(d, id);
      const s = layer.timeSpan?.base === 'seconds' ? layer.timeSpan : { base: 'seconds', start: 0 };
      const n = Number(value);
      if (value === '' || !(n > 0 || (key === 'start' && n === 0))) delete s[key];
      else s[key] = Math.min(n, duration);
      layer.timeSpan = s;
    });
  }
  selection.addEventListener('change', renderSpan);
  store.addEventListener('change', renderSpan);
  renderSpan();

  return {
    trim: () => ({ from: timeOf(trim.from), to: timeOf(trim.to) }),
    trimmed: () => trim.from > 0 || trim.to < LAST,
    destroy() {
      stop();
      previewer.removeEventListener('shown', onShown);
      thumbsRevision = undefined; // a drawing still running stops
      previewer.removeEventListener('state', onState);
      selection.removeEventListener('change', renderSpan);
      store.removeEventListener('change', renderSpan);
      clearTimeout(timer);
      root.hidden = true;
      root.replaceChildren();
    },
  };
}
