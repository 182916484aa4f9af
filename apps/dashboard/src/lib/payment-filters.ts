import { type PaymentsSearch, paymentsSearch } from '../router/search';

type Values = Omit<PaymentsSearch, 'cursors'>;

/** The filter form's fields: every one a string, '' for "any". */
export interface FilterForm {
  status: string;
  network: string;
  currency: string;
  from: string;
  to: string;
  reference: string;
  paymentReference: string;
  payer: string;
}

/** The form filled from the URL's filters. */
export function filterFormOf(values: Values): FilterForm {
  return {
    status: values.status ?? '',
    network: values.network ?? '',
    currency: values.currency ?? '',
    from: values.from ?? '',
    to: values.to ?? '',
    reference: values.reference ?? '',
    paymentReference: values.paymentReference ?? '',
    payer: values.payer ?? '',
  };
}

/**
 * The URL's filters from the form: the URL schema trims each field and drops what it refuses
 * (an empty field, an unknown status), so the URL never carries `?payer=`; no cursor (page 1).
 */
export function searchOfFilterForm(form: FilterForm): Values {
  const values = paymentsSearch.omit({ cursors: true }).parse(form);
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}
