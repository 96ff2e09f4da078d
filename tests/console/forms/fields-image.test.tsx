import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageUploadField, checkImage, hasFiles, toMultipart, type Dimensions, type ImageValue } from '../../../src/console/forms/fields';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const MB = 1024 * 1024;
const file = (name: string, type: string, bytes = 1000) => new File([new Uint8Array(bytes)], name, { type });
/** Pixel sizes by file name: happy-dom decodes no images. */
const sizes = (byName: Record<string, Dimensions>) => async (f: File) => {
  const size = byName[f.name];
  if (!size) throw new Error('not an image');
  return size;
};

describe('checkImage', () => {
  it('refuses a format outside the accept list, naming the accepted ones', async () => {
    expect(await checkImage(file('a.gif', 'image/gif'))).toBe('The image must be a PNG, JPEG or SVG file.');
    expect(await checkImage(file('a.png', 'image/png'), { accept: ['image/webp'] })).toBe('The image must be a WebP file.');
    expect(await checkImage(file('logo.svg', ''))).toBeNull(); // no type from the browser: read from the name
    expect(await checkImage(file('a.webp', 'image/webp'), { accept: ['image/*'] })).toBeNull();
  });

  it('refuses a file above the byte limit, saying both sizes', async () => {
    expect(await checkImage(file('big.jpg', 'image/jpeg', 3 * MB), { maxBytes: 2 * MB })).toBe('The image must be at most 2 MB (this one is 3 MB).');
    expect(await checkImage(file('ok.jpg', 'image/jpeg', 2 * MB), { maxBytes: 2 * MB })).toBeNull();
  });

  it('checks exact and largest pixel sizes of raster images only', async () => {
    const read = sizes({ 'wide.png': { width: 300, height: 170 }, 'fit.png': { width: 260, height: 170 } });
    const exact = { exactDimensions: { width: 260, height: 170 } };
    expect(await checkImage(file('wide.png', 'image/png'), exact, read)).toBe('The image must be exactly 260 × 170 pixels (this one is 300 × 170).');
    expect(await checkImage(file('fit.png', 'image/png'), exact, read)).toBeNull();
    expect(await checkImage(file('wide.png', 'image/png'), { maxDimensions: { width: 200, height: 200 } }, read)).toBe(
      'The image must be at most 200 × 200 pixels (this one is 300 × 170).',
    );
    expect(await checkImage(file('broken.png', 'image/png'), exact, read)).toBe('The image could not be read.');
    expect(await checkImage(file('any.svg', 'image/svg+xml'), exact, read)).toBeNull();
  });
});

function BannerForm({ initial = null as ImageValue, children }: { initial?: ImageValue; children: (props: any) => ReactNode }) {
  const form = useForm<{ image: ImageValue }>({ mode: 'controlled', initialValues: { image: initial } });
  const v = form.getValues().image;
  return (
    <MantineProvider env="test">
      {children(form.getInputProps('image'))}
      <output data-testid="held">{v instanceof File ? `file:${v.name}` : JSON.stringify(v)}</output>
    </MantineProvider>
  );
}
const held = () => screen.getByTestId('held').textContent;
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

