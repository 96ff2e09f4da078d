import '@mantine/dropzone/styles.css';
import { Button, Group, Image, Input, Loader, Paper, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useUncontrolled } from '@mantine/hooks';
import { useEffect, useId, useRef, useState, type FocusEventHandler, type ReactNode } from 'react';
import { checkImage, DEFAULT_IMAGE_ACCEPT, describeRules, formatBytes, type Dimensions, type ImageRules } from './image';
import { UploadIcon } from './icons';

/** A chosen file, the URL of the image already saved, or nothing. */
export type ImageValue = File | string | null;

export interface ImageUploadFieldProps extends ImageRules {
  value?: ImageValue;
  defaultValue?: ImageValue;
  onChange?: (value: ImageValue) => void;
  label?: ReactNode;
  description?: ReactNode;
  /** An error from the form or the server; a failed check of a chosen file shows instead. */
  error?: ReactNode;
  withAsterisk?: boolean;
  disabled?: boolean;
  /** Height of the preview in pixels. */
  previewHeight?: number;
  /** How pixel sizes are read; the browser's image decoder by default. */
  readDimensions?: (file: File) => Promise<Dimensions>;
  onFocus?: FocusEventHandler<HTMLElement>;
  onBlur?: FocusEventHandler<HTMLElement>;
}

const nameOf = (value: File | string) => (typeof value === 'string' ? decodeURIComponent(value.split(/[?#]/)[0].split('/').pop() || value) : value.name);

/** The preview's address: an object URL for a chosen file (revoked when it changes), the URL itself for a saved image. */
function usePreviewUrl(value: ImageValue): string | null {
  const [url, setUrl] = useState<string | null>(typeof value === 'string' ? value : null);
  useEffect(() => {
    if (value instanceof File) {
      const objectUrl = URL.createObjectURL(value);
      setUrl(objectUrl);
      return () => URL.revokeObjectURL(objectUrl);
    }
    setUrl(value || null);
    return undefined;
  }, [value]);
  return url;
}

/**
 * An image chosen with a button or dropped on the zone, checked before it is accepted (format,
 * bytes, pixel size) with a sentence saying what is wrong, previewed, and removable. The form value
 * is the File to upload, the URL of the saved image, or null; bodies holding a File go out as
 * multipart (see toMultipart).
 */
export function ImageUploadField({
  value,
  defaultValue,
  onChange,
  label,
  description,
  error,
  withAsterisk,
  disabled,
  previewHeight = 120,
  readDimensions,
  onFocus,
  onBlur,
  accept = DEFAULT_IMAGE_ACCEPT,
  maxBytes,
  exactDimensions,
  maxDimensions,
}: ImageUploadFieldProps) {
  const [image, setImage] = useUncontrolled<ImageValue>({ value, defaultValue, finalValue: null, onChange });
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const openRef = useRef<() => void>(null);
  const attempt = useRef(0);
  const id = useId();
  const preview = usePreviewUrl(image);
  const rules: ImageRules = { accept, maxBytes, exactDimensions, maxDimensions };

  const take = async (file: File) => {
    const mine = ++attempt.current;
    setChecking(true);
    const message = await checkImage(file, rules, readDimensions);
    if (mine !== attempt.current) return; // a newer file was chosen meanwhile
    setChecking(false);
    setProblem(message);
    if (!message) setImage(file);
  };

  const onDrop = (files: File[]) => {
    if (files[0]) void take(files[0]);
  };
  const onReject = (rejections: FileRejection[]) => {
    if (rejections.length > 1 || rejections.some((r) => r.errors.some((e) => e.code === 'too-many-files'))) {
      attempt.current += 1;
      setChecking(false);
      setProblem('Choose one image at a time.');
      return;
    }
    if (rejections[0]) void take(rejections[0].file);
  };
  const remove = () => {
    attempt.current += 1;
    setChecking(false);
    setProblem(null);
    setImage(null);
  };

  const mimeTypes = accept.filter((a) => a.includes('/'));

  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      error={problem ?? error}
      errorProps={{ role: 'alert' }}
      withAsterisk={withAsterisk}
      labelElement="div"
    >
      <Stack gap="xs" mt={label || description ? 4 : 0} role="group" aria-labelledby={label ? `${id}-label` : undefined} onFocus={onFocus} onBlur={onBlur}>
        {image && preview ? (
          <Paper withBorder p="xs" radius="sm">
            <Group gap="sm" wrap="nowrap" align="center">
              <Image src={preview} alt={`Preview of ${nameOf(image)}`} h={previewHeight} w="auto" maw="60%" fit="contain" radius="xs" />
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text size="sm" truncate="end">
                  {nameOf(image)}
                </Text>
                {image instanceof File && (
                  <Text size="xs" c="dimmed">
                    {formatBytes(image.size)}
                  </Text>
                )}
                <Button size="xs" variant="light" color="red" onClick={remove} disabled={disabled}>
                  Remove
                </Button>
              </Stack>
            </Group>
          </Paper>
        ) : null}
        <Dropzone
          onDrop={onDrop}
          onReject={onReject}
          accept={mimeTypes.length ? mimeTypes : undefined}
          multiple={false}
          openRef={openRef}
          disabled={disabled}
          activateOnClick={false}
          activateOnKeyboard={false}
          enablePointerEvents
          p="md"
          inputProps={{ 'aria-hidden': true, tabIndex: -1 }}
        >
          <Group justify="center" gap="sm" wrap="wrap">
            <UploadIcon />
            <Text size="sm">Drop an image here or</Text>
            <Button size="xs" variant="default" onClick={() => openRef.current?.()} disabled={disabled} aria-describedby={`${id}-rules`}>
              {image ? 'Choose another image' : 'Choose an image'}
            </Button>
            {checking && <Loader size="xs" aria-label="Checking the image" />}
          </Group>
          <Text id={`${id}-rules`} size="xs" c="dimmed" ta="center" mt={6}>
            {describeRules(rules)}
          </Text>
        </Dropzone>
      </Stack>
    </Input.Wrapper>
  );
}
