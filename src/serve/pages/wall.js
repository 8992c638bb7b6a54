(function () {
  var PAGE_MS = 12000;
  var page = 0, loaded = Date.now();
  document.body.classList.add("paged");
  function show() {
    var pages = document.querySelectorAll(".wpage");
    if (!pages.length) return;
    // The event is over: the final standings stay on screen, no more paging.
    if (document.querySelector(".wpage.final")) page = 0;
    page = page % pages.length;
    for (var i = 0; i < pages.length; i++) pages[i].classList.toggle("on", i === page);
  }
  function fmt(ms) {
    var s = Math.max(0, Math.floor(ms / 1000));
    var h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, r = s % 60;
    var mm = (h ? (h + ":" + (m < 10 ? "0" : "")) : "") + m;
    return mm + ":" + (r < 10 ? "0" : "") + r;
  }
  function tick() {
    var gone = Date.now() - loaded;
    var corner = document.querySelector("[data-day-ms]");
    if (corner) {
      var m = Math.floor((Number(corner.getAttribute("data-day-ms")) + gone) / 60000) % 1440;
      var hh = Math.floor(m / 60), mm = m % 60;
      corner.textContent = (hh < 10 ? "0" : "") + hh + ":" + (mm < 10 ? "0" : "") + mm;
    }
    var els = document.querySelectorAll("[data-ms][data-run='1']");
    for (var i = 0; i < els.length; i++) {
      // A clock put in place by a delta runs from when it came.
      var since = els[i].bianpaiAt ? Date.now() - els[i].bianpaiAt : gone;
      els[i].textContent = fmt(Number(els[i].getAttribute("data-ms")) - since);
    }
  }
  document.addEventListener("bianpai:delta", function (e) {
    var now = Date.now(), put = e.detail || [];
    for (var i = 0; i < put.length; i++) {
      var c = put[i] ? put[i].querySelectorAll("[data-ms]") : [];
      for (var k = 0; k < c.length; k++) c[k].bianpaiAt = now;
    }
    tick();
  });
  document.addEventListener("bianpai:updated", function () { loaded = Date.now(); show(); tick(); });
  show();
  setInterval(tick, 250);
  setInterval(function () { page++; show(); }, PAGE_MS);
})();
