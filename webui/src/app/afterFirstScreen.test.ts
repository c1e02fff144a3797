import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen } from './afterFirstScreen';

/** Pretends the page is still loading; returns a function that ends the load. */
function loading(): () => void {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
  return () => {
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'complete' });
    window.dispatchEvent(new Event('load'));
  };
}

/** Idle callbacks run when `runIdle` is called. */
function idleQueue() {
  const queue: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => queue.push(callback));
  vi.stubGlobal('cancelIdleCallback', (handle: number) => queue.splice(handle - 1, 1, () => undefined));
  return { runIdle: () => queue.splice(0).forEach((callback) => callback()) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'readyState');
});

describe('afterFirstScreen', () => {
  it('waits for the load event, then for the browser to be idle', () => {
    const { runIdle } = idleQueue();
    const finishLoad = loading();
    const task = vi.fn();
    afterFirstScreen(task);
    runIdle();
    expect(task).not.toHaveBeenCalled();
    finishLoad();
    expect(task).not.toHaveBeenCalled();
    runIdle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('after the load only waits for idle', () => {
    const { runIdle } = idleQueue();
    const task = vi.fn();
    afterFirstScreen(task);
    expect(task).not.toHaveBeenCalled();
    runIdle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('cancelled before it started, never runs; after, runs the cleanup the task returned', () => {
    const { runIdle } = idleQueue();
    const finishLoad = loading();
    const never = vi.fn();
    afterFirstScreen(never)();
    finishLoad();
    runIdle();
    expect(never).not.toHaveBeenCalled();

    const cleanup = vi.fn();
    const cancel = afterFirstScreen(() => cleanup);
    runIdle();
    expect(cleanup).not.toHaveBeenCalled();
    cancel();
    expect(cleanup).toHaveBeenCalledTimes(1);
  });
});
