"use strict";
// The inspector: every step of the session in a virtualised list (only the rows in view exist,
// fetched a page at a time), the selected step's diff, and the effects on a time axis. It works
// for any feature, and never sees a secret: the session redacts before it sends.
const $ = (id) => document.getElementById(id);
const ROW = 28;
const PAGE = 200;
const OVERSCAN = 8;

let session = null;
const cache = new Map();
const loading = new Set();
let selected = null;
let effects = [];
let bars = [];
let renderQueued = false;
let effectsState = "idle";

// What the browser test reads: how long rendering the rows in view took.
const stats = { renders: 0, lastRenderMs: 0, maxRenderMs: 0, totalRenderMs: 0 };
window.tideInspector = stats;

function showMessage(text) {
  $("message").textContent = text || "";
}

function pageOf(number) {
  return Math.floor((number - 1) / PAGE);
}

async function loadPage(page) {
  if (loading.has(page)) return;
  loading.add(page);
  try {
    // From the first step of the page not loaded yet: an answer holds at most 4 MiB of steps,
    // so a page of large states comes in several answers.
    const start = page * PAGE + 1;
    let from = start;
    while (from < start + PAGE && cache.has(from)) from += 1;
    const data = await Tide.getJSON(`/api/steps?from=${from}&to=${start + PAGE - 1}`);
    for (const step of data.steps) cache.set(step.number, step);
  } catch (error) {
    showMessage(error.message);
  } finally {
    loading.delete(page);
  }
  scheduleRender();
  renderDetail();
}

function scheduleRender() {
  if (renderQueued) return;
  renderQueued = true;
  requestAnimationFrame(() => {
    renderQueued = false;
    renderRows();
  });
}

function formatTime(ms) {
  if (ms >= 1000) return (ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 2) + "s";
  return (Number.isInteger(ms) ? ms : ms.toFixed(1)) + "ms";
}

// The rows in view, by step number. A row stays the same element while it is in view, so a
// click is never lost to an update that arrives between the press and the release.
const rowElements = new Map();
const CELLS = ["number", "arrow", "origin", "action", "time"];

function makeRow() {
  const row = document.createElement("div");
  for (const name of CELLS) {
    const cell = document.createElement("span");
    cell.dataset.cell = name;
    row.append(cell);
  }
  return row;
}

function fillRow(row, number, step) {
  row.style.top = (number - 1) * ROW + "px";
  row.dataset.number = String(number);
  let className = "step";
  if (session && number > session.cursor) className += " future";
  if (session && number === session.cursor) className += " current";
  if (number === selected) className += " selected";
  if (row.className !== className) row.className = className;
  const texts = {
    number: String(number),
    arrow: step ? (step.kind === "send" ? "→" : "←") : "",
    origin: step ? step.origin : "",
    action: step ? step.action : "…",
    time: step ? formatTime(step.time) : "",
  };
  for (const cell of row.children) {
    const name = cell.dataset.cell;
    const extra = step && name === "arrow" ? " " + step.kind : step && name === "origin" ? " " + step.origin : "";
    if (cell.className !== name + extra) cell.className = name + extra;
    if (cell.textContent !== texts[name]) cell.textContent = texts[name];
  }
}

function renderRows() {
  const started = performance.now();
  const list = $("steps");
  const space = $("steps-space");
  const total = session ? session.steps : 0;
  space.style.height = total * ROW + "px";
  const first = Math.max(1, Math.floor(list.scrollTop / ROW) + 1 - OVERSCAN);
  const last = Math.min(total, Math.ceil((list.scrollTop + list.clientHeight) / ROW) + OVERSCAN);
  for (const [number, row] of rowElements) {
    if (number < first || number > last) {
      row.remove();
      rowElements.delete(number);
    }
  }
  const missing = new Set();
  for (let number = first; number <= last; number += 1) {
    const step = cache.get(number);
    if (!step) missing.add(pageOf(number));
    let row = rowElements.get(number);
    if (!row) {
      row = makeRow();
      rowElements.set(number, row);
      space.append(row);
    }
    fillRow(row, number, step);
  }
  for (const page of missing) loadPage(page);
  const took = performance.now() - started;
  stats.renders += 1;
  stats.lastRenderMs = took;
  stats.totalRenderMs += took;
  stats.maxRenderMs = Math.max(stats.maxRenderMs, took);
}

