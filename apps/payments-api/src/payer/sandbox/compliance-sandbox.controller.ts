import { Body, Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { PayrailError, type AgreementStatus, type KycStatus } from '@payrail/domain';
import { PayersRepository } from '@payrail/persistence';
import { Public } from '@payrail/platform';
import { IsString } from 'class-validator';
import { DataSource } from 'typeorm';
import type { ComplianceResult } from '../compliance/compliance-provider.js';
import { ApplyComplianceResult } from '../use-cases/apply-compliance-result.use-case.js';
import { SANDBOX_PAGE_CSP, sandboxPage } from './sandbox-page.js';

class OutcomeDto {
  @IsString() outcome!: string;
}

type Step = 'kyc' | 'agreement';

/** The outcomes a person (or test) may choose on each page. */
const OUTCOMES: Record<Step, readonly (KycStatus | AgreementStatus)[]> = {
  kyc: ['approved', 'rejected', 'retry_required'],
  agreement: ['completed', 'rejected'],
};

function stepOf(value: string): Step {
  if (value !== 'kyc' && value !== 'agreement') throw new PayrailError('NOT_FOUND', 'Unknown compliance step');
  return value;
}

const result = (kind: Step, session: string, status: KycStatus | AgreementStatus, rawPayload: Record<string, unknown>) =>
  ({ kind, session, status, rawPayload }) as ComplianceResult;

/**
 * The sandbox compliance provider's hosted pages (only mounted with COMPLIANCE_PROVIDER=sandbox,
 * never in production): `/sandbox/compliance/{kyc|agreement}/{session}`. Opening a page starts
 * the step (`pending`); submitting an outcome decides it.
 */
@ApiExcludeController()
@Public('sandbox hosted compliance page: the unguessable session in the URL is the credential')
@Controller('sandbox/compliance')
export class ComplianceSandboxController {
  constructor(
    private readonly db: DataSource,
    private readonly apply: ApplyComplianceResult,
  ) {}

  @Get(':step/:session')
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('content-security-policy', SANDBOX_PAGE_CSP)
  async page(@Param('step') stepParam: string, @Param('session') session: string) {
    const step = stepOf(stepParam);
    await this.apply.execute(result(step, session, 'pending', { provider: 'sandbox', step, event: 'opened' }));
    return sandboxPage(step, await this.current(step, session), OUTCOMES[step]);
  }

  @Post(':step/:session')
  @HttpCode(200)
  async decide(@Param('step') stepParam: string, @Param('session') session: string, @Body() dto: OutcomeDto) {
    const step = stepOf(stepParam);
    const allowed = OUTCOMES[step];
    const outcome = allowed.find((o) => o === dto.outcome);
    if (!outcome) {
      throw new PayrailError('VALIDATION_FAILED', `outcome must be one of ${allowed.join(', ')}`, {
        fields: [{ field: 'outcome', message: `must be one of ${allowed.join(', ')}` }],
      });
    }
    await this.apply.execute(result(step, session, outcome, { provider: 'sandbox', step, outcome }));
    return { status: await this.current(step, session) };
  }

  private async current(step: Step, session: string): Promise<string> {
    const payer = await new PayersRepository(this.db.manager).byProviderSession(step, session);
    if (!payer) throw new PayrailError('NOT_FOUND', 'Unknown compliance session');
    return step === 'kyc' ? payer.kycStatus : payer.agreementStatus;
  }
}
