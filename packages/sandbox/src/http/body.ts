/** Reading a request body: a size limit before anything is buffered past it, the media type, UTF-8. */
import { readLimited } from '@commerce-kit/internal/read-limited';

/** The documented request body limit: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Why a body could not be read; the pipeline answers each with the route's documented status. */
export type BodyFailure =
  | { readonly kind: 'too_large'; readonly message: string }
  | { readonly kind: 'media_type'; readonly message: string }
  | { readonly kind: 'encoding'; readonly message: string };

export type BodyResult =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly failure: BodyFailure };

/** `application/json; charset=utf-8` → `application/json` (lower case), and its charset if any. */
export function mediaTypeOf(
  header: string | null | undefined,
): { readonly type: string; readonly charset: string | undefined } | undefined {
  if (!header) return undefined;
  const [type, ...params] = header.split(';');
  let charset: string | undefined;
  for (const param of params) {
    const [name, value] = param.split('=');
    if (name?.trim().toLowerCase() === 'charset') charset = value?.trim().replace(/^"|"$/g, '').toLowerCase();
  }
  return { type: type!.trim().toLowerCase(), charset };
}

const tooLarge = (limit: number): BodyFailure => ({
  kind: 'too_large',
  message: `is larger than the ${limit / 1024 / 1024} MiB limit`,
});

/**
 * Reads the body of `request` as UTF-8 text when its media type is `expected`. An empty body reads as
 * `''` whatever its media type (the route decides whether a body is required).
 */
export async function readBody(request: Request, expected: string, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) return { ok: false, failure: tooLarge(limit) };
  const media = mediaTypeOf(request.headers.get('content-type'));
  const bytes = request.body ? await readLimited(request.body, limit) : new Uint8Array(0);
  if (bytes === undefined) return { ok: false, failure: tooLarge(limit) };
  if (bytes.byteLength === 0) return { ok: true, text: '' }; // no body: the route says whether one is required
  if (media?.type !== expected) {
    return {
      ok: false,
      failure: {
        kind: 'media_type',
        message: `must be ${expected}${media ? `, got ${media.type}` : ' (no Content-Type header was sent)'}`,
      },
    };
  }
  if (media.charset !== undefined && media.charset !== 'utf-8' && media.charset !== 'utf8') {
    return { ok: false, failure: { kind: 'media_type', message: `must be UTF-8, got charset ${media.charset}` } };
  }
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes) };
  } catch {
    return { ok: false, failure: { kind: 'encoding', message: 'is not valid UTF-8' } };
  }
}
