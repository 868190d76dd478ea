// Lighthouse (the npm package, v12: v13 needs Node 22) against pages of the running stack, in the
// Debian Chromium. Its default config is the mobile one: a phone screen, simulated slow 4G and a
// 4× slower CPU; every page is loaded cold.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium';

/** The issue's targets, out of 100. */
export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100 } as const;
export type Category = keyof typeof LIGHTHOUSE_TARGETS;
const CATEGORIES = Object.keys(LIGHTHOUSE_TARGETS) as Category[];

export interface AuditNote {
  id: string;
  title: string;
  /** What Lighthouse shows beside it: "Est savings of 80 KiB", "4.6 s"… */
  displayValue?: string;
}

export interface LighthousePage {
  name: string;
  path: string;
  /** Sent with every request of the page (e.g. the browser key an order opens for). */
  headers?: Record<string, string>;
}

export interface LighthouseResult extends LighthousePage {
  /** 0–100 per category; null when the category could not be scored. */
  scores: Record<Category, number | null>;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number };
  /** The audits that cost points in a category below its target. */
  failing: Record<Category, AuditNote[]>;
  /** What Lighthouse says about the page's JavaScript (for whoever owns the bundles). */
  javascript: AuditNote[];
  runtimeError?: string;
}

const JS_AUDITS = [
  'unused-javascript',
  'duplicated-javascript',
  'legacy-javascript',
  'bootup-time',
  'mainthread-work-breakdown',
  'total-byte-weight',
  'render-blocking-resources',
  'uses-rel-preconnect',
  'long-tasks',
];

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
}

const note = (audit: Audit): AuditNote => ({ id: audit.id, title: audit.title, displayValue: audit.displayValue });

/** Runs Lighthouse on each page in turn, in one Chromium, and reads the scores and what cost points. */
export async function runLighthouse(
  baseUrl: string,
  pages: LighthousePage[],
  { chromePath = CHROMIUM_PATH } = {},
): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_ARGS, logLevel: 'silent' });
  try {
    const results: LighthouseResult[] = [];
    for (const page of pages) {
      const runner = await lighthouse(
        `${baseUrl}${page.path}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
          formFactor: 'mobile',
          extraHeaders: page.headers,
        },
        undefined,
      );
      if (!runner) throw new Error(`Lighthouse returned nothing for ${page.path}`);
      const { lhr } = runner;
      const audits = lhr.audits as unknown as Record<string, Audit>;
      const scores = {} as LighthouseResult['scores'];
      const failing = {} as LighthouseResult['failing'];
      for (const category of CATEGORIES) {
        const scored = lhr.categories[category];
        scores[category] = scored?.score == null ? null : Math.round(scored.score * 100);
        failing[category] =
          scores[category] !== null && scores[category]! >= LIGHTHOUSE_TARGETS[category]
            ? []
            : (scored?.auditRefs ?? [])
                .filter((ref) => ref.weight > 0)
                .map((ref) => audits[ref.id]!)
                .filter((audit) => audit.score !== null && audit.score < 1)
                .map(note);
      }
      const metric = (id: string) => audits[id]?.numericValue ?? NaN;
      results.push({
        ...page,
        scores,
        metrics: {
          fcpMs: metric('first-contentful-paint'),
          lcpMs: metric('largest-contentful-paint'),
          tbtMs: metric('total-blocking-time'),
          cls: metric('cumulative-layout-shift'),
          speedIndexMs: metric('speed-index'),
        },
        failing,
        javascript: JS_AUDITS.map((id) => audits[id])
          .filter((audit): audit is Audit => Boolean(audit) && audit!.score !== null && audit!.score < 0.9)
          .map(note),
        runtimeError: lhr.runtimeError?.message,
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

/** The Lighthouse section of RESULTS.md: a score table, then what cost points and what it says about JS. */
export function lighthouseMarkdown(results: LighthouseResult[]): string {
  const score = (value: number | null, category: Category) =>
    value === null ? 'n/a' : value >= LIGHTHOUSE_TARGETS[category] ? `${value}` : `**${value}**`;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lines = [
    `| Lighthouse (mobile) | performance | accessibility | best practices | LCP | TBT | CLS |`,
    `| --- | --- | --- | --- | --- | --- | --- |`,
    `| target | ≥ ${LIGHTHOUSE_TARGETS.performance} | ${LIGHTHOUSE_TARGETS.accessibility} | ${LIGHTHOUSE_TARGETS['best-practices']} | | | |`,
    ...results.map(
      (r) =>
        `| ${r.name} \`${r.path}\` | ${score(r.scores.performance, 'performance')} | ${score(r.scores.accessibility, 'accessibility')} | ${score(r.scores['best-practices'], 'best-practices')} | ${seconds(r.metrics.lcpMs)} | ${Math.round(r.metrics.tbtMs)} ms | ${r.metrics.cls.toFixed(3)} |`,
    ),
    ``,
  ];
  const below = results.flatMap((r) =>
    CATEGORIES.filter((c) => r.failing[c].length > 0).map(
      (c) =>
        `- ${r.name}, ${c} ${r.scores[c] ?? 'n/a'}: ${r.failing[c].map((a) => `\`${a.id}\` ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`).join('; ')}`,
    ),
  );
  const errors = results.filter((r) => r.runtimeError).map((r) => `- ${r.name}: runtime error ${r.runtimeError}`);
  if (below.length || errors.length)
    lines.push('Below target, the audits that cost points:', '', ...errors, ...below, '');
  const js = results
    .filter((r) => r.javascript.length)
    .map(
      (r) =>
        `- ${r.name}: ${r.javascript.map((a) => `\`${a.id}\`${a.displayValue ? ` ${a.displayValue}` : ''}`).join('; ')}`,
    );
  if (js.length) lines.push('What Lighthouse says about the JavaScript:', '', ...js, '');
  return lines.join('\n');
}
