// Keeps the canvas image showing the latest document: one unit of work in flight per document
// (save the revision, then fetch its preview); when it ends, the latest state is asked for if
// it changed meanwhile, so a moving slider never queues a backlog. Older answers are dropped.
import { blob, apiPath } from './api.js';

export class Previewer extends EventTarget {
  /** What the image shows besides the document: variant (null | 'original' | 'uncropped'), time, size. */
  view = { variant: null, time: 0, size: 1024 };
  shownRevision = null;
  shownVariant = undefined; // the view.variant of the image shown
  #busy = false;
  #shownKey = null;
  #shownURL = null;
  #generation = 0;
  #failedKey = null;
  #opening = 0; // documents being opened, which will replace what is shown
  #abort = null; // cancels the preview being fetched, when another document replaces it

  constructor(store, img) {
    super();
    this.store = store;
    this.img = img;
    store.addEventListener('change', (e) => {
      if (e.detail.reason === 'load') this.#reset();
      this.request();
    });
  }

  #reset() {
    this.#generation++;
    this.#abort?.abort();
    this.#shownKey = null;
    this.shownRevision = null;
    this.#failedKey = null;
    this.shownVariant = undefined;
    // The previous document's picture must not show, stretched, until this one's arrives.
    this.img.removeAttribute('src');
    delete this.img.dataset.revision;
    if (this.#shownURL) URL.revokeObjectURL(this.#shownURL);
    this.#shownURL = null;
  }

  /** Counts an open starting (+1) or ending (-1): the editor is busy until none is left. */
  setOpening(delta) {
    this.#opening += delta;
    this.request();
  }

  setView(changes) {
    Object.assign(this.view, changes);
    this.request();
  }

  /** Asks again for a state that failed (once a conflict is settled, say). */
  retry() {
    this.#failedKey = null;
    this.request();
  }

  get ready() { return !this.#opening && !this.#busy && this.#shownKey === this.#wantedKey(); }

  #wantedKey() {
    const v = this.view;
    return `${this.store.id}|${this.store.version}|${v.variant}|${v.time}|${v.size}`;
  }

  #url(v) {
    const q = new URLSearchParams({ size: v.size, format: 'webp' });
    if (v.variant) q.set('variant', v.variant);
    if (this.store.upload?.kind === 'video') {
      // Up to the next millisecond: a frame's start written in milliseconds must not fall
      // just before it (1/29.97 s is 0.0333667 s), which would show the frame before.
      const time = Math.min(this.store.upload.duration ?? 0, Math.ceil(v.time * 1000) / 1000);
      q.set('time', time.toFixed(3));
    }
    return `${apiPath`/v1/documents/${this.store.id}/preview`}?${q}`;
  }

  /** Asks for the latest state; returns at once (the work runs unless it already does). */
  request() {
    this.#updateState();
    const wanted = this.#wantedKey();
    // A state that just failed is not asked for again until something changes.
    if (this.#busy || !this.store.id || wanted === this.#shownKey || wanted === this.#failedKey) return;
    this.#pump();
  }

  async #pump() {
    this.#busy = true;
    this.#updateState();
    const generation = this.#generation;
    const abort = (this.#abort = new AbortController());
    let key = null;
    try {
      while (generation === this.#generation && this.#shownKey !== this.#wantedKey()) {
        key = this.#wantedKey();
        const view = { ...this.view };
        const url = this.#url(view); // now, while the document it names is the one open
        let saved;
        try {
          saved = await this.store.save();
        } catch {
          // The store reports a failed save; this state is not asked for again.
          this.#failedKey = key;
          break;
        }
        const { blob: image, etag } = await blob(url, abort.signal);
        if (generation !== this.#generation) break;
        const revision = etag ?? saved;
        // Never show an older revision of the same view after a newer one: drop it.
        const stale = this.shownVariant === view.variant && revision < this.shownRevision;
        if (!stale) await this.#show(image, revision, view.variant, generation);
        this.#shownKey = key;
      }
    } catch (error) {
      if (generation === this.#generation) {
        this.#failedKey = key;
        this.dispatchEvent(new CustomEvent('error', { detail: error }));
      }
    } finally {
      this.#busy = false;
      this.request(); // the state may have changed while the last unit ran
    }
  }

  async #show(image, revision, variant, generation) {
    const url = URL.createObjectURL(image);
    const decoder = new Image();
    decoder.src = url;
    await decoder.decode();
    // Another document opened while this picture was being decoded: it is not shown.
    if (generation !== this.#generation) return URL.revokeObjectURL(url);
    this.img.src = url;
    this.img.dataset.revision = String(revision);
    if (this.#shownURL) URL.revokeObjectURL(this.#shownURL);
    this.#shownURL = url;
    this.shownRevision = revision;
    this.shownVariant = variant;
    this.dispatchEvent(new CustomEvent('shown', {
      detail: { revision, width: decoder.naturalWidth, height: decoder.naturalHeight },
    }));
  }

  #updateState() {
    const state = !this.store.id ? 'empty' : this.ready ? 'ready' : 'busy';
    if (this.img.dataset.state !== state) {
      this.img.dataset.state = state;
      this.dispatchEvent(new CustomEvent('state', { detail: state }));
    }
  }
}
