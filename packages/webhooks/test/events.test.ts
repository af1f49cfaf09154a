import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { WEBHOOK_EVENT_TYPES } from '@commerce-kit/api-types';
import { isWebhookEventType } from '../src/events.js';

describe('the event types webhooks know', () => {
  it('lists the 19 types of the platform, in the order the spec gives them', () => {
    const spec = parse(
      readFileSync(new URL('../../api-types/src/generated/openapi.yaml', import.meta.url), 'utf8'),
    ) as {
      components: { schemas: { WebhookEventType: { enum: string[] } } };
    };
    expect(WEBHOOK_EVENT_TYPES).toEqual(spec.components.schemas.WebhookEventType.enum);
    expect(WEBHOOK_EVENT_TYPES).toContain('product_variant_soldout');
    expect(new Set(WEBHOOK_EVENT_TYPES).size).toBe(19);
  });

  it('recognises exactly those strings', () => {
    for (const type of WEBHOOK_EVENT_TYPES) expect(isWebhookEventType(type)).toBe(true);
    for (const other of ['', 'customer', 'customer.created', 'Customer_Created', 'toString', '__proto__', 1, null]) {
      expect(isWebhookEventType(other)).toBe(false);
    }
  });
});
