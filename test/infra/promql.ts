// PromQL read with Prometheus' own grammar (@prometheus-io/lezer-promql): the metric names an
// expression selects, and whether it parses at all.
import { parser } from '@prometheus-io/lezer-promql';

/** Metric names selected by `expr` (the Identifier of every VectorSelector); throws when it does not parse. */
export function metricNamesIn(expr: string): string[] {
  const names = new Set<string>();
  let error: number | undefined;
  parser.parse(expr).iterate({
    enter(node) {
      if (node.type.isError) error ??= node.from;
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector') names.add(expr.slice(node.from, node.to));
    },
  });
  if (error !== undefined) throw new Error(`PromQL does not parse at ${error}: ${expr}`);
  return [...names];
}
