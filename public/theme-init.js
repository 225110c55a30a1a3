// Runs before the first paint: applies the appearance saved by the configurator (local storage
// key "layout") to the page root, so a reload shows the chosen theme at once, without a flash.
(function () {
  var root = document.documentElement;
  var layout = {};
  try { layout = JSON.parse(localStorage.getItem('layout') || '{}') || {}; } catch (e) { layout = {}; }
  if (layout.darkTheme) root.classList.add('app-dark');
  root.dataset.preset = layout.preset === 'Lara' ? 'Lara' : 'Aura';
  root.dataset.primary = layout.primary || 'emerald';
  if (layout.surface) root.dataset.surface = layout.surface;
  var lang = localStorage.getItem('langCode');
  if (lang) root.lang = lang;
})();
