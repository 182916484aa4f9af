import { applyDecorators } from '@nestjs/common';

/**
 * A route's (or controller's) OpenAPI decorators as one, listed in the order they would be
 * written on the method, top first. Applied as TypeScript applies a stack (bottom first), so
 * the document is the one the decorators written on the method would give: keep the
 * controller to HTTP (verb, path, status, auth) and compose its documentation beside its DTOs,
 * e.g. `export const ApiInitiatePayout = () => ApiDocs(ApiOperation(...), ApiCreatedResponse(...))`.
 */
export const ApiDocs = (...decorators: (ClassDecorator | MethodDecorator | PropertyDecorator)[]) =>
  applyDecorators(...[...decorators].reverse());
