// Listing filter: maximum price, minimum occupants, city, over the listings of this page.
// Progressive enhancement: the form stays hidden without this script; the city, budget and
// household pages do the job without it.
(function () {
  var form = document.getElementById("listing-filter");
  var list = document.getElementById("listing-list");
  if (!form || !list) return;
  var cards = Array.prototype.slice.call(list.querySelectorAll(".listing-card"));
  var price = form.querySelector("#filter-price"), priceOut = form.querySelector("#filter-price-value");
  var occupants = form.querySelector("#filter-occupants"), city = form.querySelector("#filter-city");
  var count = document.getElementById("listing-count"), empty = document.getElementById("listing-empty");
  var money = new Intl.NumberFormat(document.documentElement.lang || undefined, { style: "currency", currency: "EUR", maximumFractionDigits: 0 });
  var timer;

  function update(announce) {
    var most = +price.value, atTop = most >= +price.max;
    priceOut.textContent = atTop ? "any" : money.format(most);
    var least = +occupants.value, place = city.value, shown = 0;
    cards.forEach(function (card) {
      var ok = (atTop || +card.dataset.price <= most) && +card.dataset.occupants >= least && (!place || card.dataset.city === place);
      card.hidden = !ok;
      if (ok) shown++;
    });
    empty.hidden = shown > 0;
    // Announce once the user pauses, not at every step of the slider.
    clearTimeout(timer);
    timer = setTimeout(function () {
      count.textContent = shown === cards.length
        ? "Showing all " + cards.length + " listings on this page."
        : "Showing " + shown + " of the " + cards.length + " listings on this page.";
    }, announce ? 400 : 0);
  }

  form.addEventListener("input", function () { update(true); });
  form.addEventListener("change", function () { update(true); });
  form.addEventListener("reset", function () { setTimeout(function () { update(true); }, 0); });
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  form.hidden = false;
  update(false);
})();
