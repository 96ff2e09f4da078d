import { Alert, Checkbox, ColorInput, Group, MultiSelect, Select, SimpleGrid, Skeleton, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CREATE_ORDER_TYPE_LABELS,
  CREATE_ORDER_TYPES,
  CURRENCY_CODES,
  GRADE_PERIOD_LABELS,
  GRADE_PERIODS,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  SOCIAL_NETWORKS,
  panelSettingsBodySchema,
  type PanelSettings,
  type PanelSettingsBody,
} from '../../../contract/panel-settings';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { SETTINGS_QUERY_KEY } from '../../session/instanceSettings';
import { FormScreen, FormSection } from '../../forms/FormScreen';
import { ImageUploadField, type ImageValue } from '../../forms/fields/ImageUploadField';
import { toMultipart } from '../../forms/fields/multipart';
import { PercentInput } from '../../forms/fields/PercentInput';
import { useContractForm } from '../../forms/useContractForm';

/**
 * Panel settings (read with GET, saved with one multipart POST): every field in sections. Images
 * are uploaded with the save (checked here for type and size, and
 * again by the server), previewed, and removable. A saved panel name or favicon reaches every open
 * console at once (the server's settings.updated event).
 */

type Values = Omit<PanelSettings, 'favicon' | 'logoLight' | 'logoDark'> & { favicon: ImageValue; logoLight: ImageValue; logoDark: ImageValue };

const SOCIAL_LABELS: Record<(typeof SOCIAL_NETWORKS)[number], string> = {
  telegram: 'Telegram',
  instagram: 'Instagram',
  facebook: 'Facebook',
  x: 'X',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  whatsapp: 'WhatsApp',
  vk: 'VK',
};
const PALETTE_FIELDS = [
  ['primary', 'Primary'],
  ['background', 'Background'],
  ['text', 'Text'],
  ['link', 'Links'],
] as const;
const imageRules = { accept: IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES };

export function PanelSettingsScreen() {
  const query = useQuery({ queryKey: ['panel-settings'], queryFn: ({ signal }) => api('panelSettingsShow', { signal }), staleTime: 0 });
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Panel settings
      </Title>
      {query.isPending ? (
        <Skeleton h={600} />
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(query.error)}
        </Alert>
      ) : (
        <SettingsForm settings={query.data} />
      )}
    </Stack>
  );
}

