import { Module } from '@nestjs/common';
import { EventsController } from './events.controller.js';
import { ListEvents } from './use-cases/list-events.use-case.js';

/** GET /v2/events and its session twin: the platform's event log with delivery outcomes. */
@Module({ controllers: [EventsController], providers: [ListEvents] })
export class EventsModule {}
