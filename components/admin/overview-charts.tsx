'use client';

import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card } from '@/components/ui/card';
import type { overviewSeries } from '@/lib/ops/overview';

type Series = Awaited<ReturnType<typeof overviewSeries>>;

// Colours by meaning: green went well, amber waits or needs a look, red failed; blues for work under way, grey for
// what ended without harm. A new order is news, not trouble.
const tone = { good: '#15803d', waiting: '#b45309', bad: '#b91c1c', neutral: '#57534e', p50: '#1d4ed8', p95: '#7c3aed' } as const;
const orderColour: Record<string, string> = {
  CREATED: '#1d4ed8',
  ACCEPTED: '#0e7490',
  BEING_PREPARED: '#0369a1',
  READY: '#4d7c0f',
  OUT_FOR_DELIVERY: '#65a30d',
  FULFILLED: tone.good,
  REJECTED: tone.bad,
  CANCELLED_BY_MERCHANT: tone.waiting,
  CANCELLED_BY_CUSTOMER: tone.neutral,
};
/** A status in words: BEING_PREPARED reads "Being prepared". */
const words = (status: string) => status.charAt(0) + status.slice(1).toLowerCase().replaceAll('_', ' ');

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
          {/* Counts per minute are steps, not a curve between them. */}
          <Area type="stepAfter" dataKey="2xx/3xx" stackId="1" stroke={tone.good} fill={tone.good} />
          <Area type="stepAfter" dataKey="4xx" stackId="1" stroke={tone.waiting} fill={tone.waiting} />
          <Area type="stepAfter" dataKey="5xx" stackId="1" stroke={tone.bad} fill={tone.bad} />
        </AreaChart>
      </Chart>
      <Chart title="Latency p50 / p95 (ms)" empty={!series.requests.length}>
        <LineChart data={series.requests}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="minute" fontSize={11} />
          <YAxis fontSize={11} />
          <Tooltip />
          <Legend />
          <Line type="stepAfter" dataKey="p50" stroke={tone.p50} dot={false} />
          <Line type="stepAfter" dataKey="p95" stroke={tone.p95} dot={false} />
        </LineChart>
      </Chart>
      <Chart title="Webhook deliveries per hour" empty={!series.deliveries.length}>
        <BarChart data={series.deliveries}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="hour" fontSize={11} />
          <YAxis allowDecimals={false} fontSize={11} />
          <Tooltip />
          <Legend />
          <Bar dataKey="succeeded" stackId="d" fill={tone.good} />
          <Bar dataKey="failed" stackId="d" fill={tone.bad} />
          <Bar dataKey="backlog" name="waiting" stackId="d" fill={tone.waiting} />
        </BarChart>
      </Chart>
      <Chart title="Orders per hour by status" empty={!series.orders.length}>
        <BarChart data={series.orders}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="hour" fontSize={11} />
          <YAxis allowDecimals={false} fontSize={11} />
          <Tooltip />
          <Legend />
          {series.orderStatuses.map((status) => (
            <Bar key={status} dataKey={status} name={words(status)} stackId="o" fill={orderColour[status] ?? tone.neutral} />
          ))}
        </BarChart>
      </Chart>
      <Chart title="Top error codes" empty={!series.topErrors.length}>
        <BarChart data={series.topErrors} layout="vertical">
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis type="number" allowDecimals={false} fontSize={11} />
          <YAxis type="category" dataKey="code" width={170} fontSize={11} />
          <Tooltip />
          <Bar dataKey="count" fill={tone.bad} />
        </BarChart>
      </Chart>
    </div>
  );
}