function SettingsForm({ settings }: { settings: PanelSettings }) {
  const queryClient = useQueryClient();
  const form = useContractForm<Values, PanelSettingsBody>({
    schema: panelSettingsBodySchema,
    initialValues: settings,
    transform: (v) => v as PanelSettingsBody,
    // Files cannot be kept in a draft; the settings are saved whole.
    draft: null,
  });

  const save = async (body: PanelSettingsBody) => {
    const answer = await api('panelSettingsUpdate', { body: toMultipart(body as Record<string, unknown>) as never });
    notifications.show({ color: 'teal', message: answer.message });
    queryClient.setQueryData(['panel-settings'], answer.settings);
    form.setValues(answer.settings);
    form.resetDirty(answer.settings);
    // This console's title and icon change now; the others hear the server's event.
    await queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
  };

  const enabled = form.values.currencies.enabled;
  const rated = enabled.filter((code) => code !== form.values.currencies.default);

  return (
    <FormScreen form={form} onSubmit={save}>
      <FormSection title="Panel" description="The name is the console's title; the favicon replaces its icon.">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Panel name" required {...form.getInputProps('panelName')} />
          <TextInput label="Panel id" {...form.getInputProps('panelId')} />
        </SimpleGrid>
        <Group mt="md" gap="xl">
          <Switch label="In-house panel" {...form.getInputProps('inhouse', { type: 'checkbox' })} />
          <Switch label="Captcha on sign-in" {...form.getInputProps('captchaIsEnabled', { type: 'checkbox' })} />
        </Group>
        {form.values.captchaIsEnabled && <TextInput mt="sm" label="Captcha site key" {...form.getInputProps('captchaSiteKey')} />}
      </FormSection>

      <FormSection title="Sign-in security">
        <Switch
          label="Require two-factor sign-in for members who manage staff"
          description="Members with the Manage staff permission set up an authenticator app at their next sign-in and cannot turn it off."
          {...form.getInputProps('staffTwoFactorRequired', { type: 'checkbox' })}
        />
      </FormSection>

      <FormSection title="Icon and logos" description="PNG, JPEG, SVG, ICO or WebP, up to 1 MB each.">
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <ImageUploadField label="Favicon" {...imageRules} {...form.getInputProps('favicon')} />
          <ImageUploadField label="Logo, light theme" {...imageRules} {...form.getInputProps('logoLight')} />
          <ImageUploadField label="Logo, dark theme" {...imageRules} {...form.getInputProps('logoDark')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
          <TextInput label="Logo link" placeholder="https://" {...form.getInputProps('logoUrl')} />
          <TextInput label="Logo alt text" {...form.getInputProps('logoAlt')} />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Referral program and margins">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <PercentInput label="Default referral percent" {...form.getInputProps('defaultReferralPercent')} />
          <PercentInput label="Minimal margin" {...form.getInputProps('margin.minimalMarginPercent')} />
          <PercentInput label="Default resale margin" {...form.getInputProps('margin.defaultResaleMarginPercent')} />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Branding">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Company name" {...form.getInputProps('branding.companyName')} />
          <TextInput label="Support e-mail" type="email" {...form.getInputProps('branding.supportEmail')} />
        </SimpleGrid>
        <Textarea mt="sm" label="Footer text" autosize minRows={2} {...form.getInputProps('branding.footerText')} />
      </FormSection>

      <FormSection title="Socials">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {SOCIAL_NETWORKS.map((n) => (
            <TextInput key={n} label={SOCIAL_LABELS[n]} placeholder="https://" {...form.getInputProps(`socials.${n}`)} />
          ))}
        </SimpleGrid>
      </FormSection>

      <FormSection title="Colours">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {(['light', 'dark'] as const).map((scheme) => (
            <Stack key={scheme} gap="xs">
              <Text fw={600}>{scheme === 'light' ? 'Light theme' : 'Dark theme'}</Text>
              {PALETTE_FIELDS.map(([key, label]) => (
                <ColorInput key={key} label={`${label} (${scheme})`} format="hex" withEyeDropper={false} {...form.getInputProps(`colors.${scheme}.${key}`)} />
              ))}
            </Stack>
          ))}
        </SimpleGrid>
      </FormSection>

      <FormSection title="Currencies" description="Rates are units of each currency per one unit of the default currency.">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="Default currency" data={[...CURRENCY_CODES]} allowDeselect={false} {...form.getInputProps('currencies.default')} />
          <MultiSelect label="Enabled currencies" data={[...CURRENCY_CODES]} {...form.getInputProps('currencies.enabled')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 4 }} mt="sm">
          {rated.map((code) => (
            <TextInput
              key={code}
              label={`${code} rate`}
              inputMode="decimal"
              {...form.getInputProps(`currencies.rates.${code}`)}
              value={form.values.currencies.rates[code] ?? ''}
            />
          ))}
        </SimpleGrid>
      </FormSection>

      <FormSection title="Integrations">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Google Analytics id" {...form.getInputProps('integrations.googleAnalyticsId')} />
          <TextInput label="Google Tag Manager id" {...form.getInputProps('integrations.googleTagManagerId')} />
          <TextInput label="Yandex Metrika id" {...form.getInputProps('integrations.yandexMetrikaId')} />
          <TextInput label="Intercom app id" {...form.getInputProps('integrations.intercomAppId')} />
          <TextInput label="Telegram support bot" {...form.getInputProps('integrations.telegramSupportBot')} />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Orders, banners and grades">
        <Checkbox.Group label="Order types customers can create" {...form.getInputProps('createOrderTypes')}>
          <Group mt={6}>
            {CREATE_ORDER_TYPES.map((t) => (
              <Checkbox key={t} value={t} label={CREATE_ORDER_TYPE_LABELS[t]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group mt="md" gap="xl" align="flex-end">
          <Switch label="Banners shown" {...form.getInputProps('banners.enabled', { type: 'checkbox' })} />
          <Switch label="Grades (loyalty program) on" {...form.getInputProps('grades.enabled', { type: 'checkbox' })} />
          <Select
            label="Grades are reached by"
            data={GRADE_PERIODS.map((p) => ({ value: p, label: GRADE_PERIOD_LABELS[p] }))}
            allowDeselect={false}
            w={300}
            {...form.getInputProps('grades.period')}
          />
        </Group>
      </FormSection>
    </FormScreen>
  );
}
