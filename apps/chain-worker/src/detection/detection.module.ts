import { Global, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { DetectionHealth } from './detection.health.js';
import { DetectionStatusMetrics } from './detection-status.metrics.js';
import { DetectionMetrics } from './detection.metrics.js';
import { DetectionService } from './detection.service.js';

/** Payment detection on every configured EVM network; SETTLEMENT is provided by the settlement module. */
@Global()
@Module({
  imports: [TerminusModule],
  providers: [DetectionService, DetectionHealth, DetectionMetrics, DetectionStatusMetrics],
  exports: [DetectionService, DetectionHealth],
})
export class DetectionModule {}