function renderDiff(diff) {
  const pre = document.createElement("pre");
  for (const line of diff.split("\n")) {
    const span = document.createElement("span");
    const marker = line.charAt(4);
    if (marker === "−") span.className = "removed";
    if (marker === "+") span.className = "added";
    span.textContent = line + "\n";
    pre.append(span);
  }
  return pre;
}

// The step the detail shows: it is built again only for another step (or after time travel),
// so its button is never replaced under the pointer.
let detailShown = null;

function renderDetail() {
  const detail = $("detail");
  const step = selected === null ? null : cache.get(selected);
  if (!step) {
    if (selected !== null) loadPage(pageOf(selected));
    return;
  }
  if (detailShown === step) return;
  detailShown = step;
  const heading = document.createElement("h2");
  heading.textContent = `Step ${step.number}: ${step.kind === "send" ? "sent" : "received"} from ${step.origin}`;
  const action = document.createElement("pre");
  action.textContent = step.action;
  const facts = document.createElement("p");
  facts.className = "muted";
  facts.textContent = `at ${formatTime(step.time)} · environment ${step.environment}` +
    (step.effect ? ` · effect: ${step.effect}` : "");
  const travel = document.createElement("button");
  travel.id = "travel";
  travel.textContent = `Travel to step ${step.number}`;
  travel.addEventListener("click", () => travelTo(step.number));
  const parts = [heading, action, facts];
  if (step.diff) parts.push(renderDiff(step.diff));
  else {
    const same = document.createElement("p");
    same.className = "muted";
    same.textContent = "(state unchanged)";
    parts.push(same);
  }
  parts.push(travel);
  detail.replaceChildren(...parts);
}

function select(number) {
  selected = number;
  renderDetail();
  scheduleRender();
}

async function travelTo(number) {
  const failure = await Tide.jump(number);
  showMessage(failure ? "The session refused: " + failure : "");
}

// Effects: lanes of bars on the session's clock.
async function loadEffects() {
  if (effectsState !== "idle") {
    effectsState = "dirty";
    return;
  }
  effectsState = "loading";
  try {
    effects = await Tide.getJSON("/api/effects");
    drawTimeline();
  } catch (error) {
    showMessage(error.message);
  }
  const again = effectsState === "dirty";
  effectsState = "idle";
  if (again) loadEffects();
}

function drawTimeline() {
  const canvas = $("timeline");
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth;
  const laneHeight = 12;
  const lanes = [];
  const placed = effects.map((effect) => {
    const end = effect.end === null ? Infinity : effect.end;
    let lane = lanes.findIndex((lastEnd) => lastEnd <= effect.start);
    if (lane < 0) {
      lane = lanes.length;
      lanes.push(end);
    } else {
      lanes[lane] = end;
    }
    return { effect, lane };
  });
  const shownLanes = Math.min(Math.max(lanes.length, 1), 24);
  const height = 28 + shownLanes * (laneHeight + 4);
  canvas.style.height = height + "px";
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const context = canvas.getContext("2d");
  context.scale(ratio, ratio);
  context.clearRect(0, 0, width, height);
  let horizon = 0;
  for (const effect of effects) horizon = Math.max(horizon, effect.start, effect.end || 0);
  const lastStep = session ? cache.get(session.steps) : null;
  if (lastStep) horizon = Math.max(horizon, lastStep.time);
  if (horizon === 0) horizon = 1000;
  const left = 8;
  const span = width - 2 * left;
  const x = (ms) => left + (ms / horizon) * span;
  context.fillStyle = "#6a7382";
  context.font = "10px system-ui, sans-serif";
  context.strokeStyle = "#d9dee6";
  for (let tick = 0; tick <= 4; tick += 1) {
    const at = x((horizon * tick) / 4);
    context.beginPath();
    context.moveTo(at, 0);
    context.lineTo(at, height - 14);
    context.stroke();
    context.textAlign = tick === 0 ? "left" : tick === 4 ? "right" : "center";
    context.fillText(formatTime((horizon * tick) / 4), at, height - 3);
  }
  bars = [];
  const colors = { running: "#2563eb", finished: "#15803d", cancelled: "#b91c1c" };
  for (const { effect, lane } of placed) {
    if (lane >= shownLanes) continue;
    const state = effect.end === null ? "running" : effect.cancelled ? "cancelled" : "finished";
    const start = x(effect.start);
    const end = effect.end === null ? x(horizon) : x(effect.end);
    const top = 6 + lane * (laneHeight + 4);
    const barWidth = Math.max(3, end - start);
    context.fillStyle = colors[state];
    context.fillRect(start, top, barWidth, laneHeight);
    bars.push({ left: start, top, width: barWidth, effect });
  }
  $("effects-summary").textContent = effects.length === 0 ? "(none yet)" :
    `${effects.length} · ${effects.filter((e) => e.end === null).length} running` +
    (lanes.length > shownLanes ? ` · ${shownLanes} of ${lanes.length} lanes shown` : "");
}

