import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import { ApiAuthErrors, ApiDocs } from '@payrail/platform';
import { errorExample } from '../payments/dto/error-example.js';
import { PayeeDestinationDto, PayeeDestinationListDto } from './dto/payee-destination.dto.js';

const AUTH = (cookieWrites: boolean) =>
  ApiAuthErrors(['api-key', 'session'], {
    cookieWrites,
    forbidden: {
      description: 'An e-mail session: a wallet session is required to manage payee destinations',
      message: 'A wallet session is required to manage payee destinations',
    },
  });

const DESTINATION_PARAM = ApiParam({
  name: 'destinationId',
  description: 'The destination id, URL-encoded (`@` as %40, `#` as %23, `:` as %3A); the checksum may be left out',
});

const NOT_FOUND = ApiNotFoundResponse({
  description: "Unknown destination, or another platform's",
  ...errorExample(404, 'Payee destination not found', 'Not Found'),
});

export const ApiPayeeDestinationsController = () => ApiDocs(ApiTags('V2/Payee Destination'), ApiSecurity('x-api-key'), ApiBearerAuth());

export const ApiCreatePayeeDestination = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'PayeeDestinationController_createPayeeDestination_v2',
      summary: 'Create (or reactivate) a payee destination',
      description:
        "Stores where the platform is paid: a wallet, a network and a destination token (USDC or USDT), with a label. Its `destinationId` is Request Network's: the ERC-7828 interoperable name of the wallet (`<wallet>@eip155:<chainId>#<checksum>`, Tron under eip155:728126428) + `:` + the token address. " +
        'The same wallet and token again answer the existing record, reactivated. Takes the API key or a wallet session of the platform (no EIP-712 signature: the credential is the proof).',
    }),
    ApiCreatedResponse({ type: PayeeDestinationDto }),
    ApiBadRequestResponse({
      description: 'A field is invalid',
      ...errorExample(
        400,
        'Validation failed: currency: currency must be a destination token, USDC or USDT, such as USDC-base or USDT-tron',
        'Bad Request',
      ),
    }),
    ApiConflictResponse({
      description: 'The platform already holds 200 destinations',
      ...errorExample(409, 'A platform holds at most 200 payee destinations', 'Conflict'),
    }),
    AUTH(true),
  );

export const ApiListPayeeDestinations = () =>
  ApiDocs(
    ApiOperation({ operationId: 'PayeeDestinationController_listPayeeDestinations_v2', summary: "The platform's payee destinations" }),
    ApiOkResponse({ type: PayeeDestinationListDto }),
    ApiBadRequestResponse({ description: 'A query field is invalid' }),
    AUTH(false),
  );

export const ApiGetPayeeDestination = () =>
  ApiDocs(
    ApiOperation({ operationId: 'PayeeDestinationController_getPayeeDestination_v2', summary: 'Get a payee destination by its id' }),
    DESTINATION_PARAM,
    ApiOkResponse({ type: PayeeDestinationDto }),
    ApiBadRequestResponse({ description: 'Not a destination id' }),
    NOT_FOUND,
    AUTH(false),
  );

export const ApiDeactivatePayeeDestination = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'PayeeDestinationController_deactivatePayeeDestination_v2',
      summary: 'Deactivate a payee destination',
      description:
        'Sets active=false without deleting the record (idempotent). New secure payments cannot name it; links created before keep their payee. POST the same destination to reactivate it.',
    }),
    DESTINATION_PARAM,
    ApiOkResponse({ type: PayeeDestinationDto }),
    ApiBadRequestResponse({ description: 'Not a destination id' }),
    NOT_FOUND,
    AUTH(true),
  );
