// Market data: the market list, the market panel (book, trades, chart, stats), the monitor.
export const market = {}
