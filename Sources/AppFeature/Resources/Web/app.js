"use strict";
// The app's page: it renders App.ViewState, which the session sends on every change, and turns
// each keystroke and click into an App.Action in Swift syntax. Secrets never come back from
// the session, so the password field holds the only copy of what is typed in it.
const $ = (id) => document.getElementById(id);
let screen = null;

function send(line) {
  Tide.send(line).then((failure) => {
    $("refused").textContent = failure ? "The session refused it: " + failure : "";
  });
}

// Sets a field's text unless the person is typing in it and their keystrokes are on their way.
function setField(input, text) {
  if (input.value === text) return;
  if (document.activeElement === input && Tide.isSending()) return;
  input.value = text;
}

function setText(id, text) {
  $(id).textContent = text || "";
}

function renderLogin(view) {
  setField($("username"), view.username);
  $("login-button").disabled = !view.isLoginButtonEnabled;
  $("login-spinner").hidden = !view.isActivityIndicatorVisible;
  setText("info", view.infoMessage);
  $("alert").hidden = view.alert === null;
  if (view.alert) {
    setText("alert-title", view.alert.title);
    setText("alert-message", view.alert.message);
  }
}

function renderHome(view) {
  setText("greeting", view.greeting);
  $("saved").replaceChildren(
    ...view.savedLocations.map((name, index) => {
      const item = document.createElement("li");
      const label = document.createElement("span");
      label.className = "grow";
      label.textContent = name;
      const remove = document.createElement("button");
      remove.className = "plain";
      remove.textContent = "Remove";
      remove.addEventListener("click", () => send(`.removeSavedLocation(index: ${index})`));
      item.append(label, remove);
      return item;
    })
  );
  setText("saved-empty", view.emptyMessage);
  setText("home-error", view.errorMessage);
  const search = view.search;
  setField($("query"), search.query);
  $("search-spinner").hidden = !search.isSearchingIndicatorVisible;
  $("results").replaceChildren(
    ...search.rows.map((row, index) => {
      const item = document.createElement("li");
      item.dataset.index = String(index);
      const title = document.createElement("span");
      title.className = "grow";
      title.textContent = row.title;
      const subtitle = document.createElement("span");
      subtitle.className = "subtitle";
      subtitle.textContent = row.subtitle;
      item.append(title, subtitle);
      item.addEventListener("click", () => send(`.addLocation(.locationTapped(index: ${index}))`));
      return item;
    })
  );
  setText("results-empty", search.emptyMessage);
  setText("search-error", search.errorMessage);
}

function render(session) {
  setText("where", `${session.feature} · ${session.environment} · step ${session.cursor}`);
  const view = session.hasPage && session.feature === "app" ? session.view : null;
  const next = view ? view.case : "elsewhere";
  if (next !== screen) {
    // The password lives in its field only while the login screen is shown.
    $("password").value = "";
    screen = next;
  }
  for (const id of ["login", "home", "elsewhere"]) $(id).hidden = id !== next;
  if (next === "login") renderLogin(view.value);
  else if (next === "home") renderHome(view.value);
  else setText("other-feature", session.feature);
  document.body.dataset.step = String(session.cursor);
}

$("username").addEventListener("input", (event) =>
  send(`.login(.usernameChanged(${Tide.swiftString(event.target.value)}))`));
$("password").addEventListener("input", (event) =>
  send(`.login(.passwordChanged(${Tide.swiftString(event.target.value)}))`));
$("login-button").addEventListener("click", () => send(".login(.loginButtonTapped)"));
for (const id of ["username", "password"]) {
  $(id).addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !$("login-button").disabled) send(".login(.loginButtonTapped)");
  });
}
$("alert-ok").addEventListener("click", () => send(".login(.alertDismissed)"));
$("query").addEventListener("input", (event) =>
  send(`.addLocation(.queryChanged(${Tide.swiftString(event.target.value)}))`));
$("logout").addEventListener("click", () => send(".logoutTapped"));

Tide.follow(render, (connected, reason) => Tide.showStatus($("status"), connected, reason));
