import { useMemo } from 'react';
import { Alert, Button, Code, CopyButton, Group, Image, List, Stack, Text } from '@mantine/core';
import { renderSVG } from 'uqr';
import type { TwoFactorEnrolment } from '../../contract/session';

/** The secret in groups of four, as authenticator apps show and accept it. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** Point an authenticator app at the new secret: a QR code of its otpauth:// address, or the key typed in. */
export function EnrolmentInstructions({ enrolment }: { enrolment: TwoFactorEnrolment }) {
  const qr = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(enrolment.uri, { border: 2 }))}`, [enrolment.uri]);
  return (
    <Stack gap="xs">
      <Text size="sm">
        Scan this code with an authenticator app (Google Authenticator, 1Password, Authy, Microsoft Authenticator…), or enter the key by hand.
      </Text>
      <Group align="flex-start" gap="md" wrap="wrap">
        <Image src={qr} w={168} h={168} alt="QR code to add Panel Console to an authenticator app" bg="white" radius="sm" />
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            Key
          </Text>
          <Code data-testid="two-factor-secret" fz="sm">
            {groupedSecret(enrolment.secret)}
          </Code>
          <CopyButton value={enrolment.secret}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="subtle" onClick={copy}>
                {copied ? 'Key copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
        </Stack>
      </Group>
    </Stack>
  );
}

/** Recovery codes, shown once: each signs in once when the phone is not at hand. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Stack gap="xs">
      <Alert color="yellow" title="Save your recovery codes">
        Each code signs you in once if you lose your phone. They are shown only now: keep them somewhere safe, such as a password manager.
      </Alert>
      <List aria-label="Recovery codes" listStyleType="none" spacing={2} ff="monospace" fz="sm" data-testid="recovery-codes">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <CopyButton value={codes.join('\n')}>
        {({ copied, copy }) => (
          <Button size="xs" variant="light" onClick={copy} w="fit-content">
            {copied ? 'Codes copied' : 'Copy the codes'}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}