function update(next) {
  const previous = session;
  session = next;
  // A step appended at the end leaves the steps before it as they were; anything else (time
  // travel re-runs the session, a new step discards the undone future) fetches them again.
  const appended = previous && next.steps >= previous.steps &&
    previous.cursor === previous.steps && next.cursor === next.steps;
  if (previous && !appended && (next.steps !== previous.steps || next.cursor !== previous.cursor)) {
    cache.clear();
  }
  $("where").textContent = `${next.feature} · ${next.environment} · clock ${next.clock}`;
  $("count").textContent = `${next.steps} step${next.steps === 1 ? "" : "s"}, at step ${next.cursor}`;
  $("app-link").hidden = !next.hasPage;
  const list = $("steps");
  if ($("follow").checked && (!previous || next.steps !== previous.steps)) {
    list.scrollTop = Math.max(0, next.steps * ROW - list.clientHeight);
  }
  scheduleRender();
  renderDetail();
  loadEffects();
}

$("steps").addEventListener("scroll", () => {
  const list = $("steps");
  $("follow").checked = list.scrollTop + list.clientHeight >= list.scrollHeight - ROW;
  scheduleRender();
});
$("steps").addEventListener("click", (event) => {
  const row = event.target.closest(".step");
  if (row) select(Number(row.dataset.number));
});
$("steps").addEventListener("dblclick", (event) => {
  const row = event.target.closest(".step");
  if (row) travelTo(Number(row.dataset.number));
});
$("steps").addEventListener("keydown", (event) => {
  if (!session || session.steps === 0) return;
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    const delta = event.key === "ArrowDown" ? 1 : -1;
    select(Math.min(session.steps, Math.max(1, (selected || 0) + delta)));
    event.preventDefault();
  } else if (event.key === "Enter" && selected !== null) {
    travelTo(selected);
  }
});
$("timeline").addEventListener("click", (event) => {
  const bounds = $("timeline").getBoundingClientRect();
  const px = event.clientX - bounds.left;
  const py = event.clientY - bounds.top;
  const hit = bars.find((bar) =>
    px >= bar.left && px <= bar.left + bar.width && py >= bar.top && py <= bar.top + 12);
  if (hit) {
    showMessage("");
    if (hit.effect.step > 0) select(hit.effect.step);
    $("detail").prepend(Object.assign(document.createElement("p"), {
      className: "muted",
      textContent: `Effect ${hit.effect.description}: started at ${formatTime(hit.effect.start)}` +
        (hit.effect.end === null ? ", running" :
          `, ${hit.effect.cancelled ? "cancelled" : "finished"} at ${formatTime(hit.effect.end)}`),
    }));
  }
});
window.addEventListener("resize", () => {
  scheduleRender();
  drawTimeline();
});

// The test is fetched with the token and saved from memory: a plain link would carry no token.
$("download").addEventListener("click", (event) => {
  event.preventDefault();
  Tide.download("/api/test", "ReplaysSessionTests.swift").then((note) => {
    // Steps that reported issues when they ran: the test reports them too.
    $("test-note").textContent = note === null ? "" : note;
    $("test-note").hidden = note === null;
  }).catch((error) => {
    $("status").textContent = "no test: " + error.message;
    $("status").className = "status down";
  });
});

Tide.follow(update, (connected, reason, note) =>
  Tide.showStatus($("status"), connected, reason, note));
