'use client';

import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className = '', ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List className={`inline-flex gap-1 rounded-lg bg-stone-100 p-1 ${className}`} {...props} />;
}

export function TabsTrigger({ className = '', ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={`touch-target inline-flex items-center gap-2 rounded-md px-3 text-sm font-medium text-stone-600 data-[state=active]:bg-white data-[state=active]:text-stone-900 data-[state=active]:shadow-sm focus-visible:outline-2 focus-visible:outline-brand-500 ${className}`}
      {...props}
    />
  );
}

export const TabsContent = TabsPrimitive.Content;
