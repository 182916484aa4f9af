import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { PayrailError } from '@payrail/domain';
import { Type } from 'class-transformer';
import { IsString, Length, ValidateNested } from 'class-validator';
import { AppConfigModule } from '../config/config.module.js';
import { BaseEnv } from '../config/env.js';
import { createHttpApp } from '../http/bootstrap.js';
import { Public } from '../http/route-auth.js';
import { LoggingModule } from '../logging/logging.module.js';

class AddressDto {
  @IsString() @Length(2, 2) country!: string;
}
class ThingDto {
  @IsString() amount!: string;
  @ValidateNested() @Type(() => AddressDto) address!: AddressDto;
}

@Public('test controller')
@Controller('v2/things')
class ThingsController {
  @Post() create(@Body() dto: ThingDto) {
    return dto;
  }
  @Get('boom') boom(): never {
    throw new Error('connection to postgres://admin:hunter2@db failed');
  }
  @Get('missing') missing(): never {
    throw new PayrailError('NOT_FOUND', 'Thing not found');
  }
  @Get('limited') limited(): never {
    throw new PayrailError('RATE_LIMITED', 'Too many requests', { retryAfterSeconds: 3 });
  }
}

@Module({
  imports: [
    AppConfigModule.forApp(BaseEnv, { DATABASE_URL: 'postgres://x@127.0.0.1/x', REDIS_URL: 'redis://127.0.0.1:1', LOG_LEVEL: 'silent' }),
    LoggingModule,
  ],
  controllers: [ThingsController],
})
class ThingsModule {}

describe('one error shape over real HTTP (validation pipe, body parser, exception filter)', () => {
  let app: NestExpressApplication;
  let base: string;
  const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    fetch(`${base}/v2/things`, { method: 'POST', headers, body });

  beforeAll(async () => {
    app = await createHttpApp(ThingsModule);
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  });
  afterAll(() => app.close());

  it('accepts a valid body', async () => {
    const res = await post(JSON.stringify({ amount: '10', address: { country: 'FR' } }));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ amount: '10', address: { country: 'FR' } });
  });

  it('rejects unknown fields with 400 naming the field', async () => {
    const res = await post(JSON.stringify({ amount: '10', address: { country: 'FR' }, sneaky: true }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { statusCode: number; error: string; message: string; errors: { field: string }[] };
    expect(body).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      errors: [{ field: 'sneaky', message: 'property sneaky should not exist' }],
    });
    expect(body.message).toContain('sneaky');
  });

  it('names nested fields with their path', async () => {
    const res = await post(JSON.stringify({ amount: 10, address: { country: 'FRA' } }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { field: string }[] };
    expect(body.errors.map((e) => e.field).sort()).toEqual(['address.country', 'amount']);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await post('{"amount": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ statusCode: 400, message: 'Malformed JSON in request body', error: 'Bad Request' });
  });

  it('answers a body over the 100 kB limit with 413', async () => {
    const res = await post(JSON.stringify({ amount: 'x'.repeat(150 * 1024), address: { country: 'FR' } }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
  });

  it('maps a coded domain error to its status in the same shape', async () => {
    const res = await fetch(`${base}/v2/things/missing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: 404, message: 'Thing not found', error: 'Not Found' });
  });

  it('adds Retry-After to a rate-limit error', async () => {
    const res = await fetch(`${base}/v2/things/limited`);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3');
    expect(await res.json()).toEqual({ statusCode: 429, message: 'Too many requests', error: 'Too Many Requests' });
  });

  it('hides unexpected errors behind a 500 with an error id and no internals', async () => {
    const res = await fetch(`${base}/v2/things/boom`);
    expect(res.status).toBe(500);
    const body = (await res.json()) as { statusCode: number; message: string; error: string; errorId: string };
    expect(body.statusCode).toBe(500);
    expect(body.error).toBe('Internal Server Error');
    expect(body.errorId).toMatch(/^[0-9A-Z]{26}$/);
    expect(body.message).toContain(body.errorId);
    expect(JSON.stringify(body)).not.toMatch(/hunter2|postgres|stack/);
  });
});
