import { Badge, Button, Group, Loader, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatCount } from '../ui/format';
import { useCounters } from '../navigation/useCounters';

/** The header's live counters, each a link to its filtered list. */
export function CounterLinks() {
  const { counters, isLoading } = useCounters();
  if (counters.length === 0) return null;
  return (
    <Group gap={6} wrap="nowrap" component="nav" aria-label="Live counters">
      {counters.map((counter) => {
        // Named by its content, as seen plus the noun: "In Moderation: 3 orders in moderation".
        const name = `${counter.label}: ${formatCount(counter.value)} ${counter.noun}`;
        const badge = (
          // biome-ignore lint/correctness/useJsxKeyInIterable: not a list item: the keyed Button below shows it
          <Badge variant="filled" color={counter.value ? 'indigo.8' : 'gray.7'} size="sm" miw={28} aria-hidden>
            {isLoading ? <Loader size={8} color="white" /> : formatCount(counter.value)}
          </Badge>
        );
        const text = (
          <>
            <span aria-hidden>{counter.label}</span>
            <VisuallyHidden>{name}</VisuallyHidden>
          </>
        );
        return counter.linkable ? (
          <Button
            key={counter.key}
            component={Link}
            to={counter.to}
            search={counter.search as never /* the target list's search schema lives in its area */}
            variant="subtle"
            size="compact-sm"
            rightSection={badge}
            className="panel-counter-link"
          >
            {text}
          </Button>
        ) : (
          <Button key={counter.key} component="span" variant="subtle" color="gray" size="compact-sm" rightSection={badge}>
            {text}
          </Button>
        );
      })}
    </Group>
  );
}
