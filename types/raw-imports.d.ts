/** Vite's `?raw` suffix imports a file's text (build time), e.g. the favicon inlined in the page head. */
declare module "*?raw" {
  const text: string;
  export default text;
}
