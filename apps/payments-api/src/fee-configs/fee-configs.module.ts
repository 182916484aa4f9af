import { Module } from '@nestjs/common';
import { OrchestratorFeeConfigController, PlatformFeeConfigController } from './fee-configs.controller.js';
import { FeeConfigs } from './use-cases/fee-config.use-cases.js';

/** Fee configurations of platforms and orchestrators (the server-side fee plan's inputs, see FeeResolver). */
@Module({
  controllers: [PlatformFeeConfigController, OrchestratorFeeConfigController],
  providers: [FeeConfigs],
})
export class FeeConfigsModule {}
