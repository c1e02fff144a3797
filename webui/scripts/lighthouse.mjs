#!/usr/bin/env node
// `make lighthouse`: Lighthouse (mobile profile, performance + accessibility) of /home, /login and a
// recipe page against a temporary `larder serve` (fresh data dir in a temp folder, a free port),
// driving Debian's Chromium headless. Nothing leaves the machine. Also prints the initial JS and CSS
// of the built app (what index.html loads before the first route chunk), gzipped.
//
// Usage: CHROME_PATH=/usr/bin/chromium node webui/scripts/lighthouse.mjs [--larder .venv/bin/larder]
//        [--out DIR] [path ...]
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

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const buildDir = join(repoRoot, 'src/larder/static/web');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  if (index < 0) return fallback;
  const [value] = args.splice(index, 2).slice(1);
  return value;
};
const larderBin = option('--larder', join(repoRoot, '.venv/bin/larder'));
const outDir = option('--out', null);
const paths = args.length > 0 ? args : ['/home', '/login', '/recipes/1'];
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

async function main() {
  const bundle = initialBundle();
  const work = mkdtempSync(join(tmpdir(), 'larder-lighthouse-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env, LARDER_DATA_DIR: join(work, 'data') };
  for (const key of Object.keys(env)) if (key.startsWith('LARDER_') && key !== 'LARDER_DATA_DIR') delete env[key];
  const logPath = join(work, 'server.log');
  const log = openSync(logPath, 'w');
  const server = spawn(larderBin, ['serve', '--host', '127.0.0.1', '--port', String(port)], {
    env,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  let chrome = null;
  const results = [];
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
  } finally {
    chrome?.child.kill('SIGTERM');
    server.kill('SIGTERM');
    await new Promise((done) => (server.exitCode !== null ? done() : server.once('exit', done)));
    rmSync(work, { recursive: true, force: true });
  }

  console.log('\nLighthouse (mobile profile, simulated throttling)');
  console.log('page           performance  accessibility  FCP      LCP      TBT      CLS');
  for (const r of results) {
    const scores = `${String(r.performance).padStart(11)}  ${String(r.accessibility).padStart(13)}`;
    console.log(`${r.path.padEnd(15)}${scores}  ${r.fcp.padEnd(9)}${r.lcp.padEnd(9)}${r.tbt.padEnd(9)}${r.cls}`);
    if (r.failedA11y.length > 0) {
      console.log(`               accessibility audits not passed: ${r.failedA11y.join(', ')}`);
    }
  }
  console.log('\nInitial load of the built app (index.html: entry script, modulepreloads, stylesheet)');
  for (const file of bundle.files) {
    console.log(`  ${file.url.padEnd(42)} ${kb(file.raw).padStart(10)}  gzip ${kb(file.gzip).padStart(9)}`);
  }
  console.log(`  initial JS  ${kb(bundle.js.raw)} (gzip ${kb(bundle.js.gzip)})`);
  console.log(`  initial CSS ${kb(bundle.css.raw)} (gzip ${kb(bundle.css.gzip)})`);
  console.log(`  all JS chunks: ${bundle.allJs.count} files, ${kb(bundle.allJs.raw)} (gzip ${kb(bundle.allJs.gzip)})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
