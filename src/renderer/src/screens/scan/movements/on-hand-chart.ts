import type { Chart as ChartType } from 'chart.js';
import type { OnHandSeries } from './on-hand-series';

/** What the chart says in the desk's language and locale. */
export interface ChartWords {
  locale: string;
  warehouse: (id: string) => string;
  /** An axis tick: a day. */
  day: (ms: number) => string;
  /** A point's tooltip: day and time. */
  when: (ms: number) => string;
  number: (n: number) => string;
}

/** Line colours, in turn per warehouse: the theme's, so the chart follows light and dark. */
const PALETTE = ['--accent', '--warn', '--ok', '--bad', '--muted'] as const;
const WEEK_MS = 7 * 86_400_000;

/**
 * Draws the on-hand lines on `canvas` over `span` (ms) with chart.js, loaded the first time a
 * chart is shown (it is no part of the start) and with only the line chart's parts registered. No
 * animation: the figures are there at once. Colours are read from the page's CSS variables, again
 * when the computer switches between light and dark. Returns what removes the chart.
 */
export async function drawOnHand(canvas: HTMLCanvasElement, series: readonly OnHandSeries[], span: { from: number; to: number }, words: ChartWords): Promise<() => void> {
  const { Chart, LineController, LineElement, PointElement, LinearScale, Legend, Tooltip } = await import('chart.js');
  Chart.register(LineController, LineElement, PointElement, LinearScale, Legend, Tooltip);
  const colour = (name: string): string => getComputedStyle(canvas).getPropertyValue(name).trim();
  const chart: ChartType<'line', Array<{ x: number; y: number }>> = new Chart(canvas, {
    type: 'line',
    data: {
      datasets: series.map((s) => ({
        label: words.warehouse(s.warehouseId),
        data: s.points,
        // A figure holds until the next one is seen.
        stepped: true,
        borderWidth: 2,
        // A dot where a figure was seen; none at the end, which is only "still so now".
        pointRadius: s.points.map((_, i) => (i === s.points.length - 1 ? 0 : 3)),
      })),
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      locale: words.locale,
      scales: {
        // The whole period asked for, not only the part with changes: where nothing changed is news
        // too. Ticks a week apart back from today: days, not the round milliseconds a linear axis picks.
        x: {
          type: 'linear',
          min: span.from,
          max: span.to,
          afterBuildTicks: (axis) => {
            axis.ticks = weekTicks(span).map((value) => ({ value }));
          },
          ticks: { callback: (v) => words.day(Number(v)) },
        },
        y: { type: 'linear', ticks: { precision: 0, callback: (v) => words.number(Number(v)) } },
      },
      plugins: {
        legend: { display: series.length > 1 },
        tooltip: { callbacks: { title: (items) => words.when(items[0]?.parsed.x ?? 0) } },
      },
    },
  });
  const paint = (): void => {
    const text = colour('--muted');
    const grid = colour('--border');
    chart.data.datasets.forEach((d, i) => {
      const c = colour(PALETTE[i % PALETTE.length]!);
      d.borderColor = c;
      d.backgroundColor = c;
    });
    for (const axis of [chart.options.scales!['x']!, chart.options.scales!['y']!]) {
      axis.ticks!.color = text;
      axis.grid!.color = grid;
    }
    chart.options.plugins!.legend!.labels!.color = colour('--fg');
    chart.update('none');
  };
  paint();
  const scheme = window.matchMedia('(prefers-color-scheme: dark)');
  scheme.addEventListener('change', paint);
  return () => {
    scheme.removeEventListener('change', paint);
    chart.destroy();
  };
}

/** A tick each week from `to` back to `from`, oldest first. */
function weekTicks({ from, to }: { from: number; to: number }): number[] {
  const ticks: number[] = [];
  for (let t = to; t >= from; t -= WEEK_MS) ticks.unshift(t);
  return ticks;
}
