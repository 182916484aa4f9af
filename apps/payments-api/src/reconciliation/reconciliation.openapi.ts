import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { ApiDocs } from '@payrail/platform';
import { errorExample } from '../payments/dto/error-example.js';
import { ReconciliationRunDetailDto, ReconciliationRunDto, ReconciliationRunListDto } from './dto/reconciliation.dto.js';

export const ApiReconciliationController = () => ApiDocs(ApiTags('V2/Reconciliation'));

export const ApiCreateReconciliationRun = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'ReconciliationController_createRun_v2',
      summary: 'Reconcile a network and time window against the chain (extension)',
      description:
        "Queues a run that re-reads every fee-proxy payment log of the window's blocks from the network's RPC (ERC20FeeProxy, EthereumFeeProxy and the conversion proxy; " +
        "batch payments, recurring executions and deposit sweeps pay through them) and compares them with the ledger, for the platform's requests. " +
        'Discrepancy classes: missing_in_ledger, missing_on_chain, amount_mismatch, fee_mismatch, status_mismatch. The run changes nothing; ' +
        'follow it with GET /v2/reconciliation/runs/{id}; `reconciliation.completed` is sent when it ends.',
    }),
    ApiCreatedResponse({ type: ReconciliationRunDto }),
    ApiBadRequestResponse({
      description:
        'Unknown network or one without an RPC on this deployment, a malformed date, to not after from, a window over 31 days, or to in the future',
      ...errorExample(400, 'to must be after from', 'Bad Request'),
    }),
  );

export const ApiListReconciliationRuns = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'ReconciliationController_listRuns_v2',
      summary: "The platform's reconciliation runs and the operator's nightly runs, newest first (extension)",
      description: "Counts cover the platform's own requests only.",
    }),
    ApiOkResponse({ type: ReconciliationRunListDto }),
    ApiBadRequestResponse({ description: 'A query field is invalid' }),
  );

export const ApiGetReconciliationRun = () =>
  ApiDocs(
    ApiOperation({
      operationId: 'ReconciliationController_getRun_v2',
      summary: 'A reconciliation run with its discrepancies and their evidence (extension)',
      description:
        "Each discrepancy carries the transaction hash, log index, block and both sides' values; only the platform's own requests' are shown.",
    }),
    ApiParam({ name: 'id', description: 'The run id (ULID)' }),
    ApiOkResponse({ type: ReconciliationRunDetailDto }),
    ApiNotFoundResponse({
      description: "Unknown run, or another platform's",
      ...errorExample(404, 'Reconciliation run not found', 'Not Found'),
    }),
  );
