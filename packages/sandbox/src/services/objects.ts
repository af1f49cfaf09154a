/** The read-only lists of the six other resources. */
import type { ObjectKind, StoredObject } from '../store/objects.js';
import type { Store } from '../store/store.js';
import { pageQuery, type ListEnvelope, type ListParams } from './lists.js';

export class ObjectService {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  list(kind: ObjectKind, params: ListParams): ListEnvelope<StoredObject> {
    const query = pageQuery(params, (id) => this.#store.objects.position(kind, id));
    const page = this.#store.objects.page(kind, query);
    return { limit: query.limit, has_more: page.hasMore, data: page.data };
  }
}
