import { Controller, Get, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, type HealthIndicatorFunction } from '@nestjs/terminus';
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

  @Get('ready')
  @HealthCheck()
  ready() {
    return this.health.check(this.checks);
  }
}
