import { Injectable } from '@nestjs/common';
import { UserEventsRateLimit } from './user-events-rate-limit.guard.js';

/**
 * The page's relay routes (tron/broadcast, refresh-step-transaction): the intents' limit
 * (USER_EVENTS_PER_MINUTE per payment token and client IP, after the Client ID limit), in a budget
 * of their own so a relay flood does not starve the intent reports (and the other way round).
 */
@Injectable()
export class PageRelayRateLimit extends UserEventsRateLimit {
  protected override readonly scope = 'sprl';
}
