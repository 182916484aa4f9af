import { Controller, Get, Header } from '@nestjs/common';
import { Public } from '@payrail/platform';
import { DetectionService } from './detection.service.js';

const METRICS: [
  name: string,
  type: 'gauge' | 'counter',
  help: string,
  pick: (s: ReturnType<DetectionService['status']>[string]) => number,
][] = [
  ['payrail_detection_lag_blocks', 'gauge', 'Blocks between the network head and the detection cursor', (s) => s.lag],
  ['payrail_detection_head_block', 'gauge', 'Newest block seen', (s) => s.head],
  ['payrail_detection_cursor_block', 'gauge', 'Newest block read', (s) => s.cursor],
  ['payrail_detection_payments_detected_total', 'counter', 'Payments detected by this replica', (s) => s.detected],
  ['payrail_detection_reorgs_total', 'counter', 'Reorgs handled by this replica', (s) => s.reorgs],
  ['payrail_detection_leader', 'gauge', '1 when this replica follows the network', (s) => (s.leader ? 1 : 0)],
];

/** Prometheus text exposition of detection lag and detections (per network, this replica). */
@Public('operational metrics: no tenant data')
@Controller('metrics')
export class MetricsController {
  constructor(private readonly detection: DetectionService) {}

  @Get()
  @Header('content-type', 'text/plain; version=0.0.4')
  metrics(): string {
    const status = this.detection.status();
    const lines: string[] = [];
    for (const [name, type, help, pick] of METRICS) {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
      for (const [network, s] of Object.entries(status)) lines.push(`${name}{network="${network}"} ${pick(s)}`);
    }
    return lines.join('\n') + '\n';
  }
}
