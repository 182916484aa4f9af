import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { DetectionService } from './detection.service.js';

/** Readiness detail: per network, the lag in blocks, the detections and reorgs seen, and leadership. */
@Injectable()
export class DetectionHealth {
  constructor(
    private readonly indicators: HealthIndicatorService,
    private readonly detection: DetectionService,
  ) {}

  check() {
    return this.indicators.check('detection').up({ networks: this.detection.status() });
  }
}
