import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiAuthErrors, ApiDocs } from '@payrail/platform';
import { errorExample } from '../payments/dto/error-example.js';
import { FeeConfigEnvelopeDto, FeeConfigResponseDto } from './dto/fee-config.dto.js';

const MODEL =
  'A fee configuration is a rate in basis points, an optional USD cap, who bears the fee (payer: on top; payee: deducted from what ' +
  'the payee receives) and where it is paid (one address per network kind). It is applied to every secure payment created afterwards ' +
  '(a link keeps the fee plan it was created with); see docs/fee-plans.md.';

const BAD_FIELD = {
  description: 'A field is invalid; `errors` names it',
  ...errorExample(400, 'Validation failed: bps must not be greater than 10000', 'Bad Request'),
};
const NONE = { description: 'No fee configuration was ever set', ...errorExample(404, 'No fee configuration to disable', 'Not Found') };

type Owner = 'platform' | 'orchestrator';

const who = (owner: Owner) => (owner === 'platform' ? "the platform's" : "the orchestrator's");
const opId = (owner: Owner, verb: string) => `FeeConfig${owner === 'platform' ? 'Platform' : 'Orchestrator'}_${verb}_v2`;

/** The auth and tag of a controller: the platform's API key or a session of its account, or the orchestrator key. */
export const ApiFeeConfigRoutes = (owner: Owner) =>
  owner === 'platform'
    ? ApiDocs(ApiTags('Fee configuration'))
    : ApiDocs(ApiTags('Fee configuration'), ApiSecurity('x-orchestrator-key'), ApiAuthErrors(['orchestrator-key']));

export const ApiGetFeeConfig = (owner: Owner) =>
  ApiDocs(
    ApiOperation({ operationId: opId(owner, 'get'), summary: `Read ${who(owner)} fee configuration`, description: MODEL }),
    ApiOkResponse({ type: FeeConfigEnvelopeDto }),
  );

export const ApiPutFeeConfig = (owner: Owner) =>
  ApiDocs(
    ApiOperation({
      operationId: opId(owner, 'put'),
      summary: `Set ${who(owner)} fee configuration`,
      description: `${MODEL} The body replaces the whole configuration. At least one of evmRecipientAddress and tronRecipientAddress is required.`,
    }),
    ApiOkResponse({ type: FeeConfigResponseDto }),
    ApiBadRequestResponse(BAD_FIELD),
  );

export const ApiDisableFeeConfig = (owner: Owner) =>
  ApiDocs(
    ApiOperation({
      operationId: opId(owner, 'disable'),
      summary: `Disable ${who(owner)} fee configuration`,
      description: 'Links created afterwards carry no fee from it; a PUT with status `active` turns it back on.',
    }),
    ApiOkResponse({ type: FeeConfigResponseDto }),
    ApiNotFoundResponse(NONE),
  );
