import { Injectable } from '@nestjs/common';
import { ScrapedGauge } from '@payrail/platform';
import { DISCREPANCY_CLASSES } from '@payrail/domain';

const discrepancies = new ScrapedGauge({
  name: 'payrail_reconciliation_discrepancies',
  help: 'Discrepancies by class found by the newest completed operator-wide reconciliation run of each network',
  labelNames: ['network', 'class'] as const,
});

/** The reconciliation gauge, read from Postgres at each scrape: every replica answers the same. */
@Injectable()
export class ReconciliationMetrics {
  readFrom(read: () => Promise<{ network: string; class: string | null; n: number }[]>): void {
    discrepancies.readFrom(async () => {
      const rows = await read();
      const networks = [...new Set(rows.map((r) => r.network))];
      // Every class of every reconciled network, 0 where none: an alert on `> 0` sees the series.
      return networks.flatMap((network) =>
        DISCREPANCY_CLASSES.map((cls) => ({
          labels: { network, class: cls },
          value: rows.find((r) => r.network === network && r.class === cls)?.n ?? 0,
        })),
      );
    });
  }
}
