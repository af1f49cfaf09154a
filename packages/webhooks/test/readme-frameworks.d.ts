// The README's examples mention Express, which the repository does not install: a minimal typing stands in
// for it when the type check compiles them (tools/typecheck.mjs). Hono is installed; they use its own types.
declare module 'express' {
  type Handler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => unknown;
  interface App {
    use(middleware: unknown): void;
    post(path: string, handler: Handler): void;
    listen(port: number): unknown;
  }
  interface Express {
    (): App;
    json(): unknown;
  }
  const express: Express;
  export default express;
}
