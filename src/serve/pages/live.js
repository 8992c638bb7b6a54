(function () {
  var main = document.getElementById("main");
  var live = document.getElementById("live");
  if (!main || !window.fetch) return;
  var version = Number(main.getAttribute("data-version"));
  // Without a stream the page reads itself every POLL to 2*POLL ms (docs/room-page.md#budgets).
  var POLL = Number(main.getAttribute("data-poll")) || 10000;
  var busy = false, again = false, tag = null;
  function say(t) { if (live) live.textContent = t; }
  function load() {
    if (busy) { again = true; return; }
    busy = true;
    var u = new URL(location.href);
    u.searchParams.set("part", "main");
    var h = tag ? { "If-None-Match": tag } : {};
    fetch(u.toString(), { cache: "no-store", headers: h }).then(function (r) {
      if (r.status !== 200) return null;
      tag = r.headers.get("ETag");
      return r.text();
    }).then(function (html) {
      if (html !== null) {
        var at = html.indexOf("\n");
        var warn = document.getElementById("warning");
        if (warn) warn.innerHTML = html.slice(0, at);
        main.innerHTML = html.slice(at + 1);
        document.dispatchEvent(new Event("bianpai:updated"));
      }
    }).catch(function () {}).then(function () {
      busy = false;
      if (again) { again = false; load(); }
    });
  }
  var poller = null, tries = 0, lost = false;
  function poll() {
    poller = setTimeout(function () { load(); poll(); }, POLL * (1 + Math.random()));
  }
  function polling() {
    if (poller === null) { say("LIVE_POLL"); load(); poll(); }
  }
  function quiet() {
    if (poller !== null) { clearTimeout(poller); poller = null; }
  }
  function connect() {
    if (!window.EventSource) { polling(); return; }
    var es = new EventSource("/events");
    es.addEventListener("update", function (e) {
      var v = Number(e.data);
      if (v !== version) { version = v; load(); }
    });
    es.addEventListener("resync", function () { load(); });
    es.onopen = function () {
      tries = 0;
      quiet();
      say("LIVE_ON");
      if (lost) { lost = false; load(); }
    };
    es.onerror = function () {
      lost = true;
      if (es.readyState !== 2) { say("LIVE_OFF"); return; }
      // Refused (the hall's streams are all taken) or closed: read the page every few
      // seconds, and ask for a stream again later, waiting longer each time.
      es.close();
      polling();
      tries += 1;
      var wait = Math.min(300000, POLL * Math.pow(2, tries)) * (0.5 + Math.random());
      setTimeout(connect, wait);
    };
  }
  connect();
})();
