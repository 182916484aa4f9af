import { RequestMethod, type INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import { authModeOf, type AuthMode } from './route-auth.js';

export interface RouteInfo {
  method: string;
  path: string;
  controller: string;
  handler: string;
  auth: AuthMode | undefined;
}

const join = (...parts: string[]): string =>
  '/' +
  parts
    .flatMap((p) => p.split('/'))
    .filter((p) => p.length > 0)
    .join('/');

/**
 * Every HTTP route of an app with its declared auth mode (used by the route-guard test).
 * Reads the module graph only, so it works on an app created in preview mode.
 */
export function listRoutes(app: INestApplication): RouteInfo[] {
  const scanner = new MetadataScanner();
  const routes: RouteInfo[] = [];
  const controllers = [...app.get(ModulesContainer).values()].flatMap((m) => [...m.controllers.values()]);
  for (const wrapper of controllers) {
    const type = wrapper.metatype as (new (...args: never[]) => object) | null;
    if (!type) continue;
    const base = String(Reflect.getMetadata(PATH_METADATA, type) ?? '');
    const proto = type.prototype as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(proto)) {
      const handler = proto[name] as object;
      const path = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      if (path === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      for (const p of Array.isArray(path) ? path : [path]) {
        routes.push({ method, path: join(base, p), controller: type.name, handler: name, auth: authModeOf(handler, type) });
      }
    }
  }
  return routes;
}
