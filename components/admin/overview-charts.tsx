'use client';

import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card } from '@/components/ui/card';
import type { overviewSeries } from '@/lib/ops/console';

type Series = Awaited<ReturnType<typeof overviewSeries>>;

const palette = ['#0f766e', '#b45309', '#b91c1c', '#1d4ed8', '#7c3aed', '#0e7490', '#4d7c0f', '#be185d', '#57534e'];

function Chart({ title, children, empty }: { title: string; children: React.ReactElement; empty: boolean }) {
  return (
    <Card title={title}>
      {empty ? (
        <p className="py-12 text-center text-sm text-stone-500">Nothing in the last 24 hours.</p>
      ) : (
        <div className="h-56">
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        </div>
      )}
    </Card>
  );
}

/** The overview's charts over the last 24 hours (UTC axes). */
export function OverviewCharts({ series }: { series: Series }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Chart title="Requests per minute by status class" empty={!series.requests.length}>
        <AreaChart data={series.requests}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="minute" fontSize={11} />
          <YAxis allowDecimals={false} fontSize={11} />
          <Tooltip />
          <Legend />
          <Area type="monotone" dataKey="2xx/3xx" stackId="1" stroke={palette[0]} fill={palette[0]} />
          <Area type="monotone" dataKey="4xx" stackId="1" stroke={palette[1]} fill={palette[1]} />
          <Area type="monotone" dataKey="5xx" stackId="1" stroke={palette[2]} fill={palette[2]} />
        </AreaChart>
      </Chart>
      <Chart title="Latency p50 / p95 (ms)" empty={!series.requests.length}>
        <LineChart data={series.requests}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="minute" fontSize={11} />
          <YAxis fontSize={11} />
          <Tooltip />
          <Legend />
          <Line type="monotone" dataKey="p50" stroke={palette[0]} dot={false} />
          <Line type="monotone" dataKey="p95" stroke={palette[2]} dot={false} />
        </LineChart>
      </Chart>
      <Chart title="Webhook deliveries per hour" empty={!series.deliveries.length}>
        <BarChart data={series.deliveries}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="hour" fontSize={11} />
          <YAxis allowDecimals={false} fontSize={11} />
          <Tooltip />
          <Legend />
          <Bar dataKey="succeeded" stackId="d" fill={palette[0]} />
          <Bar dataKey="failed" stackId="d" fill={palette[2]} />
          <Bar dataKey="backlog" stackId="d" fill={palette[1]} />
        </BarChart>
      </Chart>
      <Chart title="Orders per hour by status" empty={!series.orders.length}>
        <BarChart data={series.orders}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="hour" fontSize={11} />
          <YAxis allowDecimals={false} fontSize={11} />
          <Tooltip />
          <Legend />
          {series.orderStatuses.map((status, index) => (
            <Bar key={status} dataKey={status} stackId="o" fill={palette[index % palette.length]} />
          ))}
        </BarChart>
      </Chart>
      <Chart title="Top error codes" empty={!series.topErrors.length}>
        <BarChart data={series.topErrors} layout="vertical">
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis type="number" allowDecimals={false} fontSize={11} />
          <YAxis type="category" dataKey="code" width={170} fontSize={11} />
          <Tooltip />
          <Bar dataKey="count" fill={palette[1]} />
        </BarChart>
      </Chart>
    </div>
  );
}
