// The open document: its current state, the undo history and saving revisions with If-Match.
import { call, apiPath } from './api.js';

export const EMPTY_DOCUMENT = Object.freeze({ formatIdentifier: 'org.lumen.edit', formatVersion: 4 });
const HISTORY_LIMIT = 200;

export class DocumentStore extends EventTarget {
  id = null;
  upload = null; // the upload's metadata: kind, width, height, duration
  name = '';
  revision = null; // the latest revision saved: the one the next save goes over
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

  /** Makes the current state the oldest undo reaches: what the configuration requires of every
   * document (a forced crop) is never undone. */
  settle() {
    this.#past = [];
    this.#future = [];
    this.#group = null;
    this.#changed('history');
  }

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

  /** Replaces the whole document with `doc`, as one undo step. */
  replaceWith(doc) {
    this.change((draft) => {
      for (const key of Object.keys(draft)) delete draft[key];
      Object.assign(draft, structuredClone(doc));
    });
  }

  /**
   * Saves the current state as the next revision unless it is saved already; returns the
   * revision that holds it. A failed save is dispatched as 'savefailed' (detail: the error)
   * and thrown; when someone else saved meanwhile (412) nothing is overwritten: the editor
   * asks whether to take theirs (takeTheirs) or to keep ours (overrule).
   */
  save() {
    // One save at a time: a second caller waits and then finds the state saved.
    const run = this.#saving.then(() => this.#saveNow());
    this.#saving = run.catch(() => {});
    return run;
  }

  async #saveNow() {
    const json = JSON.stringify(this.doc);
    if (!this.id || json === this.#savedJSON) return this.revision;
    const id = this.id;
    try {
      const { body } = await call('PUT', apiPath`/v1/documents/${id}`, {
        headers: { 'If-Match': `"${this.revision}"` },
        json: { document: JSON.parse(json) },
      });
      if (id === this.id) {
        this.revision = body.revision;
        this.#savedJSON = json;
      }
      return body.revision;
    } catch (error) {
      if (id === this.id) this.dispatchEvent(new CustomEvent('savefailed', { detail: error }));
      throw error;
    }
  }

  /**
   * Takes the server's latest revision as the saved state (what our next save goes over) and
   * answers its document, or null once another document is open.
   */
  async #adoptLatest() {
    const id = this.id;
    const { body } = await call('GET', apiPath`/v1/documents/${id}`);
    if (id !== this.id) return null;
    this.revision = body.revision;
    this.#savedJSON = JSON.stringify(body.document);
    return body.document;
  }

  /** After a conflict: their revision becomes the current state (undoable). */
  async takeTheirs() {
    const theirs = await this.#adoptLatest();
    if (theirs) this.replaceWith(theirs);
  }

  /** After a conflict: ours stays, and the next save goes over their revision. */
  async overrule() {
    await this.#adoptLatest();
  }

  /** Takes back a change the server refused: the last undo step, else all since the last save. */
  dropRefused() {
    if (this.canUndo) this.undo();
    else this.replaceWith(JSON.parse(this.#savedJSON));
  }
}
