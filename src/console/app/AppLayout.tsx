import { AppShell, Badge, Burger, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, type MouseEvent } from 'react';
import { OfflineBanner } from '../offline/OfflineBanner';
import { UpdatePrompt } from '../offline/UpdatePrompt';
import { PaletteButton } from '../palette/PaletteButton';
import { ConsolePalette } from './ConsolePalette';
import { CounterLinks } from './CounterLinks';
import { HomeIcon } from './icons';
import { QueueIndicator } from '../offline/QueueIndicator';
import { useInstanceSettings } from '../session/instanceSettings';
import { KeyboardShortcuts } from './keyboard/KeyboardShortcuts';
import { ProfileMenu } from './ProfileMenu';
import { SessionListEngine } from './SessionListEngine';
import { useNav } from '../navigation/useRegisteredRoutes';
import { useNavCounts } from '../navigation/useNavCounts';
import './app.css';

const isActive = (pathname: string, path: string) => (path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`));

/** The signed-in shell: header (name, live counters, account), navbar by area, the screen. */
export function AppLayout() {
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const { panelName } = useInstanceSettings();
  const sections = useNav();
  const navCounts = useNavCounts();
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  // A link followed on a phone closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger: following a link closes the drawer
  useEffect(() => close(), [pathname, close]);

  // The navbar's links are plain anchors (sixty of them render on every start, and the router's
  // Link subscribes each to the router's state): one listener sends their plain clicks through
  // the router; a click with a modifier key opens a tab as any link does.
  const router = useRouter();
  const followNavLink = (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest<HTMLAnchorElement>('a.panel-nav-link');
    if (!link) return;
    event.preventDefault();
    void router.navigate({ href: link.getAttribute('href')! });
  };

  // The list engine and the palette wrap the whole shell: the header's search button opens the
  // palette, and the palette acts on the list on screen.
  return (
    <SessionListEngine>
      <ConsolePalette>
        <KeyboardShortcuts>
          <AppShell header={{ height: 56 }} navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !navOpened } }} padding="md">
            <a href="#main-content" className="panel-skip-link">
              Skip to content
            </a>
            <AppShell.Header>
              <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <Burger opened={navOpened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={navOpened ? 'Close navigation' : 'Open navigation'} />
                  <Title order={1} size="h4" lineClamp={1}>
                    <Link to="/" style={{ color: 'inherit', textDecoration: 'none' }}>
                      {panelName}
                    </Link>
                  </Title>
                </Group>
                <Group gap="sm" wrap="nowrap">
                  <Group visibleFrom="md" wrap="nowrap">
                    <CounterLinks />
                  </Group>
                  <PaletteButton />
                  <QueueIndicator />
                  <ProfileMenu />
                </Group>
              </Group>
            </AppShell.Header>

            <AppShell.Navbar aria-label="Main navigation" onClick={followNavLink}>
              <AppShell.Section grow p="xs" className="panel-nav-scroll">
                <a href="/" className="panel-nav-link" aria-current={isActive(pathname, '/') ? 'page' : undefined}>
                  <HomeIcon />
                  Home
                </a>
                <Stack gap="xs" mt="xs">
                  {sections.map((section) => (
                    <nav key={section.id} aria-labelledby={`nav-${section.id}`}>
                      <Text id={`nav-${section.id}`} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
                        {section.label}
                      </Text>
                      {section.items.map((item) => (
                        <a key={item.path} href={item.path} className="panel-nav-link" aria-current={isActive(pathname, item.path) ? 'page' : undefined}>
                          {item.label}
                          {navCounts.has(item.path) && (
                            <>
                              <Badge ml="auto" size="sm" variant="filled" color={navCounts.get(item.path)!.value ? 'indigo.8' : 'gray.7'} aria-hidden>
                                {navCounts.get(item.path)!.value}
                              </Badge>
                              <VisuallyHidden>
                                , {navCounts.get(item.path)!.value} {navCounts.get(item.path)!.noun}
                              </VisuallyHidden>
                            </>
                          )}
                        </a>
                      ))}
                    </nav>
                  ))}
                </Stack>
              </AppShell.Section>
              <AppShell.Section p="xs" hiddenFrom="md">
                <CounterLinksStack />
              </AppShell.Section>
            </AppShell.Navbar>

            <AppShell.Main id="main-content" tabIndex={-1}>
              <OfflineBanner />
              <Outlet />
              <UpdatePrompt />
            </AppShell.Main>
          </AppShell>
        </KeyboardShortcuts>
      </ConsolePalette>
    </SessionListEngine>
  );
}

/** On narrow screens the counters move from the header into the navbar. */
function CounterLinksStack() {
  return (
    <Group gap={4}>
      <CounterLinks />
    </Group>
  );
}
