// Runs on every page; deliberately framework-free so static pages stay a few hundred bytes of JS.
console.log("header");
