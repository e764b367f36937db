// The open document: its current state, the undo history and saving revisions with If-Match.
import { call, ApiError } from './api.js';

export const EMPTY_DOCUMENT = Object.freeze({ formatIdentifier: 'org.lumen.edit', formatVersion: 4 });
const HISTORY_LIMIT = 200;

export class DocumentStore extends EventTarget {
  id = null;
  upload = null; // the upload's metadata: kind, width, height, duration
  name = '';
  revision = null; // the latest revision saved
  doc = null;
  version = 0; // counts local changes, so that a preview knows which state it shows
  #savedJSON = null;
  #past = [];
  #future = [];
  #group = null;
  #saving = Promise.resolve();

  /** Takes over a document as the server answered it (POST or GET). */
  load(answer, upload, name) {
    this.id = answer.id;
    this.upload = upload;
    this.name = name;
    this.revision = answer.revision;
    this.doc = answer.document;
    this.#savedJSON = JSON.stringify(this.doc);
    this.#past = [];
    this.#future = [];
    this.#group = null;
    this.#changed('load');
  }

  get dirty() { return this.doc !== null && JSON.stringify(this.doc) !== this.#savedJSON; }
  get canUndo() { return this.#past.length > 0; }
  get canRedo() { return this.#future.length > 0; }

  /**
   * Changes a copy of the document with `mutate(draft)`. Changes of one `group` in a row (a
   * slider's drag, a layer's move) make one undo step; `endGroup()` closes it.
   */
  change(mutate, group = null) {
    if (!this.doc) return;
    const draft = structuredClone(this.doc);
    mutate(draft);
    if (JSON.stringify(draft) === JSON.stringify(this.doc)) return;
    if (group === null || group !== this.#group) {
      this.#past.push(this.doc);
      if (this.#past.length > HISTORY_LIMIT) this.#past.shift();
    }
    this.#future = [];
    this.#group = group;
    this.doc = draft;
    this.#changed('edit');
  }

  endGroup() { this.#group = null; }

  undo() { this.#travel(this.#past, this.#future); }
  redo() { this.#travel(this.#future, this.#past); }

  #travel(from, to) {
    if (!from.length) return;
    to.push(this.doc);
    this.doc = from.pop();
    this.#group = null;
    this.#changed('history');
  }

  #changed(reason) {
    this.version++;
    this.dispatchEvent(new CustomEvent('change', { detail: { reason } }));
  }

  /**
   * Saves the current state as the next revision unless it is saved already; returns the
   * revision that holds it. When someone else saved meanwhile (412), ours goes on top of theirs.
   */
  save() {
    // One save at a time: a second caller waits and then finds the state saved.
    const run = this.#saving.then(() => this.#saveNow());
    this.#saving = run.catch(() => {});
    return run;
  }

  async #saveNow() {
    const json = JSON.stringify(this.doc);
    if (json === this.#savedJSON) return this.revision;
    const id = this.id;
    let over = this.revision;
    for (let attempt = 0; ; attempt++) {
      try {
        const { body } = await call('PUT', `/v1/documents/${id}`, {
          headers: { 'If-Match': `"${over}"` },
          json: { upload: this.upload.id, document: JSON.parse(json) },
        });
        if (id === this.id) {
          this.revision = body.revision;
          this.#savedJSON = json;
        }
        return body.revision;
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 412 || attempt >= 3) throw error;
        over = (await call('GET', `/v1/documents/${id}`)).body.revision;
      }
    }
  }

  /** Drops local changes the server refused, back to the saved state (kept undoable). */
  revertToSaved() {
    this.change((draft) => {
      for (const key of Object.keys(draft)) delete draft[key];
      Object.assign(draft, JSON.parse(this.#savedJSON));
    });
  }
}
