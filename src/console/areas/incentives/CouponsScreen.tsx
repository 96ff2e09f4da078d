import { Tabs, Title, Stack } from '@mantine/core';
import { useState } from 'react';
import type { ListScreenProps } from '../../resource/area';
import { ResourceTable } from '../../table/ResourceTable';
import { CouponStatisticsPanel } from './CouponStatistics';

/** /coupons: the coupon list, and the coupons' usage statistics in a second tab. */
export function CouponsScreen({ resource, search, onSearchChange }: ListScreenProps) {
  const [tab, setTab] = useState<string | null>('list');
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Coupons
      </Title>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="list">Coupons</Tabs.Tab>
          <Tabs.Tab value="statistics">Statistics</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="list" pt="md">
          <ResourceTable resource={resource} search={search} onSearchChange={onSearchChange} />
        </Tabs.Panel>
        <Tabs.Panel value="statistics" pt="md">
          <CouponStatisticsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
