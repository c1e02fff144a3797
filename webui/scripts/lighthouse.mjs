#!/usr/bin/env node
// `make lighthouse`: Lighthouse (mobile profile, performance + accessibility) of /home, /login and a
// recipe page against a temporary `larder serve` (fresh data dir in a temp folder, a free port),
// driving Debian's Chromium headless. Nothing leaves the machine. Also prints the initial JS and CSS
// of the built app (what index.html loads before the first route chunk), gzipped, and the first
// screen of /recipes: the script a cold visit loads before the recipe list is on screen, and how
// long that takes on an emulated phone, as is and with 4x CPU slowdown and slow 4G (median of
// --runs cold visits, each in a fresh browser context: empty cache, no service worker).
//
// Usage: CHROME_PATH=/usr/bin/chromium node webui/scripts/lighthouse.mjs [--larder .venv/bin/larder]
//        [--out DIR] [--runs N] [--first-screen-only] [--waterfall] [path ...]
// --waterfall prints the requests of the first visit of each profile (start and end, ms).
// --larder takes a command with its arguments, split at spaces (e.g. "python -m larder").
import { spawn } from 'node:child_process';
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js';
// Lighthouse's own browser driver (a dependency of lighthouse).
import puppeteer from 'puppeteer-core';

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const buildDir = join(repoRoot, 'src/larder/static/web');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  if (index < 0) return fallback;
  const [value] = args.splice(index, 2).slice(1);
  return value;
};
const flag = (name) => {
  const index = args.indexOf(name);
  if (index >= 0) args.splice(index, 1);
  return index >= 0;
};
const larderCommand = option('--larder', join(repoRoot, '.venv/bin/larder')).split(/\s+/).filter(Boolean);
const outDir = option('--out', null);
const runs = Number(option('--runs', '3'));
const firstScreenOnly = flag('--first-screen-only');
const showWaterfall = flag('--waterfall');
const paths = firstScreenOnly ? [] : args.length > 0 ? args : ['/home', '/login', '/recipes', '/recipes/1'];
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

/** The JS and CSS index.html loads up front, raw and gzipped. */
function initialBundle() {
  const html = readFileSync(join(buildDir, 'index.html'), 'utf8');
  const urls = new Set();
  for (const match of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) urls.add(match[1]);
  const links = /<link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*href="([^"]+)"/g;
  for (const match of html.matchAll(links)) urls.add(match[1]);
  const files = [...urls].map((url) => {
    const body = readFileSync(join(buildDir, url.replace(/^\//, '')));
    return { url, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  });
  const sum = (list, key) => list.reduce((total, file) => total + file[key], 0);
  const js = files.filter((file) => file.url.endsWith('.js'));
  const css = files.filter((file) => file.url.endsWith('.css'));
  const allAssets = readdirSync(join(buildDir, 'assets'));
  const allJs = allAssets.filter((name) => name.endsWith('.js'));
  const allJsGzip = allJs.reduce(
    (total, name) => total + gzipSync(readFileSync(join(buildDir, 'assets', name)), { level: 9 }).length,
    0,
  );
  const allJsRaw = allJs.reduce((total, name) => total + statSync(join(buildDir, 'assets', name)).size, 0);
  return {
    files,
    js: { raw: sum(js, 'raw'), gzip: sum(js, 'gzip') },
    css: { raw: sum(css, 'raw'), gzip: sum(css, 'gzip') },
    allJs: { count: allJs.length, raw: allJsRaw, gzip: allJsGzip },
  };
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`larder serve exited with ${child.exitCode}`);
    try {
      const answer = await fetch(`${url}/api/health`);
      if (answer.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`larder serve not healthy after ${timeoutMs / 1000} s`);
}

/** Headless Chromium with a DevTools port; resolves once it says where it listens. */
function launchChromium(profileDir) {
  const child = spawn(
    chromePath,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-default-apps',
      '--disable-sync',
      '--disable-extensions',
      '--no-first-run',
      '--no-default-browser-check',
      '--remote-debugging-port=0',
      `--user-data-dir=${profileDir}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return new Promise((resolveChrome, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${seen}`)), 30_000);
    child.on('error', reject);
    child.stderr.on('data', (chunk) => {
      seen += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolveChrome({ child, port: Number(match[1]) });
      }
    });
  });
}

/** The recipe list of /recipes has entries on screen. */
const RECIPE_ITEM = 'ul[aria-label="recipes"] > li';

