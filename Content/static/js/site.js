// Progressive enhancement only: every feature works without this file.
(function () {
  var d = document;

  // Mark the current menu entry.
  d.querySelectorAll('.site-nav a').forEach(function (a) {
    if (a.pathname === location.pathname) a.setAttribute('aria-current', 'page');
  });

  // Video: load the player only when the reader asks for it.
  function play(a) {
    var src = a.getAttribute('data-embed');
    if (!src) return false;
    var img = a.querySelector('img'), f = d.createElement('iframe');
    f.src = src + (src.indexOf('?') < 0 ? '?' : '&') + 'autoplay=1';
    f.title = img ? img.alt : 'Video';
    f.allow = 'autoplay; encrypted-media; picture-in-picture';
    f.setAttribute('allowfullscreen', '');
    a.replaceWith(f);
    f.focus();
    return true;
  }
  d.addEventListener('click', function (e) {
    var a = e.target.closest && e.target.closest('.video-preview');
    if (!a || e.button || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    if (play(a)) e.preventDefault();
  });

  // Gallery viewer: Escape closes, arrows step.
  function viewer() {
    var id = decodeURIComponent(location.hash.slice(1)), v = id && d.getElementById(id);
    return v && v.classList.contains('gallery-viewer') ? v : null;
  }
  var last = null;
  function sync() {
    var v = viewer();
    if (v) { last = v.id; v.focus({ preventScroll: true }); }
    else if (last && location.hash === '#gallery') {
      var t = d.querySelector('.gallery-thumb[href="#' + CSS.escape(last) + '"]');
      if (t) t.focus();
      last = null;
    }
  }
  window.addEventListener('hashchange', sync);
  sync();

  d.addEventListener('keydown', function (e) {
    var t = e.target;
    if (e.key === ' ' && t.classList && t.classList.contains('video-preview')) {
      e.preventDefault();
      play(t);
      return;
    }
    var v = viewer();
    if (!v || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      location.hash = 'gallery';
    } else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      var l = v.querySelector(e.key === 'ArrowLeft' ? '.viewer-prev' : '.viewer-next');
      if (l) { e.preventDefault(); l.click(); }
    }
  });
})();
