// ECharts options of the PnL panel: realized PnL per UTC day as bars (gains up-coloured, losses down-coloured) and
// the equity curve as a line over time. Pure: the component hands data and colours and applies what it returns.
// The figures are exact decimal text everywhere else (tables, tooltips read them as sent); a canvas needs numbers to
// place a bar, so only the drawing converts.
import type { EChartsOption } from 'echarts'
import { compare } from '@shared/decimal'
import type { EquitySampleView } from '@shared/ipc/views/pnl'
import type { DayPnl } from '@shared/trading/pnl'
import type { ChartTheme } from './theme'

const axis = (t: ChartTheme) => ({
  axisLine: { lineStyle: { color: t.border } },
  axisLabel: { color: t.muted, fontFamily: t.font, fontSize: 10 },
  splitLine: { lineStyle: { color: t.border } }
})

/** Bars of one asset's days, oldest first; the tooltip shows the exact text. */
export function dailyPnlOption(days: readonly DayPnl[], t: ChartTheme): EChartsOption {
  return {
    animation: false,
    grid: { left: 56, right: 12, top: 12, bottom: 24 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: days.map((d) => d.day), ...axis(t), splitLine: { show: false } },
    yAxis: { type: 'value', scale: false, ...axis(t) },
    series: [
      {
        type: 'bar',
        name: days[0]?.asset ?? '',
        data: days.map((d) => ({
          value: Number(d.realized),
          itemStyle: { color: compare(d.realized, '0') < 0 ? t.down : t.up }
        })),
        tooltip: { valueFormatter: (_v, i) => days[i]?.realized ?? '' }
      }
    ]
  }
}

/** The equity samples as a line over time. */
export function equityOption(samples: readonly EquitySampleView[], t: ChartTheme): EChartsOption {
  return {
    animation: false,
    grid: { left: 64, right: 12, top: 12, bottom: 24 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'time', ...axis(t), splitLine: { show: false } },
    yAxis: { type: 'value', scale: true, ...axis(t) },
    series: [
      {
        type: 'line',
        showSymbol: samples.length < 2,
        lineStyle: { color: t.ma[2], width: 1.5 },
        itemStyle: { color: t.ma[2] },
        data: samples.map((s) => [s.at, Number(s.total)])
      }
    ]
  }
}
