import { type DynamicModule, Module } from '@nestjs/common';
import { FieldCipher, parseCipherKeys } from '@payrail/platform';
import { ComplianceSandboxController } from './sandbox/compliance-sandbox.controller.js';
import { PaymentsApiEnv } from '../config/payments-api.env.js';
import { COMPLIANCE_PROVIDER } from './compliance/compliance-provider.js';
import { SandboxComplianceProvider } from './compliance/sandbox-compliance.provider.js';
import { UnavailableComplianceProvider } from './compliance/unavailable-compliance.provider.js';
import { PayerController } from './payer.controller.js';
import { PayersController } from './payers.controller.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { PaymentDetailsController } from './payment-details.controller.js';
import { OfframpSandboxController } from './sandbox/offramp-sandbox.controller.js';
import { ApplyOfframpUpdate } from './use-cases/apply-offramp-update.use-case.js';
import { CreatePaymentDetails } from './use-cases/create-payment-details.use-case.js';
import { ListPaymentDetails } from './use-cases/list-payment-details.use-case.js';
import { ListPayers } from './use-cases/list-payers.use-case.js';
import { PAYER_IDENTITY_CIPHER } from './payer.tokens.js';
import { ApplyComplianceResult } from './use-cases/apply-compliance-result.use-case.js';
import { CompleteAgreement } from './use-cases/complete-agreement.use-case.js';
import { GetPayerStatus } from './use-cases/get-payer-status.use-case.js';
import { RegisterPayer } from './use-cases/register-payer.use-case.js';

/**
 * Payer compliance: records, the provider (sandbox pages when COMPLIANCE_PROVIDER=sandbox), events;
 * payment details and off-ramp updates (sandbox control routes when OFFRAMP_PROVIDER=sandbox).
 */
@Module({})
export class PayerModule {
  static forRoot(sandbox: boolean, offrampSandbox: boolean): DynamicModule {
    return {
      module: PayerModule,
      imports: [PaymentsModule],
      controllers: [
        PayerController,
        PayersController,
        PaymentDetailsController,
        ...(sandbox ? [ComplianceSandboxController] : []),
        ...(offrampSandbox ? [OfframpSandboxController] : []),
      ],
      providers: [
        {
          provide: COMPLIANCE_PROVIDER,
          inject: [PaymentsApiEnv],
          useFactory: (env: PaymentsApiEnv) =>
            sandbox ? new SandboxComplianceProvider(env.PUBLIC_URL) : new UnavailableComplianceProvider(),
        },
        {
          provide: PAYER_IDENTITY_CIPHER,
          inject: [PaymentsApiEnv],
          useFactory: (env: PaymentsApiEnv) =>
            new FieldCipher(parseCipherKeys(env.PII_ENCRYPTION_KEYS, 'payer-identity'), 'payer-identity'),
        },
        RegisterPayer,
        GetPayerStatus,
        CompleteAgreement,
        ApplyComplianceResult,
        ListPayers,
        CreatePaymentDetails,
        ListPaymentDetails,
        ApplyOfframpUpdate,
      ],
    };
  }
}
