import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';

/**
 * chart.js with only what the Today screen draws (bars, their axes, legend and tooltip), loaded with
 * `import()` when the screen shows a chart, so a start never fetches it. No animation: a chart is
 * read at a glance, and the same figures must draw the same picture every time.
 */
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export type Tone = 'accent' | 'warn' | 'ok' | 'bad' | 'muted';

export interface BarsSpec {
  labels: string[];
  series: Array<{ label: string; values: number[]; tone: Tone }>;
  /** Bars lying down: long names (reasons, workers) read along the bar. */
  horizontal: boolean;
  /** The desk's format locale, for the numbers on the axis and in the tooltip. */
  locale: string;
}

// The app's own colours, read where the chart is: the dark scheme's values when it is dark.
function palette(el: Element): (name: string) => string {
  const style = getComputedStyle(el);
  return (name) => style.getPropertyValue(`--${name}`).trim() || '#888';
}

function config(el: Element, spec: BarsSpec): ConstructorParameters<typeof Chart<'bar'>>[1] {
  const colour = palette(el);
  const stacked = spec.series.length > 1 && !spec.horizontal;
  const axis = { ticks: { color: colour('muted'), precision: 0 }, grid: { color: colour('border') }, border: { color: colour('border-strong') } };
  return {
    type: 'bar',
    data: {
      labels: spec.labels,
      datasets: spec.series.map((s) => ({ label: s.label, data: s.values, backgroundColor: colour(s.tone), borderRadius: 3, maxBarThickness: 28 })),
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      locale: spec.locale,
      indexAxis: spec.horizontal ? 'y' : 'x',
      scales: {
        x: { ...axis, stacked, beginAtZero: true, grid: { ...axis.grid, display: spec.horizontal } },
        y: { ...axis, stacked, beginAtZero: true, grid: { ...axis.grid, display: !spec.horizontal } },
      },
      plugins: {
        legend: { display: spec.series.length > 1, position: 'bottom', labels: { color: colour('fg'), boxWidth: 12, boxHeight: 12 } },
        tooltip: { enabled: true },
      },
    },
  };
}

/** Draws the bars on the canvas; `draw` again with new figures or colours, `destroy` when the figure goes. */
export function drawBars(canvas: HTMLCanvasElement, spec: BarsSpec): { draw(spec: BarsSpec): void; destroy(): void } {
  let chart = new Chart(canvas, config(canvas, spec));
  return {
    draw(next) {
      chart.destroy();
      chart = new Chart(canvas, config(canvas, next));
    },
    destroy: () => chart.destroy(),
  };
}
