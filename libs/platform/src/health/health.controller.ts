import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { ApiExcludeController } from '@nestjs/swagger';
import { HealthCheck, type HealthCheckResult, HealthCheckService, type HealthIndicatorFunction } from '@nestjs/terminus';
import { Public } from '../http/route-auth.js';
import { READINESS_CHECKS } from './health.tokens.js';

/** Liveness (the process answers) and readiness (its dependencies answer). */
@ApiExcludeController()
@Public('health probes carry no tenant data')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    @Inject(READINESS_CHECKS) private readonly checks: HealthIndicatorFunction[],
  ) {}

  @Get('live')
  @HealthCheck()
  live() {
    return this.health.check([]);
  }

  /**
   * 200 with each check's details; unready (a dependency down, or draining after SIGTERM) is a 503
   * in the error shape naming the checks that failed (not a logged 500).
   */
  @Get('ready')
  @HealthCheck()
  async ready() {
    try {
      return await this.health.check(this.checks);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      const failed = Object.entries((error.getResponse() as HealthCheckResult).error ?? {}).map(([name, result]) =>
        typeof result?.message === 'string' ? `${name} (${result.message})` : name,
      );
      throw new PayrailError('DEPENDENCY_UNAVAILABLE', `Not ready: ${failed.join(', ')}`);
    }
  }
}
