import { Module } from '@nestjs/common';
import { ExpirySweeper } from './expiry-sweeper.service.js';

/** Secure payment expiry: the periodic sweeper that records `pending -> expired`. */
@Module({ providers: [ExpirySweeper], exports: [ExpirySweeper] })
export class ExpiryModule {}
