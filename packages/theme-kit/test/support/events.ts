/** A test's view of the dev server's live-reload stream: the events as they arrive, awaited by type. */

/** One Server-Sent Event. */
export interface ServerEvent {
  readonly type: string;
  readonly data: unknown;
}

/** Reads `url` as an event stream; `next(type)` resolves with the next event of that type (after those already taken). */
export async function openEvents(
  url: string,
): Promise<{ next(type: string): Promise<ServerEvent>; all(): readonly ServerEvent[]; close(): void }> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal, headers: { accept: 'text/event-stream' } });
  if (!response.body) throw new Error('no event stream');
  const events: ServerEvent[] = [];
  let taken = 0;
  const waiters = new Set<() => void>();
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (type !== undefined)
            events.push({ type, data: data === undefined ? undefined : (JSON.parse(data) as unknown) });
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // closed
    }
  })();
  return {
    all: () => events,
    async next(type) {
      for (;;) {
        const index = events.findIndex((event, i) => i >= taken && event.type === type);
        if (index !== -1) {
          taken = index + 1;
          return events[index] as ServerEvent;
        }
        await new Promise<void>((resolve) => {
          const wake = (): void => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
        });
      }
    },
    close: () => controller.abort(),
  };
}
