import type { Metric } from 'web-vitals';
import { afterFirstScreen } from '../afterFirstScreen';

/**
 * Web-vitals, loaded lazily (spec part 1 §7): the library is fetched after the first render when
 * the browser is idle, so it never delays the start. The latest value of each metric is kept in
 * memory; the dev server also logs them to the console.
 */
const latest = new Map<string, Metric>();

/** The latest measured value of each metric (CLS, FCP, INP, LCP, TTFB). */
export function getWebVitals(): ReadonlyMap<string, Metric> {
  return latest;
}

function record(metric: Metric): void {
  latest.set(metric.name, metric);
  if (import.meta.env.DEV) console.info(`[web-vitals] ${metric.name}`, Math.round(metric.value * 1000) / 1000, metric);
}

async function measure(): Promise<void> {
  try {
    const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');
    onCLS(record);
    onFCP(record);
    onINP(record);
    onLCP(record);
    onTTFB(record);
  } catch (error) {
    console.error('loading web-vitals failed', error);
  }
}

/** Starts measuring once the page has loaded and the browser is idle (the metrics are buffered). */
export function measureWebVitalsWhenIdle(): void {
  if (typeof window === 'undefined') return;
  afterFirstScreen(() => void measure());
}
