// Steel order entry (partner demo): the page inside the shell's steel frame (§2 "Embedded steel frame").
//
// Contract with the shell:
// - Only messages whose event.origin is exactly the shell origin (the `data-shell-origin` attribute of
//   <html>, set by the server from PUBLIC_URL) are accepted; any other is counted in #ignored and
//   otherwise ignored.
// - Each accepted message is listed in <ul id="received">: one <li data-name="NAME"> holding the name
//   (.name) and the payload as JSON (.payload). The name is `data.name` (or `data.type`, `data.message`;
//   a plain string is its own name); the payload is `data.payload` when present, otherwise the message
//   without its name field.
// - VerifyReSteelSndUser carries the user's shellSub ({ displayName, subjectId }) as `shellSub` (or as
//   the payload itself); the user is shown in #verified-user and #status says so.
// - Every accepted message is acknowledged to event.source, at event.origin only:
//   { name: 'ReSteelAck', received: NAME, subjectId: <for VerifyReSteelSndUser>, at: ISO time }.
// No inline script, no eval, nothing but DOM text: the page runs under a 'self'-only CSP.
'use strict';

const shellOrigin = document.documentElement.dataset.shellOrigin || '';
const received = document.getElementById('received');
const status = document.getElementById('status');
const verifiedUser = document.getElementById('verified-user');
const ignored = document.getElementById('ignored');
const noneReceived = document.getElementById('none-received');
let ignoredCount = 0;

/** Splits a message into its name and payload (see the contract above). */
function describe(data) {
  if (typeof data === 'string') return { name: data, payload: null };
  if (typeof data !== 'object' || data === null) return { name: '(unnamed)', payload: data === undefined ? null : data };
  const key = ['name', 'type', 'message'].find((candidate) => typeof data[candidate] === 'string');
  const name = key ? data[key] : '(unnamed)';
  if (Object.prototype.hasOwnProperty.call(data, 'payload')) return { name, payload: data.payload };
  const rest = {};
  for (const [field, value] of Object.entries(data)) if (field !== key) rest[field] = value;
  return { name, payload: rest };
}

/** The shellSub of a VerifyReSteelSndUser payload, or null. */
function shellSubOf(payload) {
  if (typeof payload === 'string') return { subjectId: payload, displayName: payload };
  if (typeof payload !== 'object' || payload === null) return null;
  const sub = typeof payload.shellSub === 'object' && payload.shellSub !== null ? payload.shellSub : payload;
  if (typeof sub.subjectId === 'string') return { subjectId: sub.subjectId, displayName: String(sub.displayName ?? sub.subjectId) };
  if (typeof payload.shellSub === 'string') return { subjectId: payload.shellSub, displayName: payload.shellSub };
  return null;
}

function json(value) {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return String(value);
  }
}

function show(name, payload) {
  const item = document.createElement('li');
  item.dataset.name = name;
  const label = document.createElement('span');
  label.className = 'name';
  label.textContent = name;
  const body = document.createElement('code');
  body.className = 'payload';
  body.textContent = json(payload);
  item.append(label, ' ', body);
  received.append(item);
  if (noneReceived) noneReceived.hidden = true;
}

window.addEventListener('message', (event) => {
  if (!shellOrigin || event.origin !== shellOrigin) {
    ignoredCount += 1;
    if (ignored) ignored.textContent = String(ignoredCount);
    return;
  }
  const { name, payload } = describe(event.data);
  show(name, payload);
  const ack = { name: 'ReSteelAck', received: name, at: new Date().toISOString() };
  if (name === 'VerifyReSteelSndUser') {
    const sub = shellSubOf(payload);
    if (sub) {
      verifiedUser.textContent = `${sub.displayName} (${sub.subjectId})`;
      status.textContent = `User ${sub.subjectId} verified by the shell.`;
      ack.subjectId = sub.subjectId;
    } else {
      status.textContent = 'VerifyReSteelSndUser arrived without a shellSub.';
    }
  }
  if (event.source && typeof event.source.postMessage === 'function') {
    event.source.postMessage(ack, event.origin);
  }
});

status.textContent = window.parent !== window || window.opener
  ? 'Waiting for the shell to verify the user…'
  : 'Not opened by the shell: open it from the ERP shell to see messages.';
