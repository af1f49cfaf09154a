import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readLimited } from '../read-limited.js';

function streamOf(chunks: readonly Uint8Array[], onCancel: () => void = () => undefined): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index < chunks.length) controller.enqueue(chunks[index++]!);
      else controller.close();
    },
    cancel: onCancel,
  });
}

describe('readLimited', () => {
  it('property: the bytes in order when within the limit, undefined (and the stream cancelled) when over it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 12 }),
        fc.nat(400),
        async (chunks, limit) => {
          let cancelled = false;
          const result = await readLimited(
            streamOf(chunks, () => {
              cancelled = true;
            }),
            limit,
          );
          const all = Uint8Array.from(chunks.flatMap((c) => [...c]));
          if (all.length > limit) {
            expect(result).toBeUndefined();
            expect(cancelled).toBe(true);
          } else {
            expect(result).toEqual(all);
            expect(cancelled).toBe(false);
          }
        },
      ),
    );
  });

  it('stops reading at the first chunk over the limit', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    expect(await readLimited(endless, 4096)).toBeUndefined();
    expect(pulled).toBeLessThan(10);
  });
});
