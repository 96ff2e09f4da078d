import { Button, Kbd, Text, UnstyledButton } from '@mantine/core';
import { usePalette } from './PaletteProvider';
import classes from './CommandPalette.module.css';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The header's way into the palette, for the mouse; it shows the shortcut that skips it. */
export function PaletteButton() {
  const { open } = usePalette();
  return (
    <>
      <UnstyledButton className={classes.trigger} onClick={open} visibleFrom="sm" aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}>
        <Text size="sm" c="dimmed" component="span">
          Search or run a command…
        </Text>
        <Kbd size="xs">{isMac ? '⌘' : 'Ctrl'} K</Kbd>
      </UnstyledButton>
      <Button variant="subtle" size="compact-sm" onClick={open} hiddenFrom="sm" aria-label="Search or run a command">
        ⌘
      </Button>
    </>
  );
}
