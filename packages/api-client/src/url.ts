/**
 * URL building that keeps a base address's path prefix (`https://host/v1` + `/customers`).
 */

/** Joins a base URL and an absolute API path, keeping any path prefix of the base. */
export function joinUrl(baseUrl: string, path: string): string {
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  base.pathname = `${prefix}${path.startsWith('/') ? path : `/${path}`}`;
  base.search = '';
  base.hash = '';
  return base.toString();
}
