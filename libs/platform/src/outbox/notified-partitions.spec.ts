import { OUTBOX_PARTITIONS } from '@payrail/persistence';
import { notifiedPartitions } from './outbox-relay.service.js';

describe('notifiedPartitions', () => {
  it("reads the partitions an outbox append's notification names", () => {
    expect(notifiedPartitions('3,7')).toEqual([3, 7]);
    expect(notifiedPartitions('0')).toEqual([0]);
  });

  it('names none (a sweep of every partition follows) for an empty payload, as a release before #33 sends, or an unreadable one', () => {
    expect(notifiedPartitions('')).toBeNull();
    expect(notifiedPartitions(undefined)).toBeNull();
    expect(notifiedPartitions('3,x')).toBeNull();
    expect(notifiedPartitions(String(OUTBOX_PARTITIONS))).toBeNull();
    expect(notifiedPartitions('-1')).toBeNull();
  });
});
