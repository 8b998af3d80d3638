// Applies the saved theme before first paint so the page never flashes the wrong colours.
// Loaded synchronously from <head>; kept as a file so the CSP needs no inline script.
(function () {
  var preference = 'system';
  try {
    var saved = window.localStorage.getItem('kaleido-theme');
    if (saved === 'light' || saved === 'dark' || saved === 'system') preference = saved;
  } catch (e) {
    // Storage can be blocked (private mode, strict settings); the system theme still applies.
  }
  var dark = preference === 'dark' ||
    (preference === 'system' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
