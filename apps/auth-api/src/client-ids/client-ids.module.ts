import { Module } from '@nestjs/common';
import { TenancyModule } from '@payrail/tenancy';
import { ClientIdsController } from './client-ids.controller.js';

@Module({ imports: [TenancyModule], controllers: [ClientIdsController] })
export class ClientIdsModule {}
