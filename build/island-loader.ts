/**
 * The one inline script of every page. It starts loading the page's client bundles (the header's
 * cart badge and menu, and the page's islands) only once the first frame has been presented: the
 * server HTML is complete and readable on its own, so nothing the visitor first sees waits on, or
 * shares the phone's bandwidth with, JavaScript. "Presented" is the browser's own first-contentful-
 * paint entry; where paint timing is missing, the load event and one frame stand in for it, and a
 * timer makes sure a page that never reports a paint still becomes interactive.
 *
 * A tap that comes before the bundles have run is not lost: clicks on the controls that only
 * scripts give meaning to (buttons of type "button", checkboxes, in <main>) are held, their
 * native effect cancelled, and replayed once the bundles have run and their islands are hydrated
 * (an entry may export a `ready` promise for that). Links and form submissions are left alone:
 * they work without scripts.
 *
 * It reads the bundle URLs from its own data attributes, so its text (and CSP hash) is constant.
 * When every entry is ready, <html> gets `data-js-ready` (tests and tools wait on it).
 */
export const islandLoaderSource = [
  "(()=>{var d=document,w=window,s=d.currentScript,",
  'l=function(a){return(s&&s.getAttribute(a)||"").split(" ").filter(Boolean)},',
  'e=l("data-entries"),p=l("data-preload"),held=[],',
  'hold=function(v){var t=v.target&&v.target.closest&&v.target.closest(\'main button[type="button"],main input[type="checkbox"]\');',
  "if(t){v.preventDefault();v.stopImmediatePropagation();held.push(t)}},",
  'done=0,go=function(){if(done++)return;p.forEach(function(h){var k=d.createElement("link");k.rel="modulepreload";k.href=h;d.head.appendChild(k)});',
  "Promise.all(e.map(function(u){return import(u).then(function(m){return m.ready})})).then(function(){",
  'd.removeEventListener("click",hold,true);d.documentElement.setAttribute("data-js-ready","");',
  "held.splice(0).forEach(function(t){if(t.isConnected)t.click()})",
  '},function(x){d.removeEventListener("click",hold,true);console.error("Could not load the page\'s scripts:",x)})},',
  "later=function(){setTimeout(go,0)},P=w.PerformanceObserver,painted=0;",
  'd.addEventListener("click",hold,true);',
  'try{if(P&&P.supportedEntryTypes.indexOf("paint")>=0){new P(function(list,o){if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();later()}}).observe({type:"paint",buffered:true});painted=1}}catch(x){}',
  'if(!painted){var f=function(){requestAnimationFrame(later)};d.readyState==="complete"?f():w.addEventListener("load",f)}',
  "setTimeout(go,3000)})();",
].join("");
