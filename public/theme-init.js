// Runs before the first paint: applies the appearance saved by the configurator (local storage
// key "layout": { preset, primary, surface, menuMode, darkTheme }) to the page root, so a reload
// shows the chosen theme at once, without a flash. Unknown values fall back to the defaults
// (Aura, emerald, surface unset: slate in light mode, zinc in dark mode). The lists match
// src/shell/layout-settings.ts.
(function () {
  var root = document.documentElement;
  var primaries = ['noir', 'emerald', 'green', 'lime', 'orange', 'amber', 'yellow', 'teal', 'cyan', 'sky', 'blue', 'indigo', 'violet', 'purple', 'fuchsia', 'pink', 'rose'];
  var surfaces = ['slate', 'gray', 'zinc', 'neutral', 'stone', 'soho', 'viva', 'ocean'];
  var layout = {};
  try { layout = JSON.parse(localStorage.getItem('layout') || '{}') || {}; } catch (e) { layout = {}; }
  if (layout.darkTheme === true) root.classList.add('app-dark');
  root.dataset.preset = layout.preset === 'Lara' ? 'Lara' : 'Aura';
  root.dataset.primary = primaries.indexOf(layout.primary) >= 0 ? layout.primary : 'emerald';
  if (surfaces.indexOf(layout.surface) >= 0) root.dataset.surface = layout.surface;
  var lang = localStorage.getItem('langCode');
  if (lang) root.lang = lang;
})();
