import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

export interface OpenApiInfo {
  title: string;
  description: string;
  version: string;
  /** Credential headers the app's routes use, documented as security schemes. */
  apiKeyHeaders?: string[];
  /** Also document the session schemes: the `__Host-session_token` cookie and `bearer` (Authorization). */
  sessionSchemes?: boolean;
}

export function buildOpenApiDocument(app: INestApplication, info: OpenApiInfo): OpenAPIObject {
  const builder = new DocumentBuilder().setTitle(info.title).setDescription(info.description).setVersion(info.version);
  for (const header of info.apiKeyHeaders ?? []) builder.addApiKey({ type: 'apiKey', in: 'header', name: header }, header);
  if (info.sessionSchemes)
    builder
      .addCookieAuth('__Host-session_token', { type: 'apiKey', in: 'cookie' }, '__Host-session_token')
      .addBearerAuth(
        { type: 'http', scheme: 'bearer', bearerFormat: 'session token', description: 'A session token (not a JWT)' },
        'bearer',
      );
  return SwaggerModule.createDocument(app, builder.build());
}

/** Serves the document at /docs (UI) and /docs-json. */
export function setupOpenApi(app: INestApplication, info: OpenApiInfo): void {
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app, info), { jsonDocumentUrl: 'docs-json' });
}
