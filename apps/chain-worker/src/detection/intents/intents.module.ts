import { Module } from '@nestjs/common';
import { PaymentIntentListener } from './payment-intent.listener.js';

/** Payment intents: the hosted page's reported transactions, fetched at once by the network's detection leader. */
@Module({ providers: [PaymentIntentListener] })
export class IntentsModule {}