/** The two phone profiles of the first-screen measurement (Lighthouse's phone, devtools throttling). */
const slow4G = throttling.mobileSlow4G;
const PROFILES = [
  { name: 'phone', cpu: 1, network: null },
  {
    name: 'phone, 4x CPU, slow 4G',
    cpu: 4,
    // Lighthouse's slow 4G as devtools throttling applies it (request latency, 90 % of the throughput).
    network: {
      latency: slow4G.requestLatencyMs,
      download: (slow4G.downloadThroughputKbps * 1024) / 8,
      upload: (slow4G.uploadThroughputKbps * 1024) / 8,
    },
  },
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Built asset sizes by URL path: raw and gzip -9, as `initialBundle` counts them. */
function builtSize(pathname) {
  try {
    const body = readFileSync(join(buildDir, pathname.replace(/^\//, '')));
    return { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  } catch {
    return { raw: 0, gzip: 0 };
  }
}

/**
 * One cold visit of `url` in a fresh browser context: the time from navigation start until the
 * first recipe entry is in the document and a frame has been drawn with it, the LCP, and the
 * scripts the page fetched until then (and until the network went quiet).
 */
async function firstScreenVisit(browser, url, profile) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    const screen = screenEmulationMetrics.mobile;
    await page.setUserAgent(userAgents.mobile);
    await page.setViewport({
      width: screen.width,
      height: screen.height,
      deviceScaleFactor: screen.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
    });
    await page.emulateCPUThrottling(profile.cpu > 1 ? profile.cpu : null);
    if (profile.network) {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: profile.network.latency,
        downloadThroughput: profile.network.download,
        uploadThroughput: profile.network.upload,
      });
    }
    const scripts = new Map();
    const requests = new Map();
    let listSeen = false;
    cdp.on('Network.requestWillBeSent', (event) => {
      requests.set(event.requestId, { url: event.request.url, start: event.timestamp, end: NaN });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const request = requests.get(event.requestId);
      if (request) Object.assign(request, { end: event.timestamp, bytes: event.encodedDataLength });
    });
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script' && new URL(event.response.url).origin === new URL(url).origin) {
        scripts.set(event.requestId, { url: event.response.url, beforeList: !listSeen, transferred: 0 });
      }
    });
    cdp.on('Network.loadingFinished', (event) => {
      const script = scripts.get(event.requestId);
      if (script) script.transferred = event.encodedDataLength;
    });
    await page.evaluateOnNewDocument((selector) => {
      const seen = {};
      window.__firstScreen = seen;
      const check = () => {
        if (seen.inDom !== undefined || !document.querySelector(selector)) return;
        seen.inDom = performance.now();
        observer.disconnect();
        // The frame that shows it: after the next animation frame has been drawn.
        requestAnimationFrame(() => setTimeout(() => (seen.painted = performance.now()), 0));
      };
      const observer = new MutationObserver(check);
      observer.observe(document, { childList: true, subtree: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    }, RECIPE_ITEM);
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 120_000 });
    await page.waitForFunction(() => window.__firstScreen.painted !== undefined, { timeout: 120_000, polling: 50 });
    listSeen = true;
    const beforeList = [...scripts.values()].filter((script) => script.beforeList);
    await page.waitForNetworkIdle({ idleTime: 1000, timeout: 60_000 }).catch(() => {});
    const timings = await page.evaluate(() => ({ ...window.__firstScreen }));
    const total = (list, key) => list.reduce((sum, script) => sum + script[key], 0);
    const withSizes = (list) => list.map((script) => ({ ...script, ...builtSize(new URL(script.url).pathname) }));
    const first = withSizes(beforeList);
    const all = withSizes([...scripts.values()]);
    const origin = Math.min(...[...requests.values()].map((request) => request.start));
    const waterfall = [...requests.values()].map((request) => ({
      ...request,
      start: (request.start - origin) * 1000,
      end: (request.end - origin) * 1000,
    }));
    return {
      waterfall,
      visibleMs: timings.painted,
      inDomMs: timings.inDom,
      lcpMs: timings.lcp ?? NaN,
      firstScripts: first,
      firstGzip: total(first, 'gzip'),
      firstRaw: total(first, 'raw'),
      firstTransferred: total(first, 'transferred'),
      allGzip: total(all, 'gzip'),
      allCount: all.length,
    };
  } finally {
    await context.close();
  }
}

async function firstScreen(port, url) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  try {
    // One visit first so the server has answered each kind of request once (not counted).
    await firstScreenVisit(browser, `${url}/recipes`, PROFILES[0]);
    const results = [];
    for (const profile of PROFILES) {
      const visits = [];
      for (let run = 0; run < runs; run += 1) visits.push(await firstScreenVisit(browser, `${url}/recipes`, profile));
      results.push({ profile, visits });
    }
    return results;
  } finally {
    await browser.disconnect();
  }
}

