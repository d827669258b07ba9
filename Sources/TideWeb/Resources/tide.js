"use strict";
// Tide's web client, shared by the inspector and a feature's page. A page only renders what the
// session sends and sends actions: it holds no logic of its own.
const Tide = (() => {
  // A Swift string literal for `text`, as the REPL reads it.
  function swiftString(text) {
    let out = '"';
    for (const ch of String(text)) {
      const code = ch.codePointAt(0);
      if (ch === '"') out += '\\"';
      else if (ch === "\\") out += "\\\\";
      else if (ch === "\n") out += "\\n";
      else if (ch === "\r") out += "\\r";
      else if (ch === "\t") out += "\\t";
      else if (code < 0x20 || (code >= 0x7f && code < 0xa0) || code === 0x2028 || code === 0x2029)
        out += "\\u{" + code.toString(16) + "}";
      else out += ch;
    }
    return out + '"';
  }

  // Requests go one at a time, in order: a keystroke's action never overtakes the one before.
  let chain = Promise.resolve();
  let pending = 0;
  function post(path, body) {
    pending += 1;
    const result = chain.then(async () => {
      try {
        const response = await fetch(path, {
          method: "POST",
          body,
          headers: { "Content-Type": "text/plain;charset=utf-8" },
          credentials: "same-origin",
        });
        return response.ok ? null : (await response.text()).trim();
      } catch (error) {
        return "the server did not answer: " + error.message;
      } finally {
        pending -= 1;
      }
    });
    chain = result;
    return result;
  }

  // Calls `onUpdate` with the session (feature, environment, clock, steps, cursor, view,
  // running effects) now and after every change, and `onStatus` with whether it is connected.
  function follow(onUpdate, onStatus) {
    const source = new EventSource("/events");
    source.addEventListener("update", (event) => onUpdate(JSON.parse(event.data)));
    source.onopen = () => onStatus && onStatus(true);
    source.onerror = () => onStatus && onStatus(false);
    return source;
  }

  async function getJSON(path) {
    const response = await fetch(path, { credentials: "same-origin" });
    if (!response.ok) throw new Error((await response.text()).trim());
    return response.json();
  }

  // Shows a connection status in an element.
  function showStatus(element, connected) {
    element.textContent = connected ? "live" : "disconnected: is tide still running?";
    element.className = connected ? "status live" : "status down";
  }

  return {
    swiftString,
    send: (line) => post("/api/action", line),
    jump: (step) => post("/api/jump", String(step)),
    isSending: () => pending > 0,
    follow,
    getJSON,
    showStatus,
  };
})();
