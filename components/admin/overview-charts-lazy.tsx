'use client';

import dynamic from 'next/dynamic';

// The charting library is most of the overview's JavaScript: it loads after the page, which shows the figures first.
export const OverviewChartsLazy = dynamic(() => import('./overview-charts').then((module) => module.OverviewCharts), {
  ssr: false,
  loading: () => <p className="py-12 text-center text-sm text-stone-500">Loading charts…</p>,
});
