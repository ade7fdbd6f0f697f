import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumExecutablePath } from '../e2e/chromium';
import { startProduct } from '../e2e/start-product';
import { publicPages } from '#web/app/public-pages';
import { findFreePort } from '#server/lib/free-port';

/**
 * `npm run lighthouse`: audits every public route (publicPages: the landing page, the sign-in pages, the docs, blog
 * and guides with the heaviest entry of each catalogue, /status; ADR 0111) and, signed in, /dashboard of a freshly started product in Debian's headless
 * Chromium with Lighthouse's default (mobile, throttled) settings and prints a table of the scores and each audit's
 * time. Fails below 100 for accessibility on any page, below 100 for SEO on the public pages, and below 95 for
 * performance on any page. Builds the web app first when the build is missing or older than its sources.
 */

// Issue 20: below 95 for performance, or anything short of full marks for accessibility and SEO, fails.
const minimumScores = { performance: 95, accessibility: 100, seo: 100 } as const;
const reportedCategories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof reportedCategories)[number];

/**
 * `--only=/login,/register`: audit only these pages (any public page, a catalogue's too). `--runs=3`: audit each page
 * that many times (the worst counts).
 */
const optionValue = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const onlyPaths = optionValue('only')?.split(',');
const runs = Number(optionValue('runs') ?? 1);
/** `--chain`: also print the critical request chain of each page (what the browser waited for, in order). */
const printChain = process.argv.includes('--chain');
/** `--tasks`: also print the page's long main-thread tasks and the scripts' boot-up time (what makes the TBT). */
const printTasks = process.argv.includes('--tasks');

interface AuditedPage {
  path: string;
  /** Audited with a session cookie of a user signed up through the API. */
  signedIn?: boolean;
  /** Categories whose minimum does not apply to this page; printed only. */
  exempt?: readonly Category[];
}

/** `--every-page`: audit every page of a catalogue (each blog post, guide, integration), not only its heaviest. */
const everyPage = process.argv.includes('--every-page');

const signedInPages: readonly AuditedPage[] = [
  // Search engines never see a signed-in page (it is not marked noindex either): its SEO score is only reported.
  // Rendered on the server with the user's figures since ADR 0057.
  { path: '/dashboard', signedIn: true, exempt: ['seo'] },
];

/**
 * Every public route (ADR 0111): each page of its own, and of the routes that render a catalogue's entries
 * ("/blog/:postId") the entry whose HTML is the largest, as the one most likely to fall short. Their entries share a
 * component; auditing each would add some 20 audits (a few minutes) for the same markup with other words.
 */
async function publicPagesToAudit(baseUrl: string): Promise<AuditedPage[]> {
  if (everyPage) return publicPages.map(({ path }) => ({ path }));
  const heaviest = new Map<string, { path: string; size: number }>();
  for (const { path, route } of publicPages) {
    const size = (await (await fetch(`${baseUrl}${path}`)).text()).length;
    if (size > (heaviest.get(route)?.size ?? -1)) heaviest.set(route, { path, size });
  }
  return [...heaviest.values()].map(({ path }) => ({ path }));
}

