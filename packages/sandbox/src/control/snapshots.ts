/**
 * Snapshots, one of the test controls: take, restore, list and delete the data by name, and the started
 * sandbox's methods for them. The mechanism (a logical copy in one transaction, files beside a data
 * file) is the store's (`store/snapshots.ts`); the HTTP control routes and the CLI commands call these.
 */
import type { Clock } from '@commerce-kit/internal/clock';
import type { Dispatcher } from '../events/dispatcher.js';
import { SNAPSHOT_NAME, type SnapshotInfo } from '../store/snapshots.js';
import type { Store } from '../store/store.js';
import { controlled, controlledAsync } from './controls.js';
import { invalidInput, notFound, type Refusal } from '../refusal.js';

/** A snapshot as listed: its name, when it was taken and its size. */
export interface Snapshot {
  readonly name: string;
  readonly createdTime: string;
  readonly bytes: number;
}

/** The started sandbox's snapshot methods. */
export interface SandboxSnapshots {
  /**
   * Takes (or replaces) a snapshot of the data and the delivery log: in memory, or with a data file in
   * `<data>.snapshots/<name>.sqlite` (SQLite's backup API), where it outlives the process.
   * @throws {SandboxControlError} for a bad name (1–64 letters, digits, `.`, `_`, `-`)
   */
  snapshot(name: string): Promise<Snapshot>;
  /**
   * Puts a snapshot's data back (the test app and tokens stay as they are).
   * @throws {SandboxControlError} with `reason: 'not_found'` when there is no such snapshot
   */
  restore(name: string): Promise<Snapshot>;
  /** The snapshots, by name. */
  snapshots(): Snapshot[];
  /** @throws {SandboxControlError} with `reason: 'not_found'` when there is no such snapshot */
  deleteSnapshot(name: string): void;
}

function toSnapshot(info: SnapshotInfo): Snapshot {
  return { name: info.name, createdTime: new Date(info.createdAt).toISOString(), bytes: info.bytes };
}

/** A snapshot name, or a 400 {@link Refusal}. */
function snapshotName(name: unknown): string {
  if (typeof name !== 'string' || !SNAPSHOT_NAME.test(name)) {
    throw invalidInput('name', 'must be 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit');
  }
  return name;
}

const noSnapshot = (name: string): Refusal => notFound('name', `no snapshot named ${JSON.stringify(name)}`);

export class Snapshots {
  readonly #store: Store;
  readonly #clock: Clock;
  readonly #dispatcher: Dispatcher;

  constructor(store: Store, clock: Clock, dispatcher: Dispatcher) {
    this.#store = store;
    this.#clock = clock;
    this.#dispatcher = dispatcher;
  }

  async take(name: unknown): Promise<Snapshot> {
    return toSnapshot(await this.#store.snapshots.save(snapshotName(name), this.#clock.now()));
  }

  /** Puts the snapshot back, with the webhook dispatcher paused (the delivery log is part of it). */
  async restore(name: unknown): Promise<Snapshot> {
    const checked = snapshotName(name);
    if (this.#store.snapshots.get(checked) === undefined) throw noSnapshot(checked);
    await this.#dispatcher.pause();
    try {
      return toSnapshot(this.#store.snapshots.restore(checked)!);
    } finally {
      this.#dispatcher.resume();
    }
  }

  list(): Snapshot[] {
    return this.#store.snapshots.list().map(toSnapshot);
  }

  delete(name: unknown): void {
    const checked = snapshotName(name);
    if (!this.#store.snapshots.delete(checked)) throw noSnapshot(checked);
  }

  /** The started sandbox's methods: input problems thrown as `SandboxControlError`. */
  methods(): SandboxSnapshots {
    return {
      snapshot: (name) => controlledAsync(() => this.take(name)),
      restore: (name) => controlledAsync(() => this.restore(name)),
      snapshots: () => this.list(),
      deleteSnapshot: (name) => controlled(() => this.delete(name)),
    };
  }
}
