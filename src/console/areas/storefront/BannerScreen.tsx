import { detailFallback } from '../../ui/DetailFallback';
import { ActionIcon, Button, ColorInput, Group, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BANNER_IMAGE_MAX_BYTES,
  BANNER_IMAGE_SIZES,
  BANNER_IMAGE_TYPES,
  BANNER_MAX_SLIDES,
  BANNER_PLACE_LABELS,
  BANNER_TEXT_FIELDS,
  BANNER_TYPE_LABELS,
  BANNER_TYPES,
  bannerBodySchema,
  bannerSizeOf,
  clampScrollDelay,
  SCROLL_DELAY_MAX,
  SCROLL_DELAY_MIN,
  type BannerBody,
  type BannerDetail,
  type BannerType,
} from '../../../contract/storefront';
import type { Translations } from '../../../contract/locales';
import { api } from '../../api/client';
import type { RecordScreenProps } from '../../resource/area';
import { ImageUploadField, SortableList, toMultipart, TranslationsField, type ImageValue } from '../../forms/fields';
import { FormScreen, FormSection } from '../../forms/FormScreen';
import { useContractForm, type ContractForm } from '../../forms/useContractForm';
import { RecordHistory } from '../../history/RecordHistory';
import { listKeyPrefix } from '../../list/listQuery';
import { confirm } from '../../ui/confirm';
import { StatusLabel } from '../../ui/StatusLabel';
import { bannerQuery } from './queries';
import { RecordHeader } from '../../ui/RecordHeader';

/**
 * One banner: its type (none disables the place), scroll delay (1–15 seconds; 3 when left empty),
 * HTML content, and slides — each with a background image, a background
 * colour, an image and per-language texts and colours — put in order by dragging, by keyboard or
 * with Move up / Move down (sorting renumbered on save). Images are checked against the place's
 * sizes and the formats PNG, JPEG and SVG before upload; the server checks again. Saved as
 * multipart (POST with _method=PATCH).
 */

type TextField = (typeof BANNER_TEXT_FIELDS)[number];
interface SlideValue {
  key: string;
  id?: number;
  backgroundImage: ImageValue;
  image: ImageValue;
  backgroundColor: string;
  translations: Translations<TextField>;
}
interface Values {
  type: BannerType;
  scrollDelay: number | string;
  content: string;
  informations: SlideValue[];
}

let keySeq = 0;
const newSlide = (): SlideValue => ({ key: `new-${++keySeq}`, backgroundImage: null, image: null, backgroundColor: '', translations: {} });

const TEXT_LABELS: Record<TextField, string> = {
  title: 'Title',
  titleColor: 'Title colour',
  subTitle: 'Subtitle',
  subTitleColor: 'Subtitle colour',
  buttonText: 'Button text',
  buttonTextColor: 'Button text colour',
  buttonBgColor: 'Button colour',
  buttonLink: 'Button link',
};

const toBody = (v: Values): BannerBody => ({
  type: v.type,
  // Clamped to 1–15, 3 when empty.
  scrollDelay: clampScrollDelay(v.scrollDelay === '' ? null : v.scrollDelay),
  content: v.content,
  informations: v.informations.map((s) => ({
    ...(s.id !== undefined ? { id: s.id } : {}),
    backgroundImage: s.backgroundImage,
    image: s.image,
    backgroundColor: s.backgroundColor || null,
    translations: s.translations,
  })),
});

const initialValues = (b: BannerDetail): Values => ({
  type: b.type,
  // Read as 0 when never saved; the field shows it empty so saving sends the default.
  scrollDelay: b.scrollDelay || '',
  content: b.content,
  informations: b.informations.map((s) => ({
    key: `s-${s.id}`,
    id: s.id,
    backgroundImage: s.backgroundImage,
    image: s.image,
    backgroundColor: s.backgroundColor ?? '',
    translations: s.translations as Translations<TextField>,
  })),
});

export function BannerScreen({ id }: RecordScreenProps) {
  const query = useQuery(bannerQuery(id));
  const fallback = detailFallback(query, { loading: 'Loading the banner', title: 'Banner' });
  if (fallback || !query.data) return fallback;
  return (
    <Stack gap="md">
      <BannerHeader banner={query.data} />
      <BannerForm key={`${query.data.id}:${query.data.updatedAt}`} banner={query.data} />
      <RecordHistory type="banner" id={id} />
    </Stack>
  );
}

function BannerHeader({ banner }: { banner: BannerDetail }) {
  const queryClient = useQueryClient();
  const remove = async () => {
    await confirm({
      title: `Remove the ${BANNER_PLACE_LABELS[banner.place]} banner?`,
      body: `Its ${banner.informationsCount} slide${banner.informationsCount === 1 ? '' : 's'} and their images are deleted and the place shows nothing.`,
      agree: 'Remove',
      disagree: 'Cancel',
      agreeColor: 'red',
      undoable: false,
      onAgree: async () => {
        const answer = await api('bannersDelete', { params: { bannerId: banner.id } });
        queryClient.setQueryData(bannerQuery(banner.id).queryKey, answer.banner);
        notifications.show({ color: 'teal', title: 'Banner removed', message: answer.message });
        await queryClient.invalidateQueries({ queryKey: listKeyPrefix('banners') });
      },
    });
  };
  return (
    <RecordHeader
      back={{ to: '/banners', label: 'Banners' }}
      title={`${BANNER_PLACE_LABELS[banner.place]} banner`}
      status={<StatusLabel value={banner.status === 'active' ? 'active' : 'disabled'} text={banner.status === 'active' ? 'Active' : 'Disabled'} />}
      actions={
        <Button size="xs" variant="light" color="red" onClick={() => void remove()} disabled={banner.type === 'none' && banner.informationsCount === 0}>
          Remove banner
        </Button>
      }
    />
  );
}

