import { type DynamicModule, Module } from '@nestjs/common';
import { QueuesModule } from '../queues/queues.module.js';
import { BullmqEventPublisher } from './bullmq-event-publisher.js';
import { OUTBOX_RELAY_OPTIONS, OutboxRelayService, type OutboxRelayServiceOptions } from './outbox-relay.service.js';

@Module({})
export class OutboxRelayModule {
  static forRoot(options: OutboxRelayServiceOptions): DynamicModule {
    return {
      module: OutboxRelayModule,
      imports: [QueuesModule],
      providers: [BullmqEventPublisher, OutboxRelayService, { provide: OUTBOX_RELAY_OPTIONS, useValue: options }],
    };
  }
}
