import { Injectable } from '@nestjs/common';
import { UserEventsRateLimit } from './user-events-rate-limit.guard.js';

/**
 * The intent route's limit: like the user-event reports (USER_EVENTS_PER_MINUTE per payment token
 * and client IP, after the Client ID limit), in a budget of its own so reports do not starve intents.
 */
@Injectable()
export class PaymentIntentsRateLimit extends UserEventsRateLimit {
  protected override readonly scope = 'spin';
}
