// The repository's spec plus one operation (./operation.yaml): the new method is there, typed, next to
// the existing ones.
import type { components } from '@commerce-kit/api-types';
import { createClient, type Client } from './src/index.js';

type Customer = components['schemas']['Customer'];

export async function run(baseUrl: string) {
  const client = createClient({ baseUrl, accessToken: 'fixture_token', rateLimit: false });
  const noted: Customer = await client.customers.addNote('cus_1', { text: 'prefers email' });
  const page = await client.customers.list({ limit: 1 });
  return { noted, listed: page.data.length };
}

export function typeOnly(client: Client): void {
  // @ts-expect-error `text` is required by the new operation's body
  void client.customers.addNote('cus_1', {});
  void client.customers.create({ first_name: 'A', last_name: 'B', email: 'a@b.c' });
}
