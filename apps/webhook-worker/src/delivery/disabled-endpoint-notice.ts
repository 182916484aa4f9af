import { Injectable } from '@nestjs/common';
import type { DisabledEndpoint } from '@payrail/persistence';
import type { EntityManager } from 'typeorm';

/** Tells an endpoint's owner it was disabled (filled in below). */
@Injectable()
export class DisabledEndpointNotice {
  async write(_manager: EntityManager, _endpoint: DisabledEndpoint): Promise<void> {}
}
