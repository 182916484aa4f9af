import { Injectable } from '@nestjs/common';
import { metricsRegistry, ScrapedCounter, ScrapedGauge } from '@payrail/platform';
import { Counter, Histogram } from 'prom-client';

// The metric families are registered once per process (prom-client refuses a name twice); the
// providers below are what the detection code is handed.
const registers = [metricsRegistry];
const network = ['network'] as const;

/** Detection state per network as this replica sees it (the leader's values are the ones that move). */
const head = new ScrapedGauge({ name: 'payrail_detection_head_block', help: 'Newest block seen', labelNames: network });
const cursor = new ScrapedGauge({ name: 'payrail_detection_cursor_block', help: 'Newest block read', labelNames: network });
const lag = new ScrapedGauge({
  name: 'payrail_detection_lag_blocks',
  help: 'Blocks between the network head and the detection cursor',
  labelNames: network,
});
const leader = new ScrapedGauge({
  name: 'payrail_detection_leader',
  help: '1 when this replica follows the network',
  labelNames: network,
});
const detected = new ScrapedCounter({
  name: 'payrail_detection_payments_detected_total',
  help: 'Payment transfers detected (stored) by this replica',
  labelNames: network,
});
const blocksRead = new Counter({
  name: 'payrail_detection_blocks_read_total',
  help: 'Blocks covered by the ranges this replica read and stored',
  labelNames: network,
  registers,
});
const logsRead = new Counter({
  name: 'payrail_detection_logs_read_total',
  help: 'Fee-proxy payment logs read (ours or not)',
  labelNames: network,
  registers,
});
const reorgs = new ScrapedCounter({
  name: 'payrail_detection_reorgs_total',
  help: 'Reorgs handled by this replica',
  labelNames: network,
});
const reorgDepth = new Histogram({
  name: 'payrail_detection_reorg_depth_blocks',
  help: 'Blocks rolled back per reorg (cursor minus common ancestor)',
  labelNames: network,
  buckets: [1, 2, 3, 5, 10, 20, 50, 100, 500],
  registers,
});

/** One network's detection state as the scrape reads it. */
export interface DetectionStatus {
  head: number;
  cursor: number;
  lag: number;
  leader: boolean;
  detected: number;
  reorgs: number;
}

/** What a network follower counts as it reads (handed to each follower by DetectionService), and the state gauges. */
@Injectable()
export class DetectionMetrics {
  logsRead(networkName: string, count: number): void {
    logsRead.inc({ network: networkName }, count);
  }

  blocksRead(networkName: string, count: number): void {
    blocksRead.inc({ network: networkName }, count);
  }

  reorg(networkName: string, depth: number): void {
    reorgDepth.observe({ network: networkName }, depth);
  }

  /** The detection state per network (head, cursor, lag, leadership, detections, reorgs), read at each scrape. */
  readStatus(read: () => Record<string, DetectionStatus>): void {
    const each = (pick: (s: DetectionStatus) => number) => () =>
      Object.entries(read()).map(([name, s]) => ({ labels: { network: name }, value: pick(s) }));
    detected.readFrom(each((s) => s.detected));
    reorgs.readFrom(each((s) => s.reorgs));
    head.readFrom(each((s) => s.head));
    cursor.readFrom(each((s) => s.cursor));
    lag.readFrom(each((s) => s.lag));
    leader.readFrom(each((s) => (s.leader ? 1 : 0)));
  }
}
