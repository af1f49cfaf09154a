/** Signed test deliveries for the webhook tests. */
import { signTestDelivery, type TestDelivery } from '@commerce-kit/webhooks/testing';

export const SECRET = 'whsec_redis_adapter_test';

/** A delivery for `user` (in the payload's `user_id`), numbered `seq` for that user. */
export function delivery(user: string, seq: number, extra: Record<string, unknown> = {}): TestDelivery {
  return signTestDelivery(
    SECRET,
    { id: `obj_${user}_${seq}`, seq, ...extra },
    { type: 'customer_updated', fields: { user_id: user } },
  );
}
