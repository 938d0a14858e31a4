// Thin wrapper over the vendored uPlot: time on x, one or two y scales, sized to its container.
import uPlot from "../vendor/uplot/uPlot.esm.js";

const COLORS = ["#0ea5e9", "#f97316", "#22c55e", "#a855f7"];
const DAY_S = 86400;

const fromZeroRange = (u, min, max) => [0, Math.max(1, max * 1.1)];
const snugRange = (u, min, max) => [Math.floor(min * 0.9), Math.ceil(max * 1.05) || 1];

/**
 * Draw into `container`. `x` are Date objects; each series is {label, values, scale?: "y"|"y2", bars?}.
 * Returns the uPlot instance (destroy() it when the view goes away).
 */
export function timeChart(container, { x, series, height = 200, fromZero = true }) {
  const width = Math.max(280, container.clientWidth || 340);
  const hasY2 = series.some((s) => s.scale === "y2");
  // Half a step of padding on both sides keeps the first and last bars inside the plot.
  // From the data itself: uPlot widens a single-point time range to years on its own.
  const seconds = x.map((d) => d.getTime() / 1000);
  const first = Math.min(...seconds);
  const last = Math.max(...seconds);
  const pad = x.length > 1 ? (last - first) / (x.length - 1) / 2 : 3 * DAY_S;
  const xRange = () => [first - pad, last + pad];
  /** @type {Record<string, {time?: boolean, range: Function}>} */
  const scales = { x: { time: true, range: xRange }, y: { range: fromZero ? fromZeroRange : snugRange } };
  /** @type {Array<Record<string, unknown>>} */
  const axes = [
    { stroke: "#64748b", grid: { stroke: "#e2e8f0" } },
    { stroke: "#64748b", grid: { stroke: "#e2e8f0" }, size: 50 },
  ];
  if (hasY2) {
    scales.y2 = { range: fromZeroRange };
    axes.push({ scale: "y2", side: 1, stroke: "#64748b", grid: { show: false }, size: 40 });
  }
  const opts = {
    width,
    height,
    legend: { show: true, live: false },
    cursor: { drag: { x: false, y: false } },
    scales,
    axes,
    series: [
      {},
      ...series.map((s, i) => ({
        label: s.label,
        scale: s.scale || "y",
        stroke: COLORS[i % COLORS.length],
        fill: s.bars ? `${COLORS[i % COLORS.length]}55` : undefined,
        width: 2,
        points: { show: s.points !== false, size: 6 },
        dash: s.dash,
        paths: s.bars ? uPlot.paths.bars({ size: [0.6, 40] }) : undefined,
      })),
    ],
  };
  const data = [seconds, ...series.map((s) => s.values)];
  return new uPlot(opts, data, container);
}
