"use strict";
// The first page tide's address opens: it keeps the run's token in this origin's storage (no
// other origin, another port of this machine included, can read it; no request carries it by
// itself) and replaces the address that held the token, so it leaves the address bar and the
// history.
(() => {
  const token = document.querySelector('meta[name="tide-token"]').content;
  const next = document.querySelector('meta[name="tide-next"]').content;
  localStorage.setItem("tide-token", token);
  location.replace(next);
})();
