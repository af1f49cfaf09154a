// Written against the client generated from ./openapi.yaml (the test copies the package's src next to
// this file, with src/generated/ made from this spec): type-checked, then run against a loopback server.
import { createClient, type Client } from './src/index.js';

export async function run(baseUrl: string) {
  const client = createClient({ baseUrl, accessToken: 'fixture_token', rateLimit: false });
  const created = await client.widgets.create({ name: 'Sprocket' });
  const got = await client.widgets.retrieve(created.id);
  const renamed = await client.widgets.update(created.id, { name: 'Cog' });
  const archived = await client.widgets.archive(created.id, { reason: 'old' });
  const stats = await client.widgets.retrieveStats(created.id, { days: 7 });
  const widgets = await client.widgets.list({ limit: 2 }).toArray({ max: 10 });
  const cards = await client.giftCards.list().toArray({ max: 10 });
  const deleted = await client.widgets.del(created.id);
  const typed: { id: string; name: string; archived: boolean } = archived;
  const uses: number = stats.uses;
  const balance: number | undefined = cards[0]?.balance;
  return { created, got, renamed, archived: typed, uses, widgets, balance, deleted };
}

// Never called: the types the generated methods must have.
export function typeOnly(client: Client): void {
  // @ts-expect-error the body is typed from the spec (no `nme`)
  void client.widgets.create({ nme: 'typo' });
  // @ts-expect-error the path parameter comes first and is required
  void client.widgets.retrieve();
  // @ts-expect-error `days` is required by the spec
  void client.widgets.retrieveStats('w_1', {});
  // @ts-expect-error the archive body is optional but typed
  void client.widgets.archive('w_1', { why: 1 });
  void client.widgets.archive('w_1');
  // @ts-expect-error an operation the access token does not authorize gets no resource
  void client.system;
  // @ts-expect-error resources are those of this spec only
  void client.customers;
  const removed: Promise<undefined> = client.widgets.del('w_1');
  void removed;
}
