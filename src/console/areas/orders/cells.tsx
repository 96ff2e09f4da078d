import { Anchor, Badge, Group, Text } from '@mantine/core';
import type { PriceModification } from '../../../contract/orders';
import { recordPath } from '../../history/recordLinks';
import { AppLink, Dash } from '../../table/cells';
import { formatMoney, formatNumber } from '../../ui/format';
import { priceModificationKindLabel, SOURCE_TYPE_LABELS } from './labels';
import type { OrderSourceType } from '../../../contract/orders';

/** Cell renderers of the orders family. */

export function UrlCell({ url }: { url: string }) {
  if (!url) return <Dash />;
  return (
    <Anchor href={url} target="_blank" rel="noreferrer noopener" size="sm" onClick={(e) => e.stopPropagation()}>
      {url}
    </Anchor>
  );
}

/** Price modifications by kind: coupon, (local) discount, custom price, free trial. */
export function PriceModifications({ items }: { items: PriceModification[] }) {
  if (items.length === 0) return <Dash />;
  return (
    <Group gap={4}>
      {items.map((m, i) => {
        const kind = priceModificationKindLabel(m);
        const amount = m.percent !== null ? `−${formatNumber(m.percent, { decimals: 2, trimFractions: true })} %` : `−${formatMoney(m.amount)}`;
        return (
          <Badge key={i} variant="light" size="sm" tt="none" title={`${kind}: ${m.name} (${amount})`} data-kind={m.kind}>
            {kind}: {m.name} {amount}
          </Badge>
        );
      })}
    </Group>
  );
}

/**
 * Where an order came from, and the chip of the record that placed it (a drip feed's run, a combo
 * order's part, a subscription's content), linking to that record's screen where it has one.
 */
export function SourceCell({ source, sourceType, sourceId }: { source: string; sourceType: OrderSourceType | null; sourceId: number | null }) {
  const chip = sourceType && (
    <Badge variant="outline" size="sm" tt="none">
      {SOURCE_TYPE_LABELS[sourceType]}
      {sourceId !== null ? ` #${sourceId}` : ''}
    </Badge>
  );
  const to = sourceType ? recordPath(sourceType, sourceId) : undefined;
  return (
    <Group gap={4} wrap="nowrap">
      <Text component="span" size="sm">
        {source}
      </Text>
      {chip && to ? <AppLink to={to}>{chip}</AppLink> : chip}
    </Group>
  );
}
