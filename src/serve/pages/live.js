(function () {
  var main = document.getElementById("main");
  var live = document.getElementById("live");
  if (!main || !window.EventSource || !window.fetch) return;
  var version = Number(main.getAttribute("data-version"));
  var busy = false, again = false;
  function load() {
    if (busy) { again = true; return; }
    busy = true;
    var u = new URL(location.href);
    u.searchParams.set("part", "main");
    fetch(u.toString(), { cache: "no-store" }).then(function (r) {
      return r.ok ? r.text() : null;
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
  var es = new EventSource("/events");
  var lost = false;
  es.addEventListener("update", function (e) {
    var v = Number(e.data);
    if (v !== version) { version = v; load(); }
  });
  es.addEventListener("resync", function () { load(); });
  es.onopen = function () {
    if (live) live.textContent = "LIVE_ON";
    if (lost) { lost = false; load(); }
  };
  es.onerror = function () {
    lost = true;
    if (live) live.textContent = "LIVE_OFF";
  };
})();
