// One live region for messages: screen readers hear them and everyone sees them briefly.
let region = null;
let timer = 0;

export function initStatus(node) { region = node; }

export function announce(message, { error = false } = {}) {
  if (!region) return;
  region.textContent = message;
  region.classList.toggle('error', error);
  region.hidden = !message;
  clearTimeout(timer);
  if (message) timer = setTimeout(() => { region.hidden = true; }, error ? 8000 : 3500);
}
