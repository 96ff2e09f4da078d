import { ColorInput, SimpleGrid, TextInput } from '@mantine/core';
import type { ContractForm } from '../../forms/useContractForm';

/** The icon name and colour of a network or a service type. */
export function IconColorFields({ form }: { form: ContractForm<any, any> }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label="Icon" placeholder="youtube" description="The storefront's icon name." {...form.getInputProps('icon')} />
      <ColorInput
        label="Colour"
        placeholder="#ff0000"
        format="hex"
        description="Written #rrggbb."
        eyeDropperButtonProps={{ 'aria-label': 'Pick the colour from the screen' }}
        {...form.getInputProps('color')}
      />
    </SimpleGrid>
  );
}

/** '' -> null for optional texts the contract takes as null. */
export const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** One value per line. */
export const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
