(function () {
  var main = document.getElementById("main");
  var live = document.getElementById("live");
  if (!main || !window.fetch) return;
  var version = Number(main.getAttribute("data-version"));
  // A page that gets deltas (docs/room-page.md#deltas) follows its own stream; `run.version`
  // is where it stands: a lower bound of what it shows.
  var run = main.getAttribute("data-run") || "";
  var events = main.getAttribute("data-events");
  var pending = [];
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
    }).catch(function () { pending = []; }).then(function () {
      busy = false;
      var queued = pending;
      pending = [];
      for (var i = 0; i < queued.length; i++) step(queued[i]);
      if (again) { again = false; load(); }
    });
  }
  // Where an event id `RUN.VERSION` stands.
  function at(id) {
    id = id || "";
    var dot = id.indexOf(".");
    return { run: id.slice(0, dot), v: Number(id.slice(dot + 1)) };
  }
  // Read again from `id` on: the page then shows at least that.
  function reload(id) {
    var p = at(id);
    run = p.run;
    version = p.v;
    load();
  }
  // A step `{from, to, set: [[id, html], ...]}`: each element replaced by its new HTML, when
  // the page stands within the step; otherwise the page is read again.
  function step(e) {
    if (busy) { pending.push(e); return; }
    var p = at(e.id), d = JSON.parse(e.data);
    if (p.run !== run || d.from > version) { reload(e.id); return; }
    if (d.to <= version) return;
    for (var i = 0; i < d.set.length; i++) {
      if (!document.getElementById(d.set[i][0])) { reload(e.id); return; }
    }
    var put = [];
    for (var k = 0; k < d.set.length; k++) {
      document.getElementById(d.set[k][0]).outerHTML = d.set[k][1];
      put.push(document.getElementById(d.set[k][0]));
    }
    version = d.to;
    document.dispatchEvent(new CustomEvent("bianpai:delta", { detail: put }));
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
    var es = new EventSource(events ? events + "&last=" + run + "." + version : "/events");
    es.addEventListener("update", function (e) {
      var v = Number(e.data);
      if (!events) { if (v !== version) { version = v; load(); } return; }
      if (at(e.lastEventId).run !== run || v !== version) reload(e.lastEventId);
    });
    es.addEventListener("delta", function (e) { step({ id: e.lastEventId, data: e.data }); });
    es.addEventListener("resync", function () { load(); });
    es.onopen = function () {
      tries = 0;
      quiet();
      say("LIVE_ON");
      // A page on deltas is told what it missed by the stream itself (its Last-Event-ID).
      if (lost) { lost = false; if (!events) load(); }
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
