// The only script of a visitor's page (server/modules/public-pages, docs/decisions/031): the Share
// button and the sign-up ask. The page reads fine without it; a file here, not inline, so the
// CSP needs no inline script.
(function () {
  // Share: the phone's share sheet where there is one, "Copy link" elsewhere.
  var phone = window.matchMedia && window.matchMedia('(pointer: coarse)').matches && typeof navigator.share === 'function';
  var buttons = document.querySelectorAll('[data-share-url]');
  for (var i = 0; i < buttons.length; i++) setUpShare(buttons[i]);

  function setUpShare(button) {
    var label = button.querySelector('[data-share-label]');
    var canCopy = navigator.clipboard && typeof navigator.clipboard.writeText === 'function';
    if (!phone && !canCopy) return;
    var copyLabel = button.getAttribute('data-copy-label') || 'Copy link';
    if (!phone && label) label.textContent = copyLabel;
    button.hidden = false;
    button.addEventListener('click', function () {
      var url = button.getAttribute('data-share-url');
      if (phone) {
        navigator.share({ title: button.getAttribute('data-share-title') || document.title, url: url }).catch(function () {});
        return;
      }
      navigator.clipboard.writeText(url).then(function () {
        if (!label) return;
        label.textContent = button.getAttribute('data-copied-label') || 'Link copied';
        button.setAttribute('aria-live', 'polite');
        setTimeout(function () {
          label.textContent = copyLabel;
        }, 2000);
      });
    });
  }

  // The sign-up ask, once a visit, when the visitor has scrolled far: a screen and a half down,
  // and past the middle of the page's own content. Closing it ("Not now", Esc) leaves the page as it was.
  var ask = document.getElementById('signup-ask');
  var SEEN = 'kaleido-signup-ask';
  if (!ask || typeof ask.showModal !== 'function' || seen()) return;

  function seen() {
    try {
      return window.sessionStorage.getItem(SEEN) === '1';
    } catch (e) {
      return false;
    }
  }

  function farEnough() {
    var main = document.getElementById('main');
    var contentEnd = main ? main.getBoundingClientRect().top + window.scrollY + main.offsetHeight * 0.5 : 0;
    var scrolled = window.scrollY + window.innerHeight;
    return window.scrollY > window.innerHeight * 1.5 && scrolled > contentEnd;
  }

  function onScroll() {
    if (!farEnough()) return;
    window.removeEventListener('scroll', onScroll);
    try {
      window.sessionStorage.setItem(SEEN, '1');
    } catch (e) {
      // Storage blocked: the ask may come again on the next page, nothing worse.
    }
    ask.showModal();
  }
  window.addEventListener('scroll', onScroll, { passive: true });
})();
