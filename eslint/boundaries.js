// The walls between rooms (eslint-plugin-boundaries), checked by `npm test` through eslint.config.js:
// which folder is which kind of element, and which kind may import which. One refusing probe per
// rule in test/lint/boundaries-rule.spec.ts.
import boundaries from 'eslint-plugin-boundaries';

/** The element types of code inside apps/ (boundaries/elements below). */
const APP_PARTS = ['app', 'feature', 'kernel'];

/** npm packages that do I/O (or the framework around it): libs/domain and libs/permits import none. */
const IO_PACKAGES = ['@nestjs/*', 'typeorm', 'pg', 'pg-*', 'ioredis', 'bullmq', 'undici'];

export const boundariesWall = {
  // The walls between rooms (STYLE.md, issue #19), checked on resolved imports: relative paths and
  // @payrail/* aliases alike. Inside an app, each folder under src/ is a feature, except the
  // kernel folders (payments/ in payments-api, shared/ in the workers, config/ everywhere): a
  // feature imports its own folder, its app's kernel and libraries, never another feature.
  // Files directly in src/ (app.module.ts, main.ts, cross-feature int-specs) compose the features.
  name: 'payrail/boundaries',
  files: ['**/*.ts', '**/*.tsx'],
  plugins: { boundaries },
  settings: {
    'import/resolver': { typescript: { project: './tsconfig.json' } },
    'boundaries/elements': [
      // Browser code first (the first matching element wins): it is not an `app` or a `lib`.
      { type: 'web-app', pattern: 'apps/{payment-page,dashboard}', capture: ['app'] },
      { type: 'web-lib', pattern: 'libs/web' },
      { type: 'kernel', pattern: 'apps/*/src/{payments,shared,config}', capture: ['app', 'kernel'] },
      { type: 'feature', pattern: 'apps/*/src/*', capture: ['app', 'feature'] },
      { type: 'app', pattern: 'apps/*', capture: ['app'] },
      { type: 'lib', pattern: 'libs/*', capture: ['lib'] },
      { type: 'tool', pattern: 'tools/*', capture: ['tool'] },
      { type: 'test', pattern: 'test' },
      { type: 'bench', pattern: 'bench' },
    ],
    'boundaries/files': [{ category: 'spec', pattern: '**/*.{spec,int-spec,e2e-spec}.ts' }],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        checkAllOrigins: true, // npm packages too: domain and permits take no Nest or TypeORM
        policies: [
          {
            from: { element: { type: 'lib' } },
            disallow: { to: { element: { types: { anyOf: [...APP_PARTS, 'tool', 'test', 'bench', 'web-app'] } } } },
            message: 'A library never imports an app, a tool, test rigging or a bench: move the shared code into a library.',
          },
          {
            // A library's own specs may use the test rigging and the devstack.
            from: { element: { type: 'lib' }, file: { categories: 'spec' } },
            allow: { to: { element: { types: { anyOf: ['tool', 'test'] } } } },
          },
          {
            from: { element: { type: 'lib', captured: { lib: '{domain,permits}' } } },
            disallow: { to: { element: { type: 'lib', captured: { lib: '{platform,persistence,chains}' } } } },
            message: 'libs/domain and libs/permits are pure: no platform, persistence or chains (I/O) imports.',
          },
          {
            from: { element: { type: 'lib', captured: { lib: '{domain,permits}' } } },
            disallow: { to: { module: { origin: 'external', source: IO_PACKAGES } } },
            message: 'libs/domain and libs/permits are pure: no NestJS, no TypeORM and no I/O package (pg, ioredis, bullmq, undici).',
          },
          // The library order (docs/architecture.md, "Walls"): infrastructure never reaches up into
          // the business libraries that build on it, and persistence and chains stay siblings.
          {
            from: { element: { type: 'lib', captured: { lib: 'platform' } } },
            disallow: { to: { element: { type: 'lib', captured: { lib: '{tenancy,webhooks}' } } } },
            message: 'Library order: libs/platform is infrastructure and never imports libs/tenancy or libs/webhooks.',
          },
          {
            from: { element: { type: 'lib', captured: { lib: 'persistence' } } },
            disallow: { to: { element: { type: 'lib', captured: { lib: '{platform,tenancy,webhooks,chains}' } } } },
            message:
              'Library order: libs/persistence never imports libs/platform, libs/tenancy, libs/webhooks or libs/chains (shared shapes live in libs/domain).',
          },
          {
            from: { element: { type: 'lib', captured: { lib: 'chains' } } },
            disallow: { to: { element: { type: 'lib', captured: { lib: '{persistence,platform}' } } } },
            message: 'Library order: libs/chains never imports libs/persistence or libs/platform.',
          },
          {
            // A receiver package for platforms' own servers: Node built-ins only.
            from: { element: { type: 'lib', captured: { lib: 'webhook-receiver' } } },
            disallow: { to: [{ element: { type: 'lib', captured: { lib: '!webhook-receiver' } } }, { module: { origin: 'external' } }] },
            message: 'libs/webhook-receiver is standalone: Node built-ins only, no other library and no npm package.',
          },
          {
            // Its specs check it against the real worker and the published standardwebhooks package.
            from: { element: { type: 'lib', captured: { lib: 'webhook-receiver' } }, file: { categories: 'spec' } },
            allow: { to: [{ element: { types: { anyOf: ['lib', 'tool', 'test'] } } }, { module: { origin: 'external' } }] },
          },
          {
            from: { element: { types: { anyOf: [...APP_PARTS, 'tool'] } } },
            disallow: { to: { element: { type: 'test' } } },
            message: 'Source code never imports test rigging (test/support); only specs do.',
          },
          {
            from: { element: { types: { anyOf: [...APP_PARTS, 'tool'] } }, file: { categories: 'spec' } },
            allow: { to: { element: { type: 'test' } } },
          },
          {
            from: { element: { types: { anyOf: APP_PARTS } } },
            disallow: { to: { element: { type: 'tool' } } },
            message: 'App code never imports tools/ (the devstack, the seed): they are development and test rigging; only specs use them.',
          },
          {
            from: { element: { types: { anyOf: APP_PARTS } }, file: { categories: 'spec' } },
            allow: { to: { element: { type: 'tool' } } },
          },
          {
            // Placed before the feature rules, so a feature reaching into another app's feature or kernel keeps the feature message.
            from: { element: { types: { anyOf: APP_PARTS } } },
            disallow: { to: { element: { types: { anyOf: APP_PARTS }, captured: { app: '!{{ from.element.captured.app }}' } } } },
            message:
              'An app never imports another app, its root files (app.module.ts, main.ts) included: move what two apps share into a library; ' +
              'a test running two apps together lives in test/e2e.',
          },
          {
            from: { element: { types: { anyOf: ['feature', 'kernel'] } } },
            disallow: { to: { element: { types: { anyOf: ['feature', 'kernel'] } } } },
            message:
              "A feature folder imports no other feature folder, only its own and its app's kernel (payments/ in payments-api, shared/ in the workers, config/); " +
              'the kernel imports no feature: move what two features share into the kernel.',
          },
          {
            // Its own folder, and its app's kernel.
            from: { element: { type: 'feature' } },
            allow: {
              to: {
                element: {
                  type: 'feature',
                  captured: { app: '{{ from.element.captured.app }}', feature: '{{ from.element.captured.feature }}' },
                },
              },
            },
          },
          {
            from: { element: { types: { anyOf: ['feature', 'kernel'] } } },
            allow: { to: { element: { type: 'kernel', captured: { app: '{{ from.element.captured.app }}' } } } },
          },
          {
            from: { element: { types: { anyOf: [...APP_PARTS, 'lib', 'tool'] } } },
            disallow: { to: { element: { types: { anyOf: ['web-app', 'web-lib'] } } } },
            message: 'Server code never imports browser code (apps/payment-page, apps/dashboard, libs/web).',
          },
          {
            from: { element: { type: 'web-app' } },
            disallow: { to: { element: { types: { anyOf: [...APP_PARTS, 'lib', 'tool', 'test', 'bench', 'web-app'] } } } },
            message: 'A browser app imports only @payrail/web and npm packages (its own files aside).',
          },
          {
            from: { element: { type: 'web-lib' } },
            disallow: { to: { element: { types: { anyOf: [...APP_PARTS, 'lib', 'tool', 'test', 'bench', 'web-app'] } } } },
            message: 'libs/web (browser code) imports only npm packages: no server library, app, tool or test rigging.',
          },
          {
            from: { element: { types: { anyOf: ['web-app', 'web-lib'] } }, file: { path: '**/src/**' } },
            disallow: { to: { module: { origin: 'core' } } },
            message: 'Browser code cannot use Node built-in modules.',
          },
        ],
      },
    ],
  },
};
