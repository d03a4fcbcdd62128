declare module 'parse-prometheus-text-format' {
  /** Parses Prometheus text exposition into metric families (the format's own parser, used by tests). */
  export default function parsePrometheusTextFormat(text: string): unknown[];
}
