// Dotted paths into an edit document ("operations.adjustments.contrast"). In "layers.ID.opacity"
// the segment after "layers" is a layer's id, not an index: ids stay when layers are reordered.

function step(node, key, parent) {
  if (parent === 'layers' && Array.isArray(node)) return node.find((l) => l.id === key);
  return node?.[key];
}

export function getPath(doc, path) {
  let node = doc;
  let parent = null;
  for (const key of path.split('.')) {
    node = step(node, key, parent);
    if (node === undefined) return undefined;
    parent = key;
  }
  return node;
}

/** Sets the value, creating missing objects on the way (a layer must already exist). */
export function setPath(doc, path, value) {
  const keys = path.split('.');
  const last = keys.pop();
  let node = doc;
  let parent = null;
  for (const key of keys) {
    let next = step(node, key, parent);
    if (next === undefined) {
      if (parent === 'layers') throw new Error(`no layer ${key}`);
      next = node[key] = key === 'layers' ? [] : {};
    }
    node = next;
    parent = key;
  }
  node[last] = value;
}

/** Removes the value, so that the server's default applies. */
export function removePath(doc, path) {
  const keys = path.split('.');
  const last = keys.pop();
  const node = getPath(doc, keys.join('.'));
  if (node && typeof node === 'object') delete node[last];
}
