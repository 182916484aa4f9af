import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DetectionMetrics } from './detection.metrics.js';
import { DetectionService } from './detection.service.js';

/** Points the detection state gauges at this replica's DetectionService (read at each scrape). */
@Injectable()
export class DetectionStatusMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: DetectionMetrics,
    private readonly detection: DetectionService,
  ) {}

  onModuleInit(): void {
    this.metrics.readStatus(() => this.detection.status());
  }
}
