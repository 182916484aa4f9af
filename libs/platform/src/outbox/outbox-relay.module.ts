import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { QueuesModule } from '../queues/queues.module.js';
import { BullmqEventPublisher } from './bullmq-event-publisher.js';
import type { EventPublisher } from './outbox-relay.js';
import {
  OUTBOX_EVENT_PUBLISHER,
  OUTBOX_RELAY_OPTIONS,
  OutboxRelayService,
  type OutboxRelayServiceOptions,
} from './outbox-relay.service.js';

export interface OutboxRelayModuleOptions extends OutboxRelayServiceOptions {
  /**
   * Where the relay hands each batch of events (idempotent per outbox id), and the modules
   * that provide it. Default: the BullMQ `domain-events` queue.
   */
  publisher?: { useExisting: Type<EventPublisher>; imports: NonNullable<DynamicModule['imports']> };
}

@Module({})
export class OutboxRelayModule {
  static forRoot({ publisher, ...options }: OutboxRelayModuleOptions): DynamicModule {
    return {
      module: OutboxRelayModule,
      imports: [QueuesModule, ...(publisher?.imports ?? [])],
      providers: [
        BullmqEventPublisher,
        OutboxRelayService,
        { provide: OUTBOX_RELAY_OPTIONS, useValue: options },
        { provide: OUTBOX_EVENT_PUBLISHER, useExisting: publisher?.useExisting ?? BullmqEventPublisher },
      ],
    };
  }
}