async function main() {
  const bundle = initialBundle();
  const work = mkdtempSync(join(tmpdir(), 'larder-lighthouse-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env, LARDER_DATA_DIR: join(work, 'data') };
  for (const key of Object.keys(env)) if (key.startsWith('LARDER_') && key !== 'LARDER_DATA_DIR') delete env[key];
  const logPath = join(work, 'server.log');
  const log = openSync(logPath, 'w');
  const server = spawn(larderCommand[0], [...larderCommand.slice(1), 'serve', '--host', '127.0.0.1', '--port', String(port)], {
    env,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  let chrome = null;
  const results = [];
  let firstScreenResults = [];
  try {
    try {
      await waitForHealth(url, server);
    } catch (error) {
      console.error(readFileSync(logPath, 'utf8'));
      throw error;
    }
    chrome = await launchChromium(join(work, 'chromium'));
    for (const path of paths) {
      const runnerResult = await lighthouse(
        `${url}${path}`,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
        {
          extends: 'lighthouse:default',
          // The mobile profile (Moto G Power screen, slow 4G and 4x CPU slowdown, simulated).
          settings: { formFactor: 'mobile', throttlingMethod: 'simulate' },
        },
      );
      const { categories, audits } = runnerResult.lhr;
      results.push({
        path,
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        fcp: audits['first-contentful-paint'].displayValue,
        lcp: audits['largest-contentful-paint'].displayValue,
        tbt: audits['total-blocking-time'].displayValue,
        cls: audits['cumulative-layout-shift'].displayValue,
        failedA11y: Object.values(audits)
          .filter((audit) => categories.accessibility.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0))
          .filter((audit) => audit.score !== null && audit.score < 1)
          .map((audit) => audit.id),
      });
      if (outDir) {
        mkdirSync(outDir, { recursive: true });
        writeFileSync(join(outDir, `${path.replace(/\W+/g, '_') || 'root'}.json`), runnerResult.report);
      }
    }
    firstScreenResults = await firstScreen(chrome.port, url);
  } finally {
    chrome?.child.kill('SIGTERM');
    server.kill('SIGTERM');
    await new Promise((done) => (server.exitCode !== null ? done() : server.once('exit', done)));
    rmSync(work, { recursive: true, force: true });
  }

  if (results.length > 0) printAudits(results);
  printBundle(bundle);
  printFirstScreen(firstScreenResults);
}

function printAudits(results) {
  console.log('\nLighthouse (mobile profile, simulated throttling)');
  console.log('page           performance  accessibility  FCP      LCP      TBT      CLS');
  for (const r of results) {
    const scores = `${String(r.performance).padStart(11)}  ${String(r.accessibility).padStart(13)}`;
    console.log(`${r.path.padEnd(15)}${scores}  ${r.fcp.padEnd(9)}${r.lcp.padEnd(9)}${r.tbt.padEnd(9)}${r.cls}`);
    if (r.failedA11y.length > 0) {
      console.log(`               accessibility audits not passed: ${r.failedA11y.join(', ')}`);
    }
  }
}

function printBundle(bundle) {
  console.log('\nInitial load of the built app (index.html: entry script, modulepreloads, stylesheet)');
  for (const file of bundle.files) {
    console.log(`  ${file.url.padEnd(42)} ${kb(file.raw).padStart(10)}  gzip ${kb(file.gzip).padStart(9)}`);
  }
  console.log(`  initial JS  ${kb(bundle.js.raw)} (gzip ${kb(bundle.js.gzip)})`);
  console.log(`  initial CSS ${kb(bundle.css.raw)} (gzip ${kb(bundle.css.gzip)})`);
  console.log(`  all JS chunks: ${bundle.allJs.count} files, ${kb(bundle.allJs.raw)} (gzip ${kb(bundle.allJs.gzip)})`);
}

function printFirstScreen(results) {
  if (results.length === 0) return;
  const ms = (value) => `${Math.round(value)} ms`;
  console.log(`\nFirst screen of /recipes, cold (fresh browser context), median of ${runs} runs`);
  console.log('profile                    list visible   (each run)            LCP      JS before list: gzip / transferred');
  for (const { profile, visits } of results) {
    const each = visits.map((visit) => Math.round(visit.visibleMs)).join(', ');
    const js = `${kb(median(visits.map((v) => v.firstGzip)))} / ${kb(median(visits.map((v) => v.firstTransferred)))}`;
    console.log(
      `${profile.name.padEnd(27)}${ms(median(visits.map((v) => v.visibleMs))).padStart(12)}   ${`(${each})`.padEnd(22)}` +
        `${ms(median(visits.map((v) => v.lcpMs))).padStart(8)}   ${js}`,
    );
  }
  if (showWaterfall) {
    for (const { profile, visits } of results) {
      console.log(`Requests of the first ${profile.name} visit (list visible at ${ms(visits[0].visibleMs)}):`);
      for (const request of visits[0].waterfall) {
        const name = new URL(request.url).pathname;
        console.log(`  ${ms(request.start).padStart(8)} → ${ms(request.end).padStart(8)}  ${kb(request.bytes ?? 0).padStart(9)}  ${name}`);
      }
    }
  }
  const sample = results[0].visits[0];
  console.log('Scripts loaded before the list is visible (gzip -9 of the built file, bytes on the wire):');
  for (const script of sample.firstScripts) {
    const name = new URL(script.url).pathname;
    console.log(`  ${name.padEnd(52)} gzip ${kb(script.gzip).padStart(9)}  wire ${kb(script.transferred).padStart(9)}`);
  }
  console.log(`  total gzip ${kb(sample.firstGzip)}; the whole visit until the network is quiet: ${sample.allCount} scripts, gzip ${kb(sample.allGzip)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