function BannerForm({ banner }: { banner: BannerDetail }) {
  const queryClient = useQueryClient();
  const form = useContractForm<Values, BannerBody>({
    schema: bannerBodySchema,
    initialValues: initialValues(banner),
    transform: toBody,
    draft: null,
  });
  const v = form.values;
  const sizes = BANNER_IMAGE_SIZES[bannerSizeOf(banner.place)];
  const save = async (body: BannerBody) => {
    const answer = await api('bannersUpdate', {
      params: { bannerId: banner.id },
      body: toMultipart(body as Record<string, unknown>, { methodOverride: 'PATCH' }) as never,
    });
    notifications.show({ color: 'teal', title: 'Banner saved', message: answer.message });
    queryClient.setQueryData(bannerQuery(banner.id).queryKey, answer.banner);
    await queryClient.invalidateQueries({ queryKey: listKeyPrefix('banners') });
  };
  return (
    <FormScreen form={form} onSubmit={save}>
      <FormSection
        title="Banner"
        description={`Images for this place: background ${sizes.backgroundImage.width} × ${sizes.backgroundImage.height}, image ${sizes.image.width} × ${sizes.image.height} pixels.`}
      >
        <Group grow align="flex-start">
          <Select
            label="Type"
            required
            allowDeselect={false}
            description="None disables the banner."
            data={BANNER_TYPES.map((t) => ({ value: t, label: BANNER_TYPE_LABELS[t] }))}
            {...form.getInputProps('type')}
          />
          <NumberInput
            label="Scroll delay (seconds)"
            description={`Between slides, ${SCROLL_DELAY_MIN} to ${SCROLL_DELAY_MAX}; empty means 3.`}
            min={SCROLL_DELAY_MIN}
            max={SCROLL_DELAY_MAX}
            clampBehavior="blur"
            allowDecimal={false}
            {...form.getInputProps('scrollDelay')}
          />
        </Group>
        {v.type === 'html' && (
          <Textarea label="Content" description="HTML shown at the place." autosize minRows={3} maxRows={12} {...form.getInputProps('content')} />
        )}
      </FormSection>
      <FormSection
        title={`Slides (${v.informations.length})`}
        description="Drag a slide by its handle, or use its arrows or the keyboard (space to pick up, arrows to move), to change the order."
      >
        <Stack gap="xs" data-path="informations">
          {typeof form.errors.informations === 'string' && (
            <Text size="sm" c="red">
              {form.errors.informations}
            </Text>
          )}
          <SortableList<SlideValue>
            label="Slides in order"
            value={v.informations}
            onChange={(items) => form.setFieldValue('informations', items)}
            getId={(s) => s.key}
            getLabel={(s) => `slide ${s.translations.en?.title || '(untitled)'}`}
            emptyText="No slides yet."
            renderItem={(slide, index) => <SlideFields form={form} index={index} slide={slide} sizes={sizes} />}
          />
          <Group>
            <Button
              variant="light"
              size="xs"
              disabled={v.informations.length >= BANNER_MAX_SLIDES}
              onClick={() => form.insertListItem('informations', newSlide())}
            >
              Add slide
            </Button>
          </Group>
        </Stack>
      </FormSection>
    </FormScreen>
  );
}

function SlideFields({
  form,
  index,
  slide,
  sizes,
}: {
  form: ContractForm<Values, BannerBody>;
  index: number;
  slide: SlideValue;
  sizes: (typeof BANNER_IMAGE_SIZES)['long'];
}) {
  const path = `informations.${index}`;
  return (
    <Stack gap="xs" py={4}>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          Slide {index + 1}
          {slide.translations.en?.title ? `: ${slide.translations.en.title}` : ''}
        </Text>
        <ActionIcon variant="subtle" color="red" aria-label={`Remove slide ${index + 1}`} onClick={() => form.removeListItem('informations', index)}>
          ×
        </ActionIcon>
      </Group>
      <Group grow align="flex-start">
        <ImageUploadField
          label="Background image"
          accept={BANNER_IMAGE_TYPES}
          maxBytes={BANNER_IMAGE_MAX_BYTES}
          exactDimensions={sizes.backgroundImage}
          previewHeight={60}
          {...form.getInputProps(`${path}.backgroundImage`)}
        />
        <ImageUploadField
          label="Image"
          accept={BANNER_IMAGE_TYPES}
          maxBytes={BANNER_IMAGE_MAX_BYTES}
          exactDimensions={sizes.image}
          previewHeight={60}
          {...form.getInputProps(`${path}.image`)}
        />
      </Group>
      <ColorInput
        label="Background colour"
        format="hex"
        placeholder="#1c7ed6"
        w={220}
        eyeDropperButtonProps={{ 'aria-label': `Pick slide ${index + 1}'s background colour from the screen` }}
        {...form.getInputProps(`${path}.backgroundColor`)}
      />
      <TranslationsField
        label="Texts"
        path={`${path}.translations`}
        fields={BANNER_TEXT_FIELDS.map((f) => ({ name: f, label: TEXT_LABELS[f] }))}
        {...form.getInputProps(`${path}.translations`)}
        errors={form.errors}
      />
    </Stack>
  );
}
