import { NumberInput, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { gradeBodySchema, type GradeBody, type GradeRow } from '../../../contract/incentives';
import type { Translations } from '../../../contract/locales';
import type { ActionDialogProps } from '../../resource/actions';
import { FormDialog } from '../../forms/FormDialog';
import { MoneyInput } from '../../forms/fields/MoneyInput';
import { PercentInput } from '../../forms/fields/PercentInput';
import { TranslationsField } from '../../forms/fields/TranslationsField';
import { useContractForm } from '../../forms/useContractForm';

/**
 * The grade editor: translated name (English required), icon, spending goal,
 * discount percent (3 decimals, shown ×100), thumbnail and consultation chat periods in days, and
 * the closed-sales and personal-manager flags.
 */

interface Values {
  translations: Translations<'name'>;
  icon: string;
  spendingGoal: string;
  discountPercent: string;
  thumbnailPeriod: number | string;
  consultationChatPeriod: number | string;
  availableClosedSales: boolean;
  availablePersonalManager: boolean;
}

const days = (v: number | string): number | null => (v === '' ? null : Number(v));

const toBody = (v: Values): GradeBody => ({
  translations: v.translations,
  icon: v.icon || null,
  spendingGoal: v.spendingGoal,
  discountPercent: v.discountPercent,
  thumbnailPeriod: days(v.thumbnailPeriod),
  consultationChatPeriod: days(v.consultationChatPeriod),
  availableClosedSales: v.availableClosedSales,
  availablePersonalManager: v.availablePersonalManager,
});

export function GradeDialog({ row: given, ...props }: ActionDialogProps<GradeRow, GradeBody>) {
  const row = given as GradeRow | undefined;
  const form = useContractForm<Values, GradeBody>({
    schema: gradeBodySchema,
    errors: props.errors,
    transform: toBody,
    initialValues: {
      translations: (row?.translations ?? {}) as Values['translations'],
      icon: row?.icon ?? '',
      spendingGoal: row ? row.spendingGoal.replace(/\.?0+$/, '') || '0' : '',
      discountPercent: row?.discountPercent ?? '',
      thumbnailPeriod: row?.thumbnailPeriod ?? '',
      consultationChatPeriod: row?.consultationChatPeriod ?? '',
      availableClosedSales: row?.availableClosedSales ?? false,
      availablePersonalManager: row?.availablePersonalManager ?? false,
    },
    draft: { key: row ? `grade:${row.id}` : 'grade:new' },
  });
  return (
    <FormDialog form={form} {...props} submitLabel={row ? 'Save' : 'Create grade'}>
      <TranslationsField
        label="Name"
        required={['en']}
        fields={[{ name: 'name', label: 'Name' }]}
        {...form.getInputProps('translations')}
        errors={form.errors}
      />
      <TextInput label="Icon" placeholder="grade-gold.svg" description="The icon's file name or address" {...form.getInputProps('icon')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MoneyInput label="Spending goal" required decimals={2} description="Spent in total to reach the grade" {...form.getInputProps('spendingGoal')} />
        <PercentInput label="Discount" required decimals={3} {...form.getInputProps('discountPercent')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput label="Thumbnail period (days)" min={0} allowDecimal={false} placeholder="None" {...form.getInputProps('thumbnailPeriod')} />
        <NumberInput
          label="Consultation chat period (days)"
          min={0}
          allowDecimal={false}
          placeholder="None"
          {...form.getInputProps('consultationChatPeriod')}
        />
      </SimpleGrid>
      <Switch label="Closed sales available" {...form.getInputProps('availableClosedSales', { type: 'checkbox' })} />
      <Switch label="Personal manager available" {...form.getInputProps('availablePersonalManager', { type: 'checkbox' })} />
    </FormDialog>
  );
}
