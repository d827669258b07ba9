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

  // The run's token, which the address tide printed handed to this origin's storage (see
  // handover.js). It goes in a header of every request for the session: no cookie carries it,
  // so no page of another origin (another port of this machine included) can use it.
  function token() {
    return localStorage.getItem("tide-token") || "";
  }

  function headers(extra) {
    return Object.assign({ "X-Tide-Token": token() }, extra || {});
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
          headers: headers({ "Content-Type": "text/plain;charset=utf-8" }),
          credentials: "omit",
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
  // running effects) now and after every change, and `onStatus` with whether it is connected,
  // why it was refused (`reason`: it does not reconnect) and why the server dropped it (`note`:
  // it reconnects). The stream is read with fetch, not EventSource, so that it carries the token
  // in a header as every other request does; it reconnects after a second when it drops.
  function follow(onUpdate, onStatus) {
    const status = (connected, reason, note) =>
      onStatus && onStatus(connected, reason, note);
    async function connect() {
      let response;
      try {
        response = await fetch("/events", { headers: headers(), credentials: "omit" });
      } catch (error) {
        status(false);
        setTimeout(connect, 1000);
        return;
      }
      if (!response.ok) {
        // A refused token does not come right by retrying: say why, and stop.
        status(false, (await response.text()).trim());
        return;
      }
      status(true);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      let note;
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const lines = buffer.slice(0, end).split("\n");
            buffer = buffer.slice(end + 2);
            const data = lines
              .filter((line) => line.startsWith("data: "))
              .map((line) => line.slice(6))
              .join("\n");
            // The server's last event when this page read too slowly: why, in plain text.
            if (lines.includes("event: dropped")) note = data;
            else if (data) onUpdate(JSON.parse(data));
          }
        }
      } catch (error) {
        // The connection dropped: reconnect below.
      }
      status(false, undefined, note);
      setTimeout(connect, 1000);
    }
    connect();
  }

  async function getJSON(path) {
    const response = await fetch(path, { headers: headers(), credentials: "omit" });
    if (!response.ok) throw new Error((await response.text()).trim());
    return response.json();
  }

  // Downloads `path` as the file `name`: fetched with the token, then saved from memory, since a
  // plain link would carry no token.
  // Saves what `path` answers as a file called `name`; returns the note the server sent with
  // it (X-Tide-Note, percent-encoded), or null.
  async function download(path, name) {
    const response = await fetch(path, { headers: headers(), credentials: "omit" });
    if (!response.ok) throw new Error((await response.text()).trim());
    const note = response.headers.get("X-Tide-Note");
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    return note === null ? null : decodeURIComponent(note);
  }

  // Shows a connection status in an element: what `follow` gives `onStatus`.
  function showStatus(element, connected, reason, note) {
    element.textContent = connected
      ? "live"
      : reason
        ? "refused: " + reason
        : note
          ? "dropped: " + note + "; reconnecting"
          : "disconnected: is tide still running?";
    element.className = connected ? "status live" : "status down";
  }

  return {
    swiftString,
    send: (line) => post("/api/action", line),
    jump: (step) => post("/api/jump", String(step)),
    isSending: () => pending > 0,
    follow,
    getJSON,
    download,
    showStatus,
  };
})();
