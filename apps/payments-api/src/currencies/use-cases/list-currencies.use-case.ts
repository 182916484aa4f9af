import { Injectable } from '@nestjs/common';
import { type Currency, CurrencyRegistry } from '@payrail/chains';
import { PayrailError } from '@payrail/domain';

export interface ListCurrenciesCommand {
  network?: string;
  symbol?: string;
  id?: string;
  firstOnly?: boolean;
}

/**
 * GET /v2/currencies: the currencies matching every given filter, from memory. One object when
 * an id is given or firstOnly is set, else the array; nothing matching is a 404 "Token not found".
 */
@Injectable()
export class ListCurrenciesUseCase {
  constructor(private readonly registry: CurrencyRegistry) {}

  execute(command: ListCurrenciesCommand): Currency | readonly Currency[] {
    const found = this.registry.find(command);
    if (found.length === 0) throw new PayrailError('NOT_FOUND', 'Token not found');
    return command.id !== undefined || command.firstOnly ? found[0] : found;
  }
}
