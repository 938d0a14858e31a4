// Types for the vendored uPlot module, as far as the client's type check needs them (chart.js).
declare class uPlot {
  constructor(opts: object, data: unknown[], target: HTMLElement);
  setSize(size: { width: number; height: number }): void;
  destroy(): void;
  static paths: { bars(opts: object): unknown };
}
export default uPlot;
