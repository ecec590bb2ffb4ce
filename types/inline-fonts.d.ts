/** Vite inlines a file imported with `?inline` as a data: URL string (the Worker has no file system). */
declare module "*.woff?inline" {
  const dataUrl: string;
  export default dataUrl;
}
