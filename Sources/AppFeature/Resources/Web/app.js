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

// The place's screen on top of the stack: the actions its buttons send come with the view.
let place = null;

function renderPlace(view) {
  place = view;
  setText("place-title", view.title);
  setText("place-depth", view.depth > 1 ? `${view.depth} screens` : "");
  const items = (texts) => texts.map((text) => {
    const item = document.createElement("li");
    item.textContent = text;
    return item;
  });
  $("place-facts").replaceChildren(...items(view.facts));
  $("namesakes").replaceChildren(...items(view.namesakes));
  setText("namesakes-message", view.namesakesMessage);
  $("rename-sheet").hidden = view.rename === null;
  if (view.rename !== null) setField($("rename-name"), view.rename);
  $("prompt").hidden = view.prompt === null;
  if (view.prompt) {
    setText("prompt-title", view.prompt.title);
    setText("prompt-message", view.prompt.message);
    const buttons = view.prompt.buttons.length > 0
      ? view.prompt.buttons
      : [{ label: "OK", role: "cancel", action: view.prompt.dismiss }];
    $("prompt-buttons").replaceChildren(
      ...buttons.map((button) => {
        const element = document.createElement("button");
        element.textContent = button.label;
        if (button.role) element.className = button.role === "cancel" ? "plain" : button.role;
        element.addEventListener("click", () => send(button.action));
        return element;
      })
    );
  }
}

function renderHome(view) {
  setText("greeting", view.greeting);
  $("saved").replaceChildren(
    ...view.savedLocations.map((name, index) => {
      const item = document.createElement("li");
      item.dataset.index = String(index);
      const label = document.createElement("span");
      label.className = "grow";
      label.textContent = name;
      const open = document.createElement("button");
      open.className = "plain open";
      open.textContent = "Open";
      open.addEventListener("click", () => send(view.openActions[index]));
      const remove = document.createElement("button");
      remove.className = "plain";
      remove.textContent = "Remove";
      remove.addEventListener("click", () => send(`.removeSavedLocation(index: ${index})`));
      item.append(label, open, remove);
      return item;
    })
  );
  setText("saved-empty", view.emptyMessage);
  setText("home-error", view.errorMessage);
  // The search is a sheet over the list: presented by `.searchTapped`, gone once a place is
  // picked or it is cancelled.
  const search = view.search;
  $("search-open").hidden = Boolean(search);
  $("search").hidden = !search;
  if (!search) return;
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
      // The search shares the saved places: a place already saved is marked.
      if (row.isSaved) {
        const mark = document.createElement("span");
        mark.className = "saved-mark";
        mark.textContent = "✓ saved";
        item.append(mark);
      }
      item.addEventListener("click", () => send(`.addLocation(.presented(.locationTapped(index: ${index})))`));
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
  // A pushed place's screen covers the home screen, as a navigation stack shows it.
  const shown = next === "home" && view.value.place ? "place" : next;
  for (const id of ["login", "home", "place", "elsewhere"]) $(id).hidden = id !== shown;
  place = null;
  if (next === "login") renderLogin(view.value);
  else if (next === "home") renderHome(view.value);
  if (shown === "place") renderPlace(view.value.place);
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
  send(`.addLocation(.presented(.queryChanged(${Tide.swiftString(event.target.value)})))`));
$("search-open").addEventListener("click", () => send(".searchTapped"));
$("search-cancel").addEventListener("click", () => send(".addLocation(.dismiss)"));
$("logout").addEventListener("click", () => send(".logoutTapped"));
$("place-back").addEventListener("click", () => place && send(place.back));
$("place-rename").addEventListener("click", () => place && send(place.actions.rename));
$("place-delete").addEventListener("click", () => place && send(place.actions.delete));
$("rename-save").addEventListener("click", () => place && send(place.actions.save));
$("rename-cancel").addEventListener("click", () => place && send(place.actions.cancel));
$("rename-name").addEventListener("input", (event) => {
  if (!place) return;
  // A function, so that a "$" the person typed is not read as a replacement pattern.
  send(place.actions.nameChanged.replace("$NAME", () => Tide.swiftString(event.target.value)));
});

Tide.follow(render, (connected, reason, note) =>
  Tide.showStatus($("status"), connected, reason, note));
