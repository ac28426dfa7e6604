// Progressive enhancement only: the site works without it.
(function () {
  var d = document, last = null;
  d.querySelectorAll('.site-nav a').forEach(function (a) {
    if (a.pathname === location.pathname) a.setAttribute('aria-current', 'page');
  });
  function play(a) {
    var src = a.getAttribute('data-embed'), img = a.querySelector('img'), f;
    if (!src) return;
    f = d.createElement('iframe');
    f.src = src + (src.indexOf('?') < 0 ? '?' : '&') + 'autoplay=1';
    f.title = img ? img.alt : 'Video';
    f.allow = 'autoplay; encrypted-media; picture-in-picture';
    f.setAttribute('allowfullscreen', '');
    a.replaceWith(f);
    f.focus();
    return 1;
  }
  d.addEventListener('click', function (e) {
    var a = e.target.closest && e.target.closest('.video-preview');
    if (a && !(e.button || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) && play(a)) e.preventDefault();
  });
  function viewer() {
    var v = d.getElementById(decodeURIComponent(location.hash.slice(1)));
    return v && v.classList.contains('gallery-viewer') ? v : null;
  }
  function sync() {
    var v = viewer(), t;
    if (v) { last = v.id; v.focus({ preventScroll: true }); }
    else if (last && location.hash === '#gallery') {
      t = d.querySelector('.gallery-thumb[href="#' + CSS.escape(last) + '"]');
      if (t) t.focus();
      last = null;
    }
  }
  addEventListener('hashchange', sync);
  sync();
  // Sharing: "copy link" everywhere, the system's share sheet where the browser has one.
  d.querySelectorAll('[data-share]').forEach(function (box) {
    var copy = box.querySelector('[data-share-copy]'), native = box.querySelector('[data-share-native]');
    var status = box.querySelector('.share-status');
    box.hidden = false;
    copy.addEventListener('click', function () {
      var url = copy.getAttribute('data-share-copy');
      var said = function (ok) { status.textContent = status.getAttribute(ok ? 'data-share-done' : 'data-share-failed'); };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(url).then(function () { said(true); }, function () { said(false); });
      } else {
        said(false);
      }
    });
    if (navigator.share) {
      native.hidden = false;
      native.addEventListener('click', function () {
        navigator.share({ title: native.getAttribute('data-share-title'), url: native.getAttribute('data-share-native') })
          .catch(function () {});
      });
    }
  });
  d.addEventListener('keydown', function (e) {
    var t = e.target, v, l;
    if (e.key === ' ' && t.classList && t.classList.contains('video-preview')) {
      e.preventDefault();
      return play(t);
    }
    if (!(v = viewer()) || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'Escape') {
      location.hash = 'gallery';
    } else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      l = v.querySelector(e.key === 'ArrowLeft' ? '.viewer-prev' : '.viewer-next');
      if (l) { e.preventDefault(); l.click(); }
    }
  });
})();
