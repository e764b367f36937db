// The HTTP API at the same origin: JSON calls, the upload with progress, binary bodies and
// server-sent events. Every call to this origin carries the bearer token when the page was given one.

const TOKEN_KEY = 'lumen.token';
let token = null;

/** Reads `#token=...` once, keeps it for this tab and removes it from the address bar. */
export function initToken() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has('token')) {
    setToken(params.get('token'));
    params.delete('token');
    const rest = params.toString();
    history.replaceState(null, '', location.pathname + location.search + (rest ? '#' + rest : ''));
  } else {
    token = sessionStorage.getItem(TOKEN_KEY);
  }
}

/** Keeps the token for this tab (an empty one forgets it). */
export function setToken(value) {
  token = value || null;
  if (token) sessionStorage.setItem(TOKEN_KEY, token);
  else sessionStorage.removeItem(TOKEN_KEY);
}

/** The headers with the token, which goes to this origin only (never to a URL the server's data names elsewhere). */
function authorized(path, headers = {}) {
  const here = new URL(path, location.href).origin === location.origin;
  return token && here ? { ...headers, Authorization: `Bearer ${token}` } : headers;
}

/** A path with each value put in encoded: apiPath`/v1/documents/${id}`. */
export const apiPath = (parts, ...values) => parts.reduce((path, part, i) => path + encodeURIComponent(values[i - 1]) + part);

/** A failed call: the HTTP status and the RFC 9457 problem the server answered, if any. */
export class ApiError extends Error {
  constructor(status, problem) {
    super(problem?.detail || problem?.title || `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
  }
}

async function failure(response) {
  let problem = null;
  try { problem = await response.json(); } catch { /* not JSON: the status says enough */ }
  return new ApiError(response.status, problem);
}

/** fetch() with the token; throws ApiError unless the answer is 2xx. */
export async function request(method, path, { json, headers, signal } = {}) {
  const init = { method, headers: authorized(path, headers), signal };
  if (json !== undefined) {
    init.body = JSON.stringify(json);
    init.headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(path, init);
  if (!response.ok) throw await failure(response);
  return response;
}

/** The JSON body and the revision an ETag names (null without one). */
export async function call(method, path, options) {
  const response = await request(method, path, options);
  const body = response.status === 204 ? null : await response.json();
  return { body, etag: parseETag(response.headers.get('ETag')) };
}

export const getJSON = async (path, options) => (await call('GET', path, options)).body;

function parseETag(value) {
  const n = parseInt((value || '').replace(/^W\//, '').replace(/"/g, ''), 10);
  return Number.isFinite(n) ? n : null;
}

/** A binary body (preview, thumbnail, export) with the revision its ETag names. */
export async function blob(path, signal) {
  const response = await request('GET', path, { signal });
  return { blob: await response.blob(), etag: parseETag(response.headers.get('ETag')) };
}

const objectURLs = new Map();
/** An object URL for a server image that never changes (asset thumbnails), fetched once. */
export function cachedObjectURL(path) {
  if (!objectURLs.has(path)) {
    const pending = blob(path).then((b) => URL.createObjectURL(b.blob));
    pending.catch(() => objectURLs.delete(path));
    objectURLs.set(path, pending);
  }
  return objectURLs.get(path);
}

/** POST /v1/uploads with the raw bytes; XHR because fetch() reports no upload progress. */
export function upload(file, onProgress) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/v1/uploads');
    for (const [k, v] of Object.entries(authorized('/v1/uploads'))) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) onProgress(e.loaded / e.total); };
    xhr.onload = () => {
      let body = null;
      try { body = JSON.parse(xhr.responseText); } catch { /* reported below */ }
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body);
      else reject(new ApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.send(file);
  });
}

/**
 * Server-sent events as an async sequence of {event, data}. Read with fetch() in every case:
 * EventSource cannot send the Authorization header, and one reader is simpler than two.
 */
export async function* events(path, signal) {
  const response = await request('GET', path, { headers: { Accept: 'text/event-stream' }, signal });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value.replace(/\r\n?/g, '\n');
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length) yield { event, data: JSON.parse(data.join('\n')) };
    }
  }
}
