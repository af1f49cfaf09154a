/** idiomorph's browser build, imported as text (esbuild's `text` loader in tsup, a transform in vitest). */
declare module 'idiomorph/dist/idiomorph.min.js' {
  const source: string;
  export default source;
}
