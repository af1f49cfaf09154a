// A list page is remembered while the store does not change: the same parameters get the same page
// (no read, the same document strings), and any write answers the next read from the rows again.
import { describe, expect, test } from 'vitest';
import { EventOutbox } from '../src/events/outbox.js';
import { seedStore } from '../src/seed/seed.js';
import { ResourceService } from '../src/services/resources.js';
import { Store } from '../src/store/store.js';
import { ManualClock } from '../src/testing/index.js';

function setup(): { store: Store; resources: ResourceService } {
  const clock = new ManualClock('2025-06-01T12:00:00Z');
  const store = new Store(undefined, 'normal');
  seedStore(store, 1, 5);
  return { store, resources: new ResourceService(store, new EventOutbox(store, clock, false), clock, () => undefined) };
}

const ids = (json: string): string[] => (JSON.parse(json) as { data: { id: string }[] }).data.map((o) => o.id);

describe('list pages are remembered while nothing changes', () => {
  test('the same parameters get the same page; other parameters their own', () => {
    const { store, resources } = setup();
    const first = resources.pageDocuments('customers', { limit: 2 });
    expect(resources.pageDocuments('customers', { limit: 2 })).toBe(first);
    const next = resources.pageDocuments('customers', { limit: 2, starting_after: ids(first.json)[1] });
    expect(next).not.toBe(first);
    expect(ids(next.json)).not.toEqual(ids(first.json));
    expect(resources.pageDocuments('customers', { limit: 3 }).envelope.limit).toBe(3);
    expect(resources.pageDocuments('products', { limit: 2 })).not.toBe(first);
    store.close();
  });

  test('a creation, an update and a deletion each show in the next read', () => {
    const { store, resources } = setup();
    const before = resources.pageDocuments('customers', { limit: 100 });
    const created = resources.create('customers', { first_name: 'New', last_name: 'One', email: 'new@example.com' });
    const afterCreate = resources.pageDocuments('customers', { limit: 100 });
    expect(ids(afterCreate.json)).toContain(created.id);
    expect(ids(before.json)).not.toContain(created.id);
    resources.update('customers', created.id, { first_name: 'Renamed' });
    expect(resources.pageDocuments('customers', { limit: 100 }).json).toContain('"Renamed"');
    resources.delete('customers', created.id);
    expect(ids(resources.pageDocuments('customers', { limit: 100 }).json)).not.toContain(created.id);
    store.close();
  });

  test('an unknown cursor is refused every time, never remembered as a page', () => {
    const { store, resources } = setup();
    for (let i = 0; i < 2; i++) {
      expect(() => resources.pageDocuments('customers', { starting_after: 'cus_unknown' })).toThrow(/no object/);
      expect(() => resources.pageDocuments('customers', { starting_after: '' })).toThrow(/no object/);
    }
    expect(resources.pageDocuments('customers', {}).envelope.limit).toBeGreaterThan(0);
    store.close();
  });
});
