import { Avatar, Group, Kbd, Menu, Text, UnstyledButton, VisuallyHidden, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useState } from 'react';
import { useSession } from '../session/SessionContext';
import { SessionsDialog } from '../session/SessionsDialog';
import { TwoFactorDialog } from '../session/TwoFactorDialog';
import { useMountedSinceOpened } from '../ui/useMountedSinceOpened';
import { LogoutIcon, MoonIcon, SunIcon } from './icons';
import { useShortcutsOverlay } from './keyboard/KeyboardShortcuts';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('') || '?';

/** Who is signed in, the theme switch, the member's signed-in devices, two-factor sign-in and logout. */
export function ProfileMenu() {
  const { profile, logout } = useSession();
  const { open: openShortcuts } = useShortcutsOverlay();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const name = profile?.name ?? '';
  const nextScheme = scheme === 'dark' ? 'light' : 'dark';
  const [sessionsOpen, setSessionsOpen] = useState(false);
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  const sessionsMounted = useMountedSinceOpened(sessionsOpen);
  const twoFactorMounted = useMountedSinceOpened(twoFactorOpen);

  return (
    <>
      <Menu position="bottom-end" width={260} withinPortal shadow="md">
        <Menu.Target>
          <UnstyledButton p={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            <Group gap="xs" wrap="nowrap">
              {/* The name is what the member sees: "Account menu for <name>". */}
              <VisuallyHidden>Account menu for {name || 'the signed-in member'}</VisuallyHidden>
              <Avatar size="sm" radius="xl" color="indigo" aria-hidden>
                {initials(name)}
              </Avatar>
              <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate aria-hidden>
                {name}
              </Text>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
              {name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {profile?.email}
            </Text>
          </Menu.Label>
          <Menu.Divider />
          <Menu.Item leftSection={nextScheme === 'dark' ? <MoonIcon /> : <SunIcon />} onClick={() => setColorScheme(nextScheme)} closeMenuOnClick={false}>
            {nextScheme === 'dark' ? 'Dark theme' : 'Light theme'}
          </Menu.Item>
          <Menu.Item onClick={openShortcuts} rightSection={<Kbd size="xs">?</Kbd>}>
            Keyboard shortcuts
          </Menu.Item>
          <Menu.Item onClick={() => setSessionsOpen(true)}>Signed-in devices</Menu.Item>
          <Menu.Item onClick={() => setTwoFactorOpen(true)}>Two-factor sign-in</Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<LogoutIcon />} onClick={() => void logout()}>
            Log out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {sessionsMounted && <SessionsDialog opened={sessionsOpen} onClose={() => setSessionsOpen(false)} />}
      {twoFactorMounted && <TwoFactorDialog opened={twoFactorOpen} onClose={() => setTwoFactorOpen(false)} />}
    </>
  );
}
