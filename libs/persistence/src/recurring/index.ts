export * from './recurring-payment.entity.js';
export * from './recurring-execution.entity.js';
export * from './recurring.repository.js';
export * from './recurring-dunning.repository.js';

import { RecurringExecutionEntity } from './recurring-execution.entity.js';
import { RecurringPaymentEntity } from './recurring-payment.entity.js';

export const RECURRING_ENTITIES = [RecurringPaymentEntity, RecurringExecutionEntity];
