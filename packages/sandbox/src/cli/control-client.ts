/**
 * The commands' side of the control API: which sandbox to talk to (`--url`, `COMMERCE_SANDBOX_URL`, the
 * default port), the control key header, and every way a call can fail turned into one printable line.
 * The key is held privately and never appears in a message.
 */
import { isRecord } from '@commerce-kit/internal/is-record';
import { parseJson } from '@commerce-kit/internal/safe-json';
import { isLoopbackName } from '@commerce-kit/internal/local-server/guard';
import { CONTROL_KEY_HEADER } from '../control/access.js';
import { readKeyFile } from '../control/key-file.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../options.js';

export const URL_ENV = 'COMMERCE_SANDBOX_URL';
export const CONTROL_KEY_ENV = 'COMMERCE_SANDBOX_CONTROL_KEY';
export const DEFAULT_URL = `http://${DEFAULT_HOST}:${DEFAULT_PORT}`;
/** A control call that takes longer than this is reported instead of waited for. */
const TIMEOUT_MS = 60_000;

/** A call the sandbox refused or could not be made: the message is ready to print. */
export class ControlError extends Error {}

/** A bad `--url` or `COMMERCE_SANDBOX_URL`: a usage error. */
export class ConnectionSettingError extends Error {}

/** What the sandbox answered: the status and the parsed JSON body (undefined for an empty one). */
export interface ControlAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** The base URL as printed in messages: without credentials, query or trailing slash. */
function printable(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

function parseBaseUrl(given: string, source: string): URL {
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new ConnectionSettingError(`${source} must be an http:// or https:// URL, got ${JSON.stringify(given)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConnectionSettingError(
      `${source} must be an http:// or https:// URL, got ${JSON.stringify(printable(url))}`,
    );
  }
  if (url.search !== '' || url.hash !== '')
    throw new ConnectionSettingError(`${source} must not have a query or fragment`);
  return url;
}

/** The network error's code (ECONNREFUSED, ENOTFOUND…) from fetch's `cause` chain, or its message. */
function networkReason(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors[0] instanceof Error) {
      current = errors[0];
      continue;
    }
    if (current.cause === undefined) return current.message;
    current = current.cause;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The error body's messages in one line: `name: no snapshot named "x"`; `{type, errors}` is the usual shape. */
export function errorSummary(status: number, body: unknown): string {
  if (isRecord(body)) {
    const { errors } = body;
    if (isRecord(errors)) {
      const parts = Object.entries(errors).map(([field, messages]) => {
        const list = Array.isArray(messages) ? messages.filter((m): m is string => typeof m === 'string') : [];
        return `${field}: ${list.length > 0 ? list.join('; ') : 'is not valid'}`;
      });
      if (parts.length > 0) return parts.join('; ');
    }
    for (const key of ['message', 'error_description', 'error', 'type']) {
      if (typeof body[key] === 'string' && body[key] !== '') return body[key];
    }
  }
  return `HTTP ${status}`;
}

export class ControlClient {
  /** The base URL as shown in messages (no credentials). */
  readonly url: string;
  readonly #base: string;
  readonly #key: string | undefined;

  constructor(baseUrl: string, key: string | undefined, source = '--url') {
    const url = parseBaseUrl(baseUrl, source);
    this.url = printable(url);
    this.#base = url.href.replace(/\/+$/, '');
    this.#key = key === '' ? undefined : key;
  }

  /**
   * One call. Resolves with a 2xx answer; anything else (no answer, a 3xx, 4xx or 5xx, a body that is
   * not JSON) is a {@link ControlError}.
   */
  async call(method: string, path: string, body?: unknown): Promise<ControlAnswer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.#key !== undefined) headers[CONTROL_KEY_HEADER] = this.#key;
    let response: Response;
    try {
      response = await fetch(`${this.#base}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        // Never follow a redirect: it would carry the control key to wherever it points.
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new ControlError(
          `the sandbox at ${this.url} did not answer ${method} ${path} within ${TIMEOUT_MS / 1000} s`,
        );
      }
      throw new ControlError(`cannot reach the sandbox at ${this.url}: ${networkReason(error)}`);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new ControlError(
        `the sandbox at ${this.url} broke off its answer to ${method} ${path}: ${networkReason(error)}`,
      );
    }
    const parsed = text === '' ? undefined : parseJson(text, 'remove');
    const json = parsed?.ok === true ? parsed.value : undefined;
    if (response.status >= 200 && response.status < 300) {
      if (parsed !== undefined && !parsed.ok) {
        throw new ControlError(
          `the sandbox at ${this.url} answered ${method} ${path} with a body that is not JSON (is it a commerce-sandbox?)`,
        );
      }
      return { status: response.status, body: json };
    }
    if (json === undefined) {
      throw new ControlError(
        `the sandbox at ${this.url} answered ${method} ${path} with HTTP ${response.status} (is it a commerce-sandbox of this version?)`,
      );
    }
    const hint =
      response.status === 403 && this.#key === undefined
        ? ` (pass --control-key K or set ${CONTROL_KEY_ENV}: no key file of a sandbox on this port was found)`
        : '';
    throw new ControlError(`the sandbox answered ${response.status}: ${errorSummary(response.status, json)}${hint}`);
  }
}

/**
 * The key for a sandbox at `base`: `--control-key`, else the environment's, else, for a sandbox on this
 * machine (a loopback URL), the key file it left for the same user. Never read for another host: the key
 * of a local sandbox does not travel.
 */
function keyFor(base: string, given: string | undefined): string | undefined {
  if (given !== undefined && given !== '') return given;
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return undefined; // the client reports the URL
  }
  if (url.protocol !== 'http:' || !isLoopbackName(url.hostname)) return undefined;
  return readKeyFile(url.port === '' ? 80 : Number(url.port));
}

/** The connection settings of a command: flag first, then the environment, then the default. */
export function clientFrom(
  flags: { readonly url?: string | undefined; readonly controlKey?: string | undefined },
  env: Readonly<Record<string, string | undefined>>,
): ControlClient {
  const given = flags.controlKey ?? env[CONTROL_KEY_ENV];
  if (flags.url !== undefined) return new ControlClient(flags.url, keyFor(flags.url, given), '--url');
  const fromEnv = env[URL_ENV];
  if (fromEnv !== undefined && fromEnv !== '') return new ControlClient(fromEnv, keyFor(fromEnv, given), URL_ENV);
  return new ControlClient(DEFAULT_URL, keyFor(DEFAULT_URL, given));
}
