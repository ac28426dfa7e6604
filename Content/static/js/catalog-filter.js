// Prize catalog filter: points range (two thumbs), categories, expiry cut-off.
// Progressive enhancement: the form stays hidden without this script; facet pages do the job.
(function () {
  var form = document.getElementById("prize-filter");
  var list = document.getElementById("prize-list");
  if (!form || !list) return;
  var cards = Array.prototype.slice.call(list.querySelectorAll(".prize-card"));
  var low = form.querySelector("#points-min"), high = form.querySelector("#points-max");
  var lowOut = form.querySelector("#points-min-value"), highOut = form.querySelector("#points-max-value");
  var expiry = form.querySelector("#expiry-after");
  var count = document.getElementById("prize-count"), empty = document.getElementById("prize-empty");
  var numbers = new Intl.NumberFormat(document.documentElement.lang || undefined);
  var timer;

  function update(announce) {
    var a = +low.value, b = +high.value;
    // The thumbs never cross: the one being moved stops at the other.
    if (a > b) { if (document.activeElement === low) low.value = a = b; else high.value = b = a; }
    lowOut.textContent = numbers.format(a);
    highOut.textContent = numbers.format(b);
    var span = +high.max - +high.min;
    low.parentNode.style.setProperty("--from", ((a - low.min) / span * 100) + "%");
    low.parentNode.style.setProperty("--to", ((b - high.min) / span * 100) + "%");
    var categories = {};
    form.querySelectorAll("input[name=category]:checked").forEach(function (box) { categories[box.value] = true; });
    var cutoff = expiry.value, shown = 0;
    cards.forEach(function (card) {
      var points = +card.dataset.points;
      var ok = points >= a && points <= b && categories[card.dataset.category] && (!cutoff || card.dataset.expiry >= cutoff);
      card.hidden = !ok;
      if (ok) shown++;
    });
    empty.hidden = shown > 0;
    // Announce once the user pauses, not at every step of the slider.
    clearTimeout(timer);
    timer = setTimeout(function () {
      count.textContent = shown === cards.length ? "Tutti i " + cards.length + " premi" : shown + (shown === 1 ? " premio" : " premi") + " su " + cards.length;
    }, announce ? 400 : 0);
  }

  form.addEventListener("input", function () { update(true); });
  form.addEventListener("change", function () { update(true); });
  form.addEventListener("reset", function () { setTimeout(function () { update(true); }, 0); });
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  form.hidden = false;
  update(false);
})();
