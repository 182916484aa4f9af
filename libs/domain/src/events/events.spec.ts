import { testPayload } from '../webhooks/test-payloads.js';
import { webhookBody } from '../webhooks/serialize.js';
import {
  CURRENT_WEBHOOK_EVENTS,
  EXTENSION_WEBHOOK_EVENTS,
  isWebhookEventName,
  LEGACY_WEBHOOK_EVENTS,
  WEBHOOK_EVENT_NAMES,
} from './names.js';
import { PAYLOAD_FIELD_ORDER } from './payloads.js';
import { EVENT_RECIPIENTS } from './recipients.js';
import { payloadIdentity, ROUTING_KEY, splitRouting, webhookEvent } from './routing.js';

const NOW = new Date('2026-01-02T03:04:05.000Z');

describe('webhook events', () => {
  it('lists the six current and six legacy events of the spec, and the extensions payment.reversed, webhook_endpoint.disabled, the payment exception events, refund.*, reconciliation.completed, the recurring dunning events and test_clock.ready', () => {
    expect([...CURRENT_WEBHOOK_EVENTS]).toEqual([
      'client_id.linked',
      'payment.confirmed',
      'payment.failed',
      'kyt.screening.completed',
      'secure_payment.user_event',
      'secure_payment.access_rejected',
    ]);
    expect([...LEGACY_WEBHOOK_EVENTS].sort()).toEqual(
      [
        'compliance.updated',
        'payment.partial',
        'payment.processing',
        'payment.refunded',
        'payment_detail.updated',
        'request.recurring',
      ].sort(),
    );
    expect([...EXTENSION_WEBHOOK_EVENTS]).toEqual([
      'payment.reversed',
      'webhook_endpoint.disabled',
      'payment.exception',
      'payment.exception.resolved',
      'refund.created',
      'refund.confirmed',
      'refund.failed',
      'reconciliation.completed',
      'payment.upcoming',
      'payment.at_risk',
      'schedule.past_due',
      'schedule.canceled_for_nonpayment',
      'test_clock.ready',
    ]);
    expect(WEBHOOK_EVENT_NAMES).toHaveLength(25);
    expect(isWebhookEventName('payment.confirmed')).toBe(true);
    expect(isWebhookEventName('payment.reversed')).toBe(true);
    expect(isWebhookEventName('payment.confirmed.client_id')).toBe(false);
    expect(isWebhookEventName(42)).toBe(false);
  });

  it('routes per the recipients table: client_id.linked to orchestrators only, payment.failed and access_rejected to platforms only', () => {
    expect(EVENT_RECIPIENTS['client_id.linked']).toEqual({ platform: false, orchestrator: true });
    expect(EVENT_RECIPIENTS['payment.confirmed']).toEqual({ platform: true, orchestrator: true });
    expect(EVENT_RECIPIENTS['payment.failed']).toEqual({ platform: true, orchestrator: false });
    expect(EVENT_RECIPIENTS['kyt.screening.completed']).toEqual({ platform: true, orchestrator: true });
    expect(EVENT_RECIPIENTS['secure_payment.user_event']).toEqual({ platform: true, orchestrator: true });
    expect(EVENT_RECIPIENTS['secure_payment.access_rejected']).toEqual({ platform: true, orchestrator: false });
    expect(EVENT_RECIPIENTS['payment.reversed']).toEqual(EVENT_RECIPIENTS['payment.confirmed']);
    for (const refund of ['refund.created', 'refund.confirmed', 'refund.failed'] as const)
      expect(EVENT_RECIPIENTS[refund]).toEqual(EVENT_RECIPIENTS['payment.confirmed']);
    for (const legacy of LEGACY_WEBHOOK_EVENTS) expect(EVENT_RECIPIENTS[legacy]).toEqual({ platform: true, orchestrator: false });
  });

  it('builds an outbox event with `event` filled in and the routing under the reserved key, which splitRouting removes', () => {
    const event = webhookEvent(
      'secure_payment.access_rejected',
      { aggregateType: 'secure_payment', aggregateId: 'sp1' },
      { requestId: 'r1', clientId: 'cli_abc', orchestratorId: null, attemptedPayerWalletAddress: '0xab', timestamp: NOW.toISOString() },
      { platformId: 'plat1' },
    );
    expect(event).toMatchObject({ type: 'secure_payment.access_rejected', aggregateType: 'secure_payment', aggregateId: 'sp1' });
    expect(event.payload[ROUTING_KEY]).toEqual({ platformId: 'plat1' });
    const { body, routing } = splitRouting(JSON.parse(JSON.stringify(event.payload)) as Record<string, unknown>);
    expect(routing).toEqual({ platformId: 'plat1' });
    expect(body).not.toHaveProperty(ROUTING_KEY);
    expect(body.event).toBe('secure_payment.access_rejected');
    expect(payloadIdentity(body)).toEqual({ clientId: 'cli_abc', orchestratorId: null });
    expect(splitRouting({ a: 1 }).routing).toBeNull();
  });

  it('serialises compactly in the spec field order whatever order the payload comes in, without the routing key', () => {
    const shuffled = { timestamp: 't', attemptedPayerWalletAddress: '0xab', [ROUTING_KEY]: { platformId: 'p' }, extra: 1, requestId: 'r1' };
    expect(webhookBody('secure_payment.access_rejected', shuffled)).toBe(
      '{"event":"secure_payment.access_rejected","requestId":"r1","attemptedPayerWalletAddress":"0xab","timestamp":"t","extra":1}',
    );
  });

  it.each(WEBHOOK_EVENT_NAMES)('%s: the test payload has the spec fields, in order, and names the caller', (name) => {
    const payload = testPayload(name, { clientId: 'cli_mine', orchestratorId: null }, NOW) as unknown as Record<string, unknown>;
    const body = JSON.parse(webhookBody(name, payload)) as Record<string, unknown>;
    expect(body.event).toBe(name);
    const fields = PAYLOAD_FIELD_ORDER[name] as readonly string[];
    expect(Object.keys(body).slice(0, fields.length)).toEqual(fields.filter((f) => Object.hasOwn(payload, f) || f === 'event'));
    if (fields.includes('clientId')) expect(body.clientId).toBe('cli_mine');
    if (fields.includes('timestamp')) expect(body.timestamp).toBe(NOW.toISOString());
  });

  it('orchestrator tests carry the orchestrator id and a placeholder Client ID', () => {
    const p = testPayload('payment.confirmed', { clientId: null, orchestratorId: 'orch1' }, NOW);
    expect(p.orchestratorId).toBe('orch1');
    expect(p.clientId).toMatch(/^cli_/);
  });
});