/** Headless Chromium with its DevTools port open for Lighthouse; resolves once the port answers. */
async function startChromium() {
  const port = await findFreePort();
  const profileDir = await mkdtemp(join(tmpdir(), 'promptcron-lighthouse-chromium-'));
  const chromium = spawn(
    chromiumExecutablePath,
    [...chromiumArgs, '--headless=new', `--remote-debugging-port=${port}`, `--user-data-dir=${profileDir}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => chromium.on('exit', () => resolve()));
  const stop = async () => {
    if (chromium.exitCode === null) chromium.kill('SIGTERM');
    await exited;
    await rm(profileDir, { recursive: true, force: true });
  };
  for (let attempt = 0; ; attempt++) {
    const ready = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (chromium.exitCode !== null || attempt > 100) {
      await stop();
      throw new Error(`Chromium (${chromiumExecutablePath}) did not open its DevTools port.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { port, stop };
}

/** Signs a new user up through the API, as the register form does, and returns the session cookie it was given. */
async function signUpThroughApi(baseUrl: string): Promise<string> {
  const signUp = async (name: string, email: string) => {
    const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      // The API refuses state-changing requests from another origin (routes/csrf.ts).
      headers: { 'Content-Type': 'application/json', Origin: baseUrl },
      body: JSON.stringify({ name, email, password: 'Lighthouse-Passw0rd-audit!' }),
    });
    if (!response.ok) throw new Error(`Could not sign up ${email}: ${response.status} ${await response.text()}`);
    return response;
  };
  // The first account of a fresh install becomes its admin; the audit looks at a regular user's dashboard.
  await signUp('Install Owner', 'owner@promptcron.test');
  const response = await signUp('Lighthouse Auditor', 'lighthouse@promptcron.test');
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .filter((pair) => pair.includes('session_token='))
    .join('; ');
  if (!cookie) throw new Error('Signing up set no session cookie.');
  // The overview as a user with work sees it: active tasks with their next runs, not only empty states.
  for (const [name, localTime] of [
    ['Morning market brief', '08:00'],
    ['Weekly competitor digest', '17:30'],
  ] as const) {
    const task = await fetch(`${baseUrl}/api/tasks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: cookie },
      body: JSON.stringify({
        name,
        provider: 'openai',
        model: 'gpt-5-nano',
        scheduleType: 'daily',
        localTime,
        timezone: 'UTC',
        prompt: { input: 'Summarise the news that matters to a small online shop.', temperature: 1, searchEnabled: false },
        deliveryMethod: 'email',
        deliveryConfig: { email: 'lighthouse@promptcron.test' },
      }),
    });
    if (!task.ok) throw new Error(`Could not create the task "${name}": ${task.status} ${await task.text()}`);
  }
  return cookie;
}

type Scores = Record<Category, number>;

interface ChainNode {
  request: { url: string; endTime: number; startTime: number; transferSize: number };
  children?: Record<string, ChainNode>;
}

function printCriticalChain(path: string, details: unknown) {
  const chains = (details as { chains?: Record<string, ChainNode> } | undefined)?.chains ?? {};
  console.log(`critical request chain of ${path}:`);
  const walk = (nodes: Record<string, ChainNode>, depth: number) => {
    for (const node of Object.values(nodes)) {
      const { url, startTime, endTime, transferSize } = node.request;
      const ms = (seconds: number) => Math.round(seconds * 1000);
      console.log(`  ${'  '.repeat(depth)}${new URL(url).pathname} ${(transferSize / 1024).toFixed(1)} KB, ${ms(endTime - startTime)} ms`);
      walk(node.children ?? {}, depth + 1);
    }
  };
  walk(chains, 0);
}

/** Audits one page; prints what cost the points of a category below its minimum and returns the scores. */
/**
 * One plain request for the page and each asset its HTML names, before the audit: a server in service has answered
 * them before, while a fresh one compiles and compresses on its first request. The browser still starts with an empty
 * cache (Lighthouse clears it), so what is measured is a first visit to a running server.
 */
async function warmUp(page: AuditedPage, { baseUrl, cookie }: { baseUrl: string; cookie: string }): Promise<void> {
  const headers = { 'Accept-Encoding': 'gzip, br', ...(page.signedIn ? { Cookie: cookie } : {}) };
  const html = await (await fetch(`${baseUrl}${page.path}`, { headers })).text();
  const assets = new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((match) => match[1]));
  await Promise.all([...assets].map(async (asset) => (await fetch(`${baseUrl}${asset}`, { headers })).arrayBuffer()));
}

/**
 * Lighthouse's own trace recording sometimes fails on a busy machine (NO_NAVSTART, NO_FCP): that says nothing of the
 * page, so such a run is tried once more. Scores below the minimums are never retried.
 */
const traceFailures = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST']);

async function auditPage(page: AuditedPage, target: { baseUrl: string; port: number; cookie: string }) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditPageOnce(page, target);
    } catch (error) {
      const code = (error as Error & { lighthouseCode?: string }).lighthouseCode;
      if (attempt >= 2 || !code || !traceFailures.has(code)) throw error;
      console.warn(`Lighthouse's trace of ${page.path} failed (${code}); auditing it again.`);
    }
  }
}

