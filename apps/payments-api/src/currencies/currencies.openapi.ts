import {
  ApiBadRequestResponse,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiSecurity,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { ApiAuthErrors, ApiDocs } from '@payrail/platform';
import { errorExample } from '../payments/dto/error-example.js';
import { ConversionRoutesDto, CurrencyDto } from './dto/currency.dto.js';

const NOT_FOUND = errorExample(404, 'Token not found', 'Not Found');
const BAD_REQUEST = errorExample(400, "Validation failed: firstOnly must be 'true' or 'false' if provided", 'Bad Request');

export const ApiCurrenciesController = () =>
  ApiDocs(
    ApiTags('Currencies'),
    ApiSecurity('x-api-key'),
    ApiSecurity('x-client-id'),
    ApiSecurity('__Host-session_token'),
    ApiSecurity('bearer'),
    ApiExtraModels(CurrencyDto),
    ApiAuthErrors(['api-key', 'client-id', 'session']),
  );

export const ApiGetNetworkTokens = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'CurrenciesV2Controller_getNetworkTokens_v2',
      summary: 'List currencies',
      description:
        'Tokens, native currencies and ISO 4217 fiat currencies, filtered by network, symbol or id. ' +
        'Returns an array, or a single currency object when `id` is given or `firstOnly=true`.',
    }),
    ApiQuery({
      name: 'network',
      type: String,
      required: false,
      description: 'Network name ("mainnet", "base", "matic" for Polygon, "tron", "fiat")',
      example: 'base',
    }),
    ApiQuery({ name: 'symbol', type: String, required: false, description: 'Currency symbol, case-insensitive', example: 'USDC' }),
    ApiQuery({
      name: 'id',
      type: String,
      required: false,
      description: 'Currency id; the answer is then one object',
      example: 'USDC-base',
    }),
    ApiQuery({ name: 'firstOnly', required: false, enum: ['true', 'false'], description: 'Return only the first match, as one object' }),
    ApiOkResponse({
      description: 'The matching currencies, or one currency for `id` / `firstOnly=true`',
      schema: { oneOf: [{ type: 'array', items: { $ref: getSchemaPath(CurrencyDto) } }, { $ref: getSchemaPath(CurrencyDto) }] },
    }),
    ApiBadRequestResponse({ description: 'Invalid query (e.g. firstOnly not "true"/"false")', ...BAD_REQUEST }),
    ApiNotFoundResponse({ description: 'No currency matches', ...NOT_FOUND }),
  );

export const ApiGetConversionRoutes = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'CurrenciesV2Controller_getConversionRoutes_v2',
      summary: 'Payment currencies for an invoice currency',
      description:
        'For the fiat invoice currencies USD, EUR, CNY, GBP and JPY: the payment currencies (USDC, USDT, DAI, FAU on sepolia) ' +
        'on the asked networks where a USD rate exists for both. Without `network`/`networks`, every network.',
    }),
    ApiParam({ name: 'currencyId', type: String, description: 'Invoice currency id', example: 'EUR' }),
    ApiQuery({ name: 'network', type: String, required: false, description: 'One network', example: 'mainnet' }),
    ApiQuery({
      name: 'networks',
      type: String,
      required: false,
      description: 'Comma-separated networks (not with `network`)',
      example: 'sepolia,mainnet,matic',
    }),
    ApiOkResponse({ description: 'The conversion routes', type: ConversionRoutesDto }),
    ApiBadRequestResponse({ description: 'Unknown network, or both network and networks', ...BAD_REQUEST }),
    ApiNotFoundResponse({ description: 'Unknown currency id', ...NOT_FOUND }),
  );
