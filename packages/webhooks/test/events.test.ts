import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES as API_TYPES_LIST } from '@commerce-kit/api-types';
import { isWebhookEventType, WEBHOOK_EVENT_TYPES } from '../src/index.js';

describe('WEBHOOK_EVENT_TYPES', () => {
  it('lists the 19 types of document 000 in order', () => {
    expect(WEBHOOK_EVENT_TYPES).toEqual([
      'blog_post_created',
      'blog_post_updated',
      'blog_post_deleted',
      'category_created',
      'category_updated',
      'category_deleted',
      'customer_created',
      'customer_updated',
      'customer_deleted',
      'discount_created',
      'discount_updated',
      'discount_deleted',
      'order_payment_succeeded',
      'order_completed',
      'product_created',
      'product_updated',
      'product_deleted',
      'product_soldout',
      'product_variant_soldout',
    ]);
    expect(new Set(WEBHOOK_EVENT_TYPES).size).toBe(19);
    expect(WEBHOOK_EVENT_TYPES).toBe(API_TYPES_LIST);
  });

  it('recognises exactly those strings', () => {
    for (const type of WEBHOOK_EVENT_TYPES) expect(isWebhookEventType(type)).toBe(true);
    for (const other of ['', 'customer', 'customer.created', 'Customer_Created', 'toString', '__proto__', 1, null]) {
      expect(isWebhookEventType(other)).toBe(false);
    }
  });
});