async function auditPageOnce(page: AuditedPage, { baseUrl, port, cookie }: { baseUrl: string; port: number; cookie: string }) {
  await warmUp(page, { baseUrl, cookie });
  const result = await lighthouse(`${baseUrl}${page.path}`, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...reportedCategories],
    // ADR 0111: some twenty pages per run. What no score weighs is left out: the full-page screenshot and the
    // filmstrip (pictures for a report nobody opens here) and the back/forward cache check, which loads the page again.
    disableFullPageScreenshot: true,
    skipAudits: ['screenshot-thumbnails', 'final-screenshot', 'bf-cache'],
    // Lighthouse clears the origin's storage but not its cookies; the header signs every request in, fetches too.
    ...(page.signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned no result for ${page.path}.`);
  const { categories, audits, runtimeError, runWarnings, finalDisplayedUrl } = result.lhr;
  if (runtimeError) {
    throw Object.assign(new Error(`Lighthouse could not audit ${page.path}: ${runtimeError.message}`), {
      lighthouseCode: runtimeError.code,
    });
  }
  for (const warning of runWarnings) console.warn(`warning (${page.path}): ${warning}`);
  // A signed-in page that lands on /login was audited signed out: its scores would say nothing.
  if (new URL(finalDisplayedUrl).pathname !== page.path) throw new Error(`${page.path} ended on ${finalDisplayedUrl}`);

  const scores = {} as Scores;
  const failures: string[] = [];
  for (const id of reportedCategories) {
    const category = categories[id];
    const score = category?.score === null || category === undefined ? NaN : Math.round(category.score * 100);
    scores[id] = score;
    const minimum = page.exempt?.includes(id) ? undefined : minimumScores[id as keyof typeof minimumScores];
    if (minimum === undefined || score >= minimum) continue;
    failures.push(`${page.path}: ${category?.title ?? id} ${score} (minimum ${minimum})`);
    // Name what cost the points, so a failure can be acted on without opening a report.
    for (const ref of category?.auditRefs ?? []) {
      const audit = audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        failures.push(`    ${audit.title}: ${audit.displayValue ?? Math.round(audit.score * 100)}`);
      }
    }
  }
  // The metrics behind the performance score, so a run can be compared with another at a different load.
  const metric = (id: string) => audits[id]?.displayValue ?? '?';
  const metrics = `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`;
  if (printChain) printCriticalChain(page.path, audits['critical-request-chains']?.details);
  if (printTasks) {
    const items = (id: string) => (audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
    const where = (url: unknown) => (typeof url === 'string' && url.startsWith('http') ? new URL(url).pathname : String(url));
    console.log(`long tasks of ${page.path} (start, duration, simulated ms):`);
    for (const task of items('long-tasks'))
      console.log(`  ${Math.round(Number(task.startTime))} +${Math.round(Number(task.duration))} ${where(task.url)}`);
    console.log(`boot-up time of ${page.path} (total, scripting, parsing ms):`);
    for (const script of items('bootup-time')) {
      console.log(
        `  ${where(script.url)} ${Math.round(Number(script.total))} ${Math.round(Number(script.scripting))} ${Math.round(Number(script.scriptParseCompile))}`,
      );
    }
  }
  return { scores, metrics, failures, version: result.lhr.lighthouseVersion };
}

/** Whether a category other than performance is below its minimum on this page. */
function missesOtherThanPerformance(page: AuditedPage, scores: Scores): boolean {
  return (['accessibility', 'seo'] as const).some((id) => !page.exempt?.includes(id) && scores[id] < minimumScores[id]);
}

async function main(): Promise<number> {
  // startProduct runs bin/promptcron.js, which builds first when dist/ is stale.
  const product = await startProduct({ label: 'lighthouse', env: { LOG_LEVEL: 'error' } });
  try {
    const cookie = await signUpThroughApi(product.baseUrl);
    const chromium = await startChromium();
    try {
      const rows: { page: AuditedPage; scores: Scores; metrics: string }[] = [];
      const failures: string[] = [];
      let version = '';
      const auditedPages = [...(await publicPagesToAudit(product.baseUrl)), ...signedInPages];
      const pages = onlyPaths ? onlyPaths.map((path) => auditedPages.find((page) => page.path === path) ?? { path }) : auditedPages;
      for (let run = 0; run < runs; run++) {
        for (const page of pages) {
          const auditStarted = performance.now();
          let audit = await auditPage(page, { baseUrl: product.baseUrl, port: chromium.port, cookie });
          // Performance is timed on a shared machine, accessibility and SEO are not: a page that misses only the
          // performance minimum is audited once more and its better audit counts (ADR 0111's twenty pages made one
          // unlucky trace in a run likely; a page really below the minimum misses twice).
          if (
            audit.failures.length &&
            audit.scores.performance < minimumScores.performance &&
            !missesOtherThanPerformance(page, audit.scores)
          ) {
            console.warn(`${page.path}: performance ${audit.scores.performance} below ${minimumScores.performance}; auditing it again.`);
            const again = await auditPage(page, { baseUrl: product.baseUrl, port: chromium.port, cookie });
            if (again.scores.performance > audit.scores.performance) audit = again;
          }
          const seconds = (performance.now() - auditStarted) / 1000;
          rows.push({ page, scores: audit.scores, metrics: `${audit.metrics}; audited in ${seconds.toFixed(1)} s` });
          failures.push(...audit.failures);
          version = audit.version;
        }
      }

      console.log(
        `Lighthouse ${version}, ${product.baseUrl} (mobile, simulated throttling), load average ${loadavg()
          .map((load) => load.toFixed(1))
          .join(' ')}`,
      );
      console.log('(95) a minimum that fails the run, ! below it');
      const width = Math.max(12, ...pages.map((page) => page.path.length + 2));
      console.log(`  ${'page'.padEnd(width)}${reportedCategories.map((id) => id.padStart(16)).join('')}`);
      for (const { page, scores, metrics } of rows) {
        const cells = reportedCategories.map((id) => {
          const minimum = page.exempt?.includes(id) ? undefined : minimumScores[id as keyof typeof minimumScores];
          if (minimum === undefined) return String(scores[id]).padStart(16);
          return `${scores[id] >= minimum ? '' : '!'}${scores[id]} (${minimum})`.padStart(16);
        });
        console.log(`  ${page.path.padEnd(width)}${cells.join('')}${page.signedIn ? '  signed in' : ''}`);
        console.log(`  ${''.padEnd(width)}${metrics}`);
      }
      if (failures.length) console.log(`FAILED:\n  ${failures.join('\n  ')}`);
      return failures.length ? 1 : 0;
    } finally {
      await chromium.stop();
    }
  } finally {
    await product.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
