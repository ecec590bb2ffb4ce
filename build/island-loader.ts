/**
 * The one inline script of a page without islands. It starts loading the page's client bundle (the
 * header's cart badge and menu) only after the first frame is painted: the server HTML is complete
 * and readable on its own, so nothing the visitor first sees waits on JavaScript.
 * It reads the bundle URLs from its own data attributes, so its text (and CSP hash) is constant.
 * When every entry has run, <html> gets `data-js-ready` (tests and tools wait on it).
 */
export const islandLoaderSource = `(()=>{var d=document,s=d.currentScript,l=function(a){return(s&&s.getAttribute(a)||"").split(" ").filter(Boolean)},e=l("data-entries"),p=l("data-preload"),go=function(){requestAnimationFrame(function(){setTimeout(function(){p.forEach(function(h){var k=d.createElement("link");k.rel="modulepreload";k.href=h;d.head.appendChild(k)});Promise.all(e.map(function(u){return import(u)})).then(function(){d.documentElement.setAttribute("data-js-ready","")},function(x){console.error("Could not load the page's scripts:",x)})},0)})};d.readyState==="loading"?d.addEventListener("DOMContentLoaded",go):go()})();`;
