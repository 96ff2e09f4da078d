import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { UserDetail } from '../../../contract/users';
import { CostLabel } from '../../ui/CostLabel';
import { DateTime } from '../../ui/DateTime';
import { Dash } from '../../ui/InlineText';
import { formatNumber, humanize, percentText } from '../../ui/format';
import { Money } from '../../ui/Money';
import { StatusLabel } from '../../ui/StatusLabel';
import { ProfilePanel } from './ProfilePanel';

const none = <Dash />;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children ?? none}
      </Text>
    </Stack>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** Every field of the user profile, read-only. */
export function ProfileDetails({ user, showGrade }: { user: UserDetail; showGrade: boolean }) {
  const t = user.transactionsSummary;
  return (
    <>
      <ProfilePanel title="Details">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} component="dl" m={0}>
          <Field label="ID">{user.id}</Field>
          <Field label="Name">{user.name}</Field>
          <Field label="Email">{user.email}</Field>
          <Field label="Telegram username">{user.telegramUsername}</Field>
          <Field label="Status">
            <StatusLabel value={user.status} size="sm" />
          </Field>
          <Field label="Balance">
            <CostLabel value={user.balance} />
          </Field>
          <Field label="Spent">
            <CostLabel value={user.spent} />
          </Field>
          {showGrade && <Field label="Grade">{user.currentGrade?.name ?? 'None'}</Field>}
          <Field label="Personal discount">{percentText(user.discountPercent)}</Field>
          <Field label="Messengers">{yesNo(user.messengers)}</Field>
          <Field label="Custom prices">{user.userServiceExists ? `Yes (${formatNumber(user.userServicesCount)})` : 'No'}</Field>
          <Field label="Affiliate code">{user.affiliateCode}</Field>
          <Field label="Affiliates">{formatNumber(user.affiliates)}</Field>
          <Field label="Referrer">
            {user.referrer ? (
              <Anchor component={Link} to={`/users/${user.referrer.id}`} size="sm">
                {user.referrer.email}
              </Anchor>
            ) : null}
          </Field>
          <Field label="Manager">{user.seller?.email}</Field>
          <Field label="Seller status">{user.sellerStatus ? humanize(user.sellerStatus) : null}</Field>
          <Field label="Contact step">{user.contactStep?.name}</Field>
          <Field label="Marketing subid">{user.marketingSubid}</Field>
          <Field label="Verification documents">{formatNumber(user.verificationDocumentsCount)}</Field>
          <Field label="Created">
            <DateTime value={user.createdAt} />
          </Field>
          <Field label="Updated">
            <DateTime value={user.updatedAt} />
          </Field>
          <Field label="Frozen at">{user.frozenAt ? <DateTime value={user.frozenAt} /> : null}</Field>
          <Field label="Deactivated at">{user.deactivatedAt ? <DateTime value={user.deactivatedAt} /> : null}</Field>
        </SimpleGrid>
      </ProfilePanel>
      <ProfilePanel title="Transactions">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} component="dl" m={0}>
          <Field label="Transactions">{formatNumber(t.count)}</Field>
          <Field label="Main balance">
            <Money value={t.main} />
          </Field>
          <Field label="Tasks balance">
            <Money value={t.task} />
          </Field>
          <Field label="Referral program balance">
            <Money value={t.referral} />
          </Field>
          <Field label="Last transaction">{t.lastTransactionAt ? <DateTime value={t.lastTransactionAt} /> : null}</Field>
        </SimpleGrid>
      </ProfilePanel>
    </>
  );
}
