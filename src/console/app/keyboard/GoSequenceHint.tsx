import { Kbd, Text } from '@mantine/core';
import classes from './keyboard.module.css';

/** Shown while a go sequence awaits its second key, so the member knows g was taken. */
export function GoSequenceHint({ pending }: { pending: boolean }) {
  return (
    <div className={classes.goHint} role="status" aria-live="polite">
      {pending && (
        <div className={classes.goHintBadge}>
          <Kbd size="sm">g</Kbd>
          <Text span size="sm">
            … go to: press a screen key (? lists them)
          </Text>
        </div>
      )}
    </div>
  );
}
