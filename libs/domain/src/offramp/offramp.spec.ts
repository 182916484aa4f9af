import {
  maskAccountNumber,
  maskedAccountNumbers,
  nextOfframpStep,
  nextPaymentDetailStatus,
  OFFRAMP_STEPS,
  offrampStateAfter,
  offrampTransitionAllowed,
} from './offramp.js';

describe('off-ramp rules', () => {
  it('walks the happy path in Request Network’s order, and ends after fiat_sent, bounced or failed', () => {
    const walked: string[] = [];
    for (let s = nextOfframpStep(null); s !== undefined; s = nextOfframpStep(s)) walked.push(s);
    expect(walked).toEqual(['initiated', 'pending_internal_assessment', 'ongoing_checks', 'sending_fiat', 'fiat_sent']);
    expect(walked).toEqual([...OFFRAMP_STEPS]);
    expect(nextOfframpStep('bounced')).toBeUndefined();
    expect(nextOfframpStep('failed')).toBeUndefined();
    expect(nextOfframpStep('retry_required')).toBe('ongoing_checks');
  });

  it('accepts a sub-status only on a funded off-ramp that has not ended, never a step back', () => {
    expect(offrampTransitionAllowed('awaiting_deposit', null, 'initiated')).toBe(false);
    expect(offrampTransitionAllowed('funded', null, 'initiated')).toBe(true);
    expect(offrampTransitionAllowed('funded', null, 'sending_fiat')).toBe(true);
    expect(offrampTransitionAllowed('funded', 'ongoing_checks', 'initiated')).toBe(false);
    expect(offrampTransitionAllowed('funded', 'initiated', 'failed')).toBe(true);
    expect(offrampTransitionAllowed('funded', null, 'bounced')).toBe(true);
    expect(offrampTransitionAllowed('funded', null, 'retry_required')).toBe(false);
    expect(offrampTransitionAllowed('funded', 'pending_internal_assessment', 'retry_required')).toBe(true);
    expect(offrampTransitionAllowed('funded', 'retry_required', 'ongoing_checks')).toBe(true);
    expect(offrampTransitionAllowed('funded', 'retry_required', 'initiated')).toBe(false);
    expect(offrampTransitionAllowed('completed', 'fiat_sent', 'failed')).toBe(false);
    expect(offrampTransitionAllowed('failed', 'bounced', 'fiat_sent')).toBe(false);
  });

  it('leaves the off-ramp completed after fiat_sent, failed after bounced or failed, funded otherwise', () => {
    expect(offrampStateAfter('fiat_sent')).toBe('completed');
    expect(offrampStateAfter('bounced')).toBe('failed');
    expect(offrampStateAfter('failed')).toBe('failed');
    expect(offrampStateAfter('sending_fiat')).toBe('funded');
  });

  it('decides payment details once: pending to approved or failed, nothing after', () => {
    expect(nextPaymentDetailStatus('pending', 'approved')).toBe('approved');
    expect(nextPaymentDetailStatus('pending', 'failed')).toBe('failed');
    expect(nextPaymentDetailStatus('pending', 'pending')).toBeUndefined();
    expect(nextPaymentDetailStatus('approved', 'failed')).toBeUndefined();
  });

  it('masks all but the last four characters, spaces dropped; four or fewer read ****', () => {
    expect(maskAccountNumber('253009233489')).toBe('********3489');
    expect(maskAccountNumber('DE89 3704 0044 0532 0130 00')).toBe('******************3000');
    expect(maskAccountNumber('1234')).toBe('****');
    expect(maskedAccountNumbers({ accountNumber: '12345678', sortCode: '200000' })).toEqual({
      accountNumber: '****5678',
      sortCode: '**0000',
    });
  });
});
