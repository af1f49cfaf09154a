/** `.liquid` files imported as text (esbuild's `text` loader in tsup, a transform in vitest). */
declare module '*.liquid' {
  const source: string;
  export default source;
}
