import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Currency } from '@payrail/chains';
import { Auth, JsonCache } from '@payrail/platform';
import type { Response } from 'express';
import { ConversionRoutesQueryDto } from './dto/conversion-routes.query.js';
import { ListCurrenciesQueryDto } from './dto/list-currencies.query.js';
import { type ConversionRoutesView, GetConversionRoutesUseCase } from './use-cases/get-conversion-routes.use-case.js';
import { ListCurrenciesUseCase } from './use-cases/list-currencies.use-case.js';
import { ApiCurrenciesController, ApiGetNetworkTokens, ApiGetConversionRoutes } from './currencies.openapi.js';

@ApiCurrenciesController()
// The dashboard's payment-link form lists currencies with the platform's session; machine headers decide when sent.
@Auth('api-key', 'client-id', 'session')
@Controller('v2/currencies')
export class CurrenciesController {
  constructor(
    private readonly listCurrencies: ListCurrenciesUseCase,
    private readonly listConversionRoutes: GetConversionRoutesUseCase,
  ) {}

  private readonly json = new JsonCache();

  @Get()
  @ApiGetNetworkTokens()
  getNetworkTokens(@Query() query: ListCurrenciesQueryDto, @Res() res: Response): void {
    const found: Currency | readonly Currency[] = this.listCurrencies.execute({
      network: query.network,
      symbol: query.symbol,
      id: query.id,
      firstOnly: query.firstOnly === 'true',
    });
    // The registry's lists and objects never change: each is serialised once, and sent as bytes.
    res.type('application/json').send(this.json.of(found));
  }

  @Get(':currencyId/conversion-routes')
  @ApiGetConversionRoutes()
  getConversionRoutes(@Param('currencyId') currencyId: string, @Query() query: ConversionRoutesQueryDto): ConversionRoutesView {
    return this.listConversionRoutes.execute({ currencyId, network: query.network, networks: query.networks });
  }
}
