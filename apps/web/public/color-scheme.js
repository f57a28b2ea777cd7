/* global document, window */
// Applies the darkMode cookie (auto, on, off) before the first paint, so a console shown
// dark never flashes light while the application loads. The same rule lives in
// src/lib/color-scheme.ts; this copy runs before any module does.
(function () {
  var match = document.cookie.match(/(?:^|;\s*)darkMode=(auto|on|off)(?:;|$)/);
  var mode = match ? match[1] : "auto";
  var dark =
    mode === "on" || (mode === "auto" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.setAttribute("data-mantine-color-scheme", dark ? "dark" : "light");
})();
