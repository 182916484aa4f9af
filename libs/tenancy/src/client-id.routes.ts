import { Body, Delete, Get, Injectable, Param, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentCaller, type Caller } from '@payrail/platform';
import { ClientIdResponse, CreateClientIdDto, UpdateClientIdDto } from './dto/client-id.dto.js';
import { CreateClientId } from './use-cases/create-client-id.use-case.js';
import { GetClientId } from './use-cases/get-client-id.use-case.js';
import { ListClientIds } from './use-cases/list-client-ids.use-case.js';
import { UpdateClientId } from './use-cases/update-client-id.use-case.js';

/**
 * The Client ID management routes, shared by auth-api (`/v1/client-ids`, wallet session) and
 * payments-api (`/v2/client-ids`, API key). Each app's controller extends this class with its
 * path, auth mode and documentation, and says which platform a caller manages.
 */
@Injectable()
export abstract class ClientIdRoutes {
  constructor(
    private readonly create: CreateClientId,
    private readonly list: ListClientIds,
    private readonly get: GetClientId,
    private readonly update: UpdateClientId,
  ) {}

  /** The platform the caller manages, or a coded FORBIDDEN error. */
  protected abstract platformOf(caller: Caller): string;

  @Post()
  @ApiOperation({ summary: "Create a Client ID for the caller's platform" })
  @ApiCreatedResponse({ type: ClientIdResponse })
  @ApiBadRequestResponse()
  createClientId(@Body() dto: CreateClientIdDto, @CurrentCaller() caller: Caller) {
    return this.create.execute({
      platformId: this.platformOf(caller),
      label: dto.label,
      allowedOrigins: dto.allowedDomains,
      feePercentage: dto.feePercentage,
      feeAddress: dto.feeAddress,
    });
  }

  @Get()
  @ApiOperation({ summary: "The caller's platform's Client IDs" })
  @ApiOkResponse({ type: [ClientIdResponse] })
  listClientIds(@CurrentCaller() caller: Caller) {
    return this.list.execute({ platformId: this.platformOf(caller) });
  }

  @Get(':id')
  @ApiOkResponse({ type: ClientIdResponse })
  @ApiNotFoundResponse()
  getClientId(@Param('id') id: string, @CurrentCaller() caller: Caller) {
    return this.get.execute({ platformId: this.platformOf(caller), id });
  }

  @Put(':id')
  @ApiOperation({ summary: 'Update label, allowed domains, status (active/inactive/revoked; revoked is final) or default fee' })
  @ApiOkResponse({ type: ClientIdResponse })
  @ApiBadRequestResponse({ description: 'Invalid field, or reactivating a revoked Client ID' })
  @ApiNotFoundResponse()
  updateClientId(@Param('id') id: string, @Body() dto: UpdateClientIdDto, @CurrentCaller() caller: Caller) {
    const { allowedDomains, ...rest } = dto;
    return this.update.execute({ id, platformId: this.platformOf(caller), allowedOrigins: allowedDomains, ...rest });
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Revoke for good' })
  @ApiOkResponse({ type: ClientIdResponse })
  @ApiNotFoundResponse()
  revokeClientId(@Param('id') id: string, @CurrentCaller() caller: Caller) {
    return this.update.execute({ id, platformId: this.platformOf(caller), status: 'revoked' });
  }
}
