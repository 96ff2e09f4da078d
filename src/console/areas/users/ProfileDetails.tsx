import { Anchor, SimpleGrid } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { UserDetail } from '../../../contract/users';
import { CostLabel } from '../../ui/CostLabel';
import { DateTime } from '../../ui/DateTime';
import { Dash } from '../../ui/InlineText';
import { formatNumber, humanize, percentText } from '../../ui/format';
import { Money } from '../../ui/Money';
import { StatusLabel } from '../../ui/StatusLabel';
import { Field } from '../../ui/Field';
import { ProfilePanel } from './ProfilePanel';

const none = <Dash />;

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** Every field of the user profile, read-only. */
export function ProfileDetails({ user, showGrade }: { user: UserDetail; showGrade: boolean }) {
  const t = user.transactionsSummary;
  return (
    <>
      <ProfilePanel title="Details">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} component="dl" m={0}>
          <Field label="ID" definition>
            {user.id ?? none}
          </Field>
          <Field label="Name" definition>
            {user.name ?? none}
          </Field>
          <Field label="Email" definition>
            {user.email ?? none}
          </Field>
          <Field label="Telegram username" definition>
            {user.telegramUsername ?? none}
          </Field>
          <Field label="Status" definition>
            <StatusLabel value={user.status} size="sm" />
          </Field>
          <Field label="Balance" definition>
            <CostLabel value={user.balance} />
          </Field>
          <Field label="Spent" definition>
            <CostLabel value={user.spent} />
          </Field>
          {showGrade && (
            <Field label="Grade" definition>
              {user.currentGrade?.name ?? 'None'}
            </Field>
          )}
          <Field label="Personal discount" definition>
            {percentText(user.discountPercent)}
          </Field>
          <Field label="Messengers" definition>
            {yesNo(user.messengers)}
          </Field>
          <Field label="Custom prices" definition>
            {user.userServiceExists ? `Yes (${formatNumber(user.userServicesCount)})` : 'No'}
          </Field>
          <Field label="Affiliate code" definition>
            {user.affiliateCode ?? none}
          </Field>
          <Field label="Affiliates" definition>
            {formatNumber(user.affiliates)}
          </Field>
          <Field label="Referrer" definition>
            {user.referrer ? (
              <Anchor component={Link} to={`/users/${user.referrer.id}`} size="sm">
                {user.referrer.email}
              </Anchor>
            ) : (
              none
            )}
          </Field>
          <Field label="Manager" definition>
            {user.seller?.email ?? none}
          </Field>
          <Field label="Seller status" definition>
            {user.sellerStatus ? humanize(user.sellerStatus) : none}
          </Field>
          <Field label="Contact step" definition>
            {user.contactStep?.name ?? none}
          </Field>
          <Field label="Marketing subid" definition>
            {user.marketingSubid ?? none}
          </Field>
          <Field label="Verification documents" definition>
            {formatNumber(user.verificationDocumentsCount)}
          </Field>
          <Field label="Created" definition>
            <DateTime value={user.createdAt} />
          </Field>
          <Field label="Updated" definition>
            <DateTime value={user.updatedAt} />
          </Field>
          <Field label="Frozen at" definition>
            {user.frozenAt ? <DateTime value={user.frozenAt} /> : none}
          </Field>
          <Field label="Deactivated at" definition>
            {user.deactivatedAt ? <DateTime value={user.deactivatedAt} /> : none}
          </Field>
        </SimpleGrid>
      </ProfilePanel>
      <ProfilePanel title="Transactions">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} component="dl" m={0}>
          <Field label="Transactions" definition>
            {formatNumber(t.count)}
          </Field>
          <Field label="Main balance" definition>
            <Money value={t.main} />
          </Field>
          <Field label="Tasks balance" definition>
            <Money value={t.task} />
          </Field>
          <Field label="Referral program balance" definition>
            <Money value={t.referral} />
          </Field>
          <Field label="Last transaction" definition>
            {t.lastTransactionAt ? <DateTime value={t.lastTransactionAt} /> : none}
          </Field>
        </SimpleGrid>
      </ProfilePanel>
    </>
  );
}
