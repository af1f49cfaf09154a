/**
 * The answer of `GET /_sandbox/violations` as the `report` command reads it (snake_case, as on the
 * wire), checked field by field: a report is only written from an answer of the documented shape.
 */
import { isRecord } from '@commerce-kit/internal/is-record';

/** One request's departure from the spec. */
export interface ViolationRecord {
  readonly id: number;
  readonly time: string;
  readonly method: string;
  /** The request's path, without the query string. */
  readonly path: string;
  /** null: no operation has this method and path. */
  readonly operation_id: string | null;
  /** `route`, `header`, `query`, `path` or `body`. */
  readonly in: string;
  /** JSON pointer to the offending part, e.g. `/query/foo`. */
  readonly pointer: string;
  readonly message: string;
  /** The status the sandbox answered. */
  readonly status: number;
}

export interface ViolationsAnswer {
  readonly strict: boolean;
  /** Requests checked per operation id (`(unknown route)` for paths the spec does not have). */
  readonly checked: Readonly<Record<string, number>>;
  /** Violations no longer listed because many more came after them. */
  readonly dropped: number;
  readonly data: readonly ViolationRecord[];
}

/** An answer that is not of the documented shape: `pointer` says where. */
export class AnswerShapeError extends Error {
  readonly pointer: string;

  constructor(pointer: string, problem: string) {
    super(`${pointer || '(the body)'} ${problem}`);
    this.pointer = pointer;
  }
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function readViolation(value: unknown, pointer: string): ViolationRecord {
  if (!isRecord(value)) throw new AnswerShapeError(pointer, 'must be an object');
  const text = (key: string): string => {
    const field = value[key];
    if (typeof field !== 'string') throw new AnswerShapeError(`${pointer}/${key}`, 'must be a string');
    return field;
  };
  const count = (key: string): number => {
    const field = value[key];
    if (!isCount(field)) throw new AnswerShapeError(`${pointer}/${key}`, 'must be a whole number');
    return field;
  };
  const operation = (): string | null => {
    const field = value['operation_id'];
    if (field !== null && typeof field !== 'string')
      throw new AnswerShapeError(`${pointer}/operation_id`, 'must be a string or null');
    return field;
  };
  return {
    id: count('id'),
    time: text('time'),
    method: text('method'),
    path: text('path'),
    operation_id: operation(),
    in: text('in'),
    pointer: text('pointer'),
    message: text('message'),
    status: count('status'),
  };
}

/** Reads the answer, or throws an {@link AnswerShapeError}. */
export function readViolationsAnswer(body: unknown): ViolationsAnswer {
  if (!isRecord(body)) throw new AnswerShapeError('', 'must be an object');
  const { strict, checked, dropped, data } = body;
  if (typeof strict !== 'boolean') throw new AnswerShapeError('/strict', 'must be true or false');
  if (!isRecord(checked)) throw new AnswerShapeError('/checked', 'must be an object');
  const counts: Record<string, number> = {};
  for (const [operation, count] of Object.entries(checked)) {
    if (!isCount(count))
      throw new AnswerShapeError(
        `/checked/${operation.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        'must be a whole number',
      );
    Object.defineProperty(counts, operation, { value: count, enumerable: true, writable: true, configurable: true });
  }
  if (dropped !== undefined && !isCount(dropped)) throw new AnswerShapeError('/dropped', 'must be a whole number');
  if (!Array.isArray(data)) throw new AnswerShapeError('/data', 'must be an array');
  return { strict, checked: counts, dropped: dropped ?? 0, data: data.map((v, i) => readViolation(v, `/data/${i}`)) };
}
