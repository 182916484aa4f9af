import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { Auth, CurrentCaller, type PlatformCaller, RateLimitClassOf } from '@payrail/platform';
import {
  CreatePayeeDestinationDto,
  ListPayeeDestinationsQueryDto,
  type PayeeDestinationDto,
  type PayeeDestinationListDto,
} from './dto/payee-destination.dto.js';
import {
  ApiCreatePayeeDestination,
  ApiDeactivatePayeeDestination,
  ApiGetPayeeDestination,
  ApiListPayeeDestinations,
  ApiPayeeDestinationsController,
} from './payee-destinations.openapi.js';
import { CreatePayeeDestination } from './use-cases/create-payee-destination.use-case.js';
import { DeactivatePayeeDestination } from './use-cases/deactivate-payee-destination.use-case.js';
import { GetPayeeDestination } from './use-cases/get-payee-destination.use-case.js';
import { ListPayeeDestinations } from './use-cases/list-payee-destinations.use-case.js';

/** Payee destinations of the caller's platform: its API key, or a wallet session of its account (the dashboard). */
@ApiPayeeDestinationsController()
@Auth('api-key', 'session')
@RateLimitClassOf('management')
@Controller('v2/payee-destination')
export class PayeeDestinationsController {
  constructor(
    private readonly create: CreatePayeeDestination,
    private readonly list: ListPayeeDestinations,
    private readonly get: GetPayeeDestination,
    private readonly deactivate: DeactivatePayeeDestination,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiCreatePayeeDestination()
  createPayeeDestination(
    @Body() body: CreatePayeeDestinationDto,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
  ): Promise<PayeeDestinationDto> {
    return this.create.execute({ caller, body });
  }

  @Get()
  @ApiListPayeeDestinations()
  listPayeeDestinations(
    @Query() query: ListPayeeDestinationsQueryDto,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
  ): Promise<PayeeDestinationListDto> {
    return this.list.execute({ caller, query });
  }

  @Get(':destinationId')
  @ApiGetPayeeDestination()
  getPayeeDestination(
    @Param('destinationId') destinationId: string,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
  ): Promise<PayeeDestinationDto> {
    return this.get.execute({ caller, destinationId });
  }

  @Delete(':destinationId')
  @HttpCode(200)
  @ApiDeactivatePayeeDestination()
  deactivatePayeeDestination(
    @Param('destinationId') destinationId: string,
    @CurrentCaller('api-key-or-session') caller: PlatformCaller,
  ): Promise<PayeeDestinationDto> {
    return this.deactivate.execute({ caller, destinationId });
  }
}
