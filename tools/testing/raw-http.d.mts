export interface RawAnswer {
  /** The status of the first response, or undefined when the server closed without one. */
  readonly status: number | undefined;
  readonly head: string;
  readonly body: string;
  /** The server closed the connection (rather than a complete response arriving). */
  readonly closed: boolean;
}

/** Sends `data` on a new connection; resolves once the server closed it or a whole response arrived. */
export declare function rawExchange(url: string, data: string | Buffer): Promise<RawAnswer>;

/** A GET naming `host` (undefined: no Host header), with `Connection: close`. */
export declare function rawGet(
  url: string,
  path: string,
  host: string | undefined,
  headers?: Record<string, string>,
): Promise<RawAnswer>;

/** Requests no server may answer with a 5xx or a crash. */
export declare function badTraffic(host: string, writePath: string): { name: string; data: string | Buffer }[];

/** A client that sends half of its headers and then nothing, or one more byte every `everyMs` (a slowloris). */
export declare function tricklingClient(
  url: string,
  host: string,
  options?: { readonly everyMs?: number | undefined },
): Promise<{ close: () => void; closedByServer: () => boolean; received: () => string; sent: () => number }>;
