import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module.js';
import { TestClocksController } from './test-clocks.controller.js';
import { AdvanceTestClock } from './use-cases/advance-test-clock.use-case.js';
import { CreateTestClock } from './use-cases/create-test-clock.use-case.js';
import { DeleteTestClock } from './use-cases/delete-test-clock.use-case.js';
import { GetTestClock } from './use-cases/get-test-clock.use-case.js';

/** /v2/test-clocks: create, read, advance (the chain-worker carries it out on the local chain) and delete test clocks. */
@Module({
  imports: [PaymentsModule],
  controllers: [TestClocksController],
  providers: [CreateTestClock, GetTestClock, AdvanceTestClock, DeleteTestClock],
})
export class TestClocksModule {}
