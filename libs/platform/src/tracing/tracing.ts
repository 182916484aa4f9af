import { context, propagation, type Span, type SpanOptions, SpanStatusCode, trace, type Context, type Tracer } from '@opentelemetry/api';
import type { SpanExporter, TracerProvider } from '@opentelemetry/sdk-trace';
import type { BaseEnv } from '../config/env.js';

/** Instrumentation scope of every Payrail span. */
export const TRACER_NAME = 'payrail';

/** Spans wait at most this long in memory before they are sent to the collector. */
const EXPORT_DELAY_MS = 1000;

export type TracingEnv = Pick<BaseEnv, 'OTEL_ENABLED' | 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_SERVICE_NAME'>;

export interface TracingOptions {
  /** Where spans go instead of the OTLP endpoint, each as it ends (tests: an InMemorySpanExporter). */
  exporter?: SpanExporter;
}

/** A started tracer provider; `shutdown` sends what is still buffered and unregisters it. */
export interface Tracing {
  shutdown(): Promise<void>;
}

let started: TracerProvider | undefined;

/** `OTEL_SERVICE_NAME`, else the app's process title (`payrail-payments-api`, ... set by each main.ts). */
const serviceName = (env: TracingEnv): string =>
  env.OTEL_SERVICE_NAME ?? (process.title.startsWith('payrail-') ? process.title : 'payrail');

/**
 * Starts OpenTelemetry tracing when OTEL_ENABLED is true: a tracer provider exporting OTLP/HTTP
 * (JSON) to `<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces`, the AsyncLocalStorage context manager and
 * the W3C trace-context propagator, registered globally. When off it registers nothing and answers
 * undefined: the API stays a no-op, no span is created and no traceparent is stored.
 * Instrumentation is explicit (see the other files of this folder), not monkey-patching: no ESM
 * loader hook is needed. The SDK (about 200 modules) is imported only when tracing is on, so an
 * app without it starts without loading them.
 */
export async function startTracing(env: TracingEnv, options: TracingOptions = {}): Promise<Tracing | undefined> {
  if (!env.OTEL_ENABLED) return undefined;
  if (started) throw new Error('tracing is already started in this process');
  const [{ AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }, { OTLPTraceExporter }, { resourceFromAttributes }, sdk] =
    await Promise.all([
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/core'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/sdk-trace'),
    ]);
  if (started) throw new Error('tracing is already started in this process');
  const { BatchSpanProcessor, SimpleSpanProcessor, TracerProvider: Provider } = sdk;
  const processor = options.exporter
    ? new SimpleSpanProcessor({ exporter: options.exporter })
    : new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces` }),
        scheduledDelayMillis: EXPORT_DELAY_MS,
      });
  const provider: TracerProvider = new Provider({
    resource: resourceFromAttributes({ 'service.name': serviceName(env) }),
    spanProcessors: [processor],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  started = provider;
  return {
    shutdown: async () => {
      started = undefined;
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

/** Whether startTracing registered a provider in this process (the instrumentation does nothing otherwise). */
export const tracingStarted = (): boolean => started !== undefined;

export const tracer = (): Tracer => trace.getTracer(TRACER_NAME);

/**
 * Runs `run` inside a new active span (child of `parent`, by default the active context), ending
 * it when `run` settles; an error is recorded on the span and thrown on.
 */
export function inSpan<T>(name: string, options: SpanOptions, parent: Context, run: (span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, options, parent, async (span) => {
    try {
      return await run(span);
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

export function failSpan(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}