describe('ImageUploadField', () => {
  const rules = {
    maxBytes: 2 * MB,
    exactDimensions: { width: 260, height: 170 },
    readDimensions: sizes({ 'banner.png': { width: 260, height: 170 }, 'wrong.png': { width: 100, height: 100 } }),
  };

  it('refuses a wrong format and a too large file with a message, keeping the value', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<BannerForm>{(props) => <ImageUploadField label="Image" {...rules} {...props} />}</BannerForm>);
    expect(screen.getByText('PNG, JPEG or SVG · up to 2 MB · 260 × 170 pixels')).toBeInTheDocument();

    await user.upload(fileInput(), file('anim.gif', 'image/gif'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The image must be a PNG, JPEG or SVG file.');
    expect(held()).toBe('null');

    await user.upload(fileInput(), file('huge.png', 'image/png', 5 * MB));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The image must be at most 2 MB (this one is 5 MB).'));
    expect(held()).toBe('null');

    await user.upload(fileInput(), file('wrong.png', 'image/png'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('exactly 260 × 170 pixels (this one is 100 × 100)'));
    expect(held()).toBe('null');
  });

  it('takes a dropped image, previews it and removes it, releasing the preview', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview-1');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<BannerForm>{(props) => <ImageUploadField label="Image" {...rules} {...props} />}</BannerForm>);

    const zone = fileInput().parentElement as HTMLElement;
    const banner = file('banner.png', 'image/png');
    fireEvent.drop(zone, { dataTransfer: { files: [banner], items: [{ kind: 'file', type: banner.type, getAsFile: () => banner }], types: ['Files'] } });
    await waitFor(() => expect(held()).toBe('file:banner.png'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The preview's object URL is made after the value lands.
    expect(await screen.findByRole('img', { name: 'Preview of banner.png' })).toHaveAttribute('src', 'blob:preview-1');
    expect(created).toHaveBeenCalledWith(banner);
    expect(screen.getByRole('button', { name: 'Choose another image' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(held()).toBe('null');
    expect(revoked).toHaveBeenCalledWith('blob:preview-1');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose an image' })).toBeInTheDocument();
  });

  it('previews a saved image by its URL and shows a server error under the field', async () => {
    const user = userEvent.setup();
    render(
      <BannerForm initial="https://cdn.example.com/banners/summer%20sale.png">
        {(props) => <ImageUploadField label="Image" {...props} error="The image failed to upload." />}
      </BannerForm>,
    );
    expect(screen.getByRole('img', { name: 'Preview of summer sale.png' })).toHaveAttribute('src', 'https://cdn.example.com/banners/summer%20sale.png');
    expect(screen.getByRole('alert')).toHaveTextContent('The image failed to upload.');
    expect(screen.getByRole('group', { name: 'Image' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(held()).toBe('null');
  });
});

describe('toMultipart', () => {
  it("names nested values in Laravel's bracket style and sends files at any depth", () => {
    const image = file('banner.png', 'image/png');
    const background = file('bg.jpg', 'image/jpeg');
    const body = {
      place: 'main',
      isEnabled: true,
      hidden: false,
      scrollDelay: 3,
      content: null,
      untouched: undefined,
      countries: ['DE', 'FR'],
      informations: [
        { image, backgroundImage: 'https://cdn.example.com/old.png', sorting: 1, translations: { en: { title: 'Hi' }, pt_BR: { title: 'Olá' } } },
        { image: null, backgroundImage: background, sorting: 2, translations: {} },
      ],
    };
    expect(hasFiles(body)).toBe(true);
    const form = toMultipart(body, { methodOverride: 'PATCH' });
    const entries = [...form.entries()].map(([k, v]) => [k, v instanceof File ? `file:${v.name}` : v]);
    expect(entries).toEqual([
      ['place', 'main'],
      ['isEnabled', '1'],
      ['hidden', '0'],
      ['scrollDelay', '3'],
      ['content', ''],
      ['countries[0]', 'DE'],
      ['countries[1]', 'FR'],
      ['informations[0][image]', 'file:banner.png'],
      ['informations[0][backgroundImage]', 'https://cdn.example.com/old.png'],
      ['informations[0][sorting]', '1'],
      ['informations[0][translations][en][title]', 'Hi'],
      ['informations[0][translations][pt_BR][title]', 'Olá'],
      ['informations[1][image]', ''],
      ['informations[1][backgroundImage]', 'file:bg.jpg'],
      ['informations[1][sorting]', '2'],
      ['_method', 'PATCH'],
    ]);
    expect(form.get('informations[0][image]')).toBe(image);
    expect(hasFiles({ a: [{ b: 'x' }] })).toBe(false);
  });
});
