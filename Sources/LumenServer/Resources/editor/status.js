// One live region for messages: screen readers hear them and everyone sees them briefly. It
// stays in the accessibility tree when idle (hidden only visually), so that the first message
// is heard too. A message with actions (a choice to make) stays until one is chosen.
import { el } from './controls.js';

let region = null;
let timer = 0;

export function initStatus(node) {
  region = node;
  region.classList.add('idle');
}

/** Shows `message`; `actions` ([{label, run}]) become buttons that answer it. */
export function announce(message, { error = false, actions = [] } = {}) {
  if (!region) return;
  const buttons = actions.map(({ label, run }) => el('button', {
    type: 'button', class: 'small', onclick: () => { announce(''); run(); },
  }, label));
  region.replaceChildren(message, ...buttons);
  region.classList.toggle('error', error);
  region.classList.toggle('idle', !message);
  clearTimeout(timer);
  if (message && !actions.length) timer = setTimeout(() => announce(''), error ? 8000 : 3500);
}
