/**
 * Reads a web `ReadableStream` of bytes to its end into one array, or stops once more than `limit`
 * bytes arrived (cancelling the stream, so the rest is never buffered) and answers `undefined`.
 * Runs wherever web streams do: no Node APIs. The result is always a new array of this realm (a
 * stream's chunks may come from another one, such as the host of an edge runtime's sandbox).
 */
export async function readLimited(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | undefined> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
